import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button';

/** A row's icon button: its title is both the tooltip and the accessible name; it spins while its request runs. */
export function IconAction({
  title,
  onClick,
  pending,
  danger,
  children,
}: {
  title: string;
  onClick: () => void;
  pending?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      title={title}
      aria-label={title}
      loading={pending}
      onClick={onClick}
      className={cn('size-8', danger && 'text-red-600 hover:bg-red-50 hover:text-red-700')}
    >
      {!pending && children}
    </Button>
  );
}
