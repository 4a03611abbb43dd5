import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError } from 'react-hook-form';
import { adminUpdateTeamInput, type AdminTeam } from '~/shared/schemas/admin';
import { useUpdateTeam } from '../../lib/admin';
import { useForm } from '../../lib/form';
import { Field, Input } from '../form-field';
import { AdminDialog, DialogActions } from './admin-dialog';

const editTeamForm = adminUpdateTeamInput.omit({ id: true });

/** Open while `team` is set. */
export function EditTeamDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  return (
    <AdminDialog open={team !== null} onOpenChange={(open) => !open && onClose()} title="Edit Team" description="Update team information">
      {team && <EditTeamForm team={team} onSaved={onClose} />}
    </AdminDialog>
  );
}

function EditTeamForm({ team, onSaved }: { team: AdminTeam; onSaved: () => void }) {
  const update = useUpdateTeam();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(editTeamForm),
    defaultValues: { name: team.name, maxSeats: String(team.maxSeats) },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) =>
        void handleSubmit((values) =>
          update.mutate(
            { id: team.id, ...values },
            {
              onSuccess: () => {
                reset();
                onSaved();
              },
            },
          ),
        )(event)
      }
    >
      <Field label="Team name" error={formState.errors.name}>
        {(c) => <Input {...c} {...register('name')} autoComplete="off" />}
      </Field>
      <Field label="Max seats" error={formState.errors.maxSeats as FieldError | undefined} hint={`Current usage: ${team.usedSeats} seats`}>
        {(c) => <Input {...c} {...register('maxSeats')} type="number" min={1} inputMode="numeric" />}
      </Field>
      <DialogActions submitLabel="Save Changes" pending={update.isPending} />
    </form>
  );
}
