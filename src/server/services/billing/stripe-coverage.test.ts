import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StripeServer } from '../../../../tests/support/stripe-server';
import { TEAM_SEAT_MESSAGES } from '../../../shared/schemas/team-seats';
import { HOUR_MS } from '../../../shared/limits';
import { trpcError, type TestApp } from '../../test-app';
import { login, registerUser } from '../../test-http';
import { editorAccess, teamOfTwo, tokenOfUrl } from '../teams/test-support';
import { COVERAGE_MESSAGES } from './coverage';
import { startStripeApp } from './test-support';

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

/** The user's own plan, started with a card as the payment form would. */
async function ownPlanWithCard(token: string) {
  const { subscriptionId } = await api(token).subscription.create({});
  stripe.succeedSetupIntent(String(stripe.subscription(subscriptionId).pending_setup_intent), { setAsDefault: true });
  await api(token).subscription.activate();
  return subscriptionId;
}

describe('one coverage at a time, with Stripe', () => {
  it("cancels the owner's personal trial at once, with nothing charged, when the team's subscription starts", async () => {
    const { owner } = await teamOfTwo(t);
    const personal = await ownPlanWithCard(owner);
    expect((await userRow('mariana@news.example')).subscriptionStatus).toBe('trialing');

    // The team's payment form is still open: nothing covers the owner yet, so the trial runs on.
    const team = await api(owner).team.subscribe({});
    expect(team).not.toHaveProperty('personalPlan');
    expect(stripe.subscription(personal).status).toBe('trialing');

    // The owner's one trial is spent, so the team's plan starts paid: the card pays its first invoice.
    stripe.updateSubscription(team.subscriptionId, { status: 'active', defaultPaymentMethod: 'pm_card_visa' });
    await api(owner).subscription.activate();
    expect(stripe.subscription(personal)).toMatchObject({ status: 'canceled' });
    expect(stripe.requests.filter((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${personal}`)).toHaveLength(1);
    // A trial cancelled before its end is never invoiced.
    expect(stripe.invoice(String(stripe.subscription(personal).latest_invoice)).amount_due).toBe(0);
    expect(await userRow('mariana@news.example')).toMatchObject({ subscriptionStatus: 'inactive', subscriptionPlan: null });
    expect(await editorAccess(t, 'mariana@news.example')).toBe('granted');
    expect(stripe.subscription(team.subscriptionId).status).toBe('active');
  });

  it('a team made active at once (a 100% code) ends the trial in the same answer', async () => {
    stripe.seedPromotionCode({ code: 'NEWSROOM', percentOff: 100 });
    const { owner } = await teamOfTwo(t);
    const personal = await ownPlanWithCard(owner);
    const result = await api(owner).team.subscribe({ promoCode: 'NEWSROOM' });
    expect(result).toMatchObject({
      is100PercentOff: true,
      personalPlan: { outcome: 'ended', accessUntil: null, message: COVERAGE_MESSAGES.trialEnded('Metro Desk') },
    });
    expect(stripe.subscription(personal).status).toBe('canceled');
  });

  it("cancels an invitee's paid plan at period end when they accept into an active team", async () => {
    stripe.seedPromotionCode({ code: 'NEWSROOM', percentOff: 100 });
    const owner = await registerUser(t, 'mariana');
    await api(owner).team.create({ name: 'Metro Desk' });
    await api(owner).team.subscribe({ promoCode: 'NEWSROOM' });

    const invitee = await registerUser(t, 'ines');
    const { users } = t.db.tables;
    await t.db
      .update(users)
      .set({ trialUsedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.email, 'ines@news.example'));
    const { subscriptionId } = await api(invitee).subscription.create({});
    stripe.updateSubscription(subscriptionId, { status: 'active', defaultPaymentMethod: 'pm_card_visa' });
    await api(invitee).subscription.activate();
    expect((await userRow('ines@news.example')).subscriptionStatus).toBe('active');

    const invitation = await api(owner).team.invite({ email: 'ines@news.example' });
    const accepted = await api(invitee).team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });
    expect(accepted.personalPlan).toEqual({
      outcome: 'ends_at_period_end',
      accessUntil: '2026-04-02T09:00:00.000Z',
      message: COVERAGE_MESSAGES.planEnds('Metro Desk', '2026-04-02'),
    });
    expect(accepted.personalPlan!.message).toBe(
      'Your personal plan will not renew; you keep it until 2026-04-02. Metro Desk covers you now.',
    );
    expect(stripe.subscription(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await userRow('ines@news.example')).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true });
  });
});

describe('the owner changes seats, with Stripe', () => {
  /** A paying team, halfway through a 7-day period. */
  async function payingTeamHalfway() {
    const team = await teamOfTwo(t);
    const { subscriptionId } = await api(team.owner).team.subscribe({});
    stripe.succeedSetupIntent(String(stripe.subscription(subscriptionId).pending_setup_intent), { setAsDefault: true });
    stripe.updateSubscription(subscriptionId, { status: 'active' });
    await api(team.owner).subscription.activate();
    t.clock.advance(84 * HOUR_MS);
    return { ...team, owner: (await login(t, 'mariana@news.example')).token!, subscriptionId };
  }

  it('shows the prorated amount from Stripe’s invoice preview, then bills exactly that quantity change', async () => {
    const { owner, teamId, subscriptionId } = await payingTeamHalfway();
    const preview = await api(owner).team.seatChangePreview({ seats: 7 });
    const prorationDate = Math.floor(t.clock().getTime() / 1000);
    expect(preview).toEqual({
      seats: 7,
      currentSeats: 5,
      usedSeats: 2,
      billed: true,
      // Half a period of two more seats at $49.99.
      proratedAmount: 4999,
      monthlyAmount: 7 * 4999,
      currency: 'usd',
      nextInvoiceDate: '2026-03-09T09:00:00.000Z',
      prorationDate,
    });
    const [asked] = stripe.posts('/v1/invoices/create_preview');
    expect(asked!.params).toMatchObject({
      subscription: subscriptionId,
      subscription_details: { items: [{ quantity: '7' }], proration_behavior: 'create_prorations', proration_date: String(prorationDate) },
    });
    expect((await teamRow(teamId)).maxSeats).toBe(5);

    expect(await api(owner).team.changeSeats({ seats: 7, prorationDate })).toEqual({ maxSeats: 7, message: 'Your team now has 7 seats.' });
    const [update] = stripe.posts(`/v1/subscriptions/${subscriptionId}`);
    expect(update!.params).toMatchObject({
      items: [{ quantity: '7' }],
      proration_behavior: 'create_prorations',
      proration_date: String(prorationDate),
    });
    expect(stripe.subscription(subscriptionId)).toMatchObject({ items: { data: [{ quantity: 7 }] } });
    expect((await teamRow(teamId)).maxSeats).toBe(7);
    const { items } = await t.services.admin.audit.list(
      { adminId: undefined, action: 'team.seats', targetType: undefined, targetId: undefined },
      { cursor: null, limit: 10 },
    );
    expect(items[0]).toMatchObject({ targetId: teamId, changes: { maxSeats: { before: 5, after: 7 } } });
  });

  it('a trial bills nothing for the rest of it; below the members in use nothing reaches Stripe', async () => {
    const { owner, teamId } = await teamOfTwo(t);
    const { subscriptionId } = await api(owner).team.subscribe({});
    stripe.succeedSetupIntent(String(stripe.subscription(subscriptionId).pending_setup_intent), { setAsDefault: true });
    await api(owner).subscription.activate();
    expect(await api(owner).team.seatChangePreview({ seats: 6 })).toMatchObject({
      billed: true,
      proratedAmount: 0,
      monthlyAmount: 6 * 4999,
    });

    const calls = stripe.requests.length;
    const refused = await trpcError(api(owner).team.changeSeats({ seats: 1 }));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: TEAM_SEAT_MESSAGES.belowMembers(2) });
    expect(stripe.requests).toHaveLength(calls);
    expect((await teamRow(teamId)).maxSeats).toBe(5);
  });

  it('keeps the seats the team pays for when Stripe refuses the change', async () => {
    const { owner, teamId, subscriptionId } = await payingTeamHalfway();
    expect(subscriptionId).toBeTruthy();
    await stripe.close();
    const refused = await trpcError(api(owner).team.changeSeats({ seats: 8 }));
    expect(refused.code).toBe('BAD_GATEWAY');
    expect((await teamRow(teamId)).maxSeats).toBe(5);
    expect(
      (
        await t.services.admin.audit.list(
          { adminId: undefined, action: 'team.seats', targetType: undefined, targetId: undefined },
          { cursor: null, limit: 10 },
        )
      ).items,
    ).toHaveLength(0);
  });
});
