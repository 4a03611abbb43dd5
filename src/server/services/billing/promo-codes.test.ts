import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/limits';
import { createTestApp, type TestApp } from '../../test-app';
import { get, login, post, registerUser } from '../../test-http';
import type { NewPromoCode } from './promo-codes';

let t: TestApp;
afterEach(() => t?.close());

const seed = (p: NewPromoCode) => t.services.billing.promos.create(p);

async function validate(token: string, promoCode: string) {
  const res = await post(t, '/api/validate-promo-code', { promoCode }, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function subscribe(token: string, promoCode?: string) {
  const res = await post(t, '/api/create-subscription', promoCode === undefined ? {} : { promoCode }, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { subscriptionId: string; is100PercentOff: boolean; message: string; clientSecret?: string };
}

const timesRedeemed = async (code: string) => {
  const { promoCodes } = t.db.tables;
  return (await t.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]!.timesRedeemed;
};

describe('promo codes with local billing', () => {
  it('answers an unknown, disabled or empty code with {valid:false, message} and nothing else', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    await seed({ code: 'SPRING', percentOff: 20 });
    await t.services.billing.promos.disable('spring');

    for (const code of ['NOPE', 'SPRING']) {
      const body = await validate(token, code);
      expect(body).toEqual({ valid: false, message: 'Invalid promo code' });
    }
    expect(await validate(token, '   ')).toEqual({ valid: false, message: 'Please enter a promo code' });

    const missing = await post(t, '/api/validate-promo-code', {}, { token });
    expect(missing.status).toBe(400);
  });

  it('describes a percent, an amount and a full discount in the {valid, message, discount} shape', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    await seed({ code: 'QUARTER', percentOff: 25 });
    await seed({ code: 'TENNER', amountOff: 1000 });
    await seed({ code: 'NEWSROOM', percentOff: 100 });
    await seed({ code: 'ALLOFIT', amountOff: 5000 });

    const quarter = await validate(token, ' quarter ');
    expect(Object.keys(quarter).sort()).toEqual(['discount', 'message', 'valid']);
    expect(quarter).toEqual({
      valid: true,
      message: 'Promo code applied: 25% off',
      discount: { amount: 25, type: 'percent', is100PercentOff: false },
    });
    expect(await validate(token, 'TENNER')).toEqual({
      valid: true,
      message: 'Promo code applied: $10.00 off',
      discount: { amount: 10, type: 'amount', is100PercentOff: false },
    });
    expect(await validate(token, 'NEWSROOM')).toMatchObject({
      valid: true,
      discount: { amount: 100, type: 'percent', is100PercentOff: true },
    });
    expect(await validate(token, 'ALLOFIT')).toMatchObject({
      valid: true,
      discount: { amount: 50, type: 'amount', is100PercentOff: true },
    });
  });

  it('refuses a code after its expiry', async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    const token = await registerUser(t, 'mariana');
    await seed({ code: 'LAUNCH', percentOff: 30, expiresAt: new Date('2026-03-02T12:00:00Z') });
    t.clock.set('2026-03-02T11:59:59.999Z');
    expect(await validate(token, 'LAUNCH')).toMatchObject({ valid: true });
    t.clock.advance(1);
    expect(await validate(token, 'LAUNCH')).toEqual({ valid: false, message: 'This promo code has expired' });
    await subscribe(token, 'LAUNCH');
    expect(await timesRedeemed('LAUNCH')).toBe(0);
  });

  it('a 100% code subscribes without a card and counts one redemption; the next user finds it used up', async () => {
    t = createTestApp();
    const first = await registerUser(t, 'mariana');
    const second = await registerUser(t, 'tomas');
    await seed({ code: 'GIFT', percentOff: 100, maxRedemptions: 1 });

    const created = await subscribe(first, 'GIFT');
    expect(created).toMatchObject({ is100PercentOff: true });
    expect(created).not.toHaveProperty('clientSecret');
    expect(await timesRedeemed('GIFT')).toBe(1);

    expect(await validate(second, 'GIFT')).toEqual({ valid: false, message: 'This promo code has reached its redemption limit' });
    expect(await subscribe(second, 'GIFT')).toMatchObject({ is100PercentOff: false });
    expect(await timesRedeemed('GIFT')).toBe(1);
  });

  it('two users redeeming the last use at once: exactly one gets it', async () => {
    t = createTestApp();
    const { promoCodes, promoRedemptions } = t.db.tables;
    const tokens = await Promise.all(['mariana', 'tomas', 'ines'].map((u) => registerUser(t, u)));
    await seed({ code: 'LASTONE', percentOff: 100, maxRedemptions: 2 });
    await subscribe(tokens[2]!, 'LASTONE');

    const results = await Promise.all(tokens.slice(0, 2).map((token) => subscribe(token, 'LASTONE')));
    expect(results.filter((r) => r.is100PercentOff)).toHaveLength(1);
    expect(await timesRedeemed('LASTONE')).toBe(2);
    const id = (await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'LASTONE')))[0]!.id;
    expect(await t.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, id))).toHaveLength(2);
  });

  it('the same user cannot redeem a code twice, even on a later subscription', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    await seed({ code: 'WELCOME', percentOff: 50 });
    expect(await validate(token, 'WELCOME')).toMatchObject({ valid: true });
    await subscribe(token, 'WELCOME');
    expect(await timesRedeemed('WELCOME')).toBe(1);

    expect(await validate(token, 'welcome')).toEqual({ valid: false, message: 'You have already used this promo code' });
    // The plan ends; a new subscription does not take the code again.
    await post(t, '/api/cancel-subscription', undefined, { token });
    t.clock.advance(8 * DAY_MS);
    const { token: again } = await login(t, 'mariana@news.example');
    expect(await (await get(t, '/api/user', { token: again! })).json()).toMatchObject({ subscriptionStatus: 'inactive' });
    await subscribe(again!, 'WELCOME');
    expect(await timesRedeemed('WELCOME')).toBe(1);
  });

  it('refuses bad codes when an operator creates them', async () => {
    t = createTestApp();
    const bad: Array<[NewPromoCode, RegExp]> = [
      [{ code: 'x', percentOff: 10 }, /2 to 64/],
      [{ code: 'HAS SPACE', percentOff: 10 }, /2 to 64/],
      [{ code: 'BOTH', percentOff: 10, amountOff: 100 }, /exactly one/],
      [{ code: 'NEITHER' }, /exactly one/],
      [{ code: 'ZERO', percentOff: 0 }, /1 to 100/],
      [{ code: 'OVER', percentOff: 101 }, /1 to 100/],
      [{ code: 'HALFCENT', amountOff: 0.5 }, /positive number of cents/],
      [{ code: 'NOLIMIT', percentOff: 10, maxRedemptions: 0 }, /positive whole number/],
    ];
    for (const [input, message] of bad) await expect(seed(input)).rejects.toThrow(message);
    await seed({ code: 'ONCE', percentOff: 10 });
    await expect(seed({ code: 'once', percentOff: 20 })).rejects.toThrow(/already exists/);
    expect((await t.services.billing.promos.list()).map((p) => p.code)).toEqual(['ONCE']);
  });
});
