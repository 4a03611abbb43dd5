import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, Link, useNavigate } from '@tanstack/react-router';
import { CreditCard, ShieldCheck, Users } from 'lucide-react';
import { planDisplayName } from '~/shared/plan';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PAYMENT_MESSAGES } from '~/shared/payment-messages';
import { PROFESSIONAL_PLAN, TRIAL_DAYS } from '~/shared/plan';
import { validatePromoInput } from '~/shared/schemas/subscription';
import { AppPage } from '../components/app-page';
import { Button, buttonClasses } from '../components/button';
import { Card } from '../components/card';
import { Field, Input } from '../components/form-field';
import { formatPrice, PlanCard } from '../components/plan-card';
import { PendingInvitationsDialog } from '../components/pending-invitations-dialog';
import { Spinner } from '../components/spinner';
import { SuspendedTeamNotice } from '../components/team-suspended-notice';
import { teamAccessQueryOptions } from '../lib/access';
import { billingConfigQueryOptions, useStartSubscription } from '../lib/billing';
import { coveredByLabel, useTeamCover, type TeamCover } from '../lib/coverage';
import { useForm } from '../lib/form';
import { decideTeamCheck, TEAM_MESSAGES } from '../lib/subscribe-flow';
import { useSignedInUser } from '../lib/use-signed-in-user';

export const subscribeLazyRoute = createLazyRoute('/authed/subscribe')({ component: SubscribePage });

// Stripe's React bindings load with the payment step only.
const PaymentForm = lazy(() => import('../components/payment-form').then((m) => ({ default: m.PaymentForm })));

function SubscribePage() {
  const user = useSignedInUser();
  const flow = useStartSubscription();
  const cover = useTeamCover(user);
  return (
    <AppPage
      wide
      title="Upgrade to Professional"
      description={`Try every feature free for ${TRIAL_DAYS} days, then ${formatPrice(PROFESSIONAL_PLAN.price)} a month. Cancel anytime.`}
    >
      <SuspendedTeamNotice page="subscribe" className="mb-6" />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:gap-8">
        <PlanCard plan={PROFESSIONAL_PLAN} headingLevel="h2" />
        {/* On a phone the trial form comes first, within the first screen, and the plan's features follow it. */}
        <Card className="order-first p-6 sm:p-7 lg:sticky lg:top-24 lg:order-none">
          {flow.clientSecret ? (
            <PaymentStep clientSecret={flow.clientSecret} />
          ) : cover ? (
            <CoveredStep cover={cover} />
          ) : (
            <TrialStep busy={flow.busy} onStart={flow.start} teamId={user.teamId} />
          )}
        </Card>
      </div>
      {!flow.clientSecret && <PendingInvitationsDialog />}
    </AppPage>
  );
}

function TrialStep({ busy, onStart, teamId }: { busy: boolean; onStart: (promoCode: string) => Promise<void>; teamId: number | null }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(validatePromoInput),
    defaultValues: { promoCode: '' },
  });
  return (
    <section aria-labelledby="trial-title">
      <h2 id="trial-title">Start your free trial</h2>
      <dl className="mt-5 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-slate-600">Due today</dt>
          <dd className="font-semibold text-slate-900">{formatPrice(0)}</dd>
        </div>
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-slate-600">After {TRIAL_DAYS} days</dt>
          <dd className="font-semibold text-slate-900">{formatPrice(PROFESSIONAL_PLAN.price)} / month</dd>
        </div>
      </dl>
      <form noValidate className="mt-6 space-y-5" onSubmit={(event) => void handleSubmit(({ promoCode }) => onStart(promoCode))(event)}>
        <Field label="Promo code" error={formState.errors.promoCode} hint="Optional. Leave empty if you have none.">
          {(control) => (
            <Input
              {...control}
              {...register('promoCode')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="e.g. NEWSROOM"
              disabled={busy}
            />
          )}
        </Field>
        <Button type="submit" variant="brand" size="lg" className="w-full" loading={busy}>
          Start {TRIAL_DAYS}-Day Free Trial
        </Button>
      </form>
      {teamId != null && <TeamCheck teamId={teamId} disabled={busy} />}
      <p className="mt-6 flex items-start gap-2 text-xs leading-relaxed text-slate-500">
        <ShieldCheck aria-hidden="true" className="mt-px size-4 shrink-0 text-emerald-600" />
        No charge during the trial. Cancel anytime from Settings before it ends and you will not be billed.
      </p>
    </section>
  );
}

/** A member of an active team needs no plan of their own: no trial is offered beside the team's. */
function CoveredStep({ cover }: { cover: TeamCover }) {
  return (
    <section aria-labelledby="covered-title">
      <h2 id="covered-title" className="flex items-center gap-2">
        <Users aria-hidden="true" className="size-5 text-brand-600" />
        {coveredByLabel(cover.teamName)}
      </h2>
      <p className="mt-3 text-sm text-slate-600">
        Your team’s {planDisplayName(cover.plan)} plan gives you the editor, so you do not need a plan of your own.
      </p>
      <Link to="/chat" className={buttonClasses('brand', 'lg', 'mt-6 w-full')}>
        Go to the editor
      </Link>
    </section>
  );
}

/** 'I have a team': a member whose team pays goes straight to the editor. */
function TeamCheck({ teamId, disabled }: { teamId: number; disabled: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function check() {
    setChecking(true);
    setNotice(null);
    try {
      // Asked on purpose, so asked afresh: the owner may have just subscribed.
      const team = await queryClient.fetchQuery({ ...teamAccessQueryOptions(teamId), staleTime: 0 });
      const outcome = decideTeamCheck(team);
      if (outcome === 'team-active') {
        await navigate({ to: '/chat' });
        return;
      }
      setNotice(outcome === 'no-team' ? TEAM_MESSAGES.noTeam : TEAM_MESSAGES.inactive);
    } catch {
      setNotice('We could not check your team right now. Please try again.');
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button variant="outline" size="lg" className="mt-4 w-full" loading={checking} disabled={disabled} onClick={() => void check()}>
        {!checking && <Users aria-hidden="true" className="size-4" />}
        {checking ? TEAM_MESSAGES.checking : 'I have a team'}
      </Button>
      <p role="status" className="mt-3 text-center text-sm text-slate-600 empty:hidden">
        {notice}
      </p>
    </div>
  );
}

function PaymentStep({ clientSecret }: { clientSecret: string }) {
  const config = useQuery(billingConfigQueryOptions());
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step replaces the trial form; on a phone it sits below the plan, so bring it into view.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  const loading = (
    <div role="status" className="flex min-h-40 items-center justify-center gap-2 text-sm text-slate-500">
      <Spinner className="size-4 text-brand-600" />
      Loading secure payment form
    </div>
  );
  return (
    <section aria-labelledby="payment-title">
      <h2 id="payment-title" ref={headingRef} tabIndex={-1} className="flex scroll-mt-24 items-center gap-2 outline-none">
        <CreditCard aria-hidden="true" className="size-5 text-brand-600" />
        Add a payment method
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {clientSecret.startsWith('pi_')
          ? `Your card is charged ${formatPrice(PROFESSIONAL_PLAN.price)} a month, less any discount, until you cancel.`
          : `You will not be charged today. Your card is billed after the ${TRIAL_DAYS}-day trial unless you cancel.`}
      </p>
      <div className="mt-6">
        {config.isPending ? (
          loading
        ) : config.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {PAYMENT_MESSAGES.notReady}
          </p>
        ) : (
          <Suspense fallback={loading}>
            <PaymentForm publishableKey={config.data.publishableKey} clientSecret={clientSecret} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
