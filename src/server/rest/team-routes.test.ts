import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LINKS, extractLink, startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { DAY_MS } from '../../shared/limits';
import { stopEditor } from '../editor';
import { TEAM_MESSAGES } from '../../shared/schemas/team';
import { outboxInvitationsTo, setTeamStatus, tokenOfUrl } from '../services/teams/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { get, login, post, registerUser, send } from '../test-http';

let t: TestApp;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await t?.close();
  await sink?.close();
  sink = undefined;
});
afterAll(() => stopEditor());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts
const json = async (res: Response) => (await res.json()) as any;
const del = (path: string, token: string) => send(t, 'DELETE', path, undefined, { token });

async function ownerWithTeam(o: { smtpUrl?: string } = {}) {
  t = createTestApp(o);
  const owner = await registerUser(t, 'olivia');
  const res = await post(t, '/api/team', { name: 'Metro Desk' }, { token: owner });
  expect(res.status).toBe(201);
  return { owner, team: await json(res) };
}

async function invite(owner: string, email: string) {
  const res = await post(t, '/api/team/invite', { email }, { token: owner });
  expect(res.status).toBe(201);
  return json(res);
}

async function invitedMember(owner: string, username: string) {
  const token = await registerUser(t, username);
  const invitation = await invite(owner, `${username}@news.example`);
  const res = await post(t, `/api/team/accept-invitation/${tokenOfUrl(invitation.inviteUrl)}`, undefined, { token });
  expect(res.status).toBe(200);
  return { token, id: (await json(await get(t, '/api/user', { token }))).id as number };
}

