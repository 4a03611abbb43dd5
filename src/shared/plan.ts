export interface Plan {
  id: string;
  name: string;
  price: number;
  priceId: string;
  features: string[];
  isPopular: boolean;
}

export const PROFESSIONAL_PLAN: Plan = {
  id: 'professional',
  name: 'Professional Editor',
  price: 49.99,
  priceId: 'price_pro',
  features: [
    'Unlimited uploads',
    'Real-time rewriting and feedback',
    'Side-by-side draft comparison',
    'Standard news style compliance',
    'Flags weak quotes, missing context, and vague reporting',
    'Headline, social, and caption suggestions',
    'Explains edits to improve your writing',
    'Full revision history',
    'Built for journalists, editors, freelancers, and comms pros',
  ],
  isPopular: true,
};

export const PLANS: readonly Plan[] = [PROFESSIONAL_PLAN];

export const TRIAL_DAYS = 7;

export function isCurrentPlan(subscriptionPlan: string | null | undefined, plan: Plan): boolean {
  return (subscriptionPlan ?? '').toLowerCase() === plan.id.toLowerCase();
}

/** The plan's display name when it is the one we sell, else what the account says. */
export function planDisplayName(subscriptionPlan: string | null | undefined): string {
  if (!subscriptionPlan) return 'None';
  return isCurrentPlan(subscriptionPlan, PROFESSIONAL_PLAN) ? PROFESSIONAL_PLAN.name : subscriptionPlan;
}
