import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../shared/limits';
import { VERIFICATION_MESSAGES } from '../../shared/schemas/auth';
import { TEAM_MESSAGES } from '../../shared/schemas/team';
import { failure, visitor } from '../services/chat/test-support';
import { TEAM_ERRORS } from '../services/teams';
import { invitationToken, outboxInvitationsTo, setTeamStatus, tokenOfUrl } from '../services/teams/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { verifyThroughOutbox } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const WEEK_MS = 7 * DAY_MS;
const emailOf = (username: string) => `${username}@news.example`;

/** An owner with a team and, for each name, a registered user not yet invited. */
async function teamWith(...names: string[]) {
  t = createTestApp();
  const owner = await visitor(t, 'olivia');
  const team = await owner.api.team.create({ name: 'Metro Desk' });
  const people = await Promise.all(names.map((n) => visitor(t, n)));
  return { owner, team, people };
}

type Person = Awaited<ReturnType<typeof visitor>>;

/** A caller's context holds the user as it was; a new request reads the account again. */
const me = (p: Person) => t.caller({ token: p.token }).api.auth.me();

/** Invites and accepts through the e-mailed link, as a colleague would. */
async function join(owner: Person, person: Person, username: string) {
  const invitation = await owner.api.team.invite({ email: emailOf(username) });
  return person.api.team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });
}

