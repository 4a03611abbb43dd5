import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/limits';
import { ADMIN_MESSAGES } from '../../shared/schemas/admin';
import { TEAM_SEAT_MESSAGES } from '../../shared/schemas/team-seats';
import { ALREADY_ACTIVE, TEAM_SUSPENDED_NO_SUBSCRIBE } from '../services/billing';
import { signedInAdmin } from '../services/admin/test-support';
import { COVERAGE_MESSAGES } from '../services/billing/coverage';
import { TEAM_ERRORS } from '../services/teams';
import { editorAccess, setTeamStatus, teamOfTwo, tokenOfUrl } from '../services/teams/test-support';
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
const auditFilter = (action?: 'team.seats') => ({ adminId: undefined, action, targetType: undefined, targetId: undefined });

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
      cancelAtPeriodEnd: false,
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
      cancelAtPeriodEnd: false,
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
    const { id: soloTeam } = await api(solo).team.create({ name: 'Ines Desk' });
    await api(solo).team.subscribe({});
    expect((await userRow('ines@news.example')).trialUsedAt).not.toBeNull();
    // Once the team's plan has ended, a plan of the owner's own starts paid.
    await setTeamStatus(t, soloTeam, 'inactive');
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

describe('one coverage at a time, with local billing', () => {
  it("ends the owner's personal trial when the team is subscribed, says so, and refuses a new one while covered", async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    const { owner } = await teamOfTwo(t);
    expect((await api(owner).subscription.create({})).message).toBe('Your 7-day free trial has started');

    const result = await api(owner).team.subscribe({});
    expect(result).toMatchObject({
      message: 'Subscription activated',
      personalPlan: { outcome: 'ended', accessUntil: null, message: COVERAGE_MESSAGES.trialEnded('Metro Desk') },
    });
    expect(result.personalPlan!.message).toBe(
      'Your personal trial has ended and you will not be charged for it. Metro Desk covers you now.',
    );
    expect(await userRow('mariana@news.example')).toMatchObject({ subscriptionStatus: 'inactive', subscriptionPlan: null });
    expect(await access('mariana@news.example')).toBe('granted');

    const refused = await trpcError(api(owner).subscription.create({}));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: COVERAGE_MESSAGES.alreadyCovered('Metro Desk') });
    expect((await userRow('mariana@news.example')).subscriptionStatus).toBe('inactive');
  });

  it("a member's paid plan stops renewing when the team is subscribed; a team without a plan leaves it alone", async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    const { owner, member } = await teamOfTwo(t);
    const { users } = t.db.tables;
    await t.db
      .update(users)
      .set({ trialUsedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.email, 'tomas@news.example'));
    expect((await api(member).subscription.create({})).message).toBe('Subscription activated');
    // Not covered yet: the member's next request keeps the plan.
    await api(member).auth.me();
    expect((await userRow('tomas@news.example')).cancelAtPeriodEnd).toBe(false);

    const result = await api(owner).team.subscribe({});
    expect(result).not.toHaveProperty('personalPlan');
    expect(await userRow('tomas@news.example')).toMatchObject({
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      subscriptionRenewalDate: new Date('2026-04-02T09:00:00Z'),
    });
  });

  it('ends the personal trial of an invitee who accepts into an active team, and the answer says so', async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    const owner = await registerUser(t, 'mariana');
    await api(owner).team.create({ name: 'Metro Desk' });
    await api(owner).team.subscribe({});
    const invitee = await registerUser(t, 'ines');
    await api(invitee).subscription.create({});
    const invitation = await api(owner).team.invite({ email: 'ines@news.example' });

    const accepted = await api(invitee).team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });
    expect(accepted).toMatchObject({
      team: { name: 'Metro Desk' },
      personalPlan: { outcome: 'ended', message: COVERAGE_MESSAGES.trialEnded('Metro Desk') },
    });
    expect((await userRow('ines@news.example')).subscriptionStatus).toBe('inactive');
    expect(await access('ines@news.example')).toBe('granted');
  });

  it("lists each user's team for the admin's Users panel, so covered editors show as covered", async () => {
    t = createTestApp();
    const { owner, teamId } = await teamOfTwo(t);
    await api(owner).team.subscribe({});
    await registerUser(t, 'ines');
    const admin = api((await signedInAdmin(t)).token);
    const { items } = await admin.admin.users.list({});
    const id = Object.fromEntries(items.map((u) => [u.username, u.id]));
    const teams = await admin.admin.users.teams({ ids: items.map((u) => u.id) });
    const team = { id: teamId, name: 'Metro Desk', subscriptionStatus: 'active', subscriptionPlan: 'professional' };
    expect(items.find((u) => u.username === 'tomas')).toMatchObject({ subscriptionStatus: 'inactive' });
    expect(teams).toEqual({ [id.tomas!]: team, [id.mariana!]: team, [id.ines!]: null, [id.chief!]: null });
    expect((await trpcError(api(owner).admin.users.teams({ ids: [id.tomas!] }))).code).toBe('FORBIDDEN');
  });

  it('catches up on the next request when coverage began elsewhere (an administrator activated the team)', async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    const { member, teamId } = await teamOfTwo(t);
    await api(member).subscription.create({});
    await setTeamStatus(t, teamId, 'active');
    expect(await api(member).auth.me()).toMatchObject({ subscriptionStatus: 'inactive', subscriptionPlan: null });
  });
});

