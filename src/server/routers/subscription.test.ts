import { afterEach, describe, expect, it } from 'vitest';
import { startStripeServer, type StripeServer } from '../../../tests/support/stripe-server';
import { readSessionToken } from '../services/auth/sessions';
import { createTestApp, trpcError, type TestApp } from '../test-app';

let t: TestApp;
let stripe: StripeServer | undefined;
afterEach(async () => {
  await t?.close();
  await stripe?.close();
  stripe = undefined;
});

async function register() {
  const { api, resHeaders } = t.caller();
  await api.auth.register({ username: 'mariana', email: 'mariana@news.example', password: 'deadline-7!' });
  return readSessionToken(resHeaders.getSetCookie()[0])!;
}

describe('subscription router', () => {
  it('tells the client which billing runs, with no Stripe keys when local', async () => {
    t = createTestApp();
    expect(await t.caller().api.subscription.config()).toEqual({ provider: 'local', publishableKey: null, paymentLinkUrl: null });
  });

  it('hands the client the publishable key and payment link, never the secret ones', async () => {
    stripe = await startStripeServer();
    t = createTestApp({
      env: stripe.env({
        STRIPE_PUBLISHABLE_KEY: 'pk_test_copydesk',
        STRIPE_PAYMENT_LINK_URL: 'https://buy.stripe.com/test_copydesk',
        STRIPE_WEBHOOK_SECRET: 'whsec_copydesk',
      }),
    });
    const config = await t.caller().api.subscription.config();
    expect(config).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_copydesk',
      paymentLinkUrl: 'https://buy.stripe.com/test_copydesk',
    });
    expect(JSON.stringify(config)).not.toMatch(/sk_test|whsec/);
  });

  it('needs a session for every subscription call', async () => {
    t = createTestApp();
    const { api } = t.caller();
    for (const call of [
      () => api.subscription.create({}),
      () => api.subscription.activate(),
      () => api.subscription.cancel(),
      () => api.subscription.validatePromoCode({ promoCode: 'X' }),
    ]) {
      expect((await trpcError(call())).code).toBe('UNAUTHORIZED');
    }
  });

  it('creates, activates and cancels through createCaller as over REST', async () => {
    t = createTestApp();
    const token = await register();
    // A context per call, as each HTTP request builds its own from the session.
    const api = () => t.caller({ token }).api;
    expect(await api().subscription.create({ promoCode: '  ' })).toMatchObject({
      is100PercentOff: false,
      message: 'Your 7-day free trial has started',
    });
    expect(await api().subscription.activate()).toMatchObject({ subscriptionStatus: 'trialing' });
    expect(await api().subscription.cancel()).toEqual({
      message: 'Subscription cancelled. You keep access until 2026-03-09.',
      accessUntil: '2026-03-09T09:00:00.000Z',
    });
    const again = await trpcError(api().subscription.cancel());
    expect(again).toMatchObject({ code: 'BAD_REQUEST', message: 'No active subscription to cancel' });
  });
});
