import { Check, X } from 'lucide-react';
import { useId } from 'react';
import type { Edit } from '~/shared/edits';
import type { RevisionEdits } from '../../lib/chat/edit-choices';
import { cn } from '../../lib/cn';
import { CopyButton } from './copy-button';

const choiceButton =
  'inline-flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function EditText({ edit, accepted }: { edit: Edit; accepted: boolean }) {
  return (
    <p className="text-sm leading-6 text-slate-700">
      {edit.contextBefore && <span className="text-slate-500">{edit.contextBefore} </span>}
      {edit.removed && (
        <del className={cn('rounded-sm px-0.5', accepted ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-800 no-underline')}>
          {edit.removed}
        </del>
      )}
      {edit.removed && edit.inserted && <span aria-hidden="true"> → </span>}
      {edit.inserted && (
        <ins
          className={cn(
            'rounded-sm px-0.5 no-underline',
            accepted ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-50 text-slate-500 line-through',
          )}
        >
          {edit.inserted}
        </ins>
      )}
      {edit.contextAfter && <span className="text-slate-500"> {edit.contextAfter}</span>}
    </p>
  );
}

/** The edits a reply makes to the copy, each accepted or rejected by the writer; the result follows the choices. */
export function EditList({ edits }: { edits: RevisionEdits }) {
  const titleId = useId();
  const { plan, isAccepted, acceptedCount } = edits;
  const total = plan.edits.length;
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-100 px-3 py-2">
        <h3 id={titleId} className="text-base text-slate-900">
          Edits ({total})
        </h3>
        <p className="text-xs text-slate-500" aria-live="polite">
          {acceptedCount === total ? 'All accepted.' : `${acceptedCount} of ${total} accepted; the revised text above shows only those.`}
        </p>
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            className={cn(choiceButton, 'text-slate-700 ring-slate-200 hover:bg-slate-50')}
            onClick={() => edits.chooseAll(true)}
          >
            Accept all
          </button>
          <button
            type="button"
            className={cn(choiceButton, 'text-slate-700 ring-slate-200 hover:bg-slate-50')}
            onClick={() => edits.chooseAll(false)}
          >
            Reject all
          </button>
          <CopyButton text={edits.result} label="Copy result" showLabel />
        </div>
      </div>
      <ol className={cn('divide-y divide-slate-100', total > 6 && 'max-h-96 overflow-y-auto')}>
        {plan.edits.map((edit) => {
          const accepted = isAccepted(edit.index);
          return (
            <li key={edit.index} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-start sm:justify-between">
              <EditText edit={edit} accepted={accepted} />
              <div role="group" aria-label={`Edit ${edit.index + 1}`} className="flex shrink-0 gap-1">
                <button
                  type="button"
                  aria-pressed={accepted}
                  onClick={() => edits.choose(edit.index, true)}
                  className={cn(
                    choiceButton,
                    accepted ? 'bg-emerald-700 text-white ring-emerald-700' : 'text-slate-600 ring-slate-200 hover:bg-slate-50',
                  )}
                >
                  <Check aria-hidden="true" className="size-3.5" />
                  Accept
                </button>
                <button
                  type="button"
                  aria-pressed={!accepted}
                  onClick={() => edits.choose(edit.index, false)}
                  className={cn(
                    choiceButton,
                    !accepted ? 'bg-slate-800 text-white ring-slate-800' : 'text-slate-600 ring-slate-200 hover:bg-slate-50',
                  )}
                >
                  <X aria-hidden="true" className="size-3.5" />
                  Reject
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
