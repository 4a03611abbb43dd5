import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { ShieldAlert } from 'lucide-react';
import { useRef } from 'react';
import { returnFocusToComposer } from '../../lib/chat/composer-focus';
import { buttonClasses } from '../button';

/** Opens when the server answers 403 TEAM_SUSPENDED. */
export function TeamSuspendedDialog({ teamName, onClose }: { teamName: string | null; onClose: () => void }) {
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog.Root open={teamName !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] animate-fade-in" />
        <AlertDialog.Content
          // An alert dialog focuses its Cancel button, and this one has none: without this the focus stays behind it.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            ok.current?.focus();
          }}
          onCloseAutoFocus={returnFocusToComposer}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl animate-dialog-in"
        >
          <div className="flex items-start gap-3">
            <span className="rounded-full bg-amber-50 p-2 text-amber-600 ring-1 ring-amber-200">
              <ShieldAlert aria-hidden="true" className="size-5" />
            </span>
            <div>
              <AlertDialog.Title>Team Access Suspended</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm text-slate-600">
                Team "{teamName}" subscription is currently suspended. Get in touch with your team owner.
              </AlertDialog.Description>
            </div>
          </div>
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action ref={ok} className={buttonClasses('primary')}>
              OK
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
