import type { AdminTeam } from '~/shared/schemas/admin';
import { nextTeamStatus, statusLabel, useSetTeamStatus } from '../../lib/admin';
import { ConfirmActionDialog, ConfirmTarget } from './confirm-action-dialog';

/** What suspending or activating does to the team's members, said before it is done. */
export function teamStatusConsequence(team: Pick<AdminTeam, 'name' | 'subscriptionStatus'>): string {
  if (nextTeamStatus(team.subscriptionStatus) === 'suspended') {
    return `Members of ${team.name} lose access to the editor on their next request, until an admin activates the team again. Billing does not change: a team that pays is still charged while it is suspended.`;
  }
  if (team.subscriptionStatus === 'suspended') {
    return `Members of ${team.name} can use the editor again on their next request. Billing does not change.`;
  }
  return `Members of ${team.name} can use the editor from their next request without paying: activating does not start billing.`;
}

/** Open while `team` is set: asks before suspending or activating it. */
export function TeamStatusDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  const setStatus = useSetTeamStatus();
  const next = nextTeamStatus(team?.subscriptionStatus);
  const suspending = next === 'suspended';
  return (
    <ConfirmActionDialog
      open={team !== null}
      onOpenChange={(open) => !open && onClose()}
      title={suspending ? 'Suspend Team Access' : 'Activate Team Access'}
      confirmLabel={suspending ? 'Suspend Access' : 'Activate Access'}
      destructive={suspending}
      pending={setStatus.isPending}
      onConfirm={() => team && setStatus.mutate({ id: team.id, subscriptionStatus: next }, { onSuccess: onClose })}
    >
      {team && (
        <>
          <ConfirmTarget>
            <span className="block font-medium text-slate-900">{team.name}</span>
            <span className="block">
              Owner: {team.ownerUsername} · Seats: {team.usedSeats} / {team.maxSeats}
            </span>
            <span className="block">
              Access: {statusLabel(team.subscriptionStatus)} → {next}
            </span>
          </ConfirmTarget>
          <p>{teamStatusConsequence(team)}</p>
        </>
      )}
    </ConfirmActionDialog>
  );
}