describe('team.create', () => {
  it('makes the caller owner and first member of a team of 5 seats', async () => {
    const { owner, team } = await teamWith();
    expect(team).toEqual({
      id: expect.any(Number),
      name: 'Metro Desk',
      ownerId: owner.userId,
      ownerUsername: 'olivia',
      subscriptionStatus: 'inactive',
      subscriptionPlan: null,
      maxSeats: 5,
      usedSeats: 1,
      subscriptionRenewalDate: null,
      createdAt: '2026-03-02T09:00:00.000Z',
    });
    expect((await me(owner)).teamId).toBe(team.id);
    expect(await owner.api.team.get()).toEqual(team);
    expect(await owner.api.team.members()).toEqual([
      {
        id: owner.userId,
        username: 'olivia',
        email: 'olivia@news.example',
        createdAt: '2026-03-02T09:00:00.000Z',
        subscriptionPlan: null,
        subscriptionStatus: 'inactive',
        role: 'owner',
      },
    ]);
  });

  it('refuses a name under 2 characters with the spec message, counting no surrounding spaces', async () => {
    t = createTestApp();
    const user = await visitor(t, 'olivia');
    for (const name of ['A', ' A ', '']) {
      expect(await failure(user.api.team.create({ name }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Team name must be at least 2 characters',
      });
    }
    expect(await failure(user.api.team.get())).toMatchObject({ code: 'NOT_FOUND', message: 'You are not in a team.' });
  });

  it('answers 409 to a user already in a team, as owner or as member', async () => {
    const { owner, people } = await teamWith('milo');
    expect(await failure(owner.api.team.create({ name: 'Second Desk' }))).toMatchObject({
      code: 'CONFLICT',
      message: TEAM_ERRORS.alreadyInTeam,
    });
    await join(owner, people[0]!, 'milo');
    expect(await failure(people[0]!.api.team.create({ name: 'Breakaway' }))).toMatchObject({ code: 'CONFLICT' });
  });

  it('needs a session for every team call but the invitation preview', async () => {
    t = createTestApp();
    const { api } = t.caller();
    for (const call of [
      () => api.team.get(),
      () => api.team.create({ name: 'Desk' }),
      () => api.team.pendingInvitations(),
      () => api.team.acceptInvitation({ token: 'x' }),
    ]) {
      expect(await failure(call())).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('team.invite', () => {
  it('e-mails the invitee a 7-day link naming the team and the inviter', async () => {
    const { owner } = await teamWith();
    const invitation = await owner.api.team.invite({ email: 'Milo@News.Example ' });
    expect(invitation).toEqual({
      id: expect.any(Number),
      email: 'milo@news.example',
      status: 'pending',
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T09:00:00.000Z',
      expiresAt: '2026-03-09T09:00:00.000Z',
      inviteUrl: expect.stringMatching(/^http:\/\/localhost:3000\/accept-invitation\?token=[a-z2-7]{32}$/),
    });
    const [mail, ...more] = outboxInvitationsTo(t, 'milo@news.example');
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: olivia invited you to join Metro Desk on Copydesk');
    expect(mail).toContain('olivia invited you to join the team "Metro Desk"');
    expect(mail).toContain('within 7 days');
    expect(invitationToken(mail!)).toBe(tokenOfUrl(invitation.inviteUrl));
    expect(await owner.api.team.invitations()).toEqual([
      {
        id: invitation.id,
        email: 'milo@news.example',
        status: 'pending',
        createdAt: invitation.createdAt,
        updatedAt: invitation.updatedAt,
        expiresAt: invitation.expiresAt,
      },
    ]);
  });

  it('is for the owner and team editors only', async () => {
    const { owner, people } = await teamWith('milo', 'nora');
    await join(owner, people[0]!, 'milo');
    expect(await failure(people[0]!.api.team.invite({ email: emailOf('nora') }))).toMatchObject({
      code: 'FORBIDDEN',
      message: TEAM_ERRORS.managersOnly,
    });
    expect(await failure(people[0]!.api.team.invitations())).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(people[1]!.api.team.invite({ email: emailOf('milo') }))).toMatchObject({
      code: 'NOT_FOUND',
      message: TEAM_MESSAGES.notInTeam,
    });
    expect(outboxInvitationsTo(t, 'nora@news.example')).toEqual([]);
  });

  it('refuses an invalid e-mail with the spec message', async () => {
    const { owner } = await teamWith();
    expect(await failure(owner.api.team.invite({ email: 'milo@' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Please enter a valid email',
    });
  });

  it('answers 409 to an address already invited, until that invitation has expired', async () => {
    const { owner } = await teamWith();
    const first = await owner.api.team.invite({ email: 'milo@news.example' });
    expect(await failure(owner.api.team.invite({ email: 'MILO@news.example' }))).toMatchObject({
      code: 'CONFLICT',
      message: TEAM_ERRORS.alreadyInvited,
    });

    t.clock.advance(WEEK_MS);
    const again = await owner.api.team.invite({ email: 'milo@news.example' });
    expect(again.id).not.toBe(first.id);
    expect((await owner.api.team.invitations()).map((i) => i.id)).toEqual([again.id]);
  });

  it('answers 409 to a member of the team, the owner included', async () => {
    const { owner, people } = await teamWith('milo');
    await join(owner, people[0]!, 'milo');
    for (const email of ['milo@news.example', 'olivia@news.example']) {
      expect(await failure(owner.api.team.invite({ email }))).toMatchObject({ code: 'CONFLICT', message: TEAM_ERRORS.alreadyMember });
    }
  });

  it('counts pending invitations against the seats: 409 SEATS_HELD, until one is cancelled or expires', async () => {
    const names = ['milo', 'nora', 'omar', 'pia', 'quinn'];
    const { owner } = await teamWith();
    const invitations = [];
    for (const name of names.slice(0, 4)) invitations.push(await owner.api.team.invite({ email: emailOf(name) }));
    expect((await owner.api.team.get()).usedSeats).toBe(1);

    expect(await failure(owner.api.team.invite({ email: emailOf('quinn') }))).toMatchObject({
      code: 'CONFLICT',
      message: TEAM_MESSAGES.seatsHeld,
      details: { code: 'SEATS_HELD', maxSeats: 5, pendingInvitations: 4 },
    });
    expect(outboxInvitationsTo(t, emailOf('quinn'))).toEqual([]);

    await owner.api.team.cancelInvitation({ id: invitations[0]!.id });
    await owner.api.team.invite({ email: emailOf('quinn') });
    expect(await failure(owner.api.team.invite({ email: emailOf('milo') }))).toMatchObject({ details: { code: 'SEATS_HELD' } });

    t.clock.advance(WEEK_MS);
    await owner.api.team.invite({ email: emailOf('milo') });
  });

  it('answers 409 with the spec sentence when the members fill every seat', async () => {
    const names = ['milo', 'nora', 'omar', 'pia'];
    const { owner, people } = await teamWith(...names);
    for (let i = 0; i < names.length; i++) await join(owner, people[i]!, names[i]!);
    expect((await owner.api.team.get()).usedSeats).toBe(5);
    expect(await failure(owner.api.team.invite({ email: emailOf('rosa') }))).toMatchObject({
      code: 'CONFLICT',
      message: 'All seats are occupied. Upgrade your subscription to add more members.',
      details: { code: 'SEATS_FULL', maxSeats: 5 },
    });
    await owner.api.team.removeMember({ id: people[0]!.userId });
    await owner.api.team.invite({ email: emailOf('rosa') });
  });

  it('tells an invitee refused for want of a seat, in words for them, and lets them in once one is free', async () => {
    const { owner, team, people } = await teamWith('milo', 'nora');
    const milo = await owner.api.team.invite({ email: emailOf('milo') });
    const nora = await owner.api.team.invite({ email: emailOf('nora') });
    // Seats lowered after the invitations went out (an administrator, or a smaller subscription).
    await t.services.teams.update(team.id, { name: team.name, maxSeats: 2 });
    await people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(milo.inviteUrl) });
    const refused = await failure(people[1]!.api.team.acceptInvitation({ token: tokenOfUrl(nora.inviteUrl) }));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: TEAM_MESSAGES.seatsFullForInvitee, details: { code: 'SEATS_FULL' } });
    expect(refused.message).not.toBe(TEAM_MESSAGES.seatsFull);

    await owner.api.team.removeMember({ id: people[0]!.userId });
    expect(await people[1]!.api.team.acceptInvitation({ token: tokenOfUrl(nora.inviteUrl) })).toMatchObject({ team: { usedSeats: 2 } });
  });

  it('limits how many invitation e-mails one team sends an hour', async () => {
    const { owner, team } = await teamWith();
    await t.services.teams.update(team.id, { name: team.name, maxSeats: 100 });
    const sent = [];
    for (let i = 0; i < 30; i++) sent.push(await owner.api.team.invite({ email: `reporter${i}@news.example` }));
    expect(await failure(owner.api.team.resendInvitation({ id: sent[0]!.id }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      details: { retryAfter: expect.any(Number) },
    });
    t.clock.advance(HOUR_MS);
    await owner.api.team.invite({ email: 'late@news.example' });
  });
});

describe('team.invitations', () => {
  it('lists pending invitations first, then newest first', async () => {
    const { owner, people } = await teamWith('milo');
    const milo = await owner.api.team.invite({ email: emailOf('milo') });
    t.clock.advance(HOUR_MS);
    const nora = await owner.api.team.invite({ email: emailOf('nora') });
    t.clock.advance(HOUR_MS);
    const omar = await owner.api.team.invite({ email: emailOf('omar') });
    await people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(milo.inviteUrl) });
    t.clock.advance(HOUR_MS);
    const pia = await owner.api.team.invite({ email: emailOf('pia') });
    expect((await owner.api.team.invitations()).map((i) => [i.email, i.status])).toEqual([
      [pia.email, 'pending'],
      [omar.email, 'pending'],
      [nora.email, 'pending'],
      [milo.email, 'accepted'],
    ]);
  });
});

describe('team.pendingInvitations and team.invitationByToken', () => {
  it('shows the invitee their pending, unexpired invitations with the team and the inviter', async () => {
    const { owner, people } = await teamWith('milo');
    const invitation = await owner.api.team.invite({ email: emailOf('milo') });
    expect(await people[0]!.api.team.pendingInvitations()).toEqual([
      {
        id: invitation.id,
        token: String(invitation.id),
        teamName: 'Metro Desk',
        inviterName: 'olivia',
        expiresAt: '2026-03-09T09:00:00.000Z',
      },
    ]);
    expect(await owner.api.team.pendingInvitations()).toEqual([]);
    t.clock.advance(WEEK_MS);
    expect(await people[0]!.api.team.pendingInvitations()).toEqual([]);
  });

  it('previews an e-mailed token to anyone, and nothing else', async () => {
    const { owner } = await teamWith();
    const invitation = await owner.api.team.invite({ email: emailOf('milo') });
    const anonymous = t.caller().api;
    expect(await anonymous.team.invitationByToken({ token: tokenOfUrl(invitation.inviteUrl) })).toEqual({
      status: 'pending',
      teamName: 'Metro Desk',
      inviterName: 'olivia',
      email: 'milo@news.example',
      expiresAt: '2026-03-09T09:00:00.000Z',
      hasAccount: false,
      teamActive: false,
    });
    for (const token of [String(invitation.id), 'a'.repeat(32), tokenOfUrl(invitation.inviteUrl).toUpperCase()]) {
      expect(await failure(anonymous.team.invitationByToken({ token }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'This invitation is invalid or has expired.',
      });
    }
    t.clock.advance(WEEK_MS);
    expect(await failure(anonymous.team.invitationByToken({ token: tokenOfUrl(invitation.inviteUrl) }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('team.acceptInvitation', () => {
  it('joins the invited user, listed after the owner in joining order, and uses the invitation up', async () => {
    const { owner, team, people } = await teamWith('milo', 'nora');
    t.clock.advance(HOUR_MS);
    const joined = await join(owner, people[1]!, 'nora');
    expect(joined).toEqual({ team: { ...team, usedSeats: 2 } });
    t.clock.advance(HOUR_MS);
    await join(owner, people[0]!, 'milo');
    expect((await owner.api.team.members()).map((m) => [m.username, m.createdAt])).toEqual([
      ['olivia', '2026-03-02T09:00:00.000Z'],
      ['nora', '2026-03-02T10:00:00.000Z'],
      ['milo', '2026-03-02T11:00:00.000Z'],
    ]);
    expect(await people[0]!.api.team.get()).toMatchObject({ id: team.id, usedSeats: 3 });
    expect(await people[0]!.api.team.members()).toHaveLength(3);
    expect((await me(people[0]!)).teamId).toBe(team.id);
    expect(await people[0]!.api.team.pendingInvitations()).toEqual([]);
  });

  it('accepts the popup reference only from a verified address, the list still showing the invitation', async () => {
    const { owner, people } = await teamWith('milo');
    await owner.api.team.invite({ email: emailOf('milo') });
    const [pending] = await people[0]!.api.team.pendingInvitations();
    expect(pending).toMatchObject({ teamName: 'Metro Desk', inviterName: 'olivia' });
    expect(await failure(people[0]!.api.team.acceptInvitation({ token: pending!.token }))).toMatchObject({
      code: 'FORBIDDEN',
      message: VERIFICATION_MESSAGES.invitationsNeedVerifiedAddress,
    });
    expect((await owner.api.team.get()).usedSeats).toBe(1);

    await verifyThroughOutbox(t, emailOf('milo'));
    const verified = t.caller({ token: people[0]!.token }).api;
    expect(await verified.team.acceptInvitation({ token: pending!.token })).toMatchObject({
      team: { name: 'Metro Desk', usedSeats: 2 },
    });
  });

  it('takes the e-mailed link as proof of the mailbox: it joins an unverified account and verifies its address', async () => {
    const { owner, people } = await teamWith('milo');
    const invitation = await owner.api.team.invite({ email: emailOf('milo') });
    expect((await me(people[0]!)).emailVerified).toBe(false);
    await people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });
    expect(await me(people[0]!)).toMatchObject({ emailVerified: true, teamId: expect.any(Number) });
  });

  it('is only for the invited e-mail: 403 with the link, invalid with the popup reference', async () => {
    const { owner, people } = await teamWith('milo', 'nora');
    const invitation = await owner.api.team.invite({ email: emailOf('milo') });
    expect(await failure(people[1]!.api.team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) }))).toMatchObject({
      code: 'FORBIDDEN',
      message: TEAM_ERRORS.otherEmail,
    });
    expect(await failure(people[1]!.api.team.acceptInvitation({ token: String(invitation.id) }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await owner.api.team.get()).usedSeats).toBe(1);
  });

  it('refuses an expired, used, unknown or cancelled invitation with 400', async () => {
    const { owner, people } = await teamWith('milo', 'nora');
    const milo = await owner.api.team.invite({ email: emailOf('milo') });
    t.clock.advance(WEEK_MS - 1);
    await people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(milo.inviteUrl) });
    await people[0]!.api.team.leave();
    expect(await failure(people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(milo.inviteUrl) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_MESSAGES.invitationAccepted,
    });

    const nora = await owner.api.team.invite({ email: emailOf('nora') });
    t.clock.advance(WEEK_MS);
    expect(await failure(people[1]!.api.team.acceptInvitation({ token: tokenOfUrl(nora.inviteUrl) }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await failure(people[1]!.api.team.acceptInvitation({ token: 'b'.repeat(32) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_MESSAGES.invalidInvitation,
    });

    const again = await owner.api.team.resendInvitation({ id: nora.id });
    await owner.api.team.cancelInvitation({ id: nora.id });
    expect(await failure(people[1]!.api.team.acceptInvitation({ token: tokenOfUrl(again.inviteUrl) }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await owner.api.team.get()).usedSeats).toBe(1);
  });

  it('answers 409 to a user already in a team', async () => {
    const { owner, people } = await teamWith('milo');
    const invitation = await owner.api.team.invite({ email: emailOf('milo') });
    await people[0]!.api.team.create({ name: 'Own Desk' });
    expect(await failure(people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) }))).toMatchObject({
      code: 'CONFLICT',
      message: TEAM_ERRORS.alreadyInTeam,
    });
    expect(await people[0]!.api.team.get()).toMatchObject({ name: 'Own Desk' });
  });
});

describe('team.declineInvitation', () => {
  it('declines by id from the popup and by token from the page', async () => {
    const { owner, people } = await teamWith('milo', 'nora');
    const milo = await owner.api.team.invite({ email: emailOf('milo') });
    const nora = await owner.api.team.invite({ email: emailOf('nora') });
    expect(await people[0]!.api.team.declineInvitation({ idOrToken: milo.id })).toEqual({ success: true });
    expect(await people[1]!.api.team.declineInvitation({ idOrToken: tokenOfUrl(nora.inviteUrl) })).toEqual({ success: true });
    expect((await owner.api.team.invitations()).map((i) => i.status)).toEqual(['declined', 'declined']);
    expect(await people[0]!.api.team.pendingInvitations()).toEqual([]);
    expect(await failure(people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(milo.inviteUrl) }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await failure(people[0]!.api.team.declineInvitation({ idOrToken: milo.id }))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers a stranger 404 by id and 403 by token, and leaves the invitation pending', async () => {
    const { owner, people } = await teamWith('milo', 'nora');
    const milo = await owner.api.team.invite({ email: emailOf('milo') });
    expect(await failure(people[1]!.api.team.declineInvitation({ idOrToken: milo.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(people[1]!.api.team.declineInvitation({ idOrToken: String(milo.id) }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(people[1]!.api.team.declineInvitation({ idOrToken: tokenOfUrl(milo.inviteUrl) }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await failure(people[1]!.api.team.declineInvitation({ idOrToken: 999 }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await owner.api.team.invitations())[0]!.status).toBe('pending');
  });
});

describe('team.resendInvitation and team.cancelInvitation', () => {
  it('resends with a new token and a new week, e-mailing again; the old link says it was replaced', async () => {
    const { owner, people } = await teamWith('milo');
    const first = await owner.api.team.invite({ email: emailOf('milo') });
    t.clock.advance(8 * DAY_MS);
    const resent = await owner.api.team.resendInvitation({ id: first.id });
    expect(resent).toMatchObject({
      id: first.id,
      status: 'pending',
      createdAt: first.createdAt,
      updatedAt: '2026-03-10T09:00:00.000Z',
      expiresAt: '2026-03-17T09:00:00.000Z',
    });
    expect(tokenOfUrl(resent.inviteUrl)).not.toBe(tokenOfUrl(first.inviteUrl));
    const mails = outboxInvitationsTo(t, 'milo@news.example');
    expect(mails.map(invitationToken).sort()).toEqual([tokenOfUrl(first.inviteUrl), tokenOfUrl(resent.inviteUrl)].sort());
    expect(await t.caller().api.team.invitationByToken({ token: tokenOfUrl(first.inviteUrl) })).toMatchObject({
      status: 'replaced',
      teamName: 'Metro Desk',
      email: 'milo@news.example',
    });
    expect(await failure(people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(first.inviteUrl) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_MESSAGES.invitationReplaced,
      details: { code: 'INVITATION_REPLACED' },
    });
    expect(await owner.api.team.invitations()).toHaveLength(1);
    await people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(resent.inviteUrl) });
    expect(await failure(owner.api.team.resendInvitation({ id: first.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_ERRORS.notPending,
    });
  });

  it('cancels a pending invitation, whose link then stops working', async () => {
    const { owner } = await teamWith();
    const invitation = await owner.api.team.invite({ email: emailOf('milo') });
    expect(await owner.api.team.cancelInvitation({ id: invitation.id })).toEqual({ success: true });
    expect(await owner.api.team.invitations()).toEqual([]);
    expect(await failure(t.caller().api.team.invitationByToken({ token: tokenOfUrl(invitation.inviteUrl) }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await failure(owner.api.team.cancelInvitation({ id: invitation.id }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps each team to its own invitations, and both actions to the owner', async () => {
    const { owner, people } = await teamWith('milo', 'nora');
    const invitation = await owner.api.team.invite({ email: emailOf('milo') });
    await people[1]!.api.team.create({ name: 'Rival Desk' });
    expect(await failure(people[1]!.api.team.cancelInvitation({ id: invitation.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(people[1]!.api.team.resendInvitation({ id: invitation.id }))).toMatchObject({ code: 'NOT_FOUND' });
    await people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });
    const other = await owner.api.team.invite({ email: 'pia@news.example' });
    expect(await failure(people[0]!.api.team.cancelInvitation({ id: other.id }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(people[0]!.api.team.resendInvitation({ id: other.id }))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await owner.api.team.invitations()).find((i) => i.id === other.id)?.status).toBe('pending');
  });
});

describe('team.removeMember, team.leave and team.transferOwnership', () => {
  it('lets the owner remove a member, never the owner', async () => {
    const { owner, people } = await teamWith('milo', 'nora');
    await join(owner, people[0]!, 'milo');
    await join(owner, people[1]!, 'nora');
    expect(await failure(owner.api.team.removeMember({ id: owner.userId }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_ERRORS.removeSelf,
    });
    expect(await failure(people[0]!.api.team.removeMember({ id: people[1]!.userId }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(people[0]!.api.team.removeMember({ id: owner.userId }))).toMatchObject({ code: 'FORBIDDEN' });

    expect(await owner.api.team.removeMember({ id: people[0]!.userId })).toEqual({ success: true });
    expect(await failure(people[0]!.api.team.get())).toMatchObject({ code: 'NOT_FOUND' });
    expect((await me(people[0]!)).teamId).toBeNull();
    expect((await owner.api.team.members()).map((m) => m.username)).toEqual(['olivia', 'nora']);
    expect(await failure(owner.api.team.removeMember({ id: people[0]!.userId }))).toMatchObject({
      code: 'NOT_FOUND',
      message: TEAM_ERRORS.memberNotFound,
    });
  });

  it('lets a member leave, but not the owner', async () => {
    const { owner, people } = await teamWith('milo');
    await join(owner, people[0]!, 'milo');
    expect(await failure(owner.api.team.leave())).toMatchObject({ code: 'BAD_REQUEST', message: TEAM_ERRORS.ownerCannotLeave });
    expect(await people[0]!.api.team.leave()).toEqual({ success: true });
    expect(await failure(people[0]!.api.team.leave())).toMatchObject({ code: 'NOT_FOUND' });
    expect((await owner.api.team.get()).usedSeats).toBe(1);
  });

  it('hands the team to a member, who then holds the owner rights', async () => {
    const { owner, people } = await teamWith('milo', 'nora');
    await join(owner, people[0]!, 'milo');
    expect(await failure(owner.api.team.transferOwnership({ id: owner.userId }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await failure(owner.api.team.transferOwnership({ id: people[1]!.userId }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(people[0]!.api.team.transferOwnership({ id: people[0]!.userId }))).toMatchObject({ code: 'FORBIDDEN' });

    expect(await owner.api.team.transferOwnership({ id: people[0]!.userId })).toMatchObject({
      ownerId: people[0]!.userId,
      ownerUsername: 'milo',
      usedSeats: 2,
    });
    expect((await owner.api.team.members()).map((m) => [m.username, m.role])).toEqual([
      ['milo', 'owner'],
      ['olivia', 'editor'],
    ]);
    // The former owner stays on as a team editor: the roster, never the billing.
    expect(await failure(owner.api.team.transferOwnership({ id: owner.userId }))).toMatchObject({ code: 'FORBIDDEN' });
    const fresh = t.caller({ token: owner.token }).api;
    expect(await failure(fresh.team.subscribe({}))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(fresh.team.subscription())).toMatchObject({ code: 'FORBIDDEN' });
    await people[0]!.api.team.invite({ email: emailOf('nora') });
    expect(await owner.api.team.leave()).toEqual({ success: true });
    expect(await people[1]!.api.team.pendingInvitations()).toMatchObject([{ inviterName: 'milo', teamName: 'Metro Desk' }]);
  });
});

describe('replaced and accepted invitation links', () => {
  it('a copied link replaces the earlier one without an e-mail; each earlier link then reads as replaced', async () => {
    const { owner, people } = await teamWith('milo');
    const sent = await owner.api.team.invite({ email: emailOf('milo') });
    t.clock.advance(HOUR_MS);
    const copied = await owner.api.team.copyInvitationLink({ id: sent.id });
    expect(copied).toMatchObject({ id: sent.id, status: 'pending', expiresAt: '2026-03-09T10:00:00.000Z' });
    const again = await owner.api.team.copyInvitationLink({ id: sent.id });
    expect(new Set([sent, copied, again].map((i) => tokenOfUrl(i.inviteUrl))).size).toBe(3);
    expect(outboxInvitationsTo(t, emailOf('milo'))).toHaveLength(1);
    expect(await owner.api.team.invitations()).toEqual([expect.objectContaining({ id: sent.id, status: 'pending' })]);

    const anonymous = t.caller().api;
    for (const old of [sent, copied]) {
      expect(await anonymous.team.invitationByToken({ token: tokenOfUrl(old.inviteUrl) })).toMatchObject({ status: 'replaced' });
    }
    expect(await anonymous.team.invitationByToken({ token: tokenOfUrl(again.inviteUrl) })).toMatchObject({
      status: 'pending',
      hasAccount: true,
    });
    expect(await failure(people[0]!.api.team.declineInvitation({ idOrToken: tokenOfUrl(copied.inviteUrl) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_MESSAGES.invitationReplaced,
    });

    await people[0]!.api.team.acceptInvitation({ token: tokenOfUrl(again.inviteUrl) });
    // Once used, every link of the invitation says so, and names the team to go to.
    for (const link of [sent, copied, again]) {
      expect(await anonymous.team.invitationByToken({ token: tokenOfUrl(link.inviteUrl) })).toMatchObject({
        status: 'accepted',
        teamName: 'Metro Desk',
      });
    }
    expect(await failure(owner.api.team.copyInvitationLink({ id: sent.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_ERRORS.notPending,
    });
  });

  it('a cancelled invitation takes its replaced links with it; an expired replacement leaves them invalid', async () => {
    const { owner } = await teamWith();
    const milo = await owner.api.team.invite({ email: emailOf('milo') });
    const resent = await owner.api.team.resendInvitation({ id: milo.id });
    await owner.api.team.cancelInvitation({ id: milo.id });
    const anonymous = t.caller().api;
    for (const link of [milo, resent]) {
      expect(await failure(anonymous.team.invitationByToken({ token: tokenOfUrl(link.inviteUrl) }))).toMatchObject({
        code: 'NOT_FOUND',
        message: TEAM_MESSAGES.invalidInvitation,
      });
    }

    const nora = await owner.api.team.invite({ email: emailOf('nora') });
    await owner.api.team.copyInvitationLink({ id: nora.id });
    t.clock.advance(WEEK_MS);
    expect(await failure(anonymous.team.invitationByToken({ token: tokenOfUrl(nora.inviteUrl) }))).toMatchObject({ code: 'NOT_FOUND' });
    // Inviting the address again replaces the expired invitation and its old links.
    const renewed = await owner.api.team.invite({ email: emailOf('nora') });
    expect((await owner.api.team.invitations()).map((i) => i.id)).toEqual([renewed.id]);
    expect(await failure(anonymous.team.invitationByToken({ token: tokenOfUrl(nora.inviteUrl) }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('tells the preview whether the team covers its members now', async () => {
    const { owner, team } = await teamWith();
    const invitation = await owner.api.team.invite({ email: emailOf('milo') });
    await setTeamStatus(t, team.id, 'active');
    expect(await t.caller().api.team.invitationByToken({ token: tokenOfUrl(invitation.inviteUrl) })).toMatchObject({
      teamActive: true,
      hasAccount: false,
    });
  });
});

describe('team editors', () => {
  /** An owner, olivia, with milo made team editor and nora a member. */
  async function teamWithEditor() {
    const { owner, team, people } = await teamWith('milo', 'nora', 'omar');
    const [milo, nora, omar] = people as [Person, Person, Person];
    await join(owner, milo, 'milo');
    await join(owner, nora, 'nora');
    expect(await owner.api.team.setMemberRole({ id: milo.userId, role: 'editor' })).toMatchObject({
      id: milo.userId,
      role: 'editor',
    });
    return { owner, team, milo, nora, omar };
  }

  it('lists every member with a role', async () => {
    const { owner, nora } = await teamWithEditor();
    const roles = { olivia: 'owner', milo: 'editor', nora: 'member' };
    expect(Object.fromEntries((await owner.api.team.members()).map((m) => [m.username, m.role]))).toEqual(roles);
    expect(Object.fromEntries((await nora.api.team.members()).map((m) => [m.username, m.role]))).toEqual(roles);
  });

  it('lets an editor invite, resend, copy a link and cancel', async () => {
    const { owner, milo, omar } = await teamWithEditor();
    const invitation = await milo.api.team.invite({ email: emailOf('omar') });
    expect((await milo.api.team.invitations()).filter((i) => i.status === 'pending')).toEqual([
      expect.objectContaining({ id: invitation.id, email: emailOf('omar') }),
    ]);
    const resent = await milo.api.team.resendInvitation({ id: invitation.id });
    const copied = await milo.api.team.copyInvitationLink({ id: invitation.id });
    expect(await omar.api.team.pendingInvitations()).toEqual([expect.objectContaining({ inviterName: 'milo', teamName: 'Metro Desk' })]);
    expect(await t.caller().api.team.invitationByToken({ token: tokenOfUrl(resent.inviteUrl) })).toMatchObject({ status: 'replaced' });
    expect(await milo.api.team.cancelInvitation({ id: copied.id })).toEqual({ success: true });
    expect((await owner.api.team.invitations()).filter((i) => i.status === 'pending')).toEqual([]);
  });

  it('lets an editor remove a member, but not the owner, another editor or themselves', async () => {
    const { owner, milo, nora } = await teamWithEditor();
    const pia = await visitor(t, 'pia');
    await join(owner, pia, 'pia');
    await owner.api.team.setMemberRole({ id: pia.userId, role: 'editor' });

    expect(await failure(milo.api.team.removeMember({ id: owner.userId }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_ERRORS.removeSelf,
    });
    expect(await failure(milo.api.team.removeMember({ id: milo.userId }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await failure(milo.api.team.removeMember({ id: pia.userId }))).toMatchObject({
      code: 'FORBIDDEN',
      message: TEAM_ERRORS.editorRemovesMembersOnly,
    });
    expect((await me(pia)).teamId).not.toBeNull();

    expect(await milo.api.team.removeMember({ id: nora.userId })).toEqual({ success: true });
    expect((await me(nora)).teamId).toBeNull();
    expect(await failure(milo.api.team.removeMember({ id: nora.userId }))).toMatchObject({ code: 'NOT_FOUND' });
    // The owner may remove an editor.
    expect(await owner.api.team.removeMember({ id: pia.userId })).toEqual({ success: true });
  });

  it('keeps billing, roles and ownership to the owner', async () => {
    const { owner, milo, nora } = await teamWithEditor();
    const editor = t.caller({ token: milo.token }).api;
    for (const call of [
      () => editor.team.setMemberRole({ id: nora.userId, role: 'editor' }),
      () => editor.team.setMemberRole({ id: milo.userId, role: 'member' }),
      () => editor.team.transferOwnership({ id: milo.userId }),
      () => editor.team.subscribe({}),
      () => editor.team.subscription(),
    ]) {
      expect(await failure(call())).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(Object.fromEntries((await owner.api.team.members()).map((m) => [m.username, m.role]))).toEqual({
      olivia: 'owner',
      milo: 'editor',
      nora: 'member',
    });
  });

  it('refuses a plain member every roster and billing call', async () => {
    const { owner, nora } = await teamWithEditor();
    const invitation = await owner.api.team.invite({ email: emailOf('omar') });
    const member = t.caller({ token: nora.token }).api;
    for (const call of [
      () => member.team.invitations(),
      () => member.team.invite({ email: emailOf('pia') }),
      () => member.team.resendInvitation({ id: invitation.id }),
      () => member.team.copyInvitationLink({ id: invitation.id }),
      () => member.team.cancelInvitation({ id: invitation.id }),
      () => member.team.removeMember({ id: owner.userId }),
      () => member.team.setMemberRole({ id: nora.userId, role: 'editor' }),
      () => member.team.transferOwnership({ id: nora.userId }),
      () => member.team.subscribe({}),
      () => member.team.subscription(),
    ]) {
      expect(await failure(call())).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await owner.api.team.invitations()).find((i) => i.id === invitation.id)?.status).toBe('pending');
    expect(outboxInvitationsTo(t, emailOf('pia'))).toEqual([]);
  });

  it('answers a user in no team 404, and an editor of another team 404 for this team’s rows', async () => {
    const { owner, nora, omar } = await teamWithEditor();
    const invitation = await owner.api.team.invite({ email: emailOf('pia') });
    expect(await failure(omar.api.team.setMemberRole({ id: nora.userId, role: 'editor' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: TEAM_MESSAGES.notInTeam,
    });
    await omar.api.team.create({ name: 'Rival Desk' });
    const rival = t.caller({ token: omar.token }).api;
    expect(await failure(rival.team.copyInvitationLink({ id: invitation.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(rival.team.setMemberRole({ id: nora.userId, role: 'editor' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(rival.team.removeMember({ id: nora.userId }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('takes the rights away when the owner makes the editor a member again; the owner’s own role cannot change', async () => {
    const { owner, milo } = await teamWithEditor();
    expect(await owner.api.team.setMemberRole({ id: milo.userId, role: 'member' })).toMatchObject({ role: 'member' });
    expect(await failure(milo.api.team.invite({ email: emailOf('omar') }))).toMatchObject({
      code: 'FORBIDDEN',
      message: TEAM_ERRORS.managersOnly,
    });
    expect(await failure(owner.api.team.setMemberRole({ id: owner.userId, role: 'editor' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: TEAM_ERRORS.ownerRoleFixed,
    });
    expect(await failure(owner.api.team.setMemberRole({ id: milo.userId, role: 'owner' as unknown as 'editor' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('joins a former editor who comes back as a member', async () => {
    const { owner, milo } = await teamWithEditor();
    await milo.api.team.leave();
    await join(owner, milo, 'milo');
    expect((await owner.api.team.members()).find((m) => m.id === milo.userId)?.role).toBe('member');
  });
});
