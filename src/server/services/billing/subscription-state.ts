import { eq } from 'drizzle-orm';
import type { UserRow } from '../../../../db/schema';
import type { DB } from '../../db';

export interface SubscriptionState {
  subscriptionStatus: string;
  subscriptionPlan: string | null;
  subscriptionRenewalDate: Date | null;
  cancelAtPeriodEnd: boolean;
  billingSubscriptionId?: string | null;
  billingCustomerId?: string | null;
  trialUsedAt?: Date;
}

/** The one writer of a user's subscription fields. */
export async function saveSubscriptionState(db: DB, userId: number, state: SubscriptionState): Promise<UserRow> {
  const { users } = db.tables;
  const [row] = await db.update(users).set(state).where(eq(users.id, userId)).returning();
  if (!row) throw new Error(`user ${userId} vanished while saving its subscription`);
  return row;
}

export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCMonth(d.getUTCMonth() + months, 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}
