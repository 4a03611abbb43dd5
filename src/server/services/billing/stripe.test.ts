import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startStripeServer, STRIPE_TEST_PRICE, type StripeServer } from '../../../../tests/support/stripe-server';
import { hasEditorAccess } from '../../../shared/access';
import { DAY_MS } from '../../../shared/limits';
import type { PublicUser } from '../../../shared/types';
import { createTestApp, type TestApp } from '../../test-app';
import { get, post, registerUser } from '../../test-http';
import { REPEAT_WINDOW_MS } from './stripe';

let t: TestApp;
let stripe: StripeServer;

beforeEach(async () => {
  stripe = await startStripeServer({ now: () => t.clock().getTime() });
  t = createTestApp({ env: stripe.env() });
});
afterEach(async () => {
  await t?.close();
  await stripe?.close();
});

const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

async function me(token: string): Promise<PublicUser> {
  const res = await get(t, '/api/user', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as PublicUser;
}

async function create(token: string, promoCode?: string) {
  const res = await post(t, '/api/create-subscription', promoCode === undefined ? {} : { promoCode }, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { subscriptionId: string; clientSecret?: string; is100PercentOff: boolean; message: string };
}

async function activate(token: string): Promise<PublicUser> {
  const res = await post(t, '/api/activate-subscription', undefined, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as PublicUser;
}

const canEdit = (u: PublicUser) => hasEditorAccess(u, null);
const setupIntentOf = (subscriptionId: string) => String(stripe.subscription(subscriptionId).pending_setup_intent);

describe('Stripe billing: subscribing', () => {
  it('creates the customer once and a trialing subscription whose setup form is the client secret; no access until a card is on file', async () => {
    const token = await registerUser(t, 'mariana');
    const user = await me(token);

    const created = await create(token);
    const [sub] = stripe.subscriptions();
    expect(sub).toBeDefined();
    const setupIntent = stripe.setupIntent(String(sub!.pending_setup_intent));
    expect(created).toEqual({
      subscriptionId: sub!.id,
      clientSecret: setupIntent.client_secret,
      is100PercentOff: false,
      message: 'Subscription created; add a payment method to start your trial',
    });

    const customerCalls = stripe.posts('/v1/customers');
    expect(customerCalls).toHaveLength(1);
    expect(customerCalls[0]!.idempotencyKey).toBe(`copydesk-customer-${user.id}`);
    expect(customerCalls[0]!.params).toMatchObject({ email: 'mariana@news.example', metadata: { userId: String(user.id) } });

    const [subscriptionCall] = stripe.posts('/v1/subscriptions');
    expect(subscriptionCall!.idempotencyKey).toMatch(/^copydesk-/);
    expect(subscriptionCall!.params).toMatchObject({
      customer: stripe.customers()[0]!.id,
      items: [{ price: STRIPE_TEST_PRICE }],
      trial_period_days: '7',
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { userId: String(user.id) },
    });
    expect(subscriptionCall!.params).not.toHaveProperty('discounts');

    // Arriving on /success (or calling activate) without a confirmed card grants nothing.
    const waiting = await activate(token);
    expect(waiting).toMatchObject({ subscriptionStatus: 'incomplete', subscriptionPlan: null });
    expect(canEdit(waiting)).toBe(false);
    expect(canEdit(await me(token))).toBe(false);
  });

  it('activates once the setup intent has succeeded: the card becomes the default and the trial gives access', async () => {
    const token = await registerUser(t, 'mariana');
    const { subscriptionId } = await create(token);
    const paymentMethod = stripe.succeedSetupIntent(setupIntentOf(subscriptionId));

    const user = await activate(token);
    expect(user).toMatchObject({
      subscriptionStatus: 'trialing',
      subscriptionPlan: 'professional',
      subscriptionRenewalDate: '2026-03-09T09:00:00.000Z',
      cancelAtPeriodEnd: false,
    });
    expect(canEdit(user)).toBe(true);
    expect(stripe.subscription(subscriptionId).default_payment_method).toBe(paymentMethod);
    const [update] = stripe.posts(`/v1/subscriptions/${subscriptionId}`);
    expect(update!.params).toMatchObject({ default_payment_method: paymentMethod });
    expect(update!.idempotencyKey).toMatch(/^copydesk-/);

    const again = await create(token);
    expect(again).toMatchObject({ message: 'Subscription already active', subscriptionId });
    expect(stripe.subscriptions()).toHaveLength(1);
  });

  it('activates without touching the subscription when Stripe already saved the card on it', async () => {
    const token = await registerUser(t, 'mariana');
    const { subscriptionId } = await create(token);
    stripe.succeedSetupIntent(setupIntentOf(subscriptionId), { setAsDefault: true });
    expect(await activate(token)).toMatchObject({ subscriptionStatus: 'trialing' });
    expect(stripe.posts(`/v1/subscriptions/${subscriptionId}`)).toHaveLength(0);
  });

  it('a double click creates one subscription', async () => {
    const token = await registerUser(t, 'mariana');
    const [a, b] = await Promise.all([create(token), create(token)]);
    expect(a.subscriptionId).toBe(b.subscriptionId);
    expect(a.clientSecret).toBe(b.clientSecret);
    expect(stripe.subscriptions()).toHaveLength(1);
    expect(stripe.customers()).toHaveLength(1);
    expect(stripe.subscription(a.subscriptionId).status).toBe('trialing');
  });

  it('two different requests at once (two tabs, one with a code) leave one live subscription, the one the user holds', async () => {
    const { users } = t.db.tables;
    stripe.seedPromotionCode({ code: 'HALF', percentOff: 50 });
    const token = await registerUser(t, 'mariana');
    await Promise.all([create(token), create(token, 'HALF')]);
    const live = stripe.subscriptions().filter((s) => s.status !== 'canceled');
    expect(live).toHaveLength(1);
    const { id } = await me(token);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.billingSubscriptionId).toBe(live[0]!.id);
  });

  it('the same request moments later (a second tab, an answer lost) gets the same payment form; another code is a new attempt', async () => {
    stripe.seedPromotionCode({ code: 'HALF', percentOff: 50 });
    const token = await registerUser(t, 'mariana');
    const first = await create(token);
    t.clock.advance(REPEAT_WINDOW_MS - 1000);
    expect(await create(token)).toEqual(first);
    expect(stripe.subscriptions()).toHaveLength(1);

    const withCode = await create(token, 'HALF');
    expect(withCode.subscriptionId).not.toBe(first.subscriptionId);
    expect(stripe.subscription(first.subscriptionId).status).toBe('canceled');
    expect(await create(token, 'half')).toEqual(withCode);
    expect(stripe.subscriptions()).toHaveLength(2);
  });

  it('an abandoned payment form neither uses up the trial nor leaves a second live subscription behind', async () => {
    const token = await registerUser(t, 'mariana');
    const first = await create(token);
    // The user comes back later: the old form is not the answer any more.
    t.clock.advance(REPEAT_WINDOW_MS);
    const second = await create(token);
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    expect(second.clientSecret).toMatch(/^seti_/);

    expect(stripe.customers()).toHaveLength(1);
    expect(stripe.subscription(first.subscriptionId).status).toBe('canceled');
    expect(stripe.posts('/v1/subscriptions').at(-1)!.params).toMatchObject({ trial_period_days: '7' });

    stripe.succeedSetupIntent(setupIntentOf(second.subscriptionId));
    expect(await activate(token)).toMatchObject({ subscriptionStatus: 'trialing' });
  });

  it('starts afresh when Stripe no longer knows the stored customer and subscription (keys moved to another account)', async () => {
    const { users } = t.db.tables;
    const token = await registerUser(t, 'mariana');
    const { id } = await me(token);
    await t.db
      .update(users)
      .set({ billingCustomerId: 'cus_elsewhere', billingSubscriptionId: 'sub_elsewhere', subscriptionStatus: 'incomplete' })
      .where(eq(users.id, id));

    const created = await create(token);
    expect(created.clientSecret).toMatch(/^seti_/);
    const [customer] = stripe.customers();
    expect(stripe.subscription(created.subscriptionId).customer).toBe(customer!.id);
    expect(stripe.posts('/v1/customers')[0]!.idempotencyKey).toBe(`copydesk-customer-${id}-after-cus_elsewhere`);
    stripe.succeedSetupIntent(setupIntentOf(created.subscriptionId));
    expect(await activate(token)).toMatchObject({ subscriptionStatus: 'trialing' });
  });

  it('a 100% code starts the subscription without a card or client secret', async () => {
    const promo = stripe.seedPromotionCode({ code: 'NEWSROOM', percentOff: 100 });
    const token = await registerUser(t, 'mariana');
    const created = await create(token, 'newsroom');
    expect(created).toMatchObject({ is100PercentOff: true });
    expect(created).not.toHaveProperty('clientSecret');
    expect(stripe.posts('/v1/subscriptions')[0]!.params).toMatchObject({
      discounts: [{ promotion_code: promo.id }],
      metadata: { free: 'true' },
    });

    const user = await me(token);
    expect(user).toMatchObject({ subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
    expect(canEdit(user)).toBe(true);
    expect(stripe.promotionCode(String(promo.id)).times_redeemed).toBe(1);
  });

  it('a partial code is applied and the card is still asked for; an invalid one is left out', async () => {
    const half = stripe.seedPromotionCode({ code: 'HALF', percentOff: 50 });
    stripe.seedPromotionCode({ code: 'GONE', percentOff: 50, expiresAt: unix('2026-03-01T00:00:00Z') });
    const mariana = await registerUser(t, 'mariana');
    const partial = await create(mariana, 'HALF');
    expect(partial).toMatchObject({ is100PercentOff: false, clientSecret: expect.stringMatching(/^seti_/) });
    expect(stripe.posts('/v1/subscriptions')[0]!.params).toMatchObject({ discounts: [{ promotion_code: half.id }] });
    expect(canEdit(await me(mariana))).toBe(false);

    const tomas = await registerUser(t, 'tomas');
    const plain = await create(tomas, 'GONE');
    expect(plain).toMatchObject({ is100PercentOff: false, clientSecret: expect.stringMatching(/^seti_/) });
    expect(stripe.posts('/v1/subscriptions')[1]!.params).not.toHaveProperty('discounts');
  });

  it('a code Stripe refuses when redeeming still lets the user subscribe, at full price', async () => {
    stripe.seedPromotionCode({ code: 'BIGORDERS', percentOff: 20, minimumAmount: 100_00 });
    const token = await registerUser(t, 'mariana');
    const created = await create(token, 'BIGORDERS');
    expect(created).toMatchObject({ is100PercentOff: false, clientSecret: expect.stringMatching(/^seti_/) });
    const [refused, plain] = stripe.posts('/v1/subscriptions');
    expect(refused!.status).toBe(400);
    expect(plain!.status).toBe(200);
    expect(plain!.params).not.toHaveProperty('discounts');
    expect(stripe.subscriptions()).toHaveLength(1);
  });

  it('a code restricted to another customer is invalid', async () => {
    stripe.seedPromotionCode({ code: 'VIPONLY', percentOff: 100, customer: 'cus_someone_else' });
    const token = await registerUser(t, 'mariana');
    const res = await post(t, '/api/validate-promo-code', { promoCode: 'VIPONLY' }, { token });
    expect(await res.json()).toEqual({ valid: false, message: 'Invalid promo code' });
    const created = await create(token, 'VIPONLY');
    expect(created).toMatchObject({ is100PercentOff: false, clientSecret: expect.stringMatching(/^seti_/) });
    expect(canEdit(await me(token))).toBe(false);
  });

  it('cancels at the period end: access lasts to the renewal date', async () => {
    const token = await registerUser(t, 'mariana');
    const { subscriptionId } = await create(token);
    stripe.succeedSetupIntent(setupIntentOf(subscriptionId));
    await activate(token);

    const res = await post(t, '/api/cancel-subscription', undefined, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: 'Subscription cancelled. You keep access until 2026-03-09.',
      accessUntil: '2026-03-09T09:00:00.000Z',
    });
    const [, cancel] = stripe.posts(`/v1/subscriptions/${subscriptionId}`);
    expect(cancel!.params).toEqual({ cancel_at_period_end: 'true' });
    expect(cancel!.idempotencyKey).toMatch(/^copydesk-/);
    expect(stripe.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: true, status: 'trialing' });

    const user = await me(token);
    expect(user).toMatchObject({ subscriptionStatus: 'trialing', cancelAtPeriodEnd: true });
    expect(canEdit(user)).toBe(true);

    const twice = await post(t, '/api/cancel-subscription', undefined, { token });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ message: 'No active subscription to cancel' });
  });

  it('refuses to cancel what has no card on file yet', async () => {
    const token = await registerUser(t, 'mariana');
    await create(token);
    const res = await post(t, '/api/cancel-subscription', undefined, { token });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'No active subscription to cancel' });
    expect(stripe.posts().filter((r) => r.path.startsWith('/v1/subscriptions/'))).toHaveLength(0);
  });

  it('a second subscription after the trial asks for the first payment instead of a second trial', async () => {
    const token = await registerUser(t, 'mariana');
    const first = await create(token);
    stripe.succeedSetupIntent(setupIntentOf(first.subscriptionId));
    await activate(token);
    stripe.updateSubscription(first.subscriptionId, { status: 'canceled' });
    expect(await activate(token)).toMatchObject({ subscriptionStatus: 'canceled', subscriptionPlan: null });

    const second = await create(token);
    expect(second.message).toBe('Subscription created; add a payment method to start your plan');
    const call = stripe.posts('/v1/subscriptions').at(-1)!;
    expect(call.params).not.toHaveProperty('trial_period_days');
    const sub = stripe.subscription(second.subscriptionId);
    expect(sub.status).toBe('incomplete');
    expect(second.clientSecret).toBe(
      (stripe.invoice(String(sub.latest_invoice)).confirmation_secret as { client_secret: string }).client_secret,
    );
    expect(canEdit(await me(token))).toBe(false);

    // The browser pays the first invoice; Stripe marks the subscription active.
    stripe.updateSubscription(second.subscriptionId, { status: 'active', defaultPaymentMethod: 'pm_card_visa' });
    const user = await activate(token);
    expect(user).toMatchObject({ subscriptionStatus: 'active', subscriptionRenewalDate: '2026-04-02T09:00:00.000Z' });
    expect(canEdit(user)).toBe(true);
  });
});

