import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_TEST_PRICE, type StripeServer } from '../../../../tests/support/stripe-server';
import type { TestApp } from '../../test-app';
import { signedInAdmin } from '../admin/test-support';
import { editorAccess, teamOfTwo } from '../teams/test-support';
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

const api = (token: string) => t.caller({ token }).api;
const userRow = async (email: string) => {
  const { users } = t.db.tables;
  return (await t.db.select().from(users).where(eq(users.email, email)).limit(1))[0]!;
};
const teamRow = async (id: number) => {
  const { teams } = t.db.tables;
  return (await t.db.select().from(teams).where(eq(teams.id, id)).limit(1))[0]!;
};

const access = (email: string) => editorAccess(t, email);

async function deliver(event: object) {
  expect((await deliverWebhook(t, event)).status).toBe(200);
}

const subscriptionEvent = (type: string, subscriptionId: string) => stripe.event(type, stripe.subscription(subscriptionId));

/** The owner subscribed the team and confirmed the card in the payment form; no webhook has come yet. */
async function subscribedWithCard() {
  const team = await teamOfTwo(t);
  const { subscriptionId } = await api(team.owner).team.subscribe({});
  stripe.succeedSetupIntent(String(stripe.subscription(subscriptionId).pending_setup_intent), { setAsDefault: true });
  return { ...team, subscriptionId };
}

