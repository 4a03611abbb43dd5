import { createLazyRoute, Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, BadgeCheck, Clock, GitCompareArrows, Lock, Megaphone, Newspaper, Quote, Sparkles } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isCurrentPlan, PROFESSIONAL_PLAN, TRIAL_DAYS } from '~/shared/plan';
import { Button, buttonClasses } from '../components/button';
import { PlanCard } from '../components/plan-card';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { useEditorAccess } from '../lib/access';
import { useCurrentUser } from '../lib/auth';
import { billingConfigQueryOptions } from '../lib/billing-config';
import { goToPaymentLink, paymentLinkFor, windowNavigation } from '../lib/payment-link';
import { MAIN_CONTENT_ID } from '../components/skip-link';

export const landingLazyRoute = createLazyRoute('/')({ component: LandingPage });

function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} className="flex-1">
        <Hero />
        <Features />
        <Pricing />
        <About />
      </main>
      <SiteFooter />
    </div>
  );
}

function Hero() {
  const user = useCurrentUser();
  const access = useEditorAccess(user);
  // While the team is still loading, /chat's own guard decides, so a team member is never sent to /subscribe.
  const startTarget = !user ? '/auth' : access.hasAccess || access.isLoading ? '/chat' : '/subscribe';
  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50/60 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-medium text-brand-700 shadow-xs">
            <Newspaper aria-hidden="true" className="size-3.5" />
            The AI editor for journalists and newsrooms
          </p>
          <h1 className="mt-6 text-4xl leading-[1.1] text-slate-900 sm:text-5xl lg:text-6xl">
            Sharper copy, <span className="bg-amber-200/70 px-1 whitespace-nowrap">on deadline</span>.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">
            Copydesk reads your draft like a seasoned desk editor: it tightens prose, flags weak quotes and missing context, suggests
            headlines and explains every change, so your story is ready to publish.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={startTarget} className={buttonClasses('primary', 'lg')}>
              Start Editing
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Button
              variant="outline"
              size="lg"
              onClick={() => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            >
              See Features
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-500">{TRIAL_DAYS}-day free trial · Cancel anytime</p>
        </div>
        <EditorPreview />
      </div>
    </section>
  );
}

/** A static picture of the editor at work; decorative, described for screen readers. */
function EditorPreview() {
  return (
    <div
      role="img"
      aria-label="Example: Copydesk tightening a sentence in a news draft and flagging an unattributed quote"
      className="relative mx-auto w-full max-w-lg"
    >
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-brand-200/50 to-amber-100/60 blur-2xl" />
      <div className="rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10">
        <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="ml-2 truncate text-xs font-medium text-slate-500">Draft: Council budget vote</span>
        </div>
        <div className="space-y-4 p-5 text-sm leading-relaxed">
          <p className="font-serif text-base text-slate-800">
            The council voted{' '}
            <span className="rounded bg-red-50 text-red-700 line-through decoration-red-400">on Tuesday night in a vote of</span>{' '}
            <span className="rounded bg-emerald-50 px-0.5 text-emerald-800">7-2 on Tuesday</span> to approve the budget.
          </p>
          <div className="rounded-xl border border-amber-200 bg-amber-50 p-3">
            <p className="flex items-center gap-2 text-xs font-semibold text-amber-900">
              <Quote aria-hidden="true" className="size-3.5" />
              Weak quote
            </p>
            <p className="mt-1 text-xs text-amber-900/80">"Officials said it was needed." Which officials? Name the source.</p>
          </div>
          <div className="rounded-xl border border-brand-100 bg-brand-50 p-3">
            <p className="flex items-center gap-2 text-xs font-semibold text-brand-900">
              <Sparkles aria-hidden="true" className="size-3.5" />
              Headline suggestion
            </p>
            <p className="mt-1 font-serif text-sm text-brand-900">Council passes $48M budget in 7-2 vote</p>
          </div>
        </div>
      </div>
    </div>
  );
}

