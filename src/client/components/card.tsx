import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-2xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

/** A titled settings-style section. */
export function Section({
  title,
  description,
  icon,
  children,
  className,
  titleId,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
  titleId?: string;
}) {
  return (
    <Card className={cn('p-5 sm:p-6', className)}>
      <section aria-labelledby={titleId}>
        <div className="mb-5 flex items-start gap-3">
          {icon && <span className="mt-0.5 rounded-lg bg-slate-100 p-2 text-slate-700">{icon}</span>}
          <div>
            <h2 id={titleId}>{title}</h2>
            {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
          </div>
        </div>
        {children}
      </section>
    </Card>
  );
}

/** One term and its value in a `<dl>` of account or team details. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 truncate text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

const BADGE_TONES = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  red: 'bg-red-50 text-red-700 ring-red-200',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
} as const;

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: keyof typeof BADGE_TONES }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        BADGE_TONES[tone],
        className,
      )}
      {...props}
    />
  );
}

/** The badge colour that reads right for a subscription status. */
export function statusTone(status: string | null | undefined): keyof typeof BADGE_TONES {
  if (status === 'active') return 'green';
  if (status === 'trialing') return 'brand';
  if (status === 'past_due' || status === 'canceled' || status === 'suspended') return 'amber';
  return 'neutral';
}