describe('the owner changes seats, with local billing', () => {
  it('previews with nothing billed, changes directly and leaves an audit row', async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    const { owner, teamId } = await teamOfTwo(t);
    await api(owner).team.subscribe({});
    expect(await api(owner).team.seatChangePreview({ seats: 7 })).toEqual({
      seats: 7,
      currentSeats: 5,
      usedSeats: 2,
      billed: false,
      proratedAmount: 0,
      monthlyAmount: 0,
      currency: 'usd',
      nextInvoiceDate: null,
      prorationDate: null,
    });

    expect(await api(owner).team.changeSeats({ seats: 7 })).toEqual({ maxSeats: 7, message: 'Your team now has 7 seats.' });
    expect(await api(owner).team.get()).toMatchObject({ maxSeats: 7, usedSeats: 2 });
    const mariana = await userRow('mariana@news.example');
    const { items } = await t.services.admin.audit.list(auditFilter(), { cursor: null, limit: 10 });
    expect(items[0]).toMatchObject({
      action: 'team.seats',
      adminId: mariana.id,
      adminUsername: 'mariana',
      targetType: 'team',
      targetId: teamId,
      targetLabel: 'Metro Desk',
      changes: { maxSeats: { before: 5, after: 7 } },
    });

    // Down to the members in use, not below.
    expect(await api(owner).team.changeSeats({ seats: 2 })).toMatchObject({ maxSeats: 2 });
    const below = await trpcError(api(owner).team.changeSeats({ seats: 1 }));
    expect(below).toMatchObject({ code: 'BAD_REQUEST', message: TEAM_SEAT_MESSAGES.belowMembers(2) });
    expect(below.message).toBe('Your team has 2 members, so it needs at least 2 seats. Remove a member first to go lower.');
    expect((await trpcError(api(owner).team.seatChangePreview({ seats: 1 }))).message).toBe(TEAM_SEAT_MESSAGES.belowMembers(2));
    expect((await api(owner).team.get()).maxSeats).toBe(2);
    expect((await t.services.admin.audit.list(auditFilter('team.seats'), { cursor: null, limit: 10 })).items).toHaveLength(2);
  });

  it('is the owner’s alone, refuses out-of-range counts and a suspended team', async () => {
    t = createTestApp();
    const { owner, member, teamId } = await teamOfTwo(t);
    const forbidden = await trpcError(api(member).team.changeSeats({ seats: 9 }));
    expect(forbidden).toMatchObject({ code: 'FORBIDDEN', message: TEAM_ERRORS.ownerOnly });
    expect((await trpcError(api(member).team.seatChangePreview({ seats: 9 }))).code).toBe('FORBIDDEN');
    expect((await trpcError(api(owner).team.changeSeats({ seats: 1001 }))).message).toContain(ADMIN_MESSAGES.seatsMax);
    expect((await trpcError(api(owner).team.changeSeats({ seats: 2.5 }))).message).toContain(TEAM_SEAT_MESSAGES.seatsWhole);

    await setTeamStatus(t, teamId, 'suspended');
    expect(await trpcError(api(owner).team.changeSeats({ seats: 9 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_SUSPENDED_NO_SUBSCRIBE,
    });
    expect((await api(owner).team.get()).maxSeats).toBe(5);
    expect((await t.services.admin.audit.list(auditFilter('team.seats'), { cursor: null, limit: 10 })).items).toHaveLength(0);
  });
});
