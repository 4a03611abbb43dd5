import { eq } from 'drizzle-orm';
import type { TeamRow, UserRow } from '../../../../db/schema';
import { hasOwnSubscription } from '../../../shared/access';
import type { PersonalPlanChange } from '../../../shared/schemas/subscription';
import type { DB } from '../../db';
import { isGift, savePayerState, userPayer } from './payer';
import type { BillingProvider } from './types';

export const COVERAGE_MESSAGES = {
  trialEnded: (team: string) => `Your personal trial has ended and you will not be charged for it. ${team} covers you now.`,
  planEnds: (team: string, day: string) => `Your personal plan will not renew; you keep it until ${day}. ${team} covers you now.`,
  planEndsUndated: (team: string) => `Your personal plan will not renew. ${team} covers you now.`,
  alreadyCovered: (team: string) => `${team} already covers you with its subscription. You do not need a plan of your own.`,
} as const;

/** A plan of the user's own that would keep running (and billing) beside a team's. */
export const runsBesideTeam = (user: UserRow): boolean =>
  user.teamId != null && hasOwnSubscription(user) && !user.cancelAtPeriodEnd && !isGift(user.billingSubscriptionId);

/**
 * One coverage at a time: once an active team covers a user, their own plan stops. A trial ends
 * at once (with Stripe it is cancelled before it could charge); a paid plan is cancelled at the
 * end of the period already paid for. Gifts and plans already ending are left to run out.
 */
export function createCoverage(db: DB, provider: BillingProvider) {
  const { teams, users } = db.tables;

  async function coveringTeam(user: UserRow): Promise<TeamRow | undefined> {
    if (user.teamId == null) return undefined;
    const [team] = await db.select().from(teams).where(eq(teams.id, user.teamId)).limit(1);
    return team?.subscriptionStatus === 'active' ? team : undefined;
  }

  return {
    coveringTeam,

    /** Ends the user's own plan if an active team covers them; null when there was nothing to end. */
    async endPersonalPlanForCoverage(userId: number): Promise<PersonalPlanChange | null> {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user || !runsBesideTeam(user)) return null;
      const team = await coveringTeam(user);
      if (!team) return null;
      const payer = userPayer(user);
      if (user.subscriptionStatus === 'trialing') {
        await provider.end(payer);
        await savePayerState(db, payer, {
          subscriptionStatus: 'inactive',
          subscriptionPlan: null,
          subscriptionRenewalDate: null,
          cancelAtPeriodEnd: false,
        });
        return { outcome: 'ended', accessUntil: null, message: COVERAGE_MESSAGES.trialEnded(team.name) };
      }
      // A plan an administrator set by hand has nothing at the provider to cancel.
      if (user.billingSubscriptionId) await provider.cancel(payer);
      else
        await savePayerState(db, payer, {
          subscriptionStatus: user.subscriptionStatus,
          subscriptionPlan: user.subscriptionPlan,
          subscriptionRenewalDate: user.subscriptionRenewalDate,
          cancelAtPeriodEnd: true,
        });
      const [after] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      const accessUntil = after?.subscriptionRenewalDate?.toISOString() ?? null;
      return {
        outcome: 'ends_at_period_end',
        accessUntil,
        message: accessUntil
          ? COVERAGE_MESSAGES.planEnds(team.name, accessUntil.slice(0, 10))
          : COVERAGE_MESSAGES.planEndsUndated(team.name),
      };
    },
  };
}

export type Coverage = ReturnType<typeof createCoverage>;
