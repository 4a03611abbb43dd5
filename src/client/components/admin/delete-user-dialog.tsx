import type { AdminUser } from '~/shared/schemas/admin';
import { useDeleteUser } from '../../lib/admin';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

/** Open while `user` is set. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const remove = useDeleteUser();
  return (
    <ConfirmDeleteDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete User"
      confirmLabel="Delete User"
      pending={remove.isPending}
      onConfirm={() => user && remove.mutate({ id: user.id }, { onSuccess: onClose })}
    >
      <p>Are you sure you want to delete this user? This cannot be undone.</p>
      {user && (
        <p className="rounded-lg bg-slate-50 p-3">
          <span className="block font-medium text-slate-900">{user.username}</span>
          <span className="block">{user.email}</span>
        </p>
      )}
      <p>Their sessions, conversations, documents and team memberships are removed with the account.</p>
    </ConfirmDeleteDialog>
  );
}
