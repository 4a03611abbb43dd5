import { useFormContext } from 'react-hook-form';
import { USER_STATUSES } from '~/shared/schemas/admin';
import { Field, Input, PasswordInput } from '../form-field';
import { Select } from './select';

/** The form values the Create New User and Edit User dialogs share. */
export interface UserFieldValues {
  username: string;
  email: string;
  password?: string;
  subscriptionStatus: string;
  subscriptionPlan?: string | null;
  isAdmin: boolean;
}

/**
 * Username, e-mail, (password,) status, plan and admin access. The status select offers
 * inactive and active; a user in another state (a trial, say) also sees that state, kept
 * unless the admin picks another.
 */
export function UserFields({ withPassword, currentStatus }: { withPassword?: boolean; currentStatus?: string }) {
  const { register, formState } = useFormContext<UserFieldValues>();
  const { errors } = formState;
  const keeps = currentStatus && !(USER_STATUSES as readonly string[]).includes(currentStatus) ? currentStatus : null;
  return (
    <div className="space-y-4">
      <Field label="Username" error={errors.username}>
        {(control) => <Input {...control} {...register('username')} autoComplete="off" />}
      </Field>
      <Field label="Email" error={errors.email}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="off" />}
      </Field>
      {withPassword && (
        <Field label="Password" error={errors.password} hint="At least 6 characters.">
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
        </Field>
      )}
      <Field label="Subscription Status" error={errors.subscriptionStatus}>
        {(control) => (
          <Select {...control} {...register('subscriptionStatus')}>
            {keeps && <option value={keeps}>{keeps} (unchanged)</option>}
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Subscription Plan" error={errors.subscriptionPlan ?? undefined} hint="Optional, e.g. professional.">
        {(control) => <Input {...control} {...register('subscriptionPlan')} autoComplete="off" />}
      </Field>
      <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" {...register('isAdmin')} className="size-4 cursor-pointer rounded border-slate-300 accent-slate-900" />
        Admin
      </label>
    </div>
  );
}
