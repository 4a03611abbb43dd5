import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button, buttonClasses } from '../button';
import { useReturnFocus } from './return-focus';

/**
 * One of the console's dialogs. Its content mounts on open and unmounts on close, so a form
 * inside starts from its defaults every time the dialog opens.
 */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  wide,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Room for two columns. */
  wide?: boolean;
  children: ReactNode;
}) {
  const focus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] animate-fade-in" />
        <Dialog.Content
          {...focus}
          // Without a description Radix would warn; the title alone then names the dialog.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl animate-dialog-in',
            wide ? 'max-w-3xl' : 'max-w-md',
          )}
        >
          <div className="mb-5 pr-10">
            <Dialog.Title>{title}</Dialog.Title>
            {description && <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>}
          </div>
          {children}
          {/* Last in the tab order, so opening a form dialog puts the focus in its first field. */}
          <Dialog.Close
            className={buttonClasses('ghost', 'icon', 'absolute top-5 right-5 size-8 text-slate-500')}
            aria-label="Close dialog"
          >
            <X aria-hidden="true" className="size-4" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Cancel and the dialog's submit button, which spins while its request runs. */
export function DialogActions({ submitLabel, pending, destructive }: { submitLabel: string; pending: boolean; destructive?: boolean }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <Button variant="outline">Cancel</Button>
      </Dialog.Close>
      <Button type="submit" variant={destructive ? 'destructive' : 'primary'} loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