describe('Stripe billing: promo codes', () => {
  async function validate(token: string, promoCode: string) {
    const res = await post(t, '/api/validate-promo-code', { promoCode }, { token });
    expect(res.status).toBe(200);
    return res.json();
  }

  it('reads codes from Stripe: unknown, inactive, expired, used up, invalid coupon, percent, amount and 100%', async () => {
    const token = await registerUser(t, 'mariana');
    stripe.seedPromotionCode({ code: 'PAUSED', percentOff: 10, active: false });
    stripe.seedPromotionCode({ code: 'LASTYEAR', percentOff: 10, expiresAt: unix('2026-03-02T09:00:00Z') });
    stripe.seedPromotionCode({ code: 'TOMORROW', percentOff: 10, expiresAt: unix('2026-03-03T09:00:00Z') });
    stripe.seedPromotionCode({ code: 'FULLUP', percentOff: 10, maxRedemptions: 3, timesRedeemed: 3 });
    stripe.seedPromotionCode({ code: 'STALE', percentOff: 10, couponValid: false });
    stripe.seedPromotionCode({ code: 'QUARTER', percentOff: 25 });
    stripe.seedPromotionCode({ code: 'TENNER', amountOff: 1000 });
    stripe.seedPromotionCode({ code: 'PRESS', percentOff: 100 });

    expect(await validate(token, 'NOPE')).toEqual({ valid: false, message: 'Invalid promo code' });
    expect(await validate(token, 'PAUSED')).toEqual({ valid: false, message: 'Invalid promo code' });
    expect(await validate(token, 'LASTYEAR')).toEqual({ valid: false, message: 'This promo code has expired' });
    expect(await validate(token, 'TOMORROW')).toMatchObject({ valid: true });
    expect(await validate(token, 'FULLUP')).toEqual({ valid: false, message: 'This promo code has reached its redemption limit' });
    expect(await validate(token, 'STALE')).toEqual({ valid: false, message: 'Invalid promo code' });
    expect(await validate(token, 'quarter')).toEqual({
      valid: true,
      message: 'Promo code applied: 25% off',
      discount: { amount: 25, type: 'percent', is100PercentOff: false },
    });
    expect(await validate(token, 'TENNER')).toEqual({
      valid: true,
      message: 'Promo code applied: $10.00 off',
      discount: { amount: 10, type: 'amount', is100PercentOff: false },
    });
    expect(await validate(token, 'PRESS')).toMatchObject({
      valid: true,
      discount: { amount: 100, type: 'percent', is100PercentOff: true },
    });

    const lookups = stripe.requests.filter((r) => r.path === '/v1/promotion_codes');
    expect(lookups.at(-1)!.params).toMatchObject({ code: 'PRESS', active: 'true', expand: ['data.promotion.coupon'] });

    t.clock.advance(DAY_MS - 1);
    expect(await validate(token, 'TOMORROW')).toMatchObject({ valid: true });
    t.clock.advance(1);
    expect(await validate(token, 'TOMORROW')).toEqual({ valid: false, message: 'This promo code has expired' });
  });
});
