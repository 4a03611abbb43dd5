import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { STYLEBOOK_IMPORT_MAX_CHARS, STYLEBOOK_MESSAGES } from '~/shared/schemas/stylebook';
import { STYLEBOOK_CSV_HEADER } from '~/shared/stylebook-csv';
import { serverMessage } from '../../lib/errors';
import { IMPORT_MAX_BYTES, importFormatOf } from '../../lib/stylebook';
import { useImportStylebook } from '../../lib/stylebook-actions';
import { inputClasses } from '../form-field';
import { InlineSpinner } from '../spinner';
import { DialogFrame } from '../dialog-frame';

/** Why a file was refused: each bad line, or one reason for the whole file. */
type Refusal = { lines: { line: number; message: string }[] } | { reason: string };

/** Import: choose a CSV or Vale YAML file; it is saved whole, or not at all with each bad line named. */
export function ImportDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const importFile = useImportStylebook();
  const fileId = useId();
  const hintId = useId();

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setRefusal(null);
  };

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Choosing the same file again, once fixed, is a change too.
    input.value = '';
    if (!file) return;
    setRefusal(null);
    const format = importFormatOf(file.name);
    if (!format) return setRefusal({ reason: 'Choose a .csv file or Vale rules in a .yml or .yaml file.' });
    if (file.size > IMPORT_MAX_BYTES) return setRefusal({ reason: STYLEBOOK_MESSAGES.importTooLarge });
    const content = await file.text();
    if (content.trim() === '') return setRefusal({ reason: STYLEBOOK_MESSAGES.emptyImport });
    if (content.length > STYLEBOOK_IMPORT_MAX_CHARS) return setRefusal({ reason: STYLEBOOK_MESSAGES.importTooLarge });
    importFile.mutate(
      { format, content },
      {
        onSuccess: (result) => (result.ok ? changeOpen(false) : setRefusal({ lines: result.errors })),
        onError: (error) => setRefusal({ reason: serverMessage(error, 'The file could not be imported. Please try again.') }),
      },
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogFrame
        title="Import entries"
        description="Entries already in the stylebook are updated, new ones added. If any line is wrong, nothing is saved."
      >
        <div className="space-y-4">
          <div id={hintId} className="space-y-2 text-sm text-slate-600">
            <p>
              <strong className="font-medium text-slate-800">CSV</strong>, as Export CSV writes it, with the header{' '}
              <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-800">{STYLEBOOK_CSV_HEADER.join(',')}</code>: type is
              prefer, avoid or accept; variants are separated by |; case is sensitive or empty.
            </p>
            <p>
              <strong className="font-medium text-slate-800">Vale rules</strong> in a .yml or .yaml file: substitution and existence rules.
            </p>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
              File to import
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.yml,.yaml,text/csv"
              aria-describedby={hintId}
              disabled={importFile.isPending}
              onChange={(e) => void chosen(e)}
              className={`${inputClasses} cursor-pointer file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-slate-800`}
            />
          </div>
          {importFile.isPending && <InlineSpinner label="Importing" />}
          {refusal && <RefusalNotice refusal={refusal} />}
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}

function RefusalNotice({ refusal }: { refusal: Refusal }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {'reason' in refusal ? (
        <p>{refusal.reason} Nothing was saved.</p>
      ) : (
        <>
          <p className="font-medium">Nothing was saved: fix {refusal.lines.length === 1 ? 'this line' : 'these lines'} and import again.</p>
          <ul
            aria-label="Import errors"
            // It scrolls when long, so the keyboard must reach it.
            tabIndex={0}
            className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-5"
          >
            {refusal.lines.map((e, i) => (
              <li key={`${e.line}-${i}`}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
