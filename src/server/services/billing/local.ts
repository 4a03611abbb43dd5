import { PROFESSIONAL_PLAN, TRIAL_DAYS } from '../../../shared/plan';
import { DAY_MS } from '../../../shared/limits';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { savePayerState } from './payer';
import type { PromoCodeStore } from './promo-codes';
import { addMonths } from './subscription-state';
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

    async validatePromo(code, payer) {
      return promos.validate(code, payer.person.id);
    },

    async create(payer, promoCode) {
      const now = clock();
      const firstTrial = payer.trialUsedAt == null;
      const subscriptionId = `local_sub_${payer.key}_${now.getTime()}`;
      // The code is counted and the plan started together.
      const promo = await db.transaction(async () => {
        const redeemed = promoCode ? await promos.redeem(promoCode, payer.person.id) : undefined;
        await savePayerState(db, payer, {
          subscriptionStatus: firstTrial ? 'trialing' : 'active',
          subscriptionPlan: PROFESSIONAL_PLAN.id,
          subscriptionRenewalDate: firstTrial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : addMonths(now, 1),
          cancelAtPeriodEnd: false,
          billingSubscriptionId: subscriptionId,
          ...(firstTrial ? { trialUsedAt: now } : {}),
        });
        return redeemed;
      });
      const whose = payer.kind === 'team' ? "Your team's" : 'Your';
      return {
        subscriptionId,
        is100PercentOff: promo?.discount?.is100PercentOff ?? false,
        message: firstTrial ? `${whose} 7-day free trial has started` : 'Subscription activated',
      };
    },

    async activate(payer) {
      await this.settle(payer);
    },

    async cancel(payer) {
      await savePayerState(db, payer, {
        subscriptionStatus: payer.subscriptionStatus,
        subscriptionPlan: payer.subscriptionPlan,
        subscriptionRenewalDate: payer.subscriptionRenewalDate,
        cancelAtPeriodEnd: true,
      });
    },

    // Nothing runs outside the database: the caller overwrites or deletes the payer's state.
    async end() {},

    async syncCustomer() {},

    async settle(payer) {
      const renewal = payer.subscriptionRenewalDate;
      const live = payer.subscriptionStatus === 'active' || payer.subscriptionStatus === 'trialing';
      const now = clock().getTime();
      if (!live || !renewal || renewal.getTime() > now) return payer;
      if (payer.cancelAtPeriodEnd) {
        return savePayerState(db, payer, {
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
      return savePayerState(db, payer, {
        subscriptionStatus: 'active',
        subscriptionPlan: payer.subscriptionPlan ?? PROFESSIONAL_PLAN.id,
        subscriptionRenewalDate: next,
        cancelAtPeriodEnd: false,
      });
    },

    // Seats are counted against the team's maxSeats itself; nothing is billed per seat here.
    async updateSeats() {},

    async previewSeats() {
      return null;
    },

    async portalUrl() {
      return null;
    },
  };
}
