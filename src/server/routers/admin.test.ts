import { afterEach, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../shared/limits';
import { procedures } from '../fuzz/targets';
import { auditRows, auditRowsWrittenBy, signedInAdmin, userRowOf } from '../services/admin/test-support';
import { failure, visitor } from '../services/chat/test-support';
import { editorAccess, tokenOfUrl } from '../services/teams/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { login } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const ADMIN_IP = '203.0.113.9';

/** A fresh database and clock, a signed-in admin and their caller (one caller is one request's context). */
async function adminConsole() {
  t = createTestApp({ env: { REGISTRATIONS_PER_HOUR: '100' } });
  const chief = await signedInAdmin(t);
  const api = () => t.caller({ token: chief.token, ip: ADMIN_IP }).api;
  return { chief, api };
}

const adminProcedures = procedures.filter((p) => p.path.startsWith('admin.')).map((p) => p.path);

/** Calls a procedure by its path, with an input that does not matter: the caller is refused before it is read. */
function callByPath(api: ReturnType<TestApp['caller']>['api'], path: string): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], api) as (
    input: unknown,
  ) => Promise<unknown>;
  return fn({ id: 1 });
}

describe('admin procedures', () => {
  it('are every one refused to a visitor (UNAUTHORIZED) and to a non-admin (FORBIDDEN)', async () => {
    const { chief } = await adminConsole();
    const milo = await visitor(t, 'milo');
    expect(adminProcedures).toEqual(
      expect.arrayContaining([
        'admin.users.list',
        'admin.users.ownerChoices',
        'admin.users.create',
        'admin.users.update',
        'admin.users.delete',
        'admin.users.gift',
        'admin.teams.list',
        'admin.teams.create',
        'admin.teams.update',
        'admin.teams.delete',
        'admin.teams.members',
        'admin.teams.invitations',
        'admin.teams.invite',
        'admin.teams.resendInvitation',
        'admin.teams.setSubscription',
        'admin.audit.list',
        'admin.audit.admins',
        'admin.audit.csv',
      ]),
    );
    const rowsBefore = await auditRows(t);
    for (const path of adminProcedures) {
      expect(await failure(callByPath(t.caller().api, path)), path).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Authentication required',
        details: {},
      });
      expect(await failure(callByPath(milo.api, path)), path).toEqual({ code: 'FORBIDDEN', message: 'Admin access required', details: {} });
    }
    expect(await auditRows(t)).toEqual(rowsBefore);
    expect(await userRowOf(t, 'chief@news.example')).toMatchObject({ id: chief.id, isAdmin: true });
  });

  it('read the account on every request: a demoted admin is refused from the next call on', async () => {
    const { api } = await adminConsole();
    const deputy = await api().admin.users.create({
      username: 'deputy',
      email: 'deputy@news.example',
      password: 'deputy-pass',
      isAdmin: true,
    });
    const { token } = await login(t, 'deputy@news.example', 'deputy-pass');
    const nextRequest = () => t.caller({ token }).api;
    expect((await nextRequest().admin.users.list()).total).toBe(2);

    await api().admin.users.update({ id: deputy.id, username: 'deputy', email: 'deputy@news.example', isAdmin: false });
    expect(await failure(nextRequest().admin.users.list())).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(nextRequest().admin.teams.list())).toMatchObject({ code: 'FORBIDDEN' });
    expect(await nextRequest().auth.me()).toMatchObject({ username: 'deputy', isAdmin: false });
  });
});

