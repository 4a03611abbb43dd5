import { and, asc, eq, sql } from 'drizzle-orm';
import type { PromoCodeRow } from '../../../../db/schema';
import type { PromoValidation } from '../../../shared/schemas/subscription';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { fail } from '../../errors';
import { PROFESSIONAL_PLAN } from '../../../shared/plan';

export const PROMO_MESSAGES = {
  invalid: 'Invalid promo code',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has reached its redemption limit',
  alreadyUsed: 'You have already used this promo code',
} as const;

export interface NewPromoCode {
  code: string;
  percentOff?: number;
  amountOff?: number;
  expiresAt?: Date;
  maxRedemptions?: number;
}

/** What a code takes off, in the words the subscribe page shows. */
export function describeDiscount(percentOff: number | null, amountOffCents: number | null): PromoValidation {
  if (percentOff != null) {
    return {
      valid: true,
      message: percentOff >= 100 ? 'Promo code applied: 100% off. No card needed.' : `Promo code applied: ${percentOff}% off`,
      discount: { amount: percentOff, type: 'percent', is100PercentOff: percentOff >= 100 },
    };
  }
  const amount = (amountOffCents ?? 0) / 100;
  const full = amount >= PROFESSIONAL_PLAN.price;
  return {
    valid: true,
    message: full ? 'Promo code applied: 100% off. No card needed.' : `Promo code applied: $${amount.toFixed(2)} off`,
    discount: { amount, type: 'amount', is100PercentOff: full },
  };
}

export function createPromoCodeStore(db: DB, clock: Clock) {
  const { promoCodes, promoRedemptions } = db.tables;
  const find = async (code: string): Promise<PromoCodeRow | undefined> => {
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase())).limit(1);
    return row;
  };

  async function check(code: string, userId?: number): Promise<{ row?: PromoCodeRow; result: PromoValidation }> {
    const row = await find(code);
    if (!row || !row.active) return { result: { valid: false, message: PROMO_MESSAGES.invalid } };
    if (row.expiresAt && row.expiresAt.getTime() <= clock().getTime()) return { result: { valid: false, message: PROMO_MESSAGES.expired } };
    if (row.maxRedemptions != null && row.timesRedeemed >= row.maxRedemptions) {
      return { result: { valid: false, message: PROMO_MESSAGES.usedUp } };
    }
    if (
      userId != null &&
      (
        await db
          .select({ id: promoRedemptions.id })
          .from(promoRedemptions)
          .where(and(eq(promoRedemptions.promoCodeId, row.id), eq(promoRedemptions.userId, userId)))
          .limit(1)
      ).length > 0
    ) {
      return { result: { valid: false, message: PROMO_MESSAGES.alreadyUsed } };
    }
    return { row, result: describeDiscount(row.percentOff, row.amountOff) };
  }

  return {
    validate: async (code: string, userId?: number) => (await check(code, userId)).result,

    /**
     * Checks and counts one redemption in one transaction, which takes the write lock first
     * (BEGIN IMMEDIATE): another process (a second server, the CLI) writing between the check and
     * the count would otherwise fail a deferred transaction with SQLITE_BUSY_SNAPSHOT.
     */
    redeem(code: string, userId: number): Promise<PromoValidation> {
      return db.transaction(async (tx) => {
        const { row, result } = await check(code, userId);
        if (!row) return result;
        const bumped = await tx
          .update(promoCodes)
          .set({ timesRedeemed: sql`${promoCodes.timesRedeemed} + 1` })
          .where(
            and(
              eq(promoCodes.id, row.id),
              sql`(${promoCodes.maxRedemptions} IS NULL OR ${promoCodes.timesRedeemed} < ${promoCodes.maxRedemptions})`,
            ),
          )
          .returning({ id: promoCodes.id });
        if (bumped.length === 0) return { valid: false, message: PROMO_MESSAGES.usedUp };
        await tx.insert(promoRedemptions).values({ promoCodeId: row.id, userId, createdAt: clock() });
        return result;
      });
    },

    async create(input: NewPromoCode): Promise<PromoCodeRow> {
      const code = input.code.trim().toUpperCase();
      if (!/^[A-Z0-9-]{2,64}$/.test(code)) fail('BAD_REQUEST', 'A promo code is 2 to 64 letters, digits or dashes');
      const hasPercent = input.percentOff != null;
      if (hasPercent === (input.amountOff != null)) fail('BAD_REQUEST', 'Give exactly one of a percent or an amount off');
      if (hasPercent && !(Number.isInteger(input.percentOff) && input.percentOff! >= 1 && input.percentOff! <= 100)) {
        fail('BAD_REQUEST', 'Percent off must be a whole number from 1 to 100');
      }
      if (!hasPercent && !(Number.isInteger(input.amountOff) && input.amountOff! > 0)) {
        fail('BAD_REQUEST', 'Amount off must be a positive number of cents');
      }
      if (input.maxRedemptions != null && !(Number.isInteger(input.maxRedemptions) && input.maxRedemptions > 0)) {
        fail('BAD_REQUEST', 'The redemption limit must be a positive whole number');
      }
      if (await find(code)) fail('CONFLICT', `Promo code ${code} already exists`);
      const [row] = await db
        .insert(promoCodes)
        .values({
          code,
          percentOff: input.percentOff ?? null,
          amountOff: input.amountOff ?? null,
          expiresAt: input.expiresAt ?? null,
          maxRedemptions: input.maxRedemptions ?? null,
          createdAt: clock(),
        })
        .returning();
      return row!;
    },

    list: (): Promise<PromoCodeRow[]> => db.select().from(promoCodes).orderBy(asc(promoCodes.id)),

    async disable(code: string): Promise<boolean> {
      const changed = await db
        .update(promoCodes)
        .set({ active: false })
        .where(eq(promoCodes.code, code.trim().toUpperCase()))
        .returning({ id: promoCodes.id });
      return changed.length > 0;
    },
  };
}

export type PromoCodeStore = ReturnType<typeof createPromoCodeStore>;
