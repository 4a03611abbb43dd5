import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StripeServer } from '../../../../tests/support/stripe-server';
import { hasEditorAccess } from '../../../shared/access';
import { DAY_MS } from '../../../shared/limits';
import type { PublicUser } from '../../../shared/types';
import { createTestApp, type TestApp } from '../../test-app';
import { get, login, post, registerUser } from '../../test-http';
import { createStripeClient } from './stripe';
import { deliverWebhook, startStripeApp } from './test-support';

let t: TestApp;
let stripe: StripeServer;

beforeEach(async () => {
  ({ t, stripe } = await startStripeApp());
});
afterEach(async () => {
  await t?.close();
  await stripe?.close();
});

const nowSeconds = () => Math.floor(t.clock().getTime() / 1000);

const deliver = (event: object, o?: Parameters<typeof deliverWebhook>[2]) => deliverWebhook(t, event, o);

async function me(token: string): Promise<PublicUser> {
  const res = await get(t, '/api/user', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as PublicUser;
}

const canEdit = (u: PublicUser) => hasEditorAccess(u, null);

/** A user who went through the payment form; the card is on the subscription but nobody called activate. */
async function subscriberWithCard(name = 'mariana') {
  const token = await registerUser(t, name);
  const res = await post(t, '/api/create-subscription', {}, { token });
  const { subscriptionId } = (await res.json()) as { subscriptionId: string };
  stripe.succeedSetupIntent(String(stripe.subscription(subscriptionId).pending_setup_intent), { setAsDefault: true });
  expect((await me(token)).subscriptionStatus).toBe('incomplete');
  return { token, subscriptionId };
}

const subscriptionEvent = (type: string, subscriptionId: string, o?: { id?: string }) =>
  stripe.event(type, stripe.subscription(subscriptionId), o);

describe('Stripe webhooks', () => {
  it('applies a validly signed event by reading the subscription from Stripe', async () => {
    const { token, subscriptionId } = await subscriberWithCard();
    const res = await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));
    expect(res.status).toBe(200);
    const user = await me(token);
    expect(user).toMatchObject({
      subscriptionStatus: 'trialing',
      subscriptionPlan: 'professional',
      subscriptionRenewalDate: '2026-03-09T09:00:00.000Z',
    });
    expect(canEdit(user)).toBe(true);
    expect(stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`).length).toBeGreaterThan(0);
  });

  it('refuses a tampered body, a wrong secret and a missing signature with 400 and changes nothing', async () => {
    const { token, subscriptionId } = await subscriberWithCard();
    const event = subscriptionEvent('customer.subscription.updated', subscriptionId);

    const tampered = await deliver(event, {
      body: (signed) => signed.replace('"customer.subscription.updated"', '"customer.subscription.deleted"'),
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ message: 'Invalid webhook signature' });

    expect((await deliver(event, { secret: 'whsec_someone_else' })).status).toBe(400);

    const unsigned = await t.app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);

    expect((await me(token)).subscriptionStatus).toBe('incomplete');
    // The same event, untouched, still applies: none of the refusals recorded it.
    expect((await deliver(event)).status).toBe(200);
    expect((await me(token)).subscriptionStatus).toBe('trialing');
  });

  it('refuses a signature older than five minutes by the server clock', async () => {
    const { token, subscriptionId } = await subscriberWithCard();
    const stale = await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId), { timestamp: nowSeconds() - 301 });
    expect(stale.status).toBe(400);
    expect((await me(token)).subscriptionStatus).toBe('incomplete');

    const recent = await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId), { timestamp: nowSeconds() - 299 });
    expect(recent.status).toBe(200);
    expect((await me(token)).subscriptionStatus).toBe('trialing');
  });

  it('applies a redelivered event once', async () => {
    const { token, subscriptionId } = await subscriberWithCard();
    const event = subscriptionEvent('customer.subscription.updated', subscriptionId);
    expect((await deliver(event)).status).toBe(200);
    expect((await me(token)).subscriptionStatus).toBe('trialing');

    // Stripe moves on; the old event delivered again must not be applied a second time.
    stripe.updateSubscription(subscriptionId, { status: 'past_due' });
    expect((await deliver(event)).status).toBe(200);
    expect((await me(token)).subscriptionStatus).toBe('trialing');

    expect((await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId))).status).toBe(200);
    expect((await me(token)).subscriptionStatus).toBe('past_due');
  });

  it('converges to the truth when events arrive out of order', async () => {
    const { token, subscriptionId } = await subscriberWithCard();
    stripe.updateSubscription(subscriptionId, { status: 'active' });
    const activeEarlier = subscriptionEvent('customer.subscription.updated', subscriptionId);
    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    const deleted = subscriptionEvent('customer.subscription.deleted', subscriptionId);

    expect((await deliver(deleted)).status).toBe(200);
    expect((await me(token)).subscriptionStatus).toBe('canceled');
    expect((activeEarlier as { data: { object: { status: string } } }).data.object.status).toBe('active');
    expect((await deliver(activeEarlier)).status).toBe(200);
    const user = await me(token);
    expect(user).toMatchObject({ subscriptionStatus: 'canceled', subscriptionPlan: null });
    expect(canEdit(user)).toBe(false);
  });

  it('follows invoices: paid renews the period, payment_failed takes access away', async () => {
    const { token, subscriptionId } = await subscriberWithCard();
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));
    t.clock.advance(7 * DAY_MS);

    const renewedUntil = Math.floor(new Date('2026-04-09T09:00:00Z').getTime() / 1000);
    stripe.updateSubscription(subscriptionId, { status: 'active', currentPeriodEnd: renewedUntil });
    const invoice = stripe.invoice(String(stripe.subscription(subscriptionId).latest_invoice));
    expect((await deliver(stripe.event('invoice.paid', { ...invoice, status: 'paid' }))).status).toBe(200);
    const { token: fresh } = await login(t, 'mariana@news.example');
    let user = await me(fresh!);
    expect(user).toMatchObject({ subscriptionStatus: 'active', subscriptionRenewalDate: '2026-04-09T09:00:00.000Z' });
    expect(canEdit(user)).toBe(true);

    stripe.updateSubscription(subscriptionId, { status: 'past_due' });
    expect((await deliver(stripe.event('invoice.payment_failed', { ...invoice, status: 'open' }))).status).toBe(200);
    user = await me(fresh!);
    expect(user.subscriptionStatus).toBe('past_due');
    expect(canEdit(user)).toBe(false);
    expect(token).not.toBe(fresh);
  });

  it('customer.subscription.deleted ends access', async () => {
    const { token, subscriptionId } = await subscriberWithCard();
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));
    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    expect((await deliver(subscriptionEvent('customer.subscription.deleted', subscriptionId))).status).toBe(200);
    const user = await me(token);
    expect(user).toMatchObject({ subscriptionStatus: 'canceled', subscriptionPlan: null });
    expect(canEdit(user)).toBe(false);
  });

  it('grants access for trialing and active only', async () => {
    const { token, subscriptionId } = await subscriberWithCard();
    const seen: Record<string, boolean> = {};
    for (const status of ['trialing', 'active', 'incomplete', 'past_due', 'unpaid', 'paused', 'incomplete_expired', 'canceled']) {
      stripe.updateSubscription(subscriptionId, { status });
      expect((await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId))).status).toBe(200);
      const user = await me(token);
      expect(user.subscriptionStatus).toBe(status);
      seen[status] = canEdit(user);
    }
    expect(seen).toEqual({
      trialing: true,
      active: true,
      incomplete: false,
      past_due: false,
      unpaid: false,
      paused: false,
      incomplete_expired: false,
      canceled: false,
    });
  });

  it('checkout.session.completed links a payment-link purchase to the user named by client_reference_id', async () => {
    const token = await registerUser(t, 'tomas');
    const bystander = await registerUser(t, 'ines');
    const { id: userId } = await me(token);

    // What Stripe Checkout does on the hosted page: its own customer and a subscription with the card on it.
    const sdk = createStripeClient({ secretKey: stripe.secretKey, apiBase: stripe.url });
    const customer = await sdk.customers.create({ email: 'tomas@news.example' });
    const sub = await sdk.subscriptions.create({ customer: customer.id, items: [{ price: stripe.price }], trial_period_days: 7 });
    stripe.updateSubscription(sub.id, { defaultPaymentMethod: 'pm_card_visa' });

    // The subscription's own event comes first and names nobody the app knows.
    expect((await deliver(subscriptionEvent('customer.subscription.created', sub.id))).status).toBe(200);
    expect((await me(token)).subscriptionStatus).toBe('inactive');

    const session = {
      id: 'cs_test_a1',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'no_payment_required',
      client_reference_id: String(userId),
      customer: customer.id,
      subscription: sub.id,
    };
    expect((await deliver(stripe.event('checkout.session.completed', session))).status).toBe(200);
    const user = await me(token);
    expect(user).toMatchObject({ subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
    expect(canEdit(user)).toBe(true);
    expect(await me(bystander)).toMatchObject({ subscriptionStatus: 'inactive' });

    // Later events find the user through the linked subscription.
    stripe.updateSubscription(sub.id, { status: 'past_due' });
    await deliver(subscriptionEvent('customer.subscription.updated', sub.id));
    expect((await me(token)).subscriptionStatus).toBe('past_due');
  });

  it('ignores a checkout session that names nobody or bought no subscription', async () => {
    const token = await registerUser(t, 'tomas');
    const { id: userId } = await me(token);
    await post(t, '/api/create-subscription', {}, { token });
    expect(stripe.customers()).toHaveLength(1);

    const nobody = {
      id: 'cs_test_b2',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: 'not-a-user',
      customer: 'cus_x',
      subscription: null,
    };
    const oneOff = {
      id: 'cs_test_b3',
      object: 'checkout.session',
      mode: 'payment',
      client_reference_id: String(userId),
      customer: null,
      subscription: null,
    };
    for (const session of [nobody, oneOff]) {
      expect((await deliver(stripe.event('checkout.session.completed', session))).status).toBe(200);
    }
    expect(await me(token)).toMatchObject({ subscriptionStatus: 'incomplete' });

    // The user's Stripe customer is still theirs: trying again does not make a second one.
    await post(t, '/api/create-subscription', {}, { token });
    expect(stripe.customers()).toHaveLength(1);
  });

  it('answers 404 when no webhook secret is configured', async () => {
    await t.close();
    t = createTestApp({ env: stripe.env() });
    const res = await deliver(stripe.event('customer.subscription.updated', { id: 'sub_x', object: 'subscription' }));
    expect(res.status).toBe(404);
  });
});