describe('team REST rows', () => {
  it('creates a team (201), then answers GET /api/team and /api/team/members', async () => {
    const { owner, team } = await ownerWithTeam();
    expect(team).toMatchObject({ name: 'Metro Desk', ownerUsername: 'olivia', maxSeats: 5, usedSeats: 1, subscriptionStatus: 'inactive' });
    expect(await json(await get(t, '/api/team', { token: owner }))).toEqual(team);
    expect(await json(await get(t, '/api/team/members', { token: owner }))).toEqual([
      expect.objectContaining({ username: 'olivia', email: 'olivia@news.example' }),
    ]);
    expect(await json(await get(t, '/api/user', { token: owner }))).toMatchObject({ teamId: team.id });

    const again = await post(t, '/api/team', { name: 'Second' }, { token: owner });
    expect(again.status).toBe(409);
    const outsider = await registerUser(t, 'milo');
    const short = await post(t, '/api/team', { name: 'M' }, { token: outsider });
    expect(short.status).toBe(400);
    expect(await json(short)).toEqual({ message: 'Team name must be at least 2 characters' });
    for (const path of ['/api/team', '/api/team/members']) {
      const res = await get(t, path, { token: outsider });
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({ message: 'You are not in a team.' });
    }
    expect((await get(t, '/api/team')).status).toBe(401);
  });

  it('invites (201), lists invitations for the owner only (403 otherwise) and refuses bad or repeated ones', async () => {
    const { owner } = await ownerWithTeam();
    const invitation = await invite(owner, 'milo@news.example');
    expect(invitation).toMatchObject({ email: 'milo@news.example', status: 'pending', expiresAt: '2026-03-09T09:00:00.000Z' });
    expect((await post(t, '/api/team/invite', { email: 'milo@news.example' }, { token: owner })).status).toBe(409);
    expect((await post(t, '/api/team/invite', { email: 'nope' }, { token: owner })).status).toBe(400);
    expect(await json(await get(t, '/api/team/invitations', { token: owner }))).toEqual([
      {
        id: invitation.id,
        email: 'milo@news.example',
        status: 'pending',
        createdAt: invitation.createdAt,
        expiresAt: invitation.expiresAt,
        updatedAt: invitation.updatedAt,
      },
    ]);
    const member = await invitedMember(owner, 'nora');
    expect((await get(t, '/api/team/invitations', { token: member.token })).status).toBe(403);
    expect((await post(t, '/api/team/invite', { email: 'pia@news.example' }, { token: member.token })).status).toBe(403);
  });

  it('answers 409 once the members fill the seats', async () => {
    const { owner } = await ownerWithTeam();
    for (const name of ['milo', 'nora', 'omar', 'pia']) await invitedMember(owner, name);
    const res = await post(t, '/api/team/invite', { email: 'quinn@news.example' }, { token: owner });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({
      message: 'All seats are occupied. Upgrade your subscription to add more members.',
      code: 'SEATS_FULL',
    });
    expect(await json(await get(t, '/api/team', { token: owner }))).toMatchObject({ usedSeats: 5, maxSeats: 5 });
  });

  it('lists pending invitations for the invitee; accepts (200 {team}) only for the invited e-mail and before expiry', async () => {
    const { owner } = await ownerWithTeam();
    const milo = await registerUser(t, 'milo');
    const nora = await registerUser(t, 'nora');
    const invitation = await invite(owner, 'milo@news.example');
    const pending = await json(await get(t, '/api/user/pending-invitations', { token: milo }));
    expect(pending).toEqual([
      { id: invitation.id, token: String(invitation.id), teamName: 'Metro Desk', inviterName: 'olivia', expiresAt: invitation.expiresAt },
    ]);
    expect(await json(await get(t, '/api/user/pending-invitations', { token: nora }))).toEqual([]);

    const path = `/api/team/accept-invitation/${tokenOfUrl(invitation.inviteUrl)}`;
    expect((await post(t, path, undefined, { token: nora })).status).toBe(403);
    expect((await post(t, path)).status).toBe(401);
    const accepted = await post(t, path, undefined, { token: milo });
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toMatchObject({ team: { name: 'Metro Desk', usedSeats: 2 } });
    expect((await post(t, path, undefined, { token: milo })).status).toBe(400);

    const late = await invite(owner, 'nora@news.example');
    t.clock.advance(7 * DAY_MS);
    // A browser session lasts a day: a week later the invitee signs in again.
    const { token: noraAgain } = await login(t, 'nora@news.example');
    const expired = await post(t, `/api/team/accept-invitation/${tokenOfUrl(late.inviteUrl)}`, undefined, { token: noraAgain });
    expect(expired.status).toBe(400);
    expect(await json(expired)).toEqual({ message: 'This invitation is invalid or has expired.' });
    expect(await json(await get(t, '/api/user/pending-invitations', { token: noraAgain }))).toEqual([]);
  });

  it('answers 409 to accepting while already in a team', async () => {
    const { owner } = await ownerWithTeam();
    const milo = await registerUser(t, 'milo');
    const invitation = await invite(owner, 'milo@news.example');
    expect((await post(t, '/api/team', { name: 'Own Desk' }, { token: milo })).status).toBe(201);
    expect((await post(t, `/api/team/accept-invitation/${tokenOfUrl(invitation.inviteUrl)}`, undefined, { token: milo })).status).toBe(409);
  });

  it('declines by id and by token; a stranger gets 404 by id and 403 by token', async () => {
    const { owner } = await ownerWithTeam();
    const milo = await registerUser(t, 'milo');
    const nora = await registerUser(t, 'nora');
    const toMilo = await invite(owner, 'milo@news.example');
    const toNora = await invite(owner, 'nora@news.example');
    expect((await post(t, `/api/team/decline-invitation/${toMilo.id}`, undefined, { token: nora })).status).toBe(404);
    expect((await post(t, `/api/team/decline-invitation/${tokenOfUrl(toMilo.inviteUrl)}`, undefined, { token: nora })).status).toBe(403);

    const byId = await post(t, `/api/team/decline-invitation/${toMilo.id}`, undefined, { token: milo });
    expect(byId.status).toBe(200);
    expect(await json(byId)).toEqual({ success: true });
    const byToken = await post(t, `/api/team/decline-invitation/${tokenOfUrl(toNora.inviteUrl)}`, undefined, { token: nora });
    expect(byToken.status).toBe(200);
    expect((await post(t, `/api/team/decline-invitation/${toMilo.id}`, undefined, { token: milo })).status).toBe(400);
    expect((await json(await get(t, '/api/team/invitations', { token: owner }))).map((i: { status: string }) => i.status)).toEqual([
      'declined',
      'declined',
    ]);
  });

  it('answers 404 for an invitation id past the id range, on either database', async () => {
    const { owner } = await ownerWithTeam();
    const milo = await registerUser(t, 'milo');
    await invite(owner, 'milo@news.example');
    for (const ref of ['2147483648', '999999999999999']) {
      expect((await post(t, `/api/team/decline-invitation/${ref}`, undefined, { token: milo })).status).toBe(404);
      expect((await post(t, `/api/team/accept-invitation/${ref}`, undefined, { token: milo })).status).toBe(400);
    }
  });

  it('cancels (DELETE /api/team/invitations/:id) and resends (POST .../resend) pending invitations', async () => {
    const { owner } = await ownerWithTeam();
    const first = await invite(owner, 'milo@news.example');
    t.clock.advance(DAY_MS / 2);
    const resent = await post(t, `/api/team/invitations/${first.id}/resend`, undefined, { token: owner });
    expect(resent.status).toBe(200);
    const body = await json(resent);
    expect(body).toMatchObject({ id: first.id, updatedAt: '2026-03-02T21:00:00.000Z', expiresAt: '2026-03-09T21:00:00.000Z' });
    expect(tokenOfUrl(body.inviteUrl)).not.toBe(tokenOfUrl(first.inviteUrl));

    expect(await json(await del(`/api/team/invitations/${first.id}`, owner))).toEqual({ success: true });
    expect((await del(`/api/team/invitations/${first.id}`, owner)).status).toBe(404);
    expect((await post(t, `/api/team/invitations/${first.id}/resend`, undefined, { token: owner })).status).toBe(404);
    const member = await invitedMember(owner, 'nora');
    const other = await invite(owner, 'pia@news.example');
    expect((await del(`/api/team/invitations/${other.id}`, member.token)).status).toBe(403);
  });

  it('holds seats for pending invitations: 409 SEATS_HELD once members and invitations reach the seats', async () => {
    const { owner } = await ownerWithTeam();
    for (const name of ['milo', 'nora', 'omar']) await invite(owner, `${name}@news.example`);
    await invitedMember(owner, 'pia');
    const res = await post(t, '/api/team/invite', { email: 'quinn@news.example' }, { token: owner });
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({
      message: TEAM_MESSAGES.seatsHeld,
      code: 'SEATS_HELD',
      maxSeats: 5,
      pendingInvitations: 3,
    });
  });

  it('makes a team editor (PUT /api/team/members/:id/role), who copies links and runs the roster but not the roles', async () => {
    const { owner } = await ownerWithTeam();
    const milo = await invitedMember(owner, 'milo');
    const nora = await invitedMember(owner, 'nora');
    const role = (id: number, body: unknown, token: string) => send(t, 'PUT', `/api/team/members/${id}/role`, body, { token });

    expect((await role(nora.id, { role: 'editor' }, milo.token)).status).toBe(403);
    expect((await role(nora.id, { role: 'admin' }, owner)).status).toBe(400);
    expect((await role(9999, { role: 'editor' }, owner)).status).toBe(404);
    const made = await role(milo.id, { role: 'editor' }, owner);
    expect(made.status).toBe(200);
    expect(await json(made)).toMatchObject({ id: milo.id, username: 'milo', role: 'editor' });
    expect((await json(await get(t, '/api/team/members', { token: nora.token }))).map((m: { role: string }) => m.role)).toEqual([
      'owner',
      'editor',
      'member',
    ]);

    const invitation = await invite(milo.token, 'omar@news.example');
    const mailed = outboxInvitationsTo(t, 'omar@news.example').length;
    const copied = await post(t, `/api/team/invitations/${invitation.id}/link`, undefined, { token: milo.token });
    expect(copied.status).toBe(200);
    const link = await json(copied);
    expect(link).toMatchObject({ id: invitation.id, status: 'pending' });
    expect(tokenOfUrl(link.inviteUrl)).not.toBe(tokenOfUrl(invitation.inviteUrl));
    expect(outboxInvitationsTo(t, 'omar@news.example')).toHaveLength(mailed);
    expect((await post(t, `/api/team/invitations/${invitation.id}/link`, undefined, { token: nora.token })).status).toBe(403);

    expect((await role(nora.id, { role: 'editor' }, milo.token)).status).toBe(403);
    expect((await post(t, '/api/team/transfer-ownership', { id: milo.id }, { token: milo.token })).status).toBe(403);
    expect((await del(`/api/team/members/${nora.id}`, milo.token)).status).toBe(200);
    expect((await json(await get(t, '/api/user', { token: nora.token }))).teamId).toBeNull();
  });

  it('removes a member (DELETE /api/team/members/:id), never the owner; a member leaves; ownership moves', async () => {
    const { owner, team } = await ownerWithTeam();
    const milo = await invitedMember(owner, 'milo');
    const nora = await invitedMember(owner, 'nora');
    expect((await del(`/api/team/members/${team.ownerId}`, owner)).status).toBe(400);
    expect((await del(`/api/team/members/${nora.id}`, milo.token)).status).toBe(403);
    expect((await del('/api/team/members/9999', owner)).status).toBe(404);
    expect(await json(await del(`/api/team/members/${milo.id}`, owner))).toEqual({ success: true });
    expect((await get(t, '/api/team', { token: milo.token })).status).toBe(404);
    expect(await json(await get(t, '/api/user', { token: milo.token }))).toMatchObject({ teamId: null });

    expect((await post(t, '/api/team/leave', undefined, { token: owner })).status).toBe(400);
    const moved = await post(t, '/api/team/transfer-ownership', { id: nora.id }, { token: owner });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ ownerId: nora.id, ownerUsername: 'nora', usedSeats: 2 });
    expect(await json(await post(t, '/api/team/leave', undefined, { token: owner }))).toEqual({ success: true });
    expect(await json(await get(t, '/api/team', { token: nora.token }))).toMatchObject({ usedSeats: 1, ownerId: nora.id });
  });
});

