import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/limits';
import { ALREADY_ACTIVE, TEAM_SUSPENDED_NO_SUBSCRIBE } from '../services/billing';
import { TEAM_ERRORS } from '../services/teams';
import { editorAccess, teamOfTwo } from '../services/teams/test-support';
import { createTestApp, trpcError, type TestApp } from '../test-app';
import { login, registerUser } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const api = (token: string) => t.caller({ token }).api;
const userRow = async (email: string) => {
  const { users } = t.db.tables;
  return (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
};

const access = (email: string) => editorAccess(t, email);

describe('team subscription with local billing', () => {
  it("starts the team's trial, which covers every member at once", async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    const { owner } = await teamOfTwo(t);
    expect(await access('tomas@news.example')).toBe('SUBSCRIPTION_REQUIRED');
    expect(await api(owner).team.subscription()).toEqual({
      status: 'inactive',
      plan: null,
      maxSeats: 5,
      usedSeats: 2,
      renewalDate: null,
      portalUrl: null,
    });

    const result = await api(owner).team.subscribe({});
    expect(result).toEqual({
      subscriptionId: expect.stringMatching(/^local_sub_team-\d+_/),
      is100PercentOff: false,
      message: "Your team's 7-day free trial has started",
    });
    expect(result).not.toHaveProperty('clientSecret');

    expect(await api(owner).team.subscription()).toEqual({
      status: 'active',
      plan: 'professional',
      maxSeats: 5,
      usedSeats: 2,
      renewalDate: '2026-03-09T09:00:00.000Z',
      portalUrl: null,
    });
    expect(await api(owner).team.get()).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'professional' });
    expect(await access('tomas@news.example')).toBe('granted');
    expect(await access('mariana@news.example')).toBe('granted');
    // Nobody's own plan changed: the cover is the team's.
    expect((await userRow('tomas@news.example')).subscriptionStatus).toBe('inactive');
    expect((await userRow('mariana@news.example')).subscriptionStatus).toBe('inactive');

    expect(await api(owner).team.subscribe({})).toMatchObject({ subscriptionId: result.subscriptionId, message: ALREADY_ACTIVE });
  });

  it('renews the team month by month from the end of its trial', async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    await teamOfTwo(t);
    let owner = (await login(t, 'mariana@news.example')).token!;
    await api(owner).team.subscribe({});

    t.clock.advance(7 * DAY_MS + 33 * DAY_MS);
    owner = (await login(t, 'mariana@news.example')).token!;
    expect(await api(owner).team.subscription()).toMatchObject({ status: 'active', renewalDate: '2026-05-09T09:00:00.000Z' });
    expect(await access('tomas@news.example')).toBe('granted');
  });

  it("spends the owner's one trial: a team of an owner who had theirs starts paid, and vice versa", async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    const { owner } = await teamOfTwo(t);
    expect((await api(owner).subscription.create({})).message).toBe('Your 7-day free trial has started');

    expect(await api(owner).team.subscribe({})).toMatchObject({ message: 'Subscription activated', is100PercentOff: false });
    expect(await api(owner).team.subscription()).toMatchObject({ status: 'active', renewalDate: '2026-04-02T09:00:00.000Z' });

    const solo = await registerUser(t, 'ines');
    await api(solo).team.create({ name: 'Ines Desk' });
    await api(solo).team.subscribe({});
    expect((await userRow('ines@news.example')).trialUsedAt).not.toBeNull();
    expect((await api(solo).subscription.create({})).message).toBe('Subscription activated');
  });

  it("redeems a promo code once per owner, and counts the owner's attempts", async () => {
    t = createTestApp();
    await t.services.billing.promos.create({ code: 'NEWSROOM', percentOff: 100 });
    const { owner } = await teamOfTwo(t);
    expect(await api(owner).team.subscribe({ promoCode: ' newsroom ' })).toMatchObject({ is100PercentOff: true });
    expect(await api(owner).subscription.validatePromoCode({ promoCode: 'NEWSROOM' })).toEqual({
      valid: false,
      message: 'You have already used this promo code',
    });
  });

  it("is the owner's alone: a member gets FORBIDDEN, a user in no team NOT_FOUND, and nothing changes", async () => {
    t = createTestApp();
    const { owner, member } = await teamOfTwo(t);
    const stranger = await registerUser(t, 'ines');

    // one call at a time: a refusal made before its turn would go unawaited
    for (const call of [() => api(member).team.subscribe({}), () => api(member).team.subscription()]) {
      const e = await trpcError(call());
      expect(e.code).toBe('FORBIDDEN');
      expect(e.message).toBe(TEAM_ERRORS.ownerOnly);
    }
    for (const call of [() => api(stranger).team.subscribe({}), () => api(stranger).team.subscription()]) {
      expect((await trpcError(call())).code).toBe('NOT_FOUND');
    }
    expect((await trpcError(t.caller().api.team.subscribe({}))).code).toBe('UNAUTHORIZED');
    expect(await api(owner).team.get()).toMatchObject({ subscriptionStatus: 'inactive' });
    expect(await access('tomas@news.example')).toBe('SUBSCRIPTION_REQUIRED');
  });

  it("follows the team's status on the next check: suspended, then reactivated", async () => {
    t = createTestApp();
    const { owner, teamId } = await teamOfTwo(t);
    const { teams } = t.db.tables;
    await api(owner).team.subscribe({});
    expect(await access('tomas@news.example')).toBe('granted');

    // What the admin console's suspend button does.
    await t.db.update(teams).set({ subscriptionStatus: 'suspended' }).where(eq(teams.id, teamId));
    expect(await access('tomas@news.example')).toBe('TEAM_SUSPENDED');
    expect(await access('mariana@news.example')).toBe('TEAM_SUSPENDED');
    const refused = await trpcError(api(owner).team.subscribe({}));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: TEAM_SUSPENDED_NO_SUBSCRIBE });
    expect(await api(owner).team.subscription()).toMatchObject({ status: 'suspended' });

    await t.db.update(teams).set({ subscriptionStatus: 'active' }).where(eq(teams.id, teamId));
    expect(await access('tomas@news.example')).toBe('granted');
  });
});
