import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Fragment, useId } from 'react';
import { focusComposer } from '../lib/chat/composer-focus';
import { shortcutsOpenedFrom } from '../lib/shortcuts';
import { buttonClasses } from './button';

interface Shortcut {
  /** Alternatives, each a combination of keys. */
  keys: string[][];
  does: string;
}

const SECTIONS: Array<{ title: string; shortcuts: Shortcut[] }> = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: [['?']], does: 'Show these shortcuts' },
      { keys: [['Tab'], ['Shift', 'Tab']], does: 'Move to the next or the previous control' },
      { keys: [['Enter'], ['Space']], does: 'Press the focused button' },
      { keys: [['←'], ['→']], does: 'Move between tabs, such as Login and Register' },
      { keys: [['Esc']], does: 'Close a dialog, a menu or the pinned references' },
      { keys: [['F8']], does: 'Go to the notification on screen' },
    ],
  },
  {
    title: 'Chat',
    shortcuts: [
      { keys: [['Enter']], does: 'Send the message' },
      { keys: [['Shift', 'Enter']], does: 'Start a new line' },
      { keys: [['Enter']], does: 'Stop the reply being written (Stop has the focus meanwhile)' },
      { keys: [['Esc']], does: 'Clear the conversation search' },
    ],
  },
  {
    title: 'Edits in a reply',
    shortcuts: [
      { keys: [['Tab']], does: 'Move to an edit’s Accept or Reject' },
      { keys: [['Space'], ['Enter']], does: 'Accept or reject the edit' },
    ],
  },
];

function Keys({ keys }: { keys: string[][] }) {
  return (
    <>
      {keys.map((combination, i) => (
        <Fragment key={i}>
          {i > 0 && <span className="mx-1 text-xs text-slate-500">or</span>}
          {combination.map((key, j) => (
            <Fragment key={key}>
              {j > 0 && <span className="mx-0.5 text-xs text-slate-500">+</span>}
              <kbd className="inline-flex min-w-7 items-center justify-center rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-xs font-medium text-slate-800 shadow-[0_1px_0] shadow-slate-300">
                {key}
              </kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}

/** The keyboard shortcuts the app answers to, by where they work. */
export default function KeyboardShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] animate-fade-in" />
        <Dialog.Content
          // Back where the focus was; in the chat, a focus that was nowhere goes to the composer.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            const from = shortcutsOpenedFrom();
            if (from?.isConnected && from !== document.body) from.focus();
            else focusComposer();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl animate-dialog-in"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="font-sans text-lg font-semibold">Keyboard shortcuts</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                Press ? anywhere outside a text field to see them again.
              </Dialog.Description>
            </div>
            <Dialog.Close className={buttonClasses('ghost', 'icon', 'size-8 text-slate-500')} aria-label="Close">
              <X aria-hidden="true" className="size-4" />
            </Dialog.Close>
          </div>
          {SECTIONS.map((section, s) => (
            <section key={section.title} aria-labelledby={`${id}-${s}`} className="mt-5 first-of-type:mt-0">
              <h3 id={`${id}-${s}`} className="font-sans text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {section.title}
              </h3>
              <dl className="mt-2 divide-y divide-slate-100">
                {section.shortcuts.map((shortcut) => (
                  // Read as 'keys: what they do', shown the other way round.
                  <div key={shortcut.does} className="flex flex-row-reverse items-center justify-between gap-4 py-2">
                    <dt className="flex shrink-0 flex-wrap items-center justify-end">
                      <Keys keys={shortcut.keys} />
                    </dt>
                    <dd className="text-sm text-slate-800">{shortcut.does}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
