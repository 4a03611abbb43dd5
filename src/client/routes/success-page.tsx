import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, getRouteApi, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { ArrowRight, BadgeCheck, BookCheck, CircleAlert, FileText, Gauge, Lightbulb, PartyPopper, Sparkles, Upload } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { hasOwnSubscription } from '~/shared/access';
import { PROFESSIONAL_PLAN, TRIAL_DAYS } from '~/shared/plan';
import type { PublicUser } from '../lib/api-types';
import { Button, buttonClasses } from '../components/button';
import { Badge, Card, statusTone } from '../components/card';
import { SiteHeader } from '../components/site-header';
import { VerifyEmailBanner } from '../components/verify-email-banner';
import { Spinner } from '../components/spinner';
import { serverMessage } from '../lib/errors';
import { formatLongDate } from '../lib/format';
import { successPageStart, type PaymentReturnSearch } from '../lib/payment-return';
import { setCachedUser, userQueryKey } from '../lib/session';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { MAIN_CONTENT_ID } from '../components/skip-link';

export const successLazyRoute = createLazyRoute('/authed/success')({ component: SuccessPage });

const routeApi = getRouteApi('/authed/success');

/** The provider may still be settling when the browser comes back; activation waits this long first. */
const ACTIVATION_DELAY_MS = 500;

type Phase = 'loading' | 'activating' | 'welcome' | 'unconfirmed';

/**
 * What brought the browser here, as far as the query tells: a card saved for the trial (a setup intent charges
 * nothing), a payment, or neither. The page says only what is true of it.
 */
type Arrival = 'card' | 'payment' | 'none';

function arrivalOf(search: PaymentReturnSearch): Arrival {
  if (search.setup_intent || search.setup_intent_client_secret) return 'card';
  if (search.payment_intent || search.payment_intent_client_secret || search.session_id) return 'payment';
  return 'none';
}

const CHECKING: Record<Arrival, string> = {
  card: 'We are confirming your free trial with our billing provider. This takes a few seconds.',
  payment: 'We are confirming your payment with our billing provider. This takes a few seconds.',
  none: 'We are checking your account with our billing provider. This takes a few seconds.',
};

const BENEFITS: Array<{ icon: ReactNode; title: string; text: string }> = [
  { icon: <Upload className="size-5" />, title: 'Unlimited document uploads', text: 'PDF, Word, text, CSV and Markdown drafts.' },
  { icon: <Sparkles className="size-5" />, title: 'Advanced AI editorial analysis', text: 'Quotes, context and vague reporting flagged.' },
  { icon: <FileText className="size-5" />, title: 'Publication-ready formatting', text: 'Clean copy, headlines and captions to file.' },
  { icon: <BookCheck className="size-5" />, title: 'Style guide compliance', text: 'Standard news style checked as you write.' },
  { icon: <Gauge className="size-5" />, title: 'Priority processing', text: 'Feedback in seconds, even on deadline.' },
  { icon: <Lightbulb className="size-5" />, title: 'Expert editorial insights', text: 'Every edit explained so your writing grows.' },
];

function SuccessPage() {
  const user = useSignedInUser();
  const search = routeApi.useSearch();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const activate = useMutation(trpc.subscription.activate.mutationOptions());
  // Decided once, from the user and query the page opened with.
  const [start] = useState(() => successPageStart(user, { pathname, search }));
  const [arrival] = useState(() => arrivalOf(search));
  const [phase, setPhase] = useState<Phase>(() => (start === 'welcome' ? 'welcome' : start === 'activate' ? 'activating' : 'loading'));
  const started = useRef(false);

  const runActivation = useCallback(async () => {
    setPhase('activating');
    await new Promise((resolve) => setTimeout(resolve, ACTIVATION_DELAY_MS));
    try {
      const activated = await activate.mutateAsync();
      setCachedUser(queryClient, activated);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      setPhase(hasOwnSubscription(activated) ? 'welcome' : 'unconfirmed');
    } catch (error) {
      toast({ title: 'Activation Error', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
      setPhase('unconfirmed');
    }
  }, [activate, queryClient]);

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    if (start === 'chat') void navigate({ to: '/chat', replace: true });
    else if (start === 'subscribe') void navigate({ to: '/subscribe', replace: true });
    else if (start === 'activate') void runActivation();
  }, [start, navigate, runActivation]);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <VerifyEmailBanner user={user} />
      <main id={MAIN_CONTENT_ID} className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center px-4 py-10 sm:px-6 sm:py-16">
        {phase === 'loading' && <Pending title="Loading your account" text="One moment." />}
        {phase === 'activating' && <Pending title="Activating your subscription" text={CHECKING[arrival]} />}
        {phase === 'welcome' && <Welcome user={user} />}
        {phase === 'unconfirmed' && <Unconfirmed arrival={arrival} retrying={activate.isPending} onRetry={() => void runActivation()} />}
      </main>
    </div>
  );
}

