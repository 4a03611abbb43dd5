import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { CalendarX, CreditCard, KeyRound, LogOut, Palette, Sparkles, User, Users } from 'lucide-react';
import { hasOwnSubscription } from '~/shared/access';
import { planDisplayName } from '~/shared/plan';
import { changePasswordForm } from '~/shared/schemas/auth';
import type { PublicUser } from '../lib/api-types';
import { ApiTokensSection } from '../components/api-tokens-section';
import { AppPage } from '../components/app-page';
import { Button, buttonClasses } from '../components/button';
import { Badge, Detail, Section, statusTone } from '../components/card';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Field, PasswordInput } from '../components/form-field';
import { ThemeSetting } from '../components/theme-setting';
import { useLogout } from '../lib/auth';
import { useCancelSubscription } from '../lib/billing';
import { coveredByLabel, useTeamCover, type TeamCover } from '../lib/coverage';
import { serverMessage } from '../lib/errors';
import { useForm } from '../lib/form';
import { formatLongDate } from '../lib/format';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { useSignedInUser } from '../lib/use-signed-in-user';

export const settingsLazyRoute = createLazyRoute('/authed/settings')({ component: SettingsPage });

function SettingsPage() {
  const user = useSignedInUser();
  const status = user.subscriptionStatus || 'inactive';
  return (
    <AppPage title="Settings" description="Manage your account, subscription, password and API tokens.">
      <div className="space-y-6">
        <Section title="Account Information" titleId="account-title" icon={<User aria-hidden="true" className="size-5" />}>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Detail label="Username">{user.username}</Detail>
            <Detail label="Email">{user.email}</Detail>
            <Detail label="Status">
              <Badge tone={statusTone(status)}>{status}</Badge>
            </Detail>
          </dl>
        </Section>

        <SubscriptionSection user={user} />

        <Section
          title="Change Password"
          titleId="password-title"
          description="Other devices signed in to your account will be signed out."
          icon={<KeyRound aria-hidden="true" className="size-5" />}
        >
          <ChangePasswordForm />
        </Section>

        <ApiTokensSection isAdmin={user.isAdmin} />

        <Section
          title="Appearance"
          titleId="appearance-title"
          description="How Copydesk looks on this browser."
          icon={<Palette aria-hidden="true" className="size-5" />}
        >
          <ThemeSetting />
        </Section>

        <Section title="Account Actions" titleId="actions-title" icon={<LogOut aria-hidden="true" className="size-5" />}>
          <SignOut />
        </Section>
      </div>
    </AppPage>
  );
}

function SubscriptionSection({ user }: { user: PublicUser }) {
  const status = user.subscriptionStatus || 'inactive';
  const subscribed = hasOwnSubscription(user);
  const endsOn = formatLongDate(user.subscriptionRenewalDate);
  const cancelling = subscribed && user.cancelAtPeriodEnd;
  const cancel = useCancelSubscription();
  const cover = useTeamCover(user);
  return (
    <Section
      title="Subscription"
      titleId="subscription-title"
      description="Your plan and billing period."
      icon={<CreditCard aria-hidden="true" className="size-5" />}
    >
      {cover && <TeamCoverNotice cover={cover} />}
      {(!cover || subscribed) && (
        <dl className="grid gap-4 sm:grid-cols-3">
          <Detail label="Subscription status">
            <Badge tone={statusTone(status)}>{status}</Badge>
          </Detail>
          <Detail label="Plan">{planDisplayName(user.subscriptionPlan)}</Detail>
          <Detail label={cancelling ? 'Access until' : 'Renewal date'}>{endsOn ?? 'None'}</Detail>
        </dl>
      )}
      {cancelling && (
        <p className="mt-5 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <CalendarX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">Cancels on {endsOn ?? 'the end of the period'}.</strong> Your plan will not renew; you keep
            full access until then.
          </span>
        </p>
      )}
      {subscribed && !cancelling && (
        <div className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            {user.subscriptionStatus === 'trialing'
              ? 'Cancel before your trial ends and you will not be charged.'
              : 'Cancel anytime; you keep access until the end of the period.'}
          </p>
          <ConfirmDialog
            title="Cancel your subscription?"
            description={`Your plan will not renew. You keep full access to the editor until ${endsOn ?? 'the end of the current period'}.`}
            confirmLabel="Cancel Subscription"
            cancelLabel="Keep Subscription"
            destructive
            onConfirm={() => cancel.mutate()}
            trigger={
              <Button variant="outline" size="sm" loading={cancel.isPending} className="text-red-700 hover:bg-red-50 hover:text-red-800">
                Cancel Subscription
              </Button>
            }
          />
        </div>
      )}
      {!subscribed && !cover && (
        <div className="mt-5 flex flex-col gap-3 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">You have no active subscription. Start a free trial to use the editor.</p>
          <Link to="/subscribe" className={buttonClasses('brand', 'sm')}>
            <Sparkles aria-hidden="true" className="size-4" />
            Upgrade
          </Link>
        </div>
      )}
    </Section>
  );
}

/** The team's plan covers the user: shown first, as the plan that counts. */
function TeamCoverNotice({ cover }: { cover: TeamCover }) {
  return (
    <div className="mb-5 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
      <p className="flex items-center gap-2 font-semibold">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        {coveredByLabel(cover.teamName)}
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Detail label="Team plan">{planDisplayName(cover.plan)}</Detail>
        <Detail label="Team renewal date">{formatLongDate(cover.renewalDate) ?? 'None'}</Detail>
      </dl>
      <p className="mt-3">
        Your team’s subscription gives you the editor; you need no plan of your own.{' '}
        <Link to="/team" className="font-medium underline underline-offset-2">
          See your team
        </Link>
        .
      </p>
    </div>
  );
}

function ChangePasswordForm() {
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useMutation({
    ...trpc.auth.changePassword.mutationOptions(),
    onSuccess: () => {
      toast({ title: 'Password Changed', description: 'Your password has been updated.', variant: 'success' });
      reset();
    },
    onError: (error) => {
      toast({
        title: 'Password Change Failed',
        description: serverMessage(error, 'An unexpected error occurred'),
        variant: 'destructive',
      });
    },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="max-w-md space-y-5"
      onSubmit={(event) => void handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))(event)}
    >
      <Field label="Current Password" error={errors.currentPassword}>
        {(control) => <PasswordInput {...control} {...register('currentPassword')} autoComplete="current-password" />}
      </Field>
      <Field label="New Password" error={errors.newPassword} hint="At least 6 characters.">
        {(control) => <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />}
      </Field>
      <Field label="Confirm New Password" error={errors.confirmPassword}>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </Field>
      <Button type="submit" loading={change.isPending}>
        Change Password
      </Button>
    </form>
  );
}

function SignOut() {
  const logout = useLogout();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">Sign out</p>
        <p className="text-sm text-slate-600">End your session on this device.</p>
      </div>
      <ConfirmDialog
        title="Sign out?"
        description="You will need to log in again to use Copydesk on this device."
        confirmLabel="Sign out"
        destructive
        onConfirm={() => logout.mutate()}
        trigger={
          <Button variant="outline" loading={logout.isPending} className="text-red-700 hover:bg-red-50 hover:text-red-800">
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </Button>
        }
      />
    </div>
  );
}
