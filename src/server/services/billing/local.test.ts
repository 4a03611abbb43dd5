import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { hasEditorAccess } from '../../../shared/access';
import { DAY_MS } from '../../../shared/limits';
import type { PublicUser } from '../../../shared/types';
import { createTestApp, type TestApp } from '../../test-app';
import { get, login, post, registerUser } from '../../test-http';

let t: TestApp;
afterEach(() => t?.close());

const EMAIL = 'mariana@news.example';

/** Browser sessions last a day, so after a jump in time the user signs in again, as they would. */
async function signIn() {
  const { res, token } = await login(t, EMAIL);
  expect(res.status).toBe(200);
  return token!;
}

async function me(token: string): Promise<PublicUser> {
  const res = await get(t, '/api/user', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as PublicUser;
}

const canEdit = (u: PublicUser) => hasEditorAccess(u, null);

describe('local billing over a moving clock', () => {
  it('runs trial, renewal, cancellation and expiry, and a second subscription starts paid', async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    let token = await registerUser(t, 'mariana', EMAIL);
    expect(canEdit(await me(token))).toBe(false);

    const created = await post(t, '/api/create-subscription', {}, { token });
    expect(created.status).toBe(200);
    const body = (await created.json()) as Record<string, unknown>;
    expect(body).toEqual({
      subscriptionId: expect.stringMatching(/^local_sub_/),
      is100PercentOff: false,
      message: 'Your 7-day free trial has started',
    });
    expect(body).not.toHaveProperty('clientSecret');

    let user = await me(token);
    expect(user).toMatchObject({
      subscriptionStatus: 'trialing',
      subscriptionPlan: 'professional',
      subscriptionRenewalDate: '2026-03-09T09:00:00.000Z',
    });
    expect(canEdit(user)).toBe(true);

    const again = await post(t, '/api/create-subscription', {}, { token });
    expect(await again.json()).toMatchObject({ message: 'Subscription already active', subscriptionId: body.subscriptionId });

    t.clock.advance(7 * DAY_MS - 1);
    token = await signIn();
    expect(await me(token)).toMatchObject({ subscriptionStatus: 'trialing', subscriptionRenewalDate: '2026-03-09T09:00:00.000Z' });

    t.clock.advance(1);
    user = await me(token);
    expect(user).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      subscriptionRenewalDate: '2026-04-09T09:00:00.000Z',
    });
    expect(canEdit(user)).toBe(true);

    const cancelled = await post(t, '/api/cancel-subscription', undefined, { token });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({
      message: 'Subscription cancelled. You keep access until 2026-04-09.',
      accessUntil: '2026-04-09T09:00:00.000Z',
    });
    user = await me(token);
    expect(user).toMatchObject({
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      subscriptionRenewalDate: '2026-04-09T09:00:00.000Z',
    });
    expect(canEdit(user)).toBe(true);

    t.clock.set('2026-04-09T08:59:59.999Z');
    token = await signIn();
    expect(canEdit(await me(token))).toBe(true);

    t.clock.advance(1);
    user = await me(token);
    // No plan is left behind: the landing page offers the plan again instead of 'Current Plan'.
    expect(user).toMatchObject({
      subscriptionStatus: 'inactive',
      subscriptionPlan: null,
      subscriptionRenewalDate: null,
      cancelAtPeriodEnd: false,
    });
    expect(canEdit(user)).toBe(false);

    const nothing = await post(t, '/api/cancel-subscription', undefined, { token });
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toMatchObject({ message: 'No active subscription to cancel' });

    const second = await post(t, '/api/create-subscription', {}, { token });
    expect(await second.json()).toMatchObject({ message: 'Subscription activated', is100PercentOff: false });
    user = await me(token);
    expect(user).toMatchObject({ subscriptionStatus: 'active', subscriptionRenewalDate: '2026-05-09T09:00:00.000Z' });
    expect(canEdit(user)).toBe(true);
  });

  it('a plan cancelled during the trial ends with the trial and is not renewed', async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    let token = await registerUser(t, 'mariana', EMAIL);
    await post(t, '/api/create-subscription', {}, { token });
    expect((await post(t, '/api/cancel-subscription', undefined, { token })).status).toBe(200);
    expect((await me(token)).subscriptionStatus).toBe('trialing');

    const twice = await post(t, '/api/cancel-subscription', undefined, { token });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ message: 'No active subscription to cancel' });

    t.clock.advance(7 * DAY_MS);
    token = await signIn();
    const user = await me(token);
    expect(user.subscriptionStatus).toBe('inactive');
    expect(canEdit(user)).toBe(false);
  });

  it('a renewal nobody looked at for months lands on the next period, anchored to the day the trial ended', async () => {
    t = createTestApp({ start: '2026-01-24T12:00:00Z' });
    await registerUser(t, 'mariana', EMAIL);
    const token = await signIn();
    await post(t, '/api/create-subscription', {}, { token });
    expect((await me(token)).subscriptionRenewalDate).toBe('2026-01-31T12:00:00.000Z');

    t.clock.set('2026-04-01T00:00:00Z');
    const user = await me(await signIn());
    // Jan 31 -> Feb 28 -> Mar 31 -> Apr 30: the short month does not pull later periods back to the 28th.
    expect(user).toMatchObject({ subscriptionStatus: 'active', subscriptionRenewalDate: '2026-04-30T12:00:00.000Z' });
  });

  it('a double click starts one plan and redeems its code once', async () => {
    t = createTestApp();
    const { promoCodes } = t.db.tables;
    await t.services.billing.promos.create({ code: 'SPRING', percentOff: 20 });
    const token = await registerUser(t, 'mariana', EMAIL);
    const [a, b] = await Promise.all(
      [0, 1].map(async () => {
        const res = await post(t, '/api/create-subscription', { promoCode: 'SPRING' }, { token });
        expect(res.status).toBe(200);
        return (await res.json()) as { subscriptionId: string; message: string };
      }),
    );
    expect(a!.subscriptionId).toBe(b!.subscriptionId);
    expect([a!.message, b!.message].sort()).toEqual(['Subscription already active', 'Your 7-day free trial has started']);
    const [code] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'SPRING'));
    expect(code!.timesRedeemed).toBe(1);
  });

  it('activate answers the user as it stands and needs a session', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana', EMAIL);
    await post(t, '/api/create-subscription', {}, { token });
    const res = await post(t, '/api/activate-subscription', undefined, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: 'mariana', subscriptionStatus: 'trialing' });

    for (const path of ['/api/create-subscription', '/api/activate-subscription', '/api/cancel-subscription', '/api/validate-promo-code']) {
      expect((await post(t, path, path.endsWith('promo-code') ? { promoCode: 'X' } : undefined)).status).toBe(401);
    }
  });

  it('has no webhook endpoint without Stripe', async () => {
    t = createTestApp();
    const res = await post(t, '/api/stripe/webhook', '{"id":"evt_1"}', { origin: null, headers: { 'stripe-signature': 't=1,v1=00' } });
    expect(res.status).toBe(404);
  });
});
