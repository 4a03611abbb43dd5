import { count, eq } from 'drizzle-orm';
import type { TeamRow, UserRow } from '../../../../db/schema';
import type { CreateSubscriptionResult, PersonalPlanChange, PromoValidation } from '../../../shared/schemas/subscription';
import { TEAM_MESSAGES } from '../../../shared/schemas/team';
import { hasOwnSubscription } from '../../../shared/access';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { DB, Dialect } from '../../db';
import { TRPCError } from '@trpc/server';
import { fail } from '../../errors';
import { DAY_MS, RATE_LIMITS } from '../../../shared/limits';
import { addressKey, type RateLimiter } from '../rate-limiter';
import { COVERAGE_MESSAGES, createCoverage, runsBesideTeam } from './coverage';
import { createLocalBilling } from './local';
import { onePayerAtATime } from './one-payer-at-a-time';
import { TEAM_ERRORS } from '../teams';
import { ALREADY_ACTIVE, NOTHING_TO_CANCEL, TEAM_SUSPENDED_NO_SUBSCRIBE } from './messages';
import { giftSubscriptionId, isGift, loadTeamPayer, savePayerState, teamPayer, userPayer, type TeamPayer, type UserPayer } from './payer';
import { ADMIN_LIMITS } from '../../../shared/schemas/admin';
import { PROFESSIONAL_PLAN } from '../../../shared/plan';
import { createPromoCodeStore } from './promo-codes';
import { createStripeBilling } from './stripe';
import type { BillingProvider } from './types';

export { ALREADY_ACTIVE, NOTHING_TO_CANCEL, TEAM_SUSPENDED_NO_SUBSCRIBE };

/** What the owner's Manage Subscription shows. */
export interface TeamSubscription {
  status: string;
  plan: string | null;
  maxSeats: number;
  usedSeats: number;
  renewalDate: string | null;
  /** The plan ends at `renewalDate` instead of renewing (cancelled in Stripe's portal). */
  cancelAtPeriodEnd: boolean;
  /** Stripe's customer portal for the team's customer; null with local billing or before a first subscription. */
  portalUrl: string | null;
}

/** Stripe when a secret key is configured, otherwise local billing; the rules around them live here. */
export const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. Please try again in a moment.';
export const TOO_MANY_PROMO_CHECKS = 'Too many promo code attempts. Please try again later.';