describe('access through a team', () => {
  async function sendMessage(token: string) {
    const conversation = await json(await post(t, '/api/conversations', undefined, { token }));
    return post(t, `/api/conversations/${conversation.id}/messages`, { content: 'Tighten this lede, please.' }, { token });
  }

  it('starts with an active team, stops when suspended (TEAM_SUSPENDED) or removed, on the next request', async () => {
    const { owner, team } = await ownerWithTeam();
    const milo = await invitedMember(owner, 'milo');

    const inactive = await sendMessage(milo.token);
    expect(inactive.status).toBe(403);
    expect(await json(inactive)).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });

    await setTeamStatus(t, team.id, 'active');
    expect((await sendMessage(milo.token)).status).toBe(200);
    expect((await sendMessage(owner)).status).toBe(200);

    await setTeamStatus(t, team.id, 'suspended');
    const suspended = await sendMessage(milo.token);
    expect(suspended.status).toBe(403);
    expect(await json(suspended)).toEqual({
      message: 'Team "Metro Desk" subscription is currently suspended. Get in touch with your team owner.',
      code: 'TEAM_SUSPENDED',
      teamName: 'Metro Desk',
    });

    await setTeamStatus(t, team.id, 'active');
    expect((await sendMessage(milo.token)).status).toBe(200);
    expect((await del(`/api/team/members/${milo.id}`, owner)).status).toBe(200);
    const removed = await sendMessage(milo.token);
    expect(removed.status).toBe(403);
    expect(await json(removed)).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
  });
});

