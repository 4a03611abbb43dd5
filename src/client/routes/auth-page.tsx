import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, Link } from '@tanstack/react-router';
import { Check, Users } from 'lucide-react';
import { useState } from 'react';
import { PROFESSIONAL_PLAN, TRIAL_DAYS } from '~/shared/plan';
import type { InvitationPreview } from '~/shared/schemas/team';
import { Button } from '../components/button';
import { Field, Input, PasswordInput } from '../components/form-field';
import { Logo } from '../components/logo';
import { InlineSpinner } from '../components/spinner';
import { useLogin, useRegister } from '../lib/auth';
import { cn } from '../lib/cn';
import { useForm } from '../lib/form';
import { savedInvitationToken } from '../lib/redirect-after-login';
import { zodResolverOnDemand } from '../lib/schema-on-demand';
import { MAIN_CONTENT_ID } from '../components/skip-link';
import { trpc } from '../lib/trpc';

export const authLazyRoute = createLazyRoute('/auth')({ component: AuthPage });

const loginResolver = zodResolverOnDemand(() => import('~/shared/schemas/auth').then((m) => m.loginInput));
const registerResolver = zodResolverOnDemand(() => import('~/shared/schemas/auth').then((m) => m.registerForm));

const TAB_CLASSES = cn(
  'flex-1 cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition',
  'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600',
  'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
);

function AuthPage() {
  // Reached from an invitation (its page saved itself to come back to): the invited address decides the tab.
  const [token] = useState(savedInvitationToken);
  const preview = useQuery({ ...trpc.team.invitationByToken.queryOptions({ token: token ?? '' }), enabled: token !== null, staleTime: 0 });
  const invitation = preview.data?.status === 'pending' ? preview.data : null;
  const waiting = token !== null && preview.isPending;
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      {invitation ? <InvitationPanel invitation={invitation} /> : <MarketingPanel />}
      <main id={MAIN_CONTENT_ID} className="flex flex-col bg-white">
        <header className="flex h-16 items-center px-4 sm:px-8 lg:hidden">
          <Logo />
        </header>
        <div className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:px-8 sm:pt-0">
          <div className="w-full max-w-md">
            {invitation ? (
              <p className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200 lg:hidden">
                {seatCoverage(invitation)}
              </p>
            ) : (
              <p className="mb-4 inline-flex items-center rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200 lg:hidden">
                Start with a {TRIAL_DAYS}-day free trial
              </p>
            )}
            <h1>Welcome to Copydesk</h1>
            <p className="mt-2 text-slate-600">
              {invitation
                ? invitation.hasAccount
                  ? `Log in as ${invitation.email} to join ${invitation.teamName}.`
                  : `Create your account with ${invitation.email} to join ${invitation.teamName}.`
                : 'Log in to your account, or create one to start your free trial.'}
            </p>
            {waiting ? (
              <div className="mt-8">
                <InlineSpinner label="Loading your invitation" />
              </div>
            ) : (
              <AuthTabs invitation={invitation} />
            )}
          </div>
        </div>
      </main>
    </div>
  );
}