describe('team subscription with Stripe', () => {
  it("creates one subscription for the team's customer with quantity maxSeats; a card on file makes the team active", async () => {
    const { owner, teamId } = await teamOfTwo(t);
    const result = await api(owner).team.subscribe({});

    const [customer] = stripe.customers();
    expect(customer).toMatchObject({ email: 'mariana@news.example', name: 'Metro Desk', metadata: { teamId: String(teamId) } });
    const [call] = stripe.posts('/v1/subscriptions');
    expect(call!.params).toMatchObject({
      customer: customer!.id,
      items: [{ price: STRIPE_TEST_PRICE, quantity: '5' }],
      trial_period_days: '7',
      metadata: { teamId: String(teamId), free: 'false' },
    });
    expect(call!.params.metadata).not.toHaveProperty('userId');
    const sub = stripe.subscription(result.subscriptionId);
    expect(result).toEqual({
      subscriptionId: sub.id,
      clientSecret: stripe.setupIntent(String(sub.pending_setup_intent)).client_secret,
      is100PercentOff: false,
      message: 'Subscription created; add a payment method to start your trial',
    });
    expect(await teamRow(teamId)).toMatchObject({
      billingCustomerId: customer!.id,
      billingSubscriptionId: sub.id,
      subscriptionStatus: 'inactive',
    });
    // The owner's own account is not the team's customer.
    expect(await userRow('mariana@news.example')).toMatchObject({ billingCustomerId: null, billingSubscriptionId: null });
    // An open payment form covers nobody.
    expect(await access('tomas@news.example')).toBe('SUBSCRIPTION_REQUIRED');

    stripe.succeedSetupIntent(String(sub.pending_setup_intent), { setAsDefault: true });
    await deliver(subscriptionEvent('customer.subscription.updated', result.subscriptionId));
    expect(await teamRow(teamId)).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'professional', maxSeats: 5 });
    expect(await access('tomas@news.example')).toBe('granted');
    expect((await userRow('mariana@news.example')).trialUsedAt).not.toBeNull();
    expect(await api(owner).team.subscribe({})).toMatchObject({ subscriptionId: sub.id, message: 'Subscription already active' });
  });

  it("the owner's double click subscribes the team once, and the owner's own plan is a payer apart", async () => {
    stripe.seedPromotionCode({ code: 'HALF', percentOff: 50 });
    const { owner, teamId } = await teamOfTwo(t);
    const [a, b, own] = await Promise.all([
      api(owner).team.subscribe({}),
      api(owner).team.subscribe({}),
      api(owner).subscription.create({}),
    ]);
    expect(a).toEqual(b);
    expect(stripe.customers()).toHaveLength(2);
    expect(stripe.subscriptions()).toHaveLength(2);
    expect(stripe.subscriptions().every((s) => s.status !== 'canceled')).toBe(true);
    expect((await teamRow(teamId)).billingSubscriptionId).toBe(a.subscriptionId);
    expect((await userRow('mariana@news.example')).billingSubscriptionId).toBe(own.subscriptionId);

    // Two different asks at once (one with a code): one live subscription, the one the team holds.
    t.clock.advance(60 * 60_000);
    await Promise.all([api(owner).team.subscribe({}), api(owner).team.subscribe({ promoCode: 'HALF' })]);
    const teamSubs = stripe.subscriptions().filter((s) => (s.metadata as Record<string, string>).teamId === String(teamId));
    const live = teamSubs.filter((s) => s.status !== 'canceled');
    expect(live).toHaveLength(1);
    expect((await teamRow(teamId)).billingSubscriptionId).toBe(live[0]!.id);
  });

  it("follows the webhooks: arrears and cancellation end the members' cover, a paid invoice restores it", async () => {
    const { teamId, subscriptionId } = await subscribedWithCard();
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));
    expect(await access('tomas@news.example')).toBe('granted');

    stripe.updateSubscription(subscriptionId, { status: 'past_due' });
    const invoice = stripe.invoice(String(stripe.subscription(subscriptionId).latest_invoice));
    await deliver(stripe.event('invoice.payment_failed', { ...invoice, status: 'open' }));
    expect((await teamRow(teamId)).subscriptionStatus).toBe('past_due');
    expect(await access('tomas@news.example')).toBe('SUBSCRIPTION_REQUIRED');

    const renewedUntil = Math.floor(new Date('2026-04-09T09:00:00Z').getTime() / 1000);
    stripe.updateSubscription(subscriptionId, { status: 'active', currentPeriodEnd: renewedUntil });
    await deliver(stripe.event('invoice.paid', { ...invoice, status: 'paid' }));
    expect(await teamRow(teamId)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionRenewalDate: new Date('2026-04-09T09:00:00Z'),
    });
    expect(await access('tomas@news.example')).toBe('granted');

    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    await deliver(subscriptionEvent('customer.subscription.deleted', subscriptionId));
    expect(await teamRow(teamId)).toMatchObject({ subscriptionStatus: 'inactive', subscriptionPlan: null });
    expect(await access('tomas@news.example')).toBe('SUBSCRIPTION_REQUIRED');
    // The owner's own plan was never touched by the team's events.
    expect(await userRow('mariana@news.example')).toMatchObject({ subscriptionStatus: 'inactive', billingSubscriptionId: null });
  });

  it('never lifts a suspension: billing news updates the period, the team stays suspended', async () => {
    const { teams } = t.db.tables;
    const { teamId, subscriptionId } = await subscribedWithCard();
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));
    await t.db.update(teams).set({ subscriptionStatus: 'suspended' }).where(eq(teams.id, teamId));

    const renewedUntil = Math.floor(new Date('2026-04-09T09:00:00Z').getTime() / 1000);
    stripe.updateSubscription(subscriptionId, { status: 'active', currentPeriodEnd: renewedUntil });
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));
    expect(await teamRow(teamId)).toMatchObject({
      subscriptionStatus: 'suspended',
      subscriptionRenewalDate: new Date('2026-04-09T09:00:00Z'),
    });
    expect(await access('tomas@news.example')).toBe('TEAM_SUSPENDED');
  });

  it("Manage Subscription: plan, seats, renewal date and a customer portal session for the team's customer", async () => {
    const { owner, subscriptionId } = await subscribedWithCard();
    // No webhook arrived: the page asks Stripe once, as /success's activation would.
    const view = await api(owner).team.subscription();
    const [session] = stripe.portalSessions();
    expect(view).toEqual({
      status: 'active',
      plan: 'professional',
      maxSeats: 5,
      usedSeats: 2,
      renewalDate: '2026-03-09T09:00:00.000Z',
      cancelAtPeriodEnd: false,
      portalUrl: session!.url,
    });
    expect(session).toMatchObject({ customer: stripe.subscription(subscriptionId).customer, return_url: 'http://localhost:3000/team' });
    expect(view.portalUrl).toMatch(/^https:\/\/billing\.stripe\.com\//);
  });

  it('Manage Subscription says the plan ends when the owner cancelled it in the portal', async () => {
    const { owner, subscriptionId } = await subscribedWithCard();
    stripe.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));
    expect(await api(owner).team.subscription()).toMatchObject({
      status: 'active',
      renewalDate: '2026-03-09T09:00:00.000Z',
      cancelAtPeriodEnd: true,
    });
  });

  it("the owner's activation after the payment form brings the team up to date too", async () => {
    const { owner, teamId } = await subscribedWithCard();
    expect((await teamRow(teamId)).subscriptionStatus).toBe('inactive');
    await api(owner).subscription.activate();
    expect((await teamRow(teamId)).subscriptionStatus).toBe('active');
    expect(await access('tomas@news.example')).toBe('granted');
  });

  it('bills a new seat count, and seats bought in the portal become the team’s maxSeats', async () => {
    const { teams } = t.db.tables;
    const { owner, teamId, subscriptionId } = await subscribedWithCard();
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));

    // An administrator raises the seats; the service bills them.
    await t.db.update(teams).set({ maxSeats: 8 }).where(eq(teams.id, teamId));
    await t.services.billing.updateTeamSeats(await teamRow(teamId));
    const [update] = stripe.posts(`/v1/subscriptions/${subscriptionId}`);
    expect(update!.params).toMatchObject({ items: [{ quantity: '8' }], proration_behavior: 'create_prorations' });
    expect(stripe.subscription(subscriptionId)).toMatchObject({ items: { data: [{ quantity: 8 }] } });
    expect((await teamRow(teamId)).maxSeats).toBe(8);

    // Nothing to bill when the count is already right.
    await t.services.billing.updateTeamSeats(await teamRow(teamId));
    expect(stripe.posts(`/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);

    stripe.updateSubscription(subscriptionId, { quantity: 10 });
    await deliver(subscriptionEvent('customer.subscription.updated', subscriptionId));
    expect(await api(owner).team.subscription()).toMatchObject({ maxSeats: 10, usedSeats: 2 });
  });

  it('a promo code of 100% makes the team active with no card', async () => {
    stripe.seedPromotionCode({ code: 'NEWSROOM', percentOff: 100 });
    const { owner, teamId } = await teamOfTwo(t);
    const result = await api(owner).team.subscribe({ promoCode: 'NEWSROOM' });
    expect(result).toMatchObject({ is100PercentOff: true, message: 'Subscription activated' });
    expect(result).not.toHaveProperty('clientSecret');
    expect((await teamRow(teamId)).subscriptionStatus).toBe('active');
    expect(await access('tomas@news.example')).toBe('granted');
  });
});

describe("the provider's customer follows the people and names behind it", () => {
  it("a transferred team's receipts go to the new owner; an admin's rename and e-mail change reach Stripe too", async () => {
    const { owner, teamId } = await subscribedWithCard();
    const customerOf = (id: string | null) => stripe.customers().find((c) => c.id === id);
    const tomas = await userRow('tomas@news.example');
    await api(owner).team.transferOwnership({ id: tomas.id });
    expect(customerOf((await teamRow(teamId)).billingCustomerId)).toMatchObject({ email: 'tomas@news.example', name: 'Metro Desk' });

    const admin = api((await signedInAdmin(t)).token);
    await admin.admin.teams.update({ id: teamId, name: 'Metro Desk West', maxSeats: 5 });
    expect(customerOf((await teamRow(teamId)).billingCustomerId)).toMatchObject({ email: 'tomas@news.example', name: 'Metro Desk West' });
    await admin.admin.users.update({ id: tomas.id, username: 'tomas', email: 'tomas.r@news.example' });
    expect(customerOf((await teamRow(teamId)).billingCustomerId)).toMatchObject({ email: 'tomas.r@news.example' });
  });
});
