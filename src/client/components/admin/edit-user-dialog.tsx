import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { adminUpdateUserInput, USER_STATUSES, type AdminUser } from '~/shared/schemas/admin';
import { useUpdateUser } from '../../lib/admin';
import { useForm } from '../../lib/form';
import { AdminDialog, DialogActions } from './admin-dialog';
import { UserFields } from './user-fields';

// The select may hold the user's present status (e.g. trialing), which is kept by sending no status.
const editUserForm = adminUpdateUserInput.omit({ id: true }).extend({ subscriptionStatus: z.string() });

const isUserStatus = (s: string): s is (typeof USER_STATUSES)[number] => (USER_STATUSES as readonly string[]).includes(s);

/** Open while `user` is set. */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <AdminDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit User"
      description="Update user information and subscription status"
    >
      {user && <EditUserForm user={user} onSaved={onClose} />}
    </AdminDialog>
  );
}

function EditUserForm({ user, onSaved }: { user: AdminUser; onSaved: () => void }) {
  const update = useUpdateUser();
  const status = user.subscriptionStatus || 'inactive';
  const form = useForm({
    resolver: zodResolver(editUserForm),
    defaultValues: {
      username: user.username,
      email: user.email,
      subscriptionStatus: status,
      subscriptionPlan: user.subscriptionPlan ?? '',
      isAdmin: user.isAdmin,
    },
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit(({ subscriptionStatus, ...values }) =>
            update.mutate(
              {
                id: user.id,
                ...values,
                // Only a status the admin chose is sent: an untouched trial stays a trial.
                subscriptionStatus: subscriptionStatus !== status && isUserStatus(subscriptionStatus) ? subscriptionStatus : undefined,
              },
              {
                onSuccess: () => {
                  form.reset();
                  onSaved();
                },
              },
            ),
          )(event)
        }
      >
        <UserFields currentStatus={status} />
        <DialogActions submitLabel="Save Changes" pending={update.isPending} />
      </form>
    </FormProvider>
  );
}
