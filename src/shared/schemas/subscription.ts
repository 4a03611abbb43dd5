import { z } from 'zod';
import { isOneLine, oneLineMessage } from '../control-characters';

/** Trimmed; empty means none. */
export const promoCodeField = z.string().trim().max(64, 'Promo code is too long').refine(isOneLine, oneLineMessage('A promo code'));

export const validatePromoInput = z.object({ promoCode: promoCodeField });

export const createSubscriptionInput = z
  .object({ promoCode: promoCodeField.optional() })
  .optional()
  .transform((v) => ({ promoCode: v?.promoCode ? v.promoCode : undefined }));

export interface PromoDiscount {
  amount: number;
  type: 'percent' | 'amount';
  is100PercentOff: boolean;
}

export interface PromoValidation {
  valid: boolean;
  message: string;
  discount?: PromoDiscount;
}

/** What became of a person's own plan when a team's subscription began to cover them. */
export interface PersonalPlanChange {
  /** `ended`: stopped at once, nothing charged (a trial); `ends_at_period_end`: a paid plan that will not renew. */
  outcome: 'ended' | 'ends_at_period_end';
  /** The last day of the plan that will not renew; null when it ended at once. */
  accessUntil: string | null;
  message: string;
}

export interface CreateSubscriptionResult {
  clientSecret?: string;
  subscriptionId: string;
  is100PercentOff: boolean;
  message: string;
  /** Team subscriptions only: the owner's own plan, ended because the team now covers them. */
  personalPlan?: PersonalPlanChange;
}

export interface BillingClientConfig {
  provider: 'stripe' | 'local';
  publishableKey: string | null;
  paymentLinkUrl: string | null;
}
