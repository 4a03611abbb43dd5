import type { UserRow } from '../../../../db/schema';
import type { CreateSubscriptionResult, PromoValidation } from '../../../shared/schemas/subscription';
import { hasOwnSubscription } from '../../../shared/access';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db';
import { TRPCError } from '@trpc/server';
import { fail } from '../../errors';
import { RATE_LIMITS } from '../../../shared/limits';
import { addressKey, type RateLimiter } from '../rate-limiter';
import { createLocalBilling } from './local';
import { ALREADY_ACTIVE, NOTHING_TO_CANCEL } from './messages';
import { createPromoCodeStore } from './promo-codes';
import { createStripeBilling } from './stripe';
import type { BillingProvider } from './types';

export { ALREADY_ACTIVE, NOTHING_TO_CANCEL };

/** Stripe when a secret key is configured, otherwise local billing; the rules around them live here. */
export const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. Please try again in a moment.';
export const TOO_MANY_PROMO_CHECKS = 'Too many promo code attempts. Please try again later.';

export function createBillingService(
  db: DB,
  clock: Clock,
  config: Config,
  limiter: RateLimiter,
  provider?: BillingProvider,
  log: (line: string) => void = (line) => console.error(line),
) {
  /** A provider outage or bad key is the provider's failure, not the user's: a logged 502 with a clear message. */
  async function viaProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (e) {
      if (e instanceof TRPCError) throw e;
      log(`billing: ${what} failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
      return fail('BAD_GATEWAY', PROVIDER_UNAVAILABLE);
    }
  }
  /** Every code tried, valid or not, counts per user and per client address, so codes cannot be guessed. */
  function countPromoCheck(user: UserRow, ip: string) {
    limiter.take(
      [
        [`promo:user:${user.id}`, RATE_LIMITS.promoChecksPerUser],
        [`promo:ip:${addressKey(ip)}`, RATE_LIMITS.promoChecksPerIp],
      ],
      TOO_MANY_PROMO_CHECKS,
    );
  }
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

    async validatePromo(user: UserRow, promoCode: string, ip: string): Promise<PromoValidation> {
      if (!promoCode) return { valid: false, message: 'Please enter a promo code' };
      countPromoCheck(user, ip);
      return viaProvider('promo validation', () => billing.validatePromo(promoCode, user));
    },

    async create(user: UserRow, promoCode: string | undefined, ip: string): Promise<CreateSubscriptionResult> {
      if (hasOwnSubscription(user)) {
        return { subscriptionId: user.billingSubscriptionId ?? '', is100PercentOff: false, message: ALREADY_ACTIVE };
      }
      if (promoCode) countPromoCheck(user, ip);
      return viaProvider('create', () => billing.create(user, promoCode));
    },

    activate: (user: UserRow) => viaProvider('activate', () => billing.activate(user)),

    async cancel(user: UserRow) {
      if (!hasOwnSubscription(user) || user.cancelAtPeriodEnd) fail('BAD_REQUEST', NOTHING_TO_CANCEL);
      await viaProvider('cancel', () => billing.cancel(user));
    },

    handleWebhook(payload: string, signature: string) {
      if (!billing.handleWebhook) fail('NOT_FOUND', 'Not found');
      return billing.handleWebhook(payload, signature);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
