import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button';

/**
 * A row's icon button: its title is the tooltip, and its accessible name (`label`, by default the
 * title) says which row it acts on; it spins while its request runs.
 */
export function IconAction({
  title,
  label = title,
  onClick,
  pending,
  danger,
  children,
}: {
  title: string;
  label?: string;
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
      aria-label={label}
      loading={pending}
      onClick={onClick}
      className={cn('size-8', danger && 'text-red-600 hover:bg-red-50 hover:text-red-700')}
    >
      {!pending && children}
    </Button>
  );
}