describe('lists over tRPC', () => {
  it('page users newest first with nextCursor and the total; a search narrows both', async () => {
    const { api } = await adminConsole();
    for (const name of ['ann', 'bea', 'cal', 'dee', 'eve']) {
      await api().admin.users.create({ username: name, email: `${name}@desk.example`, password: 'desk-pass' });
    }
    const first = await api().admin.users.list({ limit: 2 });
    expect(first.total).toBe(6);
    expect(first.items.map((u) => u.username)).toEqual(['eve', 'dee']);
    const second = await api().admin.users.list({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((u) => u.username)).toEqual(['cal', 'bea']);
    const third = await api().admin.users.list({ limit: 2, cursor: second.nextCursor });
    expect(third).toMatchObject({ total: 6, nextCursor: null });
    expect(third.items.map((u) => u.username)).toEqual(['ann', 'chief']);
    expect(third.items[1]).not.toHaveProperty('passwordHash');

    // The spec's list shape is the first page: no arguments at all.
    expect((await api().admin.users.list()).items).toHaveLength(6);
    const searched = await api().admin.users.list({ search: 'DESK', limit: 3 });
    expect(searched).toMatchObject({ total: 5, nextCursor: expect.any(String) });
    expect((await api().admin.users.list({ search: 'desk', limit: 3, cursor: searched.nextCursor })).items.map((u) => u.username)).toEqual([
      'bea',
      'ann',
    ]);
  });

  it('offer as team owners only users in no team, found by part of the name or e-mail', async () => {
    const { api } = await adminConsole();
    const olivia = await visitor(t, 'olivia');
    await visitor(t, 'milo');
    await visitor(t, 'mila_x');
    const team = await api().admin.teams.create({ name: 'Metro Desk', ownerId: olivia.userId, maxSeats: 5 });
    expect(team).toMatchObject({ ownerUsername: 'olivia', usedSeats: 1 });

    expect((await api().admin.users.ownerChoices()).map((u) => u.username)).toEqual(['chief', 'mila_x', 'milo']);
    expect(await api().admin.users.ownerChoices({ search: 'mil' })).toEqual([
      { id: expect.any(Number), username: 'mila_x', email: 'mila_x@news.example' },
      { id: expect.any(Number), username: 'milo', email: 'milo@news.example' },
    ]);
    expect((await api().admin.users.ownerChoices({ search: 'a_' })).map((u) => u.username)).toEqual(['mila_x']);
    expect(await api().admin.users.ownerChoices({ search: 'olivia' })).toEqual([]);
  });

  it('page teams with nextCursor and the total', async () => {
    const { api } = await adminConsole();
    for (const name of ['olivia', 'rafa', 'sol']) {
      const owner = await visitor(t, name);
      await api().admin.teams.create({ name: `${name} desk`, ownerId: owner.userId, maxSeats: 3 });
    }
    const first = await api().admin.teams.list({ limit: 2 });
    expect(first).toMatchObject({ total: 3, nextCursor: expect.any(String) });
    expect(first.items.map((x) => x.name)).toEqual(['sol desk', 'rafa desk']);
    const second = await api().admin.teams.list({ limit: 2, cursor: first.nextCursor });
    expect(second).toMatchObject({ total: 3, nextCursor: null });
    expect(second.items.map((x) => [x.name, x.ownerUsername, x.usedSeats, x.maxSeats])).toEqual([['olivia desk', 'olivia', 1, 3]]);
  });
});

describe('the audit row of each action', () => {
  it('names the admin, the action, the target, what changed, the address and the time, once per action', async () => {
    const { chief, api } = await adminConsole();
    const olivia = await visitor(t, 'olivia');
    const by = { adminId: chief.id, adminUsername: 'chief', ip: ADMIN_IP };
    const at = (iso: string) => ({ ...by, createdAt: iso });
    const one = async (action: () => Promise<unknown>) => {
      const rows = await auditRowsWrittenBy(t, action);
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };

    let quinnId = 0;
    expect(
      await one(async () => {
        quinnId = (await api().admin.users.create({ username: 'quinn', email: 'quinn@news.example', password: 'quinn-pass-1' })).id;
      }),
    ).toMatchObject({
      ...at('2026-03-02T09:00:00.000Z'),
      action: 'user.create',
      targetType: 'user',
      targetId: quinnId,
      targetLabel: 'quinn <quinn@news.example>',
      changes: {
        username: { before: null, after: 'quinn' },
        email: { before: null, after: 'quinn@news.example' },
        isAdmin: { before: null, after: false },
        subscriptionStatus: { before: null, after: 'inactive' },
      },
    });

    t.clock.advance(HOUR_MS);
    // A new address also writes the notice to the old one, linked to the change.
    const [update, notice, ...more] = await auditRowsWrittenBy(t, () =>
      api().admin.users.update({ id: quinnId, username: 'quinn', email: 'quinn@wire.example', subscriptionPlan: 'Basic', isAdmin: false }),
    );
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      ...at('2026-03-02T10:00:00.000Z'),
      action: 'user.email_change_notice',
      targetId: quinnId,
      relatedId: update!.id,
      changes: { noticeSentTo: { before: null, after: 'quinn@news.example' } },
    });
    expect(update).toMatchObject({
      ...at('2026-03-02T10:00:00.000Z'),
      action: 'user.update',
      targetId: quinnId,
      targetLabel: 'quinn <quinn@wire.example>',
    });
    expect(update!.changes).toEqual({
      email: { before: 'quinn@news.example', after: 'quinn@wire.example' },
      sessions: { before: 'active', after: 'ended' },
      subscriptionPlan: { before: null, after: 'Basic' },
    });

    t.clock.advance(HOUR_MS);
    expect(await one(() => api().admin.users.gift({ id: quinnId }))).toMatchObject({
      ...at('2026-03-02T11:00:00.000Z'),
      action: 'user.gift',
      targetId: quinnId,
      changes: {
        subscriptionStatus: { before: 'inactive', after: 'active' },
        subscriptionPlan: { before: 'Basic', after: 'professional' },
        subscriptionRenewalDate: { before: null, after: '2026-04-01T11:00:00.000Z' },
      },
    });

    const team = await (async () => {
      let created = { id: 0 };
      const row = await one(async () => {
        created = await api().admin.teams.create({ name: 'Metro Desk', ownerId: olivia.userId, maxSeats: 4 });
      });
      expect(row).toMatchObject({
        ...by,
        action: 'team.create',
        targetType: 'team',
        targetId: created.id,
        targetLabel: 'Metro Desk',
        changes: {
          name: { before: null, after: 'Metro Desk' },
          ownerId: { before: null, after: olivia.userId },
          maxSeats: { before: null, after: 4 },
          subscriptionStatus: { before: null, after: 'inactive' },
        },
      });
      return created;
    })();

    const renamed = await one(() => api().admin.teams.update({ id: team.id, name: 'Metro Desk East', maxSeats: 6 }));
    expect(renamed).toMatchObject({ action: 'team.update', targetId: team.id, targetLabel: 'Metro Desk East' });
    expect(renamed.changes).toEqual({
      name: { before: 'Metro Desk', after: 'Metro Desk East' },
      maxSeats: { before: 4, after: 6 },
    });

    let invitation = { id: 0, expiresAt: '' };
    expect(
      await one(async () => {
        invitation = await api().admin.teams.invite({ id: team.id, email: 'pia@news.example' });
      }),
    ).toMatchObject({
      action: 'team.invite',
      targetId: team.id,
      changes: { invitation: { before: null, after: `pia@news.example (#${invitation.id})` } },
    });

    // Half a day later (the admin's session lasts a day).
    t.clock.advance(12 * HOUR_MS);
    const resent = await one(() => api().admin.teams.resendInvitation({ id: team.id, invitationId: invitation.id }));
    expect(resent).toMatchObject({
      ...at('2026-03-02T23:00:00.000Z'),
      action: 'team.resend_invitation',
      targetId: team.id,
      changes: { expiresAt: { before: invitation.expiresAt, after: '2026-03-09T23:00:00.000Z' } },
    });
    expect(JSON.stringify(resent.changes)).toContain('pia@news.example');

    expect(await one(() => api().admin.teams.setSubscription({ id: team.id, subscriptionStatus: 'suspended' }))).toMatchObject({
      action: 'team.subscription',
      targetId: team.id,
      changes: { subscriptionStatus: { before: 'inactive', after: 'suspended' } },
    });

    expect(await one(() => api().admin.teams.delete({ id: team.id }))).toMatchObject({
      action: 'team.delete',
      targetId: team.id,
      targetLabel: 'Metro Desk East',
      changes: {
        name: { before: 'Metro Desk East', after: null },
        maxSeats: { before: 6, after: null },
        subscriptionStatus: { before: 'suspended', after: null },
        usedSeats: { before: 1, after: 0 },
      },
    });

    const deleted = await one(() => api().admin.users.delete({ id: quinnId }));
    expect(deleted).toMatchObject({
      ...at('2026-03-02T23:00:00.000Z'),
      action: 'user.delete',
      targetId: quinnId,
      targetLabel: 'quinn <quinn@wire.example>',
      changes: {
        username: { before: 'quinn', after: null },
        email: { before: 'quinn@wire.example', after: null },
        subscriptionStatus: { before: 'active', after: null },
      },
    });

    // The log keeps who the target was after the account is gone, and holds no password or hash.
    expect(await userRowOf(t, 'quinn@wire.example')).toBeUndefined();
    const everything = JSON.stringify(await auditRows(t));
    expect(everything).not.toContain('quinn-pass-1');
    expect(everything).not.toMatch(/argon2|passwordHash|password_hash/i);
  });

  it('records what an owner deletion took with it: their team and its members', async () => {
    const { api } = await adminConsole();
    const olivia = await visitor(t, 'olivia');
    const milo = await visitor(t, 'milo');
    const team = await api().admin.teams.create({ name: 'Metro Desk', ownerId: olivia.userId, maxSeats: 5 });
    const invitation = await api().admin.teams.invite({ id: team.id, email: 'milo@news.example' });
    await milo.api.team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });

    const [row, ...more] = await auditRowsWrittenBy(t, () => api().admin.users.delete({ id: olivia.userId }));
    expect(more).toEqual([]);
    expect(row!.changes).toMatchObject({
      teamId: { before: team.id, after: null },
      ownedTeam: { before: `Metro Desk (#${team.id})`, after: null },
    });
    expect(await userRowOf(t, 'milo@news.example')).toMatchObject({ teamId: null });
  });

  it('is not written when the action is refused', async () => {
    const { chief, api } = await adminConsole();
    const olivia = await visitor(t, 'olivia');
    const milo = await visitor(t, 'milo');
    const team = await api().admin.teams.create({ name: 'Metro Desk', ownerId: olivia.userId, maxSeats: 5 });
    const invitation = await api().admin.teams.invite({ id: team.id, email: 'milo@news.example' });
    await milo.api.team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });
    const before = await auditRows(t);

    const refusals: Array<[string, () => Promise<unknown>, string]> = [
      [
        'taken e-mail',
        () => api().admin.users.create({ username: 'other', email: 'milo@news.example', password: 'other-pass' }),
        'CONFLICT',
      ],
      ['taken username', () => api().admin.users.update({ id: olivia.userId, username: 'MILO', email: 'olivia@news.example' }), 'CONFLICT'],
      ['delete self', () => api().admin.users.delete({ id: chief.id }), 'BAD_REQUEST'],
      [
        'demote self',
        () => api().admin.users.update({ id: chief.id, username: 'chief', email: 'chief@news.example', isAdmin: false }),
        'BAD_REQUEST',
      ],
      ['owner in a team', () => api().admin.teams.create({ name: 'Second Desk', ownerId: milo.userId, maxSeats: 5 }), 'CONFLICT'],
      ['seats below use', () => api().admin.teams.update({ id: team.id, name: 'Metro Desk', maxSeats: 1 }), 'BAD_REQUEST'],
      ['invite a member', () => api().admin.teams.invite({ id: team.id, email: 'milo@news.example' }), 'CONFLICT'],
      ['resend accepted', () => api().admin.teams.resendInvitation({ id: team.id, invitationId: invitation.id }), 'BAD_REQUEST'],
      ['missing user', () => api().admin.users.gift({ id: 9999 }), 'NOT_FOUND'],
      ['missing team', () => api().admin.teams.setSubscription({ id: 9999, subscriptionStatus: 'active' }), 'NOT_FOUND'],
    ];
    for (const [label, call, code] of refusals) {
      expect((await failure(call())).code, label).toBe(code);
    }
    expect(await auditRows(t)).toEqual(before);
  });
});