function Pending({ title, text }: { title: string; text: string }) {
  return (
    <Card role="status" aria-live="polite" className="flex flex-col items-center px-6 py-14 text-center">
      <Spinner className="size-10 text-brand-600" />
      <h1 className="mt-6 text-2xl">{title}</h1>
      <p className="mt-2 max-w-sm text-slate-600">{text}</p>
    </Card>
  );
}

function Welcome({ user }: { user: PublicUser }) {
  const trialing = user.subscriptionStatus === 'trialing';
  const until = formatLongDate(user.subscriptionRenewalDate);
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-b from-brand-50 to-white px-5 pt-9 pb-7 text-center sm:px-10 sm:pt-10 sm:pb-8">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-brand-100">
          <PartyPopper aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-5 text-[1.75rem] leading-tight sm:text-4xl">Welcome to {PROFESSIONAL_PLAN.name}</h1>
        <p className="mx-auto mt-3 max-w-lg text-slate-600">
          {trialing
            ? `Your ${TRIAL_DAYS}-day free trial has started. Everything below is yours to use now.`
            : 'Your subscription is active. Everything below is yours to use now.'}
        </p>
        {trialing && (
          <p className="mx-auto mt-2 max-w-lg text-slate-600">
            {until && `Your trial ends on ${until}. `}No card has been charged, and none will be if you cancel before the trial ends.
          </p>
        )}
        <div className="mt-5 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
          <Badge tone={statusTone(user.subscriptionStatus)}>{user.subscriptionStatus}</Badge>
          {!trialing && until && <span>Renews {until}</span>}
        </div>
      </div>
      <div className="px-5 pb-8 sm:px-10 sm:pb-10">
        <ul aria-label="Your benefits" className="grid gap-3 sm:grid-cols-2">
          {BENEFITS.map((b) => (
            <li key={b.title} className="flex gap-3 rounded-xl border border-slate-200 p-3.5 sm:p-4">
              <span
                aria-hidden="true"
                className="inline-flex size-9 shrink-0 sm:size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
              >
                {b.icon}
              </span>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{b.title}</p>
                <p className="mt-0.5 text-sm text-slate-600">{b.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col items-center gap-3">
          <Link to="/chat" className={buttonClasses('brand', 'lg', 'w-full sm:w-auto')}>
            Start Editing Documents
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          <p className="flex items-center gap-1.5 text-xs text-slate-500">
            <BadgeCheck aria-hidden="true" className="size-4 text-emerald-600" />
            Manage or cancel your plan anytime in Settings.
          </p>
        </div>
      </div>
    </Card>
  );
}

const UNCONFIRMED: Record<Arrival, string> = {
  card: 'Your card is saved and has not been charged, but our billing provider has not confirmed your free trial yet. This can take a moment: try again.',
  payment: 'If you just completed a payment, it can take a moment to reach us. Try again, or choose your plan to start a trial.',
  none: `Your account has no free trial or subscription yet. View the plan to start your ${TRIAL_DAYS}-day free trial, or try again if you just started one.`,
};

function Unconfirmed({ arrival, retrying, onRetry }: { arrival: Arrival; retrying: boolean; onRetry: () => void }) {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <CircleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl">We could not confirm your subscription yet</h1>
      <p className="mt-2 max-w-md text-slate-600">{UNCONFIRMED[arrival]}</p>
      <div className="mt-7 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button variant="brand" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
        <Link to="/subscribe" className={buttonClasses('outline')}>
          View plan
        </Link>
      </div>
    </Card>
  );
}