describe('the invitation e-mail over SMTP', () => {
  it('reaches the invitee with the team, the inviter and a link that opens and accepts the invitation', async () => {
    sink = await startSmtpSink();
    const { owner } = await ownerWithTeam({ smtpUrl: sink.url });
    const milo = await registerUser(t, 'milo');
    await invite(owner, 'milo@news.example');
    const mail = await sink.waitFor('milo@news.example', 0, LINKS.invitation);
    expect(mail.raw).toContain('Subject: olivia invited you to join Metro Desk on Copydesk');
    const text = mail.raw.replace(/=\r?\n/g, '');
    expect(text).toContain('olivia invited you to join the team "Metro Desk"');
    const link = extractLink(mail.raw, '/accept-invitation?token=');
    expect(link).toMatch(/^http:\/\/localhost:3000\/accept-invitation\?token=[a-z2-7]{32}$/);

    const token = new URL(link).searchParams.get('token')!;
    const preview = await json(
      await get(t, `/trpc/team.invitationByToken?input=${encodeURIComponent(JSON.stringify({ json: { token } }))}`),
    );
    expect(preview.result.data.json).toMatchObject({ teamName: 'Metro Desk', inviterName: 'olivia', email: 'milo@news.example' });
    expect((await post(t, `/api/team/accept-invitation/${token}`, undefined, { token: milo })).status).toBe(200);
  });
});
