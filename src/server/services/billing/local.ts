import type { UserRow } from '../../../../db/schema';
import { PROFESSIONAL_PLAN, TRIAL_DAYS } from '../../../shared/plan';
import { DAY_MS } from '../../../shared/limits';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import type { PromoCodeStore } from './promo-codes';
import { addMonths, saveSubscriptionState } from './subscription-state';
import type { BillingProvider } from './types';

/**
 * Billing for newsrooms that pay outside the app: the Stripe lifecycle kept in
 * the database. Trial for 7 days, then monthly periods that renew themselves
 * unless cancelled; a cancelled plan keeps access to its renewal date.
 */
export function createLocalBilling(db: DB, clock: Clock, promos: PromoCodeStore): BillingProvider {
  return {
    kind: 'local',
    describe: () => 'billing: local (no card payments; promo codes via `npm run cli -- promo`)',

    async validatePromo(code, user) {
      return promos.validate(code, user.id);
    },

    async create(user, promoCode) {
      const promo = promoCode ? promos.redeem(promoCode, user.id) : undefined;
      const now = clock();
      const firstTrial = user.trialUsedAt == null;
      const subscriptionId = `local_sub_${user.id}_${now.getTime()}`;
      saveSubscriptionState(db, user.id, {
        subscriptionStatus: firstTrial ? 'trialing' : 'active',
        subscriptionPlan: PROFESSIONAL_PLAN.id,
        subscriptionRenewalDate: firstTrial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : addMonths(now, 1),
        cancelAtPeriodEnd: false,
        billingSubscriptionId: subscriptionId,
        ...(firstTrial ? { trialUsedAt: now } : {}),
      });
      return {
        subscriptionId,
        is100PercentOff: promo?.discount?.is100PercentOff ?? false,
        message: firstTrial ? 'Your 7-day free trial has started' : 'Subscription activated',
      };
    },

    async activate(user) {
      this.settle(user);
    },

    async cancel(user) {
      saveSubscriptionState(db, user.id, {
        subscriptionStatus: user.subscriptionStatus,
        subscriptionPlan: user.subscriptionPlan,
        subscriptionRenewalDate: user.subscriptionRenewalDate,
        cancelAtPeriodEnd: true,
      });
    },

    settle(user: UserRow): UserRow {
      const renewal = user.subscriptionRenewalDate;
      const live = user.subscriptionStatus === 'active' || user.subscriptionStatus === 'trialing';
      const now = clock().getTime();
      if (!live || !renewal || renewal.getTime() > now) return user;
      if (user.cancelAtPeriodEnd) {
        return saveSubscriptionState(db, user.id, {
          subscriptionStatus: 'inactive',
          subscriptionPlan: null,
          subscriptionRenewalDate: null,
          cancelAtPeriodEnd: false,
        });
      }
      // Counted from the anchor so a period that began on the 31st does not drift to the 28th.
      let months = 1;
      while (addMonths(renewal, months).getTime() <= now) months++;
      const next = addMonths(renewal, months);
      return saveSubscriptionState(db, user.id, {
        subscriptionStatus: 'active',
        subscriptionPlan: user.subscriptionPlan ?? PROFESSIONAL_PLAN.id,
        subscriptionRenewalDate: next,
        cancelAtPeriodEnd: false,
      });
    },
  };
}
