import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../shared/limits';
import { VERIFICATION_MESSAGES } from '../../shared/schemas/auth';
import { TEAM_MESSAGES } from '../../shared/schemas/team';
import { failure, visitor } from '../services/chat/test-support';
import { TEAM_ERRORS } from '../services/teams';
import { invitationToken, outboxInvitationsTo, tokenOfUrl } from '../services/teams/test-support';
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
      api.team.get(),
      api.team.create({ name: 'Desk' }),
      api.team.pendingInvitations(),
      api.team.acceptInvitation({ token: 'x' }),
    ]) {
      expect(await failure(call)).toMatchObject({ code: 'UNAUTHORIZED' });
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

  it('is for the owner only', async () => {
    const { owner, people } = await teamWith('milo', 'nora');
    await join(owner, people[0]!, 'milo');
    expect(await failure(people[0]!.api.team.invite({ email: emailOf('nora') }))).toMatchObject({
      code: 'FORBIDDEN',
      message: TEAM_ERRORS.ownerOnly,
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

  it('answers 409 with the spec sentence when the members fill every seat; pending invitations take none', async () => {
    const names = ['milo', 'nora', 'omar', 'pia', 'quinn', 'rosa'];
    const { owner, people } = await teamWith(...names);
    const invitations = [];
    for (const name of names.slice(0, 5)) invitations.push(await owner.api.team.invite({ email: emailOf(name) }));
    for (let i = 0; i < 4; i++) await people[i]!.api.team.acceptInvitation({ token: tokenOfUrl(invitations[i]!.inviteUrl) });
    expect((await owner.api.team.get()).usedSeats).toBe(5);

    expect(await failure(owner.api.team.invite({ email: emailOf('rosa') }))).toMatchObject({
      code: 'CONFLICT',
      message: 'All seats are occupied. Upgrade your subscription to add more members.',
      details: { code: 'SEATS_FULL', maxSeats: 5 },
    });
    expect(await failure(people[4]!.api.team.acceptInvitation({ token: tokenOfUrl(invitations[4]!.inviteUrl) }))).toMatchObject({
      code: 'CONFLICT',
      message: TEAM_MESSAGES.seatsFull,
    });

    await owner.api.team.removeMember({ id: people[0]!.userId });
    expect((await owner.api.team.get()).usedSeats).toBe(4);
    await people[4]!.api.team.acceptInvitation({ token: tokenOfUrl(invitations[4]!.inviteUrl) });
    expect((await owner.api.team.get()).usedSeats).toBe(5);
  });

  it('limits how many invitation e-mails one team sends an hour', async () => {
    const { owner } = await teamWith();
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
      teamName: 'Metro Desk',
      inviterName: 'olivia',
      email: 'milo@news.example',
      expiresAt: '2026-03-09T09:00:00.000Z',
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
      message: 'This invitation is invalid or has expired.',
    });

    const nora = await owner.api.team.invite({ email: emailOf('nora') });
    t.clock.advance(WEEK_MS);
    expect(await failure(people[1]!.api.team.acceptInvitation({ token: tokenOfUrl(nora.inviteUrl) }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await failure(people[1]!.api.team.acceptInvitation({ token: 'b'.repeat(32) }))).toMatchObject({ code: 'BAD_REQUEST' });

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
  it('resends with a new token and a new week, e-mailing again; the old link stops working', async () => {
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
    expect(await failure(t.caller().api.team.invitationByToken({ token: tokenOfUrl(first.inviteUrl) }))).toMatchObject({
      code: 'NOT_FOUND',
    });
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
    expect((await owner.api.team.members()).map((m) => m.username)).toEqual(['milo', 'olivia']);
    expect(await failure(owner.api.team.invite({ email: emailOf('nora') }))).toMatchObject({ code: 'FORBIDDEN' });
    await people[0]!.api.team.invite({ email: emailOf('nora') });
    expect(await owner.api.team.leave()).toEqual({ success: true });
    expect(await people[1]!.api.team.pendingInvitations()).toMatchObject([{ inviterName: 'milo', teamName: 'Metro Desk' }]);
  });
});
