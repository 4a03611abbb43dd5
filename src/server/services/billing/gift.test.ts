import { afterEach, describe, expect, it } from 'vitest';
import type { StripeServer } from '../../../../tests/support/stripe-server';
import { DAY_MS } from '../../../shared/limits';
import type { PublicUser } from '../../../shared/types';
import { createTestApp, type TestApp } from '../../test-app';
import { get, login, post, registerUser, send } from '../../test-http';
import { signedInAdmin, userRowOf } from '../admin/test-support';
import { subscriber } from '../chat/test-support';
import { editorAccess, teamOfTwo } from '../teams/test-support';
import { PROVIDER_UNAVAILABLE } from './index';
import { deliverWebhook, startStripeApp } from './test-support';

let t: TestApp;
let stripe: StripeServer | undefined;
afterEach(async () => {
  await t?.close();
  await stripe?.close();
  stripe = undefined;
});

const GIFT_DAYS = 30;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts
const json = async (res: Response) => (await res.json()) as any;

async function gift(adminToken: string, userId: number): Promise<PublicUser> {
  const res = await post(t, `/api/admin/users/${userId}/gift-subscription`, undefined, { token: adminToken });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}

/** The account as the user's next request sees it (sessions last a day, so they sign in again). */
async function nextRequestOf(email: string): Promise<PublicUser> {
  const { token } = await login(t, email);
  return json(await get(t, '/api/user', { token }));
}

/** A user whose Stripe trial runs with a card on file. */
async function stripeTrial(username: string) {
  const token = await registerUser(t, username);
  const { subscriptionId } = await json(await post(t, '/api/create-subscription', {}, { token }));
  stripe!.succeedSetupIntent(String(stripe!.subscription(subscriptionId).pending_setup_intent), { setAsDefault: true });
  const me = await json(await post(t, '/api/activate-subscription', undefined, { token }));
  expect(me).toMatchObject({ subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
  return { token, id: me.id as number, email: `${username}@news.example`, subscriptionId: subscriptionId as string };
}

const deliver = async (event: object) => expect((await deliverWebhook(t, event)).status).toBe(200);

const inDays = (days: number) => new Date(t.clock().getTime() + days * DAY_MS).toISOString();

describe('a gift with local billing', () => {
  it('is the professional plan for 30 days, then ends: no renewal, no charge, no editor', async () => {
    t = createTestApp();
    const admin = await signedInAdmin(t);
    const nora = await registerUser(t, 'nora');
    const noraId = (await json(await get(t, '/api/user', { token: nora }))).id;

    const gifted = await gift(admin.token, noraId);
    expect(gifted).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      subscriptionRenewalDate: inDays(GIFT_DAYS),
      cancelAtPeriodEnd: true,
    });
    expect((await userRowOf(t, 'nora@news.example'))!.billingSubscriptionId).toMatch(/^gift_/);
    expect(await editorAccess(t, 'nora@news.example')).toBe('granted');

    t.clock.advance(GIFT_DAYS * DAY_MS - 1);
    expect(await nextRequestOf('nora@news.example')).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'professional' });
    t.clock.advance(1);
    expect(await nextRequestOf('nora@news.example')).toMatchObject({
      subscriptionStatus: 'inactive',
      subscriptionPlan: null,
      subscriptionRenewalDate: null,
      cancelAtPeriodEnd: false,
    });
    expect(await editorAccess(t, 'nora@news.example')).toBe('SUBSCRIPTION_REQUIRED');
    expect((await userRowOf(t, 'nora@news.example'))!.billingSubscriptionId).toBeNull();
  });

  it('replaces a trial, which then does not roll into a paid month when the gift ends', async () => {
    t = createTestApp();
    const admin = await signedInAdmin(t);
    const quinn = await subscriber(t, 'quinn');
    expect(await json(await get(t, '/api/user', { token: quinn.token }))).toMatchObject({ subscriptionStatus: 'trialing' });

    expect(await gift(admin.token, quinn.userId)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionRenewalDate: inDays(GIFT_DAYS),
    });
    // The trial's own end (day 7) passes without effect.
    t.clock.advance(8 * DAY_MS);
    expect(await nextRequestOf('quinn@news.example')).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'professional' });
    t.clock.advance((GIFT_DAYS - 8) * DAY_MS);
    expect(await nextRequestOf('quinn@news.example')).toMatchObject({ subscriptionStatus: 'inactive', subscriptionPlan: null });
  });

  it('cannot be cancelled, is left as it is by activation, and counts as an active subscription', async () => {
    t = createTestApp();
    const admin = await signedInAdmin(t);
    const nora = await registerUser(t, 'nora');
    const gifted = await gift(admin.token, (await json(await get(t, '/api/user', { token: nora }))).id);

    const cancel = await post(t, '/api/cancel-subscription', undefined, { token: nora });
    expect(cancel.status).toBe(400);
    expect(await json(cancel)).toEqual({ message: 'No active subscription to cancel' });
    expect(await json(await post(t, '/api/activate-subscription', undefined, { token: nora }))).toEqual(gifted);
    expect(await json(await post(t, '/api/create-subscription', {}, { token: nora }))).toMatchObject({
      message: 'Subscription already active',
    });
    expect(await json(await get(t, '/api/user', { token: nora }))).toEqual(gifted);
  });
});

