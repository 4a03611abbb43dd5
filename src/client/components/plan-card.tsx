import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { TRIAL_DAYS, type Plan } from '~/shared/plan';
import { cn } from '../lib/cn';
import { Badge } from './card';

export function formatPrice(price: number) {
  return `$${price.toFixed(2)}`;
}

/**
 * The plan: popular badge, trial, monthly price and features, with the caller's action at the bottom. Its heading is
 * an h3 under a section's h2 (the landing page's Pricing), or an h2 where it sits right under the page's h1.
 */
export function PlanCard({
  plan,
  action,
  className,
  headingLevel: Heading = 'h3',
}: {
  plan: Plan;
  action?: ReactNode;
  className?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border-2 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8',
        plan.isPopular ? 'border-brand-600' : 'border-slate-200',
        className,
      )}
    >
      {plan.isPopular && (
        <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold tracking-wider text-white shadow">
          POPULAR
        </span>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="text-2xl">
          {plan.name}
        </Heading>
        <Badge tone="green" className="font-semibold tracking-wide">
          FREE {TRIAL_DAYS}-DAY TRIAL
        </Badge>
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight sm:text-5xl">{formatPrice(plan.price)}</span>
        <span className="text-slate-500">/month</span>
      </p>
      <p className="mt-2 text-sm text-slate-500">
        {TRIAL_DAYS} days free, then {formatPrice(plan.price)} per month. Cancel anytime.
      </p>
      <ul className="mt-6 space-y-3" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-sm text-slate-700">
            <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
              <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
            </span>
            {feature}
          </li>
        ))}
      </ul>
      {action && <div className="mt-8">{action}</div>}
    </article>
  );
}
