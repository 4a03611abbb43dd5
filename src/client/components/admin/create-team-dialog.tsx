import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldError } from 'react-hook-form';
import { LIMITS } from '~/shared/limits';
import { adminCreateTeamInput } from '~/shared/schemas/admin';
import { useCreateTeamAsAdmin } from '../../lib/admin';
import { useForm } from '../../lib/form';
import { Field, Input } from '../form-field';
import { AdminDialog, DialogActions } from './admin-dialog';
import { OwnerSelect } from './owner-select';

export function CreateTeamDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title="Create Team" description="Create a team and assign an owner">
      <CreateTeamForm onCreated={() => onOpenChange(false)} />
    </AdminDialog>
  );
}

function CreateTeamForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateTeamAsAdmin();
  const { register, control, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(adminCreateTeamInput),
    defaultValues: { name: '', ownerId: '', maxSeats: String(LIMITS.defaultTeamSeats) },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) =>
        void handleSubmit((values) =>
          create.mutate(values, {
            onSuccess: () => {
              reset();
              onCreated();
            },
          }),
        )(event)
      }
    >
      <Field label="Team name" error={formState.errors.name}>
        {(c) => <Input {...c} {...register('name')} autoComplete="off" />}
      </Field>
      <Controller
        control={control}
        name="ownerId"
        render={({ field, fieldState }) => (
          <OwnerSelect
            name={field.name}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error}
          />
        )}
      />
      {/* The schema takes the seats as unknown (it parses text), so their error comes loosely typed. */}
      <Field label="Max seats" error={formState.errors.maxSeats as FieldError | undefined}>
        {(c) => <Input {...c} {...register('maxSeats')} type="number" min={1} inputMode="numeric" />}
      </Field>
      <DialogActions submitLabel="Create Team" pending={create.isPending} />
    </form>
  );
}
