import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';

/** A dialog's overlay, box, title, description and close button, inside a `Dialog.Root` its caller holds. */
export function DialogFrame({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] animate-fade-in" />
      <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl animate-dialog-in">
        <div className="mb-5 flex items-start justify-between gap-4">
          <div>
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          </div>
          <Dialog.Close className={buttonClasses('ghost', 'icon', 'size-8 text-slate-500')} aria-label="Close">
            <X aria-hidden="true" className="size-4" />
          </Dialog.Close>
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