describe('self-protection', () => {
  it('keeps the last admin an admin, even when two admins remove each other at once', async () => {
    const { chief, api } = await adminConsole();
    const deputy = await api().admin.users.create({
      username: 'deputy',
      email: 'deputy@news.example',
      password: 'deputy-pass',
      isAdmin: true,
    });
    const { token } = await login(t, 'deputy@news.example', 'deputy-pass');
    // The deputy's request has passed the admin check when the chief's demotion lands.
    const deputyInFlight = t.caller({ token }).api;
    const deputyInFlightToo = t.caller({ token }).api;
    await api().admin.users.update({ id: deputy.id, username: 'deputy', email: 'deputy@news.example', isAdmin: false });

    expect(
      await failure(deputyInFlight.admin.users.update({ id: chief.id, username: 'chief', email: 'chief@news.example', isAdmin: false })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'The last admin cannot be removed.' });
    expect(await failure(deputyInFlightToo.admin.users.delete({ id: chief.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The last admin cannot be removed.',
    });
    expect(await userRowOf(t, 'chief@news.example')).toMatchObject({ isAdmin: true });
    expect((await api().admin.users.list()).total).toBe(2);
  });

  it('refuses an admin deleting or demoting themselves', async () => {
    const { chief, api } = await adminConsole();
    expect(await failure(api().admin.users.delete({ id: chief.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You cannot delete your own account.',
    });
    expect(
      await failure(api().admin.users.update({ id: chief.id, username: 'chief', email: 'chief@news.example', isAdmin: false })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'You cannot remove your own admin access.' });
    expect(await userRowOf(t, 'chief@news.example')).toMatchObject({ isAdmin: true });
  });
});

describe('team subscription status', () => {
  it("applies to the members' next request: suspended refuses the editor, active restores it", async () => {
    const { api } = await adminConsole();
    const olivia = await visitor(t, 'olivia');
    const milo = await visitor(t, 'milo');
    const team = await api().admin.teams.create({ name: 'Metro Desk', ownerId: olivia.userId, maxSeats: 5 });
    const invitation = await api().admin.teams.invite({ id: team.id, email: 'milo@news.example' });
    await milo.api.team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });
    expect(await editorAccess(t, 'milo@news.example')).toBe('SUBSCRIPTION_REQUIRED');

    expect(await api().admin.teams.setSubscription({ id: team.id, subscriptionStatus: 'active' })).toMatchObject({
      subscriptionStatus: 'active',
      usedSeats: 2,
    });
    expect(await editorAccess(t, 'milo@news.example')).toBe('granted');
    expect(await editorAccess(t, 'olivia@news.example')).toBe('granted');

    await api().admin.teams.setSubscription({ id: team.id, subscriptionStatus: 'suspended' });
    expect(await editorAccess(t, 'milo@news.example')).toBe('TEAM_SUSPENDED');
    expect(await editorAccess(t, 'olivia@news.example')).toBe('TEAM_SUSPENDED');
    expect(await failure(t.caller({ token: milo.token }).api.chat.send({ conversationId: 1, content: 'Tighten this.' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Team "Metro Desk" subscription is currently suspended. Get in touch with your team owner.',
      details: { code: 'TEAM_SUSPENDED', teamName: 'Metro Desk' },
    });

    await api().admin.teams.setSubscription({ id: team.id, subscriptionStatus: 'active' });
    expect(await editorAccess(t, 'milo@news.example')).toBe('granted');
  });
});
