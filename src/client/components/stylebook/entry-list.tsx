import { Pencil, Trash2 } from 'lucide-react';
import { firedLabel, ENTRY_KINDS } from '../../lib/stylebook';
import { useRemoveEntry } from '../../lib/stylebook-actions';
import type { RouterOutputs } from '../../lib/trpc';
import { Badge } from '../card';
import { Button } from '../button';
import { ConfirmDialog } from '../confirm-dialog';
import { EntryDialog } from './entry-dialog';

export type StylebookEntryView = RouterOutputs['stylebook']['list']['entries'][number];

/** The entries, each with what it does and how often it fired; Edit and Delete for those who keep the stylebook. */
export function EntryList({
  entries,
  canEdit,
  onRemoved,
}: {
  entries: StylebookEntryView[];
  canEdit: boolean;
  /** The deleted entry's row is gone: the page puts the focus somewhere that stays. */
  onRemoved: () => void;
}) {
  return (
    <ul aria-label="Stylebook entries" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} canEdit={canEdit} onRemoved={onRemoved} />
      ))}
    </ul>
  );
}

function EntryRow({ entry, canEdit, onRemoved }: { entry: StylebookEntryView; canEdit: boolean; onRemoved: () => void }) {
  const remove = useRemoveEntry();
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={ENTRY_KINDS[entry.type].tone}>{ENTRY_KINDS[entry.type].label}</Badge>
          <span className="font-medium break-words text-slate-900">{entry.term}</span>
          {entry.caseSensitive && <Badge>Case-sensitive</Badge>}
        </p>
        {entry.variants.length > 0 && (
          <p className="text-sm break-words text-slate-700">
            <span className="text-slate-500">Replaces:</span> {entry.variants.join(', ')}
          </p>
        )}
        {entry.replacement && (
          <p className="text-sm break-words text-slate-700">
            <span className="text-slate-500">Write instead:</span> {entry.replacement}
          </p>
        )}
        {entry.note && <p className="text-sm break-words whitespace-pre-line text-slate-600">{entry.note}</p>}
        <p className="text-xs text-slate-500">{firedLabel(entry.hits)}</p>
      </div>
      {canEdit && (
        <div className="flex shrink-0 gap-2">
          <EntryDialog
            entry={entry}
            trigger={
              <Button variant="outline" size="sm" aria-label={`Edit ${entry.term}`}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
            }
          />
          <ConfirmDialog
            title={`Delete ${entry.term}?`}
            description="The editor stops applying this entry, and its fired count goes with it."
            confirmLabel="Delete Entry"
            destructive
            onConfirm={() => remove.mutate({ id: entry.id }, { onSuccess: onRemoved })}
            trigger={
              <Button
                variant="outline"
                size="sm"
                aria-label={`Delete ${entry.term}`}
                loading={remove.isPending}
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
              >
                {!remove.isPending && <Trash2 aria-hidden="true" className="size-4" />}
                Delete
              </Button>
            }
          />
        </div>
      )}
    </li>
  );
}
