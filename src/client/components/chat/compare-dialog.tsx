import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { returnFocusToComposer } from '../../lib/chat/composer-focus';
import { choiceDiff, useRevisionEdits } from '../../lib/chat/edit-choices';
import { engineDiff, wordDiff, type DiffPart, type Revision } from '../../lib/chat/revision';
import { trpc } from '../../lib/trpc';
import { cn } from '../../lib/cn';
import { CopyButton } from './copy-button';
import { Markdown } from './markdown';

function Pane({ title, parts, side }: { title: string; parts: DiffPart[]; side: 'before' | 'after' }) {
  return (
    <section aria-label={title} className="flex min-h-0 min-w-0 flex-col rounded-xl border border-slate-200 bg-white">
      <h3 className="heading-label border-b border-slate-100 px-4 py-2.5">{title}</h3>
      {/* A long draft scrolls inside its pane; the pane is a tab stop so the keyboard can scroll it. */}
      <div
        tabIndex={0}
        className="overflow-y-auto rounded-b-xl px-4 py-3 text-[0.95rem] leading-7 whitespace-pre-wrap break-words text-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 md:max-h-[50vh]"
      >
        {parts.map((part, i) =>
          part.kind === 'same' ? (
            <span key={i}>{part.text}</span>
          ) : side === 'before' ? (
            <del key={i} className="rounded-sm bg-red-100 text-red-900 decoration-red-500/70">
              {part.text}
            </del>
          ) : (
            <ins key={i} className="rounded-sm bg-emerald-100 text-emerald-900 no-underline">
              {part.text}
            </ins>
          ),
        )}
      </div>
    </section>
  );
}

/** Side-by-side draft comparison: the copy the user sent and the editor's revision, with a word diff and the changes listed. */
export function CompareDialog({ revision, onClose }: { revision: Revision | null; onClose: () => void }) {
  // The engine's diff links each change to its rule; the local diff shows at once and stands in if the engine has none.
  const engine = useQuery({
    ...trpc.chat.compare.queryOptions(revision?.reply ?? { conversationId: 0, messageId: 0 }),
    enabled: Boolean(revision?.reply),
  });
  const edits = useRevisionEdits(revision?.reply?.messageId ?? null, revision);
  const rejectedSome = edits !== null && edits.rejected.size > 0;
  const diff = useMemo(() => {
    if (!revision) return null;
    const full = engine.data ? engineDiff(engine.data) : wordDiff(revision.before, revision.after);
    // With edits rejected, the revision is the result of the writer's choices.
    return rejectedSome ? choiceDiff(edits.plan, edits.isAccepted, full.changes) : full;
  }, [revision, engine.data, rejectedSome, edits?.plan, edits?.isAccepted]);
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={revision !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] animate-fade-in" />
        <Dialog.Content
          // The close button takes the focus: a focused button with a tooltip would catch the first Escape.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            close.current?.focus();
          }}
          onCloseAutoFocus={returnFocusToComposer}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-slate-50 shadow-xl animate-dialog-in',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <Dialog.Title>Side-by-side comparison</Dialog.Title>
              <Dialog.Description className="mt-0.5 text-sm text-slate-600">
                {rejectedSome
                  ? `Your copy and the editor’s revision with the edits you accepted (${edits.acceptedCount} of ${edits.plan.edits.length}), each change highlighted.`
                  : 'Your copy and the editor’s revision, each change highlighted.'}{' '}
                {diff && `${diff.changes.length} ${diff.changes.length === 1 ? 'change' : 'changes'}.`}
              </Dialog.Description>
            </div>
            <div className="flex items-center gap-1">
              {revision && <CopyButton text={edits?.result ?? revision.after} label="Copy revised text" />}
              <Dialog.Close
                ref={close}
                aria-label="Close"
                className="cursor-pointer rounded-md p-2 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
              >
                <X aria-hidden="true" className="size-4" />
              </Dialog.Close>
            </div>
          </div>
          {diff && revision && (
            <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-5">
              <div className="grid gap-3 md:grid-cols-2">
                <Pane title="Original" parts={diff.before} side="before" />
                <Pane title="Revised" parts={diff.after} side="after" />
              </div>
              <section aria-label="What changed" className="mt-5">
                <h3 className="text-base text-slate-900">What changed</h3>
                {diff.changes.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600">The two drafts are identical.</p>
                ) : (
                  <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
                    {diff.changes.map((c, i) => (
                      <li key={i}>
                        {c.removed && c.added ? (
                          <>
                            <del className="bg-red-50 text-red-800">{c.removed}</del> →{' '}
                            <ins className="bg-emerald-50 text-emerald-800 no-underline">{c.added}</ins>
                          </>
                        ) : c.removed ? (
                          <>
                            Removed <del className="bg-red-50 text-red-800">{c.removed}</del>
                          </>
                        ) : (
                          <>
                            Added <ins className="bg-emerald-50 text-emerald-800 no-underline">{c.added}</ins>
                          </>
                        )}
                        {c.why && <span className="block text-slate-500">{c.why}</span>}
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              {revision.explanations && (
                <section aria-label="Why" className="mt-5 rounded-xl border border-slate-200 bg-white p-4">
                  <h3 className="mb-2 text-base text-slate-900">Why, in the editor’s words</h3>
                  <Markdown className="text-sm">{revision.explanations}</Markdown>
                </section>
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
