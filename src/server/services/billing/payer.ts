import { eq, sql } from 'drizzle-orm';
import type { TeamRow, UserRow } from '../../../../db/schema';
import type { DB } from '../../db';
import { saveSubscriptionState, type SubscriptionState } from './subscription-state';

interface PayerFields {
  id: number;
  /** The person behind the payment: the user, or the team's owner. Promo codes and the one trial are theirs. */
  person: UserRow;
  /** The customer's name at the provider. */
  name: string;
  /** Seats billed: 1 for a user, `maxSeats` for a team. */
  quantity: number;
  /** Names the payer in provider ids and idempotency keys: `7` for a user (as before teams), `team-7` for a team. */
  key: string;
  subscriptionStatus: string;
  subscriptionPlan: string | null;
  subscriptionRenewalDate: Date | null;
  cancelAtPeriodEnd: boolean;
  billingCustomerId: string | null;
  billingSubscriptionId: string | null;
  trialUsedAt: Date | null;
}

export type UserPayer = PayerFields & { kind: 'user'; user: UserRow };
export type TeamPayer = PayerFields & { kind: 'team'; team: TeamRow };
/** Who pays for a subscription: a user for their own plan, or a team for its members. */
export type Payer = UserPayer | TeamPayer;

const billingFields = (row: UserRow | TeamRow) => ({
  id: row.id,
  subscriptionStatus: row.subscriptionStatus,
  subscriptionPlan: row.subscriptionPlan,
  subscriptionRenewalDate: row.subscriptionRenewalDate,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  billingCustomerId: row.billingCustomerId,
  billingSubscriptionId: row.billingSubscriptionId,
});

export function userPayer(user: UserRow): UserPayer {
  return {
    kind: 'user',
    user,
    ...billingFields(user),
    person: user,
    name: user.username,
    quantity: 1,
    key: String(user.id),
    trialUsedAt: user.trialUsedAt,
  };
}

export function teamPayer(team: TeamRow, owner: UserRow): TeamPayer {
  return {
    kind: 'team',
    team,
    ...billingFields(team),
    person: owner,
    name: team.name,
    quantity: team.maxSeats,
    key: `team-${team.id}`,
    trialUsedAt: owner.trialUsedAt,
  };
}

export async function loadTeamPayer(db: DB, team: TeamRow): Promise<TeamPayer> {
  const { users } = db.tables;
  const [owner] = await db.select().from(users).where(eq(users.id, team.ownerId)).limit(1);
  if (!owner) throw new Error(`team ${team.id} has no owner row`);
  return teamPayer(team, owner);
}

/** The payer as the database holds it now (another request may have changed it); undefined once deleted. */
export async function reloadPayer<P extends Payer>(db: DB, payer: P): Promise<P | undefined> {
  const { teams, users } = db.tables;
  if (payer.kind === 'user') {
    const [user] = await db.select().from(users).where(eq(users.id, payer.id)).limit(1);
    return user ? (userPayer(user) as P) : undefined;
  }
  const [team] = await db.select().from(teams).where(eq(teams.id, payer.id)).limit(1);
  return team ? ((await loadTeamPayer(db, team)) as P) : undefined;
}

/**
 * A team is `active` or not (ARCHITECTURE.md counts only `active`), so a running
 * plan, trial included, is `active`; one that has not started or has ended is
 * `inactive`; a plan in arrears keeps the provider's word (past_due, unpaid, paused).
 */
export function teamStatusFor(providerStatus: string): string {
  if (providerStatus === 'active' || providerStatus === 'trialing') return 'active';
  if (providerStatus === 'incomplete' || providerStatus === 'incomplete_expired' || providerStatus === 'canceled') return 'inactive';
  return providerStatus;
}

/** A plan an admin gave: it names no provider subscription, and it ends at its renewal date. */
export const giftSubscriptionId = (payer: Payer, now: Date) => `gift_${payer.key}_${now.getTime()}`;
export const isGift = (subscriptionId: string | null): boolean => subscriptionId?.startsWith('gift_') ?? false;

/** The one writer of a payer's subscription fields. */
export async function savePayerState<P extends Payer>(db: DB, payer: P, state: SubscriptionState & { quantity?: number }): Promise<P> {
  const { teams, users } = db.tables;
  const { quantity, trialUsedAt, ...fields } = state;
  if (payer.kind === 'user') {
    return userPayer(await saveSubscriptionState(db, payer.id, { ...fields, ...(trialUsedAt ? { trialUsedAt } : {}) })) as P;
  }
  // The team's state and its owner's spent trial are written together.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(teams)
      .set({
        ...fields,
        // A suspension is an administrator's decision: billing news never lifts it, even one
        // that lands between this team being read and written.
        subscriptionStatus: sql`CASE WHEN ${teams.subscriptionStatus} = 'suspended' THEN 'suspended' ELSE ${teamStatusFor(fields.subscriptionStatus)} END`,
        ...(quantity != null && quantity >= 1 ? { maxSeats: quantity } : {}),
      })
      .where(eq(teams.id, payer.id))
      .returning();
    if (!row) throw new Error(`team ${payer.id} vanished while saving its subscription`);
    let owner = payer.person;
    if (trialUsedAt && !owner.trialUsedAt) {
      const [updated] = await tx.update(users).set({ trialUsedAt }).where(eq(users.id, owner.id)).returning();
      owner = updated ?? owner;
    }
    return teamPayer(row, owner) as P;
  });
}

export async function saveCustomerId(db: DB, payer: Payer, customerId: string): Promise<void> {
  const { teams, users } = db.tables;
  if (payer.kind === 'user') await db.update(users).set({ billingCustomerId: customerId }).where(eq(users.id, payer.id));
  else await db.update(teams).set({ billingCustomerId: customerId }).where(eq(teams.id, payer.id));
}
