import { hasOwnSubscription } from '../../../shared/access';
import type { CreateSubscriptionResult } from '../../../shared/schemas/subscription';
import { LockTimeoutError } from '../../database/keyed-lock';
import type { DB, Dialect } from '../../db';
import { fail } from '../../errors';
import { ALREADY_ACTIVE, TEAM_SUSPENDED_NO_SUBSCRIBE } from './messages';
import { reloadPayer, type Payer } from './payer';
import type { BillingProvider } from './types';

export const SUBSCRIBE_IN_PROGRESS = 'Your subscription is still being set up. Please try again in a moment.';

/** How long a second request for the same payer waits for the first to finish with the provider. */
const PAYER_LOCK_WAIT_MS = 30_000;

const hasRunningPlan = (payer: Payer) => (payer.kind === 'user' ? hasOwnSubscription(payer.user) : payer.subscriptionStatus === 'active');

/**
 * Starts a payer's plan one request at a time, on every process sharing the database: a double
 * click, a second tab or a second server behind the load balancer waits for the first, then reads
 * the payer as the first left it (a plan running, or a payment form it may answer again) instead
 * of the state it read before the first had saved. The provider's calls run under the lock, not
 * in a transaction (decision 022).
 */
export function onePayerAtATime(db: DB, dialect: Pick<Dialect, 'lock'>, provider: BillingProvider): BillingProvider {
  return {
    ...provider,
    async create(payer, promoCode): Promise<CreateSubscriptionResult> {
      try {
        return await dialect.lock(
          `billing:payer:${payer.key}`,
          async () => {
            const current = await reloadPayer(db, payer);
            if (!current) return fail('NOT_FOUND', 'Not found');
            if (current.kind === 'team' && current.subscriptionStatus === 'suspended') fail('BAD_REQUEST', TEAM_SUSPENDED_NO_SUBSCRIBE);
            if (hasRunningPlan(current)) {
              return { subscriptionId: current.billingSubscriptionId ?? '', is100PercentOff: false, message: ALREADY_ACTIVE };
            }
            return provider.create(current, promoCode);
          },
          { timeoutMs: PAYER_LOCK_WAIT_MS },
        );
      } catch (e) {
        if (e instanceof LockTimeoutError) fail('CONFLICT', SUBSCRIBE_IN_PROGRESS);
        throw e;
      }
    },
  };
}
