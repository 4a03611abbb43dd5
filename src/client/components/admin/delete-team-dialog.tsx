import type { AdminTeam } from '~/shared/schemas/admin';
import { useDeleteTeam } from '../../lib/admin';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

/** Open while `team` is set. */
export function DeleteTeamDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  const remove = useDeleteTeam();
  return (
    <ConfirmDeleteDialog
      open={team !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Team"
      confirmLabel="Delete Team"
      pending={remove.isPending}
      onConfirm={() => team && remove.mutate({ id: team.id }, { onSuccess: onClose })}
    >
      <p>
        Are you sure you want to delete <span className="font-medium text-slate-900">{team?.name}</span>? This cannot be undone.
      </p>
      <p>All team members will be removed from the team.</p>
    </ConfirmDeleteDialog>
  );
}