const FEATURES: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <GitCompareArrows aria-hidden="true" className="size-5" />,
    title: 'Real-time rewriting',
    text: 'Tighten ledes, cut wordiness and fix style as you go, then compare drafts side by side before you file.',
  },
  {
    icon: <Quote aria-hidden="true" className="size-5" />,
    title: 'Editorial flags',
    text: 'Weak quotes, missing context and vague reporting are flagged with a clear explanation of what to fix.',
  },
  {
    icon: <Megaphone aria-hidden="true" className="size-5" />,
    title: 'Headlines, social and captions',
    text: 'Get headline options, social copy and photo captions that match your story and your publication’s voice.',
  },
];

function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Features</p>
          <h2 id="features-title" className="mt-2 text-3xl sm:text-4xl">
            An editor on every desk
          </h2>
          <p className="mt-4 text-slate-600">Everything a copy desk does, available the moment your draft is ready.</p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map((f) => (
            <article key={f.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{f.icon}</span>
              <h3 className="mt-5">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

const REASONS: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <Newspaper aria-hidden="true" className="size-5" />,
    title: 'Made for news',
    text: 'Built around the habits of the desk: news style, attribution, clarity and structure.',
  },
  {
    icon: <BadgeCheck aria-hidden="true" className="size-5" />,
    title: 'Learn as you edit',
    text: 'Every suggestion comes with the reason behind it, so your writing improves with each story.',
  },
  {
    icon: <Clock aria-hidden="true" className="size-5" />,
    title: 'Fast on deadline',
    text: 'Feedback in seconds, with a full revision history when you need to look back.',
  },
  {
    icon: <Lock aria-hidden="true" className="size-5" />,
    title: 'Your copy stays yours',
    text: 'Self-hostable, so unpublished stories never have to leave your newsroom.',
  },
];

function Pricing() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const plan = PROFESSIONAL_PLAN;
  const current = isCurrentPlan(user?.subscriptionPlan, plan);

  // Signed in: the hosted payment page when the operator set one, else the in-app checkout.
  async function select() {
    if (!user) return navigate({ to: '/auth' });
    setLeaving(true);
    try {
      const config = await queryClient.fetchQuery(billingConfigQueryOptions()).catch(() => null);
      if (!config?.paymentLinkUrl) return await navigate({ to: '/subscribe' });
      goToPaymentLink(paymentLinkFor(config.paymentLinkUrl, user), windowNavigation);
    } finally {
      setLeaving(false);
    }
  }
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 border-y border-slate-200 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Pricing</p>
          <h2 id="pricing-title" className="mt-2 text-3xl sm:text-4xl">
            One plan. Everything included.
          </h2>
          <p className="mt-4 text-slate-600">Try every feature free for {TRIAL_DAYS} days. No surprises after.</p>
        </div>
        <div className="mt-14 grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
          <PlanCard
            plan={plan}
            action={
              <Button
                variant={current ? 'outline' : 'brand'}
                size="lg"
                className="w-full"
                disabled={current}
                loading={leaving}
                onClick={() => void select()}
              >
                {current ? 'Current Plan' : 'Select'}
              </Button>
            }
          />
          <div>
            <h3 className="text-2xl">Why newsrooms choose Copydesk</h3>
            <ul className="mt-8 space-y-6">
              {REASONS.map((r) => (
                <li key={r.title} className="flex gap-4">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
                    {r.icon}
                  </span>
                  <div>
                    <p className="font-semibold">{r.title}</p>
                    <p className="mt-1 text-sm leading-relaxed text-slate-600">{r.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

function About() {
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="about-title" className="text-3xl">
          About Copydesk
        </h2>
        <p className="mt-4 leading-relaxed text-slate-600">
          Copydesk is an AI editing assistant for journalists, editors, freelancers, communications professionals and small newsrooms. Chat
          with the editor to rewrite copy, upload documents for editorial feedback, keep a history of every conversation and pin the answers
          worth keeping. Teams share one subscription, with seats managed by the owner.
        </p>
      </div>
    </section>
  );
}