function AuthTabs({ invitation }: { invitation: InvitationPreview | null }) {
  const email = invitation?.email ?? '';
  return (
    <Tabs.Root defaultValue={invitation && !invitation.hasAccount ? 'register' : 'login'} className="mt-8">
      <Tabs.List aria-label="Log in or register" className="flex gap-1 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="login" className={TAB_CLASSES}>
          Login
        </Tabs.Trigger>
        <Tabs.Trigger value="register" className={TAB_CLASSES}>
          Register
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="login" className="mt-6 rounded-md">
        <LoginForm email={email} />
      </Tabs.Content>
      <Tabs.Content value="register" className="mt-6 rounded-md">
        <RegisterForm email={email} invited={invitation !== null} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Who pays for an invitee's seat: the team, now or once its owner subscribes; never the invitee. */
function seatCoverage(invitation: InvitationPreview): string {
  return invitation.teamActive
    ? `Your seat is covered by ${invitation.teamName}'s subscription: there is no trial to start and nothing to pay.`
    : `Your seat will be covered by ${invitation.teamName}'s subscription once its owner subscribes: there is nothing for you to pay.`;
}

/** In place of the trial panel for an invitee: the team covers the seat. */
function InvitationPanel({ invitation }: { invitation: InvitationPreview }) {
  return (
    <aside className="light-palette relative hidden overflow-hidden bg-slate-900 text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
      <div className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-600/30 blur-3xl" />
      <Logo className="relative text-white [&_span:first-child]:bg-white [&_span:first-child]:text-slate-900" />
      <div className="relative max-w-md">
        <p className="inline-flex items-center gap-2 rounded-full bg-emerald-400/15 px-3 py-1 text-xs font-semibold text-emerald-300 ring-1 ring-emerald-400/30">
          <Users aria-hidden="true" className="size-3.5" />
          Team invitation
        </p>
        <h2 className="mt-6 text-4xl leading-tight">Join {invitation.teamName} on Copydesk.</h2>
        <p className="mt-4 text-slate-300">
          {invitation.inviterName} invited {invitation.email}. {seatCoverage(invitation)}
        </p>
      </div>
      <p className="relative text-sm text-slate-400">Built for journalists, editors, freelancers, and comms pros.</p>
    </aside>
  );
}

function MarketingPanel() {
  return (
    <aside className="light-palette relative hidden overflow-hidden bg-slate-900 text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
      <div className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-600/30 blur-3xl" />
      <div className="absolute -bottom-32 -left-16 size-96 rounded-full bg-amber-400/10 blur-3xl" />
      <Logo className="relative text-white [&_span:first-child]:bg-white [&_span:first-child]:text-slate-900" />
      <div className="relative max-w-md">
        <p className="inline-flex rounded-full bg-emerald-400/15 px-3 py-1 text-xs font-semibold text-emerald-300 ring-1 ring-emerald-400/30">
          {TRIAL_DAYS}-day free trial
        </p>
        <h2 className="mt-6 text-4xl leading-tight">Your desk editor, ready when your draft is.</h2>
        <p className="mt-4 text-slate-300">
          Try the {PROFESSIONAL_PLAN.name} free for {TRIAL_DAYS} days, then ${PROFESSIONAL_PLAN.price.toFixed(2)} a month. Cancel anytime.
        </p>
        <ul className="mt-8 space-y-3">
          {PROFESSIONAL_PLAN.features.slice(1, 6).map((feature) => (
            <li key={feature} className="flex items-start gap-3 text-sm text-slate-200">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-400" strokeWidth={3} />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-sm text-slate-400">Built for journalists, editors, freelancers, and comms pros.</p>
    </aside>
  );
}

function LoginForm({ email }: { email: string }) {
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm({
    resolver: loginResolver,
    defaultValues: { email, password: '', rememberMe: false },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="space-y-5"
      onFocus={loginResolver.preload}
      onSubmit={(event) => void handleSubmit((values) => login.mutate(values))(event)}
    >
      <Field label="Email" error={errors.email}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" placeholder="you@newsroom.com" />}
      </Field>
      <Field
        label="Password"
        error={errors.password}
        aside={
          <Link to="/forgot-password" className="rounded text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        }
      >
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
      </Field>
      <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" {...register('rememberMe')} className="size-4 cursor-pointer rounded border-slate-300 accent-slate-900" />
        Remember me
      </label>
      <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
        Log in
      </Button>
    </form>
  );
}

function RegisterForm({ email, invited }: { email: string; invited: boolean }) {
  const registerUser = useRegister();
  const { register, handleSubmit, formState } = useForm({
    resolver: registerResolver,
    defaultValues: { username: '', email, password: '', confirmPassword: '' },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="space-y-5"
      onFocus={registerResolver.preload}
      onSubmit={(event) => void handleSubmit(({ username, email, password }) => registerUser.mutate({ username, email, password }))(event)}
    >
      <Field label="Username" error={errors.username}>
        {(control) => <Input {...control} {...register('username')} autoComplete="username" />}
      </Field>
      <Field label="Email" error={errors.email}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" placeholder="you@newsroom.com" />}
      </Field>
      <Field label="Password" error={errors.password} hint="At least 8 characters, with a number and a symbol.">
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword}>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={registerUser.isPending}>
        Create account
      </Button>
      <p className="text-center text-xs text-slate-500">
        {invited
          ? 'You join the team once your account is created and you accept the invitation.'
          : `Your ${TRIAL_DAYS}-day free trial starts when you choose the plan.`}
      </p>
    </form>
  );
}
