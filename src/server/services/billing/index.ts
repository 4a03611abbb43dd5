import type { UserRow } from '../../../../db/schema';
import type { CreateSubscriptionResult, PromoValidation } from '../../../shared/schemas/subscription';
import { hasOwnSubscription } from '../../../shared/access';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db';
import { fail } from '../../errors';
import { createLocalBilling } from './local';
import { ALREADY_ACTIVE, NOTHING_TO_CANCEL } from './messages';
import { createPromoCodeStore } from './promo-codes';
import { createStripeBilling } from './stripe';
import type { BillingProvider } from './types';

export { ALREADY_ACTIVE, NOTHING_TO_CANCEL };

/** Stripe when a secret key is configured, otherwise local billing; the rules around them live here. */
export function createBillingService(db: DB, clock: Clock, config: Config, provider?: BillingProvider) {
  const promos = createPromoCodeStore(db, clock);
  const billing =
    provider ??
    (config.stripe.secretKey
      ? createStripeBilling(db, clock, {
          secretKey: config.stripe.secretKey,
          priceId: config.stripe.priceId,
          webhookSecret: config.stripe.webhookSecret,
          apiBase: config.stripe.apiBase,
        })
      : createLocalBilling(db, clock, promos));

  return {
    provider: billing,
    promos,
    describe: () => billing.describe(),

    clientConfig: () => ({
      provider: billing.kind,
      publishableKey: billing.kind === 'stripe' ? (config.stripe.publishableKey ?? null) : null,
      paymentLinkUrl: billing.kind === 'stripe' ? (config.stripe.paymentLinkUrl ?? null) : null,
    }),

    /** Cheap unless a period has ended: called on every authenticated request. */
    settle: (user: UserRow) => billing.settle(user),

    validatePromo(user: UserRow, promoCode: string): Promise<PromoValidation> {
      if (!promoCode) return Promise.resolve({ valid: false, message: 'Please enter a promo code' });
      return billing.validatePromo(promoCode, user);
    },

    async create(user: UserRow, promoCode: string | undefined): Promise<CreateSubscriptionResult> {
      if (hasOwnSubscription(user)) {
        return { subscriptionId: user.billingSubscriptionId ?? '', is100PercentOff: false, message: ALREADY_ACTIVE };
      }
      return billing.create(user, promoCode);
    },

    activate: (user: UserRow) => billing.activate(user),

    async cancel(user: UserRow) {
      if (!hasOwnSubscription(user) || user.cancelAtPeriodEnd) fail('BAD_REQUEST', NOTHING_TO_CANCEL);
      await billing.cancel(user);
    },

    handleWebhook(payload: string, signature: string) {
      if (!billing.handleWebhook) fail('NOT_FOUND', 'Not found');
      return billing.handleWebhook(payload, signature);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