export function createBillingService(
  db: DB,
  dialect: Pick<Dialect, 'lock'>,
  clock: Clock,
  config: Config,
  limiter: RateLimiter,
  provider?: BillingProvider,
  log: (line: string) => void = (line) => console.error(line),
) {
  const { teams, users } = db.tables;
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
  async function countPromoCheck(user: UserRow, ip: string) {
    await limiter.take(
      [
        [`promo:user:${user.id}`, RATE_LIMITS.promoChecksPerUser],
        [`promo:ip:${addressKey(ip)}`, RATE_LIMITS.promoChecksPerIp],
      ],
      TOO_MANY_PROMO_CHECKS,
    );
  }
  const findTeam = async (teamId: number): Promise<TeamRow | undefined> => {
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
    return team;
  };
  /** Team billing is the owner's: other members are refused, a user in no team finds none. */
  async function ownedTeam(user: UserRow): Promise<TeamPayer> {
    const team = user.teamId != null ? await findTeam(user.teamId) : undefined;
    if (!team) return fail('NOT_FOUND', TEAM_MESSAGES.notInTeam);
    if (team.ownerId !== user.id) fail('FORBIDDEN', TEAM_ERRORS.ownerOnly);
    return teamPayer(team, user);
  }
  /** A gift ends at its renewal date, whichever provider is configured. */
  async function settleGift(payer: UserPayer): Promise<UserPayer> {
    const renewal = payer.subscriptionRenewalDate;
    if (!renewal || renewal.getTime() > clock().getTime()) return payer;
    return savePayerState(db, payer, {
      subscriptionStatus: 'inactive',
      subscriptionPlan: null,
      subscriptionRenewalDate: null,
      cancelAtPeriodEnd: false,
      billingSubscriptionId: null,
    });
  }
  const promos = createPromoCodeStore(db, clock);
  const billing = onePayerAtATime(
    db,
    dialect,
    provider ??
      (config.stripe.secretKey
        ? createStripeBilling(db, clock, {
            secretKey: config.stripe.secretKey,
            priceId: config.stripe.priceId,
            webhookSecret: config.stripe.webhookSecret,
            apiBase: config.stripe.apiBase,
          })
        : createLocalBilling(db, clock, promos)),
  );
  const coverage = createCoverage(db, billing);
  const logFailure = (what: string) => (e: unknown) => {
    log(`billing: ${what} failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
    return null;
  };
  /**
   * Once the team is active, no member's own plan runs beside it. A provider failure is logged:
   * the team's plan stands, and the member's next request tries again (see `settle`).
   */
  async function coverMembers(teamId: number): Promise<Map<number, PersonalPlanChange>> {
    const changes = new Map<number, PersonalPlanChange>();
    const team = await findTeam(teamId);
    if (team?.subscriptionStatus !== 'active') return changes;
    const members = await db.select().from(users).where(eq(users.teamId, teamId));
    for (const member of members.filter(runsBesideTeam)) {
      const change = await coverage.endPersonalPlanForCoverage(member.id).catch(logFailure('ending a covered plan'));
      if (change) changes.set(member.id, change);
    }
    return changes;
  }

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
    async settle(user: UserRow): Promise<UserRow> {
      const payer = userPayer(user);
      const settled = (isGift(payer.billingSubscriptionId) ? await settleGift(payer) : await billing.settle(payer)).user;
      // Coverage can begin away from its owner's request (a webhook, an administrator): caught up here.
      if (!runsBesideTeam(settled)) return settled;
      const change = await coverage.endPersonalPlanForCoverage(settled.id).catch(logFailure('ending a covered plan'));
      if (!change) return settled;
      const [current] = await db.select().from(users).where(eq(users.id, settled.id)).limit(1);
      return current ?? settled;
    },

    /**
     * After a user joins a team: their own plan ends if the team covers them (see coverage.ts).
     * Never throws: the join stands, and a failure is tried again on the user's next request.
     */
    endPersonalPlanForCoverage: (userId: number): Promise<PersonalPlanChange | null> =>
      coverage.endPersonalPlanForCoverage(userId).catch(logFailure('ending a covered plan')),

    /**
     * An admin's gift: the plan for GIFT_DAYS, then it ends (it never bills). Whatever the provider
     * ran for the user stops first, so nobody pays during the gift and no later webhook undoes it.
     */
    async gift(user: UserRow): Promise<UserRow> {
      await viaProvider('end before gift', () => billing.end(userPayer(user)));
      const now = clock();
      const payer = userPayer(user);
      const gifted = await savePayerState(db, payer, {
        subscriptionStatus: 'active',
        subscriptionPlan: PROFESSIONAL_PLAN.id,
        subscriptionRenewalDate: new Date(now.getTime() + ADMIN_LIMITS.giftDays * DAY_MS),
        cancelAtPeriodEnd: true,
        billingSubscriptionId: giftSubscriptionId(payer, now),
      });
      return gifted.user;
    },

    /**
     * After an e-mail, a name or a team's owner changes: Stripe's receipts and portal follow.
     * A failure is logged, not raised: the change itself has been made.
     */
    async syncCustomers(user: UserRow | null, team: TeamRow | null): Promise<void> {
      const payers = [...(user ? [userPayer(user)] : []), ...(team ? [await loadTeamPayer(db, team)] : [])];
      for (const payer of payers) {
        if (!payer.billingCustomerId) continue;
        await billing
          .syncCustomer(payer)
          .catch((e: unknown) => log(`billing: customer update failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`));
      }
    },

    /** An admin ends a user's own plan: the provider stops billing it. */
    endOwn: (user: UserRow) => viaProvider('end', () => billing.end(userPayer(user))),

    /** Before a user (and the team they own) is deleted: the provider stops billing them. */
    async endAll(user: UserRow): Promise<void> {
      await viaProvider('end', () => billing.end(userPayer(user)));
      const [owned] = await db.select().from(teams).where(eq(teams.ownerId, user.id)).limit(1);
      if (owned) await viaProvider('team end', () => billing.end(teamPayer(owned, user)));
    },

    /** Before a team is deleted. */
    endTeam: (team: TeamRow) => viaProvider('team end', async () => billing.end(await loadTeamPayer(db, team))),

    async validatePromo(user: UserRow, promoCode: string, ip: string): Promise<PromoValidation> {
      if (!promoCode) return { valid: false, message: 'Please enter a promo code' };
      await countPromoCheck(user, ip);
      return viaProvider('promo validation', () => billing.validatePromo(promoCode, userPayer(user)));
    },

    async create(user: UserRow, promoCode: string | undefined, ip: string): Promise<CreateSubscriptionResult> {
      if (hasOwnSubscription(user)) {
        return { subscriptionId: user.billingSubscriptionId ?? '', is100PercentOff: false, message: ALREADY_ACTIVE };
      }
      const team = await coverage.coveringTeam(user);
      if (team) fail('BAD_REQUEST', COVERAGE_MESSAGES.alreadyCovered(team.name));
      if (promoCode) await countPromoCheck(user, ip);
      return viaProvider('create', () => billing.create(userPayer(user), promoCode));
    },

    /** After a payment form: the caller's own plan, and the team they own when its plan awaits the same form. */
    async activate(user: UserRow) {
      await viaProvider('activate', () => billing.activate(userPayer(user)));
      const team = user.teamId != null ? await findTeam(user.teamId) : undefined;
      if (team && team.ownerId === user.id && team.billingSubscriptionId && team.subscriptionStatus !== 'active') {
        await viaProvider('team activate', () => billing.activate(teamPayer(team, user)));
        await coverMembers(team.id);
      }
    },

    async cancel(user: UserRow) {
      if (!hasOwnSubscription(user) || user.cancelAtPeriodEnd) fail('BAD_REQUEST', NOTHING_TO_CANCEL);
      await viaProvider('cancel', () => billing.cancel(userPayer(user)));
    },

    /** The owner subscribes the team: one plan covering `maxSeats` members, on the same lifecycle as a user's. */
    async subscribeTeam(user: UserRow, promoCode: string | undefined, ip: string): Promise<CreateSubscriptionResult> {
      const team = await billing.settle(await ownedTeam(user));
      if (team.subscriptionStatus === 'suspended') fail('BAD_REQUEST', TEAM_SUSPENDED_NO_SUBSCRIBE);
      if (team.subscriptionStatus === 'active') {
        return { subscriptionId: team.billingSubscriptionId ?? '', is100PercentOff: false, message: ALREADY_ACTIVE };
      }
      if (promoCode) await countPromoCheck(user, ip);
      const result = await viaProvider('team create', () => billing.create(team, promoCode));
      const personalPlan = (await coverMembers(team.id)).get(user.id);
      return personalPlan ? { ...result, personalPlan } : result;
    },

    async teamSubscription(user: UserRow, returnUrl: string): Promise<TeamSubscription> {
      let team = await billing.settle(await ownedTeam(user));
      // A payment form may have finished since (the webhook can lag or be unconfigured): ask once.
      if (team.billingSubscriptionId && team.subscriptionStatus !== 'active' && team.subscriptionStatus !== 'suspended') {
        await viaProvider('team activate', () => billing.activate(team));
        await coverMembers(team.id);
        team = await loadTeamPayer(db, (await findTeam(team.id))!);
      }
      let portalUrl: string | null = null;
      try {
        portalUrl = await billing.portalUrl(team, returnUrl);
      } catch (e) {
        // The page still shows plan, seats and renewal date; only the portal button waits.
        log(`billing: portal session failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
      }
      return {
        status: team.team.subscriptionStatus,
        plan: team.team.subscriptionPlan,
        maxSeats: team.team.maxSeats,
        usedSeats: (await db.select({ n: count() }).from(users).where(eq(users.teamId, team.id)))[0]?.n ?? 0,
        renewalDate: team.team.subscriptionRenewalDate?.toISOString() ?? null,
        cancelAtPeriodEnd: team.team.cancelAtPeriodEnd,
        portalUrl,
      };
    },

    /** Call after a team's `maxSeats` changes: Stripe bills the new number of seats from now on. */
    updateTeamSeats: (team: TeamRow, prorationDate?: number) =>
      viaProvider('team seats', async () => billing.updateSeats(await loadTeamPayer(db, team), prorationDate)),

    /** What `seats` would cost the team; null when Copydesk bills nothing for them. */
    previewTeamSeats: (team: TeamRow, seats: number) =>
      viaProvider('team seat preview', async () => billing.previewSeats(await loadTeamPayer(db, team), seats)),

    /** Rolls a team's local period forward, as `settle` does for a user. */
    settleTeam: async (team: TeamRow): Promise<TeamRow> => (await billing.settle(await loadTeamPayer(db, team))).team,

    handleWebhook(payload: string, signature: string) {
      if (!billing.handleWebhook) fail('NOT_FOUND', 'Not found');
      return billing.handleWebhook(payload, signature);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
