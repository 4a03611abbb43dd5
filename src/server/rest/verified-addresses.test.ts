import { afterEach, describe, expect, it } from 'vitest';
import { LINKS } from '../../../tests/support/smtp-sink';
import { DAY_MS, HOUR_MS, RATE_LIMITS } from '../../shared/limits';
import { ADMIN_MESSAGES } from '../../shared/schemas/admin';
import { VERIFICATION_MESSAGES } from '../../shared/schemas/auth';
import { auditRows, signedInAdmin } from '../services/admin/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { PASSWORD, get, login, outboxLink, outboxMailTo, outboxMessage, post, registerUser, send, verifyThroughOutbox } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const put = (path: string, body: unknown, token: string) => send(t, 'PUT', path, body, { token });

describe('verifying an address', () => {
  it('registration mails a link to APP_URL/verify-email that verifies the account, once', async () => {
    t = createTestApp({ env: { APP_URL: 'https://desk.example' } });
    const token = await registerUser(t, 'milo');
    expect(await json(await get(t, '/api/user', { token }))).toMatchObject({ email: 'milo@news.example', emailVerified: false });

    const link = await outboxLink(t, 'milo@news.example', LINKS.verification);
    expect(link.startsWith('https://desk.example/verify-email?token=')).toBe(true);
    const verified = await post(t, '/api/verify-email', { token: tokenOf(link) });
    expect(verified.status).toBe(200);
    expect(await json(verified)).toMatchObject({ username: 'milo', emailVerified: true });
    expect(await json(await get(t, '/api/user', { token }))).toMatchObject({ emailVerified: true });

    const again = await post(t, '/api/verify-email', { token: tokenOf(link) });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({ message: VERIFICATION_MESSAGES.invalidToken });
  });

  it('refuses an unknown, malformed or expired link with 400', async () => {
    t = createTestApp();
    await registerUser(t, 'milo');
    const link = await outboxLink(t, 'milo@news.example', LINKS.verification);
    for (const body of [{ token: 'not-a-token' }, { token: '' }, { token: 'a\nb' }, {}]) {
      const res = await post(t, '/api/verify-email', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    t.clock.advance(DAY_MS + 1);
    const expired = await post(t, '/api/verify-email', { token: tokenOf(link) });
    expect(expired.status).toBe(400);
    expect(await json(expired)).toEqual({ message: VERIFICATION_MESSAGES.invalidToken });
  });

  it('re-sends a link from the signed-in account, a few an hour, and not once verified', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'milo');
    expect((await post(t, '/api/user/resend-verification')).status).toBe(401);
    for (let i = 0; i < RATE_LIMITS.verificationEmailsPerAccount.max; i++) {
      const res = await post(t, '/api/user/resend-verification', undefined, { token });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ message: VERIFICATION_MESSAGES.sent });
    }
    const limited = await post(t, '/api/user/resend-verification', undefined, { token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();

    await verifyThroughOutbox(t, 'milo@news.example');
    t.clock.advance(HOUR_MS + 1);
    const done = await post(t, '/api/user/resend-verification', undefined, { token });
    expect(done.status).toBe(400);
    expect(await json(done)).toEqual({ message: VERIFICATION_MESSAGES.alreadyVerified });
  });

  it('starts an account an admin creates unverified, and mails it a link; an operator-made admin is verified', async () => {
    t = createTestApp();
    const admin = await signedInAdmin(t);
    // The operator who made the admin (create-admin, ADMIN_EMAIL) vouches for its address.
    expect(await json(await get(t, '/api/user', { token: admin.token }))).toMatchObject({ emailVerified: true });
    const created = await post(
      t,
      '/api/admin/users',
      { username: 'nora', email: 'nora@news.example', password: PASSWORD },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({ emailVerified: false });
    await verifyThroughOutbox(t, 'nora@news.example');
    const { token } = await login(t, 'nora@news.example');
    expect(await json(await get(t, '/api/user', { token }))).toMatchObject({ emailVerified: true });
  });
});

describe('invitations need proof of the mailbox', () => {
  /** The review's reproduction: an owner invites an address; someone else registers it first. */
  async function invitationToUnprovenAddress() {
    t = createTestApp();
    const owner = await registerUser(t, 'olivia');
    expect((await post(t, '/api/team', { name: 'Metro Desk' }, { token: owner })).status).toBe(201);
    expect((await post(t, '/api/team/invite', { email: 'newhire@news.example' }, { token: owner })).status).toBe(201);
    const squatter = await registerUser(t, 'squatter', 'newhire@news.example');
    return { owner, squatter };
  }

  it('answers 403 to an unverified account accepting from the pending list, which still shows the invitation', async () => {
    const { owner, squatter } = await invitationToUnprovenAddress();
    const pending = (await (await get(t, '/api/user/pending-invitations', { token: squatter })).json()) as Array<{ id: number }>;
    expect(pending).toMatchObject([{ teamName: 'Metro Desk', inviterName: 'olivia' }]);

    const accepted = await post(t, `/api/team/accept-invitation/${pending[0]!.id}`, undefined, { token: squatter });
    expect(accepted.status).toBe(403);
    expect(await json(accepted)).toEqual({ message: VERIFICATION_MESSAGES.invitationsNeedVerifiedAddress });
    expect(await json(await get(t, '/api/user', { token: squatter }))).toMatchObject({ teamId: null });
    expect((await get(t, '/api/team/members', { token: squatter })).status).not.toBe(200);
    const members = (await (await get(t, '/api/team/members', { token: owner })).json()) as unknown[];
    expect(members).toHaveLength(1);
  });

  it('lets the invitation link join an unverified account and verify it, and a verified account accept from the list', async () => {
    const { owner, squatter: invitee } = await invitationToUnprovenAddress();
    const link = await outboxLink(t, 'newhire@news.example', LINKS.invitation);
    const joined = await post(t, `/api/team/accept-invitation/${tokenOf(link)}`, undefined, { token: invitee });
    expect(joined.status).toBe(200);
    expect(await json(await get(t, '/api/user', { token: invitee }))).toMatchObject({ emailVerified: true, teamId: expect.any(Number) });

    const nora = await registerUser(t, 'nora');
    await verifyThroughOutbox(t, 'nora@news.example');
    expect((await post(t, '/api/team/invite', { email: 'nora@news.example' }, { token: owner })).status).toBe(201);
    const [invitation] = (await (await get(t, '/api/user/pending-invitations', { token: nora })).json()) as Array<{ id: number }>;
    expect((await post(t, `/api/team/accept-invitation/${invitation!.id}`, undefined, { token: nora })).status).toBe(200);
  });
});

describe("an admin's change of address", () => {
  /** A writer with a verified address and a draft, and an admin who sets the writer's address to one the admin reads. */
  async function takeover() {
    t = createTestApp({ env: { TRUST_PROXY: '1' } });
    const writer = await registerUser(t, 'milo');
    await verifyThroughOutbox(t, 'milo@news.example');
    const me = await json(await get(t, '/api/user', { token: writer }));
    const admin = await signedInAdmin(t);
    const changed = await put(`/api/admin/users/${me.id}`, { username: 'milo', email: 'mallory@evil.example' }, admin.token);
    return { writer, admin, id: me.id as number, changed };
  }

  it('ends the sessions, starts the new address unverified and mails the old one what changed, by whom and when', async () => {
    const { writer, changed } = await takeover();
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({ email: 'mallory@evil.example', emailVerified: false });
    expect((await get(t, '/api/user', { token: writer })).status).toBe(401);
    const notice = await outboxMessage(t, 'milo@news.example', 'changed the e-mail address');
    expect(notice).toContain('mallory@evil.example');
    expect(notice).toContain('chief');
    expect(notice).toContain(t.clock().toUTCString());
  });

  it('sends no reset link to the unverified new address, so the review takeover ends there', async () => {
    const { admin } = await takeover();
    const before = outboxMailTo(t, 'mallory@evil.example').length;
    const asked = await post(t, '/api/forgot-password', { email: 'mallory@evil.example' });
    expect(asked.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      outboxMailTo(t, 'mallory@evil.example')
        .slice(before)
        .filter((m) => m.includes(LINKS.reset)),
    ).toEqual([]);
    // The admin's own session is no way in either: the writer's drafts stay behind the writer's sessions.
    expect((await get(t, '/api/conversations', { token: admin.token })).status).toBe(200);
  });

  it('lets the admin send a reset to the old address, and logs the notice, the reset and the first sign-in, linked to the change', async () => {
    const { admin, id } = await takeover();
    const sent = await post(t, `/api/admin/users/${id}/send-password-reset`, undefined, { token: admin.token });
    expect(sent.status).toBe(200);
    expect(await json(sent)).toEqual({ message: ADMIN_MESSAGES.resetSentToPrevious });
    const link = await outboxLink(t, 'milo@news.example', LINKS.reset);
    const reset = await post(
      t,
      '/api/reset-password',
      { token: tokenOf(link), newPassword: 'fresh-start-9' },
      { headers: { 'x-forwarded-for': '198.51.100.9' } },
    );
    expect(reset.status).toBe(200);
    expect((await login(t, 'mallory@evil.example', 'fresh-start-9', { headers: { 'x-forwarded-for': '198.51.100.9' } })).res.status).toBe(
      200,
    );
    expect((await login(t, 'mallory@evil.example', 'fresh-start-9')).res.status).toBe(200);

    const rows = await auditRows(t);
    const change = rows.find((r) => r.action === 'user.update' && r.targetId === id)!;
    expect(change.changes).toMatchObject({
      email: { before: 'milo@news.example', after: 'mallory@evil.example' },
      emailVerified: { before: true, after: false },
    });
    const followers = rows.filter((r) => r.relatedId === change.id);
    expect(followers.map((r) => [r.action, r.adminUsername])).toEqual([
      ['user.email_change_notice', 'chief'],
      ['user.password_reset_sent', 'chief'],
      ['account.password_reset', 'milo'],
      ['account.sign_in', 'milo'],
    ]);
    expect(followers[0]!.changes).toEqual({ noticeSentTo: { before: null, after: 'milo@news.example' } });
    expect(followers[1]!.changes).toEqual({ resetLinkSentTo: { before: null, after: 'milo@news.example' } });
    expect(followers[2]!.ip).toBe('198.51.100.9');
  });

  it('logs a reset asked for the new address, and stops watching the account 30 days after the change', async () => {
    const { id } = await takeover();
    await post(t, '/api/forgot-password', { email: 'mallory@evil.example' });
    t.clock.advance(30 * DAY_MS + 1);
    await post(t, '/api/forgot-password', { email: 'mallory@evil.example' });
    expect((await login(t, 'mallory@evil.example')).res.status).toBe(200);
    const rows = await auditRows(t);
    const change = rows.find((r) => r.action === 'user.update' && r.targetId === id)!;
    expect(rows.filter((r) => r.relatedId === change.id).map((r) => [r.action, r.changes])).toEqual([
      ['user.email_change_notice', { noticeSentTo: { before: null, after: 'milo@news.example' } }],
      ['account.password_reset_requested', { resetLinkSentTo: { before: null, after: null } }],
    ]);
  });

  it('lets the owner verify the new address after signing in, after which resets go to it', async () => {
    const { id } = await takeover();
    const { token } = await login(t, 'mallory@evil.example');
    expect((await post(t, '/api/user/resend-verification', undefined, { token })).status).toBe(200);
    await verifyThroughOutbox(t, 'mallory@evil.example');
    expect(await json(await get(t, '/api/user', { token }))).toMatchObject({ id, emailVerified: true });
    await post(t, '/api/forgot-password', { email: 'mallory@evil.example' });
    await outboxLink(t, 'mallory@evil.example', LINKS.reset);
  });

  it('takes a verification link mailed before the change as proof of nothing', async () => {
    t = createTestApp();
    const writer = await registerUser(t, 'milo');
    const link = await outboxLink(t, 'milo@news.example', LINKS.verification);
    const { id } = await json(await get(t, '/api/user', { token: writer }));
    const admin = await signedInAdmin(t);
    expect((await put(`/api/admin/users/${id}`, { username: 'milo', email: 'milo@wire.example' }, admin.token)).status).toBe(200);
    expect((await post(t, '/api/verify-email', { token: tokenOf(link) })).status).toBe(400);
    const { token } = await login(t, 'milo@wire.example');
    expect(await json(await get(t, '/api/user', { token }))).toMatchObject({ emailVerified: false });
  });

  it("sends an admin's reset to the account's address, or to the one an admin replaced, and only for admins", async () => {
    t = createTestApp();
    const admin = await signedInAdmin(t);
    const created = await json(
      await post(t, '/api/admin/users', { username: 'nora', email: 'nora@news.example', password: PASSWORD }, { token: admin.token }),
    );
    const first = await post(t, `/api/admin/users/${created.id}/send-password-reset`, undefined, { token: admin.token });
    expect(await json(first)).toEqual({ message: ADMIN_MESSAGES.resetSentToCurrent });
    await outboxLink(t, 'nora@news.example', LINKS.reset);
    const second = await put(`/api/admin/users/${created.id}`, { username: 'nora', email: 'nora@wire.example' }, admin.token);
    expect(second.status).toBe(200);
    const sent = await json(await post(t, `/api/admin/users/${created.id}/send-password-reset`, undefined, { token: admin.token }));
    expect(sent).toEqual({ message: ADMIN_MESSAGES.resetSentToPrevious });
    expect(outboxMailTo(t, 'nora@wire.example').filter((m) => m.includes(LINKS.reset))).toEqual([]);
    const other = await registerUser(t, 'pia');
    expect((await post(t, `/api/admin/users/${created.id}/send-password-reset`, undefined, { token: other })).status).toBe(403);
  });
});
