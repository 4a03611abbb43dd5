import { zodResolver } from '@hookform/resolvers/zod';
import { adminInviteInput, type AdminTeam } from '~/shared/schemas/admin';
import { TEAM_MESSAGES } from '~/shared/schemas/team';
import { useInviteAsAdmin } from '../../lib/admin';
import { useForm } from '../../lib/form';
import { seatsFull } from '../../lib/team-display';
import { Field, Input } from '../form-field';
import { AdminDialog, DialogActions } from './admin-dialog';

const inviteForm = adminInviteInput.omit({ id: true });

/** Open while `team` is set. */
export function InviteMemberDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  return (
    <AdminDialog
      open={team !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Invite Team Member"
      description={team ? `Send an invitation to join ${team.name}` : undefined}
    >
      {team && <InviteForm team={team} onSent={onClose} />}
    </AdminDialog>
  );
}

function InviteForm({ team, onSent }: { team: AdminTeam; onSent: () => void }) {
  const invite = useInviteAsAdmin();
  const { register, handleSubmit, formState, reset } = useForm({ resolver: zodResolver(inviteForm), defaultValues: { email: '' } });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) =>
        void handleSubmit((values) =>
          invite.mutate(
            { id: team.id, ...values },
            {
              onSuccess: () => {
                reset();
                onSent();
              },
            },
          ),
        )(event)
      }
    >
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Seats used: {team.usedSeats} / {team.maxSeats}
      </p>
      {seatsFull(team) && <p className="text-sm text-amber-800">{TEAM_MESSAGES.seatsFull}</p>}
      <Field label="Email" error={formState.errors.email}>
        {(c) => <Input {...c} {...register('email')} type="email" autoComplete="off" placeholder="colleague@newsroom.com" />}
      </Field>
      <DialogActions submitLabel="Send Invitation" pending={invite.isPending} />
    </form>
  );
}
