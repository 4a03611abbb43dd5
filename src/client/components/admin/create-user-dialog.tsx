import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider } from 'react-hook-form';
import { adminCreateUserInput } from '~/shared/schemas/admin';
import { useCreateUser } from '../../lib/admin';
import { useForm } from '../../lib/form';
import { AdminDialog, DialogActions } from './admin-dialog';
import { UserFields } from './user-fields';

export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title="Create New User" description="Add a new user to the platform">
      <CreateUserForm onCreated={() => onOpenChange(false)} />
    </AdminDialog>
  );
}

function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateUser();
  const form = useForm({
    resolver: zodResolver(adminCreateUserInput),
    defaultValues: { username: '', email: '', password: '', subscriptionStatus: 'inactive', subscriptionPlan: '', isAdmin: false },
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            create.mutate(values, {
              onSuccess: () => {
                form.reset();
                onCreated();
              },
            }),
          )(event)
        }
      >
        <UserFields withPassword />
        <DialogActions submitLabel="Create User" pending={create.isPending} />
      </form>
    </FormProvider>
  );
}
