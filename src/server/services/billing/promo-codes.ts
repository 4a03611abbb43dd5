import { and, eq, sql } from 'drizzle-orm';
import { promoCodes, promoRedemptions, type PromoCodeRow } from '../../../../db/schema';
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
  const find = (code: string) => db.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase())).get();

  function check(code: string, userId?: number): { row?: PromoCodeRow; result: PromoValidation } {
    const row = find(code);
    if (!row || !row.active) return { result: { valid: false, message: PROMO_MESSAGES.invalid } };
    if (row.expiresAt && row.expiresAt.getTime() <= clock().getTime()) return { result: { valid: false, message: PROMO_MESSAGES.expired } };
    if (row.maxRedemptions != null && row.timesRedeemed >= row.maxRedemptions) {
      return { result: { valid: false, message: PROMO_MESSAGES.usedUp } };
    }
    if (
      userId != null &&
      db
        .select({ id: promoRedemptions.id })
        .from(promoRedemptions)
        .where(and(eq(promoRedemptions.promoCodeId, row.id), eq(promoRedemptions.userId, userId)))
        .get()
    ) {
      return { result: { valid: false, message: PROMO_MESSAGES.alreadyUsed } };
    }
    return { row, result: describeDiscount(row.percentOff, row.amountOff) };
  }

  return {
    validate: (code: string, userId?: number) => check(code, userId).result,

    /**
     * Checks and counts one redemption in a single synchronous transaction, taking the write lock
     * first: another process (a second server, the CLI) writing between the check and the count
     * would otherwise fail the deferred transaction with SQLITE_BUSY_SNAPSHOT.
     */
    redeem(code: string, userId: number): PromoValidation {
      return db.transaction(
        (tx) => {
          const { row, result } = check(code, userId);
          if (!row) return result;
          const bumped = tx
            .update(promoCodes)
            .set({ timesRedeemed: sql`${promoCodes.timesRedeemed} + 1` })
            .where(
              and(
                eq(promoCodes.id, row.id),
                sql`(${promoCodes.maxRedemptions} IS NULL OR ${promoCodes.timesRedeemed} < ${promoCodes.maxRedemptions})`,
              ),
            )
            .run();
          if (bumped.changes === 0) return { valid: false, message: PROMO_MESSAGES.usedUp };
          tx.insert(promoRedemptions).values({ promoCodeId: row.id, userId, createdAt: clock() }).run();
          return result;
        },
        { behavior: 'immediate' },
      );
    },

    create(input: NewPromoCode): PromoCodeRow {
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
      if (find(code)) fail('CONFLICT', `Promo code ${code} already exists`);
      return db
        .insert(promoCodes)
        .values({
          code,
          percentOff: input.percentOff ?? null,
          amountOff: input.amountOff ?? null,
          expiresAt: input.expiresAt ?? null,
          maxRedemptions: input.maxRedemptions ?? null,
          createdAt: clock(),
        })
        .returning()
        .get();
    },

    list: () => db.select().from(promoCodes).all(),

    disable(code: string): boolean {
      return db.update(promoCodes).set({ active: false }).where(eq(promoCodes.code, code.trim().toUpperCase())).run().changes > 0;
    },
  };
}

export type PromoCodeStore = ReturnType<typeof createPromoCodeStore>;
