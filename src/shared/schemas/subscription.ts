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

export interface CreateSubscriptionResult {
  clientSecret?: string;
  subscriptionId: string;
  is100PercentOff: boolean;
  message: string;
}

export interface BillingClientConfig {
  provider: 'stripe' | 'local';
  publishableKey: string | null;
  paymentLinkUrl: string | null;
}
