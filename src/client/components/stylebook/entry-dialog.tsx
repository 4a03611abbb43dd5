import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { STYLEBOOK_ENTRY_TYPES, STYLEBOOK_MESSAGES, type StylebookEntry } from '~/shared/schemas/stylebook';
import { serverMessage } from '../../lib/errors';
import { useForm } from '../../lib/form';
import { emptyEntryForm, ENTRY_KINDS, entryFormValues, stylebookEntryForm } from '../../lib/stylebook';
import { useCreateEntry, useUpdateEntry } from '../../lib/stylebook-actions';
import { toast } from '../../lib/toast';
import { Button } from '../button';
import { DialogFrame } from '../dialog-frame';
import { Field, Input, Textarea } from '../form-field';

/** Add entry (no `entry`) or Edit: `trigger` opens a dialog whose form starts afresh each time. */
export function EntryDialog({ entry, trigger }: { entry?: StylebookEntry; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogFrame
        title={entry ? `Edit ${entry.term}` : 'Add entry'}
        description="The editor applies it to every story checked from now on."
      >
        <EntryForm entry={entry} onSaved={() => setOpen(false)} />
      </DialogFrame>
    </Dialog.Root>
  );
}

function EntryForm({ entry, onSaved }: { entry?: StylebookEntry; onSaved: () => void }) {
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const { register, handleSubmit, formState, control, setError } = useForm({
    resolver: zodResolver(stylebookEntryForm),
    defaultValues: entry ? entryFormValues(entry) : emptyEntryForm,
  });
  const type = useWatch({ control, name: 'type' });
  const kindHintId = useId();
  const { errors } = formState;
  const pending = create.isPending || update.isPending;

  const onError = (error: unknown) => {
    const message = serverMessage(error, 'Please try again.');
    // A twin entry is the term's problem: say so beside it.
    if (message === STYLEBOOK_MESSAGES.duplicate) setError('term', { message }, { shouldFocus: true });
    else toast({ title: entry ? 'Could not save the entry' : 'Could not add the entry', description: message, variant: 'destructive' });
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) =>
        void handleSubmit((values) => {
          if (entry) update.mutate({ id: entry.id, entry: values }, { onSuccess: onSaved, onError });
          else create.mutate(values, { onSuccess: onSaved, onError });
        })(event)
      }
    >
      <Field label="Term" error={errors.term} hint="As the desk writes it.">
        {/* The dialog opens on the field a writer fills first. */}
        {(c) => <Input {...c} {...register('term')} autoComplete="off" autoFocus />}
      </Field>

      <fieldset role="radiogroup" aria-describedby={kindHintId}>
        <legend className="text-sm font-medium text-slate-800">Kind</legend>
        <p id={kindHintId} className="text-xs text-slate-500">
          {ENTRY_KINDS[type].explanation}
        </p>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {STYLEBOOK_ENTRY_TYPES.map((kind) => (
            <label
              key={kind}
              className="flex cursor-pointer items-center justify-center rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-50 has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input type="radio" value={kind} {...register('type')} className="sr-only" />
              {ENTRY_KINDS[kind].label}
            </label>
          ))}
        </div>
      </fieldset>

      {type === 'prefer' && (
        <Field label="Variants it replaces" error={errors.variants} hint="One per line, or separated by |.">
          {(c) => <Textarea {...c} {...register('variants')} rows={3} className="min-h-20" />}
        </Field>
      )}
      {type === 'avoid' && (
        <Field label="Write instead" error={errors.replacement} hint="Optional: offered to the writer as the fix.">
          {(c) => <Input {...c} {...register('replacement')} autoComplete="off" />}
        </Field>
      )}
      <Field label="Note" error={errors.note} hint="The reason, shown to the writer with each finding.">
        {(c) => <Textarea {...c} {...register('note')} rows={2} className="min-h-16" />}
      </Field>
      <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" {...register('caseSensitive')} className="size-4 cursor-pointer rounded border-slate-300 accent-slate-900" />
        Case-sensitive: match only this capitalization
      </label>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" loading={pending}>
          {entry ? 'Save Entry' : 'Add Entry'}
        </Button>
      </div>
    </form>
  );
}