describe('a gift with Stripe', () => {
  const stripeCallsNaming = (text: string) => stripe!.requests.filter((r) => JSON.stringify(r).includes(text));

  it('cancels the trial running at Stripe, so the user is not charged when it ends; a late webhook does not undo the gift', async () => {
    ({ t, stripe } = await startStripeApp());
    const admin = await signedInAdmin(t);
    const mariana = await stripeTrial('mariana');

    const gifted = await gift(admin.token, mariana.id);
    expect(gifted).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      subscriptionRenewalDate: inDays(GIFT_DAYS),
    });
    expect(stripe.subscription(mariana.subscriptionId).status).toBe('canceled');
    expect(stripe.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/v1/subscriptions/${mariana.subscriptionId}`,
    ]);

    // Stripe tells of the cancellation, then an older update arrives late.
    await deliver(stripe.event('customer.subscription.deleted', stripe.subscription(mariana.subscriptionId)));
    await deliver(stripe.event('customer.subscription.updated', { ...stripe.subscription(mariana.subscriptionId), status: 'trialing' }));
    expect(await json(await get(t, '/api/user', { token: mariana.token }))).toEqual(gifted);
    expect(await editorAccess(t, mariana.email)).toBe('granted');
  });

  it('ends after 30 days without a word to Stripe; the next subscription starts paid, the trial having been used', async () => {
    ({ t, stripe } = await startStripeApp());
    const admin = await signedInAdmin(t);
    const mariana = await stripeTrial('mariana');
    await gift(admin.token, mariana.id);
    const callsAfterGift = stripe.requests.length;

    t.clock.advance(GIFT_DAYS * DAY_MS - 1);
    expect(await nextRequestOf(mariana.email)).toMatchObject({ subscriptionStatus: 'active' });
    t.clock.advance(1);
    expect(await nextRequestOf(mariana.email)).toMatchObject({
      subscriptionStatus: 'inactive',
      subscriptionPlan: null,
      subscriptionRenewalDate: null,
    });
    expect(await editorAccess(t, mariana.email)).toBe('SUBSCRIPTION_REQUIRED');
    expect(stripe.requests.length).toBe(callsAfterGift);

    const { token } = await login(t, mariana.email);
    const again = await json(await post(t, '/api/create-subscription', {}, { token }));
    expect(again.message).toBe('Subscription created; add a payment method to start your plan');
    expect(stripe.posts('/v1/subscriptions').at(-1)!.params).not.toHaveProperty('trial_period_days');
  });

  it('activate, cancel and subscribe on a gifted user never send the gift id to Stripe', async () => {
    ({ t, stripe } = await startStripeApp());
    const admin = await signedInAdmin(t);
    const nora = await registerUser(t, 'nora');
    const noraId = (await json(await get(t, '/api/user', { token: nora }))).id;
    const gifted = await gift(admin.token, noraId);
    const giftId = (await userRowOf(t, 'nora@news.example'))!.billingSubscriptionId!;
    expect(giftId).toMatch(/^gift_/);

    expect(await json(await post(t, '/api/activate-subscription', undefined, { token: nora }))).toEqual(gifted);
    const cancel = await post(t, '/api/cancel-subscription', undefined, { token: nora });
    expect(cancel.status).toBe(400);
    expect(await json(cancel)).toEqual({ message: 'No active subscription to cancel' });
    expect(await json(await post(t, '/api/create-subscription', {}, { token: nora }))).toMatchObject({
      message: 'Subscription already active',
    });
    // A second gift extends from now; there is still nothing at Stripe to end.
    t.clock.advance(DAY_MS / 2);
    expect(await gift(admin.token, noraId)).toMatchObject({ subscriptionRenewalDate: inDays(GIFT_DAYS) });
    expect(stripeCallsNaming('gift_')).toEqual([]);
    expect(stripe.requests).toEqual([]);
  });

  it('is refused (409) to a user paying for an active subscription, whose subscription runs on', async () => {
    ({ t, stripe } = await startStripeApp());
    const admin = await signedInAdmin(t);
    const mariana = await stripeTrial('mariana');
    stripe.updateSubscription(mariana.subscriptionId, { status: 'active' });
    await deliver(stripe.event('customer.subscription.updated', stripe.subscription(mariana.subscriptionId)));
    expect(await userRowOf(t, mariana.email)).toMatchObject({
      subscriptionStatus: 'active',
      billingSubscriptionId: mariana.subscriptionId,
    });

    const res = await post(t, `/api/admin/users/${mariana.id}/gift-subscription`, undefined, { token: admin.token });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ message: 'This user already has an active paid subscription' });
    expect(stripe.subscription(mariana.subscriptionId).status).toBe('active');
    expect(stripe.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(await userRowOf(t, mariana.email)).toMatchObject({
      subscriptionStatus: 'active',
      billingSubscriptionId: mariana.subscriptionId,
    });
  });
});

describe('an admin edit to inactive with Stripe', () => {
  it('cancels the subscription at Stripe, so the user is not charged and no webhook brings the plan back', async () => {
    ({ t, stripe } = await startStripeApp());
    const admin = await signedInAdmin(t);
    const mariana = await stripeTrial('mariana');

    const res = await send(
      t,
      'PUT',
      `/api/admin/users/${mariana.id}`,
      { username: 'mariana', email: mariana.email, subscriptionStatus: 'inactive' },
      { token: admin.token },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ subscriptionStatus: 'inactive', subscriptionPlan: 'professional', isAdmin: false });
    expect(stripe.subscription(mariana.subscriptionId).status).toBe('canceled');
    await deliver(stripe.event('customer.subscription.updated', { ...stripe.subscription(mariana.subscriptionId), status: 'trialing' }));
    expect(await editorAccess(t, mariana.email)).toBe('SUBSCRIPTION_REQUIRED');
  });
});

describe('deleting with Stripe', () => {
  const del = (path: string, token: string) => send(t, 'DELETE', path, undefined, { token });

  it('a user with a running subscription: it is cancelled at Stripe, and a later webhook for it finds no one', async () => {
    ({ t, stripe } = await startStripeApp());
    const admin = await signedInAdmin(t);
    const mariana = await stripeTrial('mariana');

    expect(await json(await del(`/api/admin/users/${mariana.id}`, admin.token))).toEqual({ success: true });
    expect(stripe.subscription(mariana.subscriptionId).status).toBe('canceled');
    expect(await userRowOf(t, mariana.email)).toBeUndefined();
    expect(
      (await deliverWebhook(t, stripe.event('customer.subscription.deleted', stripe.subscription(mariana.subscriptionId)))).status,
    ).toBe(200);
    expect(await userRowOf(t, mariana.email)).toBeUndefined();
  });

  it("a team's owner: both their own subscription and the team's are cancelled, the member released", async () => {
    ({ t, stripe } = await startStripeApp());
    const admin = await signedInAdmin(t);
    const { owner, teamId } = await teamOfTwo(t);
    const { subscriptionId } = await t.caller({ token: owner }).api.team.subscribe({});
    stripe.succeedSetupIntent(String(stripe.subscription(subscriptionId).pending_setup_intent), { setAsDefault: true });
    await deliverWebhook(t, stripe.event('customer.subscription.updated', stripe.subscription(subscriptionId)));
    expect(await editorAccess(t, 'tomas@news.example')).toBe('granted');
    const ownerId = (await userRowOf(t, 'mariana@news.example'))!.id;

    expect((await del(`/api/admin/users/${ownerId}`, admin.token)).status).toBe(200);
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
    expect(await userRowOf(t, 'tomas@news.example')).toMatchObject({ teamId: null });
    expect(await editorAccess(t, 'tomas@news.example')).toBe('SUBSCRIPTION_REQUIRED');
    expect((await get(t, `/api/admin/teams/${teamId}/members`, { token: admin.token })).status).toBe(404);
  });

  it("a team: the team's subscription is cancelled, its owner's own plan runs on; seats an admin sets are billed", async () => {
    ({ t, stripe } = await startStripeApp());
    const admin = await signedInAdmin(t);
    const { owner, teamId } = await teamOfTwo(t);
    const { subscriptionId } = await t.caller({ token: owner }).api.team.subscribe({});
    stripe.succeedSetupIntent(String(stripe.subscription(subscriptionId).pending_setup_intent), { setAsDefault: true });
    await deliverWebhook(t, stripe.event('customer.subscription.updated', stripe.subscription(subscriptionId)));

    const seats = await send(t, 'PUT', `/api/admin/teams/${teamId}`, { name: 'Metro Desk', maxSeats: 8 }, { token: admin.token });
    expect(await json(seats)).toMatchObject({ maxSeats: 8, usedSeats: 2 });
    expect(stripe.posts(`/v1/subscriptions/${subscriptionId}`).at(-1)!.params).toMatchObject({ items: [{ quantity: '8' }] });

    const ownPlan = await stripeTrial('olga');
    expect(await json(await del(`/api/admin/teams/${teamId}`, admin.token))).toEqual({ success: true });
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
    expect(stripe.subscription(ownPlan.subscriptionId).status).toBe('trialing');
    for (const email of ['mariana@news.example', 'tomas@news.example']) {
      expect(await userRowOf(t, email)).toMatchObject({ teamId: null });
      expect(await editorAccess(t, email)).toBe('SUBSCRIPTION_REQUIRED');
    }
  });

  it('a refused deletion leaves the subscription running', async () => {
    ({ t, stripe } = await startStripeApp());
    const chief = await signedInAdmin(t);
    const deputy = await signedInAdmin(t, 'deputy');
    // The chief pays for a plan of their own.
    const { subscriptionId } = await json(await post(t, '/api/create-subscription', {}, { token: chief.token }));
    stripe.succeedSetupIntent(String(stripe.subscription(subscriptionId).pending_setup_intent), { setAsDefault: true });
    await post(t, '/api/activate-subscription', undefined, { token: chief.token });

    expect((await del(`/api/admin/users/${chief.id}`, chief.token)).status).toBe(400);
    // The deputy's request passed the admin check just before the chief demoted them: the chief is now the last admin.
    const deputyInFlight = t.caller({ token: deputy.token }).api;
    await t
      .caller({ token: chief.token })
      .api.admin.users.update({ id: deputy.id, username: 'deputy', email: deputy.email, isAdmin: false });
    await expect(deputyInFlight.admin.users.delete({ id: chief.id })).rejects.toThrow('The last admin cannot be removed.');

    expect(await userRowOf(t, chief.email)).toMatchObject({ isAdmin: true, subscriptionStatus: 'trialing' });
    expect(stripe.subscription(subscriptionId).status).toBe('trialing');
    expect(stripe.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('while Stripe cannot be reached: 502, and the account stays until it can be stopped there', async () => {
    ({ t, stripe } = await startStripeApp());
    const admin = await signedInAdmin(t);
    const mariana = await stripeTrial('mariana');
    await stripe.close();

    const res = await del(`/api/admin/users/${mariana.id}`, admin.token);
    expect(res.status).toBe(502);
    expect(await json(res)).toEqual({ message: PROVIDER_UNAVAILABLE });
    expect(await userRowOf(t, mariana.email)).toMatchObject({ subscriptionStatus: 'trialing' });
    expect((await get(t, '/api/user', { token: mariana.token })).status).toBe(200);
  });
});
