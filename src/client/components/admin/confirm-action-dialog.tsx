import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '../button';
import { useReturnFocus } from './return-focus';

/**
 * Asks before a change an admin makes from a row, and stays open while it runs (its button
 * spins), so a failure leaves the admin where they were; the caller closes it on success.
 * The focus starts on Cancel, so Enter right after opening changes nothing.
 */
export function ConfirmActionDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
  destructive,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  destructive?: boolean;
}) {
  const focus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] animate-fade-in" />
        <AlertDialog.Content
          {...focus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl animate-dialog-in"
        >
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-3 text-sm text-slate-600">{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('outline')}>Cancel</AlertDialog.Cancel>
            <Button variant={destructive ? 'destructive' : 'primary'} loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The row a confirmation acts on, named as the list names it. */
export function ConfirmTarget({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 p-3">{children}</p>;
}
