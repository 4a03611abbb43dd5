import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LINKS, extractLink, startSmtpSink, unfolded, type SmtpSink } from '../../../tests/support/smtp-sink';
import { DAY_MS } from '../../shared/limits';
import { stopEditor } from '../editor';
import { auditRows, signedInAdmin, userRowOf } from '../services/admin/test-support';
import { subscriber } from '../services/chat/test-support';
import { fixture, upload } from '../services/documents/test-support';
import { tokenOfUrl } from '../services/teams/test-support';
import { createTestApp, type TestApp, type TestAppOptions } from '../test-app';
import { USER_KEYS, get, login, post, registerUser, send } from '../test-http';
import { SQLITE_INTERNALS } from '../test-engine';

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

/** Requests as the holder of `token` would send them (a visitor without one). */
const as = (token?: string) => ({
  get: (path: string) => get(t, path, { token }),
  post: (path: string, body?: unknown) => post(t, path, body, { token }),
  put: (path: string, body: unknown) => send(t, 'PUT', path, body, { token }),
  patch: (path: string, body: unknown) => send(t, 'PATCH', path, body, { token }),
  del: (path: string) => send(t, 'DELETE', path, undefined, { token }),
});

/** A fresh app with a signed-in admin; registrations are not what these tests are about, so their hourly limit is lifted. */
async function adminConsole(o: TestAppOptions = {}) {
  t = createTestApp({ ...o, env: { REGISTRATIONS_PER_HOUR: '100', ...o.env } });
  const admin = await signedInAdmin(t);
  return { admin, api: as(admin.token) };
}

const idOf = async (token: string): Promise<number> => (await json(await get(t, '/api/user', { token }))).id;

async function created(res: Response | Promise<Response>) {
  const answer = await res;
  expect(answer.status).toBe(201);
  return json(answer);
}

/** The user's token once they accepted an invitation the admin sent them. */
async function joinThroughAdminInvite(admin: ReturnType<typeof as>, teamId: number, username: string, token: string) {
  const invitation = await created(admin.post(`/api/admin/teams/${teamId}/invite`, { email: `${username}@news.example` }));
  const accepted = await post(t, `/api/team/accept-invitation/${tokenOfUrl(invitation.inviteUrl)}`, undefined, { token });
  expect(accepted.status).toBe(200);
}

async function sendMessage(token: string, content = 'Tighten this lede, please.') {
  const conversation = await created(post(t, '/api/conversations', undefined, { token }));
  return post(t, `/api/conversations/${conversation.id}/messages`, { content }, { token });
}

const TEAM_KEYS = [
  'createdAt',
  'id',
  'maxSeats',
  'name',
  'ownerId',
  'ownerUsername',
  'subscriptionPlan',
  'subscriptionRenewalDate',
  'subscriptionStatus',
  'usedSeats',
];
const INVITATION_KEYS = ['createdAt', 'email', 'expiresAt', 'id', 'status', 'updatedAt'];
const keysOf = (o: object) => Object.keys(o).sort();

/** Users, teams, invitations and the audit log, to show that a refused call changed none of them. */
function snapshot() {
  const rows = (table: string) => t.sqliteClient().prepare(`SELECT * FROM ${table} ORDER BY id`).all();
  return JSON.stringify(['users', 'teams', 'team_invitations', 'audit_log', 'sessions'].map(rows));
}

describe('who may call the admin rows', () => {
  it.skipIf(SQLITE_INTERNALS)(
    'answers 401 to a visitor and 403 to a non-admin on every row, changing nothing; an admin gets each documented answer',
    async () => {
      const { admin, api } = await adminConsole();
      const reader = await registerUser(t, 'milo');
      const nora = await idOf(await registerUser(t, 'nora'));
      const olivia = await idOf(await registerUser(t, 'olivia'));
      const rafa = await idOf(await registerUser(t, 'rafa'));
      const team = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }));
      const pending = await created(api.post(`/api/admin/teams/${team.id}/invite`, { email: 'pia@news.example' }));

      type Check = (res: Response) => Promise<void>;
      const rows: Array<{
        method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        path: string;
        body?: unknown;
        status: number;
        check: Check;
      }> = [
        {
          method: 'GET',
          path: '/api/admin/users',
          status: 200,
          check: async (res) => {
            const list = await json(res);
            expect(list.map((u: { username: string }) => u.username)).toEqual(['rafa', 'olivia', 'nora', 'milo', 'chief']);
            for (const u of list) expect(keysOf(u)).toEqual(USER_KEYS);
            expect(res.headers.get('X-Total-Count')).toBe('5');
          },
        },
        {
          method: 'POST',
          path: '/api/admin/users',
          body: { username: 'quinn', email: 'Quinn@News.Example', password: 'quinn-pass', subscriptionPlan: 'Professional' },
          status: 201,
          check: async (res) => {
            const user = await json(res);
            expect(keysOf(user)).toEqual(USER_KEYS);
            expect(user).toMatchObject({
              username: 'quinn',
              email: 'quinn@news.example',
              isAdmin: false,
              subscriptionStatus: 'inactive',
              subscriptionPlan: 'Professional',
              teamId: null,
              createdAt: '2026-03-02T09:00:00.000Z',
            });
            // The password was hashed like any other: the new account signs in with it.
            expect((await login(t, 'quinn@news.example', 'quinn-pass')).res.status).toBe(200);
          },
        },
        {
          method: 'PUT',
          path: `/api/admin/users/${nora}`,
          body: {
            username: 'nora.k',
            email: 'nora.k@news.example',
            subscriptionStatus: 'inactive',
            subscriptionPlan: 'Basic',
            isAdmin: false,
          },
          status: 200,
          check: async (res) => {
            expect(await json(res)).toMatchObject({
              id: nora,
              username: 'nora.k',
              email: 'nora.k@news.example',
              subscriptionPlan: 'Basic',
            });
            // A field left out of the body stays as it is.
            const renamed = await send(
              t,
              'PUT',
              `/api/admin/users/${nora}`,
              { username: 'nora', email: 'nora.k@news.example' },
              { token: admin.token },
            );
            expect(await json(renamed)).toMatchObject({
              username: 'nora',
              subscriptionPlan: 'Basic',
              subscriptionStatus: 'inactive',
              isAdmin: false,
            });
          },
        },
        {
          method: 'POST',
          path: `/api/admin/users/${nora}/gift-subscription`,
          status: 200,
          check: async (res) => {
            const user = await json(res);
            expect(keysOf(user)).toEqual(USER_KEYS);
            expect(user).toMatchObject({ id: nora, subscriptionStatus: 'active', subscriptionPlan: 'professional' });
          },
        },
        {
          method: 'GET',
          path: '/api/admin/teams',
          status: 200,
          check: async (res) => {
            const list = await json(res);
            expect(list).toHaveLength(1);
            expect(keysOf(list[0])).toEqual(TEAM_KEYS);
            expect(list[0]).toMatchObject({ id: team.id, name: 'Metro Desk', ownerUsername: 'olivia', usedSeats: 1, maxSeats: 5 });
          },
        },
        {
          method: 'POST',
          path: '/api/admin/teams',
          body: { name: 'Night Desk', ownerId: rafa, maxSeats: 3 },
          status: 201,
          check: async (res) => {
            const night = await json(res);
            expect(keysOf(night)).toEqual(TEAM_KEYS);
            expect(night).toMatchObject({ name: 'Night Desk', ownerId: rafa, ownerUsername: 'rafa', maxSeats: 3, usedSeats: 1 });
          },
        },
        {
          method: 'PUT',
          path: `/api/admin/teams/${team.id}`,
          body: { name: 'Metro Desk East', maxSeats: 8 },
          status: 200,
          check: async (res) => {
            expect(await json(res)).toMatchObject({ id: team.id, name: 'Metro Desk East', maxSeats: 8, usedSeats: 1 });
          },
        },
        {
          method: 'GET',
          path: `/api/admin/teams/${team.id}/members`,
          status: 200,
          check: async (res) => {
            expect(await json(res)).toEqual([
              {
                id: olivia,
                username: 'olivia',
                email: 'olivia@news.example',
                createdAt: '2026-03-02T09:00:00.000Z',
                subscriptionPlan: null,
                subscriptionStatus: 'inactive',
                role: 'owner',
              },
            ]);
          },
        },
        {
          method: 'GET',
          path: `/api/admin/teams/${team.id}/invitations`,
          status: 200,
          check: async (res) => {
            const list = await json(res);
            expect(list).toHaveLength(1);
            expect(keysOf(list[0])).toEqual(INVITATION_KEYS);
            expect(list[0]).toMatchObject({ id: pending.id, email: 'pia@news.example', status: 'pending' });
          },
        },
        {
          method: 'POST',
          path: `/api/admin/teams/${team.id}/invite`,
          body: { email: 'Sam@News.Example' },
          status: 201,
          check: async (res) => {
            const invitation = await json(res);
            expect(invitation).toMatchObject({ email: 'sam@news.example', status: 'pending', expiresAt: '2026-03-09T09:00:00.000Z' });
            expect(invitation.inviteUrl).toMatch(/^http:\/\/localhost:3000\/accept-invitation\?token=[a-z2-7]{32}$/);
          },
        },
        {
          method: 'POST',
          path: `/api/admin/teams/${team.id}/resend-invitation/${pending.id}`,
          status: 200,
          check: async (res) => {
            const invitation = await json(res);
            expect(invitation).toMatchObject({ id: pending.id, email: 'pia@news.example', status: 'pending' });
            expect(tokenOfUrl(invitation.inviteUrl)).not.toBe(tokenOfUrl(pending.inviteUrl));
          },
        },
        {
          method: 'PATCH',
          path: `/api/admin/teams/${team.id}/subscription`,
          body: { subscriptionStatus: 'suspended' },
          status: 200,
          check: async (res) => {
            const updated = await json(res);
            expect(keysOf(updated)).toEqual(TEAM_KEYS);
            expect(updated).toMatchObject({ id: team.id, subscriptionStatus: 'suspended' });
          },
        },
        {
          method: 'GET',
          path: '/api/admin/audit-log',
          status: 200,
          check: async (res) => {
            const entries = await json(res);
            expect(entries[0]).toMatchObject({ action: 'team.subscription', adminId: admin.id, adminUsername: 'chief', targetId: team.id });
            expect(entries.at(-1)).toMatchObject({ action: 'admin.sign_in', adminId: admin.id });
          },
        },
        {
          method: 'GET',
          path: '/api/admin/audit-log.csv',
          status: 200,
          check: async (res) => {
            expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
            expect(res.headers.get('content-disposition')).toBe('attachment; filename="copydesk-audit-log.csv"');
            expect(res.headers.get('cache-control')).toBe('no-store');
            const [header, newest] = (await res.text()).split('\r\n');
            expect(header).toBe(
              'id,createdAt,adminId,adminUsername,action,targetType,targetId,targetLabel,ip,changes,relatedId,field,from,to',
            );
            expect(newest).toContain(',team.subscription,team,');
          },
        },
        {
          method: 'DELETE',
          path: `/api/admin/teams/${team.id}`,
          status: 200,
          check: async (res) => {
            expect(await json(res)).toEqual({ success: true });
          },
        },
        {
          method: 'DELETE',
          path: `/api/admin/users/${nora}`,
          status: 200,
          check: async (res) => {
            expect(await json(res)).toEqual({ success: true });
          },
        },
      ];

      const call = (token: string | undefined, r: (typeof rows)[number]) => send(t, r.method, r.path, r.body, { token });
      const before = snapshot();
      for (const r of rows) {
        const visitor = await call(undefined, r);
        expect(visitor.status, `${r.method} ${r.path} as a visitor`).toBe(401);
        expect(await json(visitor)).toEqual({ message: 'Authentication required' });
        const nonAdmin = await call(reader, r);
        expect(nonAdmin.status, `${r.method} ${r.path} as a non-admin`).toBe(403);
        expect(await json(nonAdmin)).toEqual({ message: 'Admin access required' });
      }
      expect(snapshot()).toBe(before);

      for (const r of rows) {
        const res = await call(admin.token, r);
        expect(res.status, `${r.method} ${r.path} as an admin: ${res.status === r.status ? '' : await res.clone().text()}`).toBe(r.status);
        await r.check(res);
      }
    },
  );

  it('an admin demoted by another admin is refused on the very next call, while still signed in', async () => {
    const { api } = await adminConsole();
    const deputy = await created(
      api.post('/api/admin/users', { username: 'deputy', email: 'deputy@news.example', password: 'deputy-pass', isAdmin: true }),
    );
    const { token } = await login(t, 'deputy@news.example', 'deputy-pass');
    const deputyApi = as(token);
    expect((await deputyApi.get('/api/admin/users')).status).toBe(200);

    const demoted = await api.put(`/api/admin/users/${deputy.id}`, { username: 'deputy', email: 'deputy@news.example', isAdmin: false });
    expect(await json(demoted)).toMatchObject({ isAdmin: false });

    for (const path of ['/api/admin/users', '/api/admin/teams', '/api/admin/audit-log']) {
      const res = await deputyApi.get(path);
      expect(res.status, path).toBe(403);
    }
    expect(
      (await deputyApi.post('/api/admin/users', { username: 'sneaky', email: 'sneaky@news.example', password: 'sneaky-pass' })).status,
    ).toBe(403);
    expect(await userRowOf(t, 'sneaky@news.example')).toBeUndefined();
    expect(await json(await deputyApi.get('/api/user'))).toMatchObject({ username: 'deputy', isAdmin: false });

    await api.put(`/api/admin/users/${deputy.id}`, { username: 'deputy', email: 'deputy@news.example', isAdmin: true });
    expect((await deputyApi.get('/api/admin/users')).status).toBe(200);
  });
});

describe('validation', () => {
  it("refuses a new user with the spec's messages, word for word; 2-character usernames and 6-character passwords pass", async () => {
    const { api } = await adminConsole();
    const valid = { username: 'quinn', email: 'quinn@news.example', password: 'quinn-pass' };
    const cases: Array<[object, string]> = [
      [{ ...valid, username: 'q' }, 'Username must be at least 2 characters'],
      [{ ...valid, username: ' q ' }, 'Username must be at least 2 characters'],
      [{ ...valid, email: 'quinn' }, 'Please enter a valid email address'],
      [{ ...valid, email: 'quinn@' }, 'Please enter a valid email address'],
      [{ ...valid, password: '12345' }, 'Password must be at least 6 characters'],
      [{ ...valid, subscriptionStatus: 'trialing' }, 'Subscription status must be inactive or active'],
    ];
    for (const [body, message] of cases) {
      const res = await api.post('/api/admin/users', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await json(res)).toEqual({ message });
    }
    expect(await userRowOf(t, 'quinn@news.example')).toBeUndefined();

    const shortest = await created(api.post('/api/admin/users', { username: 'qu', email: 'qu@news.example', password: '123456' }));
    expect(shortest).toMatchObject({ username: 'qu', subscriptionStatus: 'inactive', isAdmin: false, subscriptionPlan: null });
    const active = await created(
      api.post('/api/admin/users', { ...valid, subscriptionStatus: 'active', subscriptionPlan: '  ', isAdmin: true }),
    );
    expect(active).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: null, isAdmin: true });

    const edit = await api.put(`/api/admin/users/${shortest.id}`, { username: 'q', email: 'qu@news.example' });
    expect(edit.status).toBe(400);
    expect(await json(edit)).toEqual({ message: 'Username must be at least 2 characters' });
    const badEmail = await api.put(`/api/admin/users/${shortest.id}`, { username: 'qu', email: 'not-an-address' });
    expect(await json(badEmail)).toEqual({ message: 'Please enter a valid email address' });
  });

  it('refuses a team name under 2 characters and fewer than 1 seat; seats that cannot be parsed become 1', async () => {
    const { api } = await adminConsole();
    const olivia = await idOf(await registerUser(t, 'olivia'));
    const rafa = await idOf(await registerUser(t, 'rafa'));

    const short = await api.post('/api/admin/teams', { name: 'M', ownerId: olivia, maxSeats: 5 });
    expect(short.status).toBe(400);
    expect(await json(short)).toEqual({ message: 'Team name must be at least 2 characters' });
    for (const maxSeats of [0, -3, '0']) {
      const res = await api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia, maxSeats });
      expect(res.status, String(maxSeats)).toBe(400);
      expect(await json(res)).toEqual({ message: 'Must have at least 1 seat' });
    }
    expect(await json(await api.get('/api/admin/teams'))).toEqual([]);

    const defaulted = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }));
    expect(defaulted).toMatchObject({ maxSeats: 5, usedSeats: 1, ownerUsername: 'olivia', subscriptionStatus: 'inactive' });
    const unparsed = await created(api.post('/api/admin/teams', { name: 'Night Desk', ownerId: rafa, maxSeats: 'lots' }));
    expect(unparsed.maxSeats).toBe(1);

    const edits: Array<[object, string]> = [
      [{ name: ' M ', maxSeats: 5 }, 'Team name must be at least 2 characters'],
      [{ name: 'Metro Desk', maxSeats: 0 }, 'Must have at least 1 seat'],
    ];
    for (const [body, message] of edits) {
      const res = await api.put(`/api/admin/teams/${defaulted.id}`, body);
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ message });
    }
    expect(await json(await api.put(`/api/admin/teams/${defaulted.id}`, { name: 'Metro Desk', maxSeats: 'abc' }))).toMatchObject({
      maxSeats: 1,
    });
    expect(await json(await api.put(`/api/admin/teams/${defaulted.id}`, { name: 'Metro Desk', maxSeats: '7' }))).toMatchObject({
      maxSeats: 7,
    });
  });

  it('PATCH subscription takes active or suspended only; an invitation needs a valid address', async () => {
    const { api } = await adminConsole();
    const olivia = await idOf(await registerUser(t, 'olivia'));
    const team = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }));
    for (const body of [{ subscriptionStatus: 'inactive' }, { subscriptionStatus: 'trialing' }, { subscriptionStatus: 'ACTIVE' }, {}]) {
      const res = await api.patch(`/api/admin/teams/${team.id}/subscription`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await json(res)).toEqual({ message: 'Subscription status must be active or suspended' });
    }
    expect((await json(await api.get('/api/admin/teams')))[0].subscriptionStatus).toBe('inactive');

    const invite = await api.post(`/api/admin/teams/${team.id}/invite`, { email: 'pia at news' });
    expect(invite.status).toBe(400);
    expect(await json(invite)).toEqual({ message: 'Please enter a valid email address' });
  });
});

describe('conflicts, limits and missing rows', () => {
  it('answers 409 to a taken e-mail or username on create and on edit, in any case', async () => {
    const { api } = await adminConsole();
    const milo = await idOf(await registerUser(t, 'milo'));
    await registerUser(t, 'nora');
    const base = { username: 'quinn', email: 'quinn@news.example', password: 'quinn-pass' };
    const takenEmail = await api.post('/api/admin/users', { ...base, email: 'Milo@News.Example' });
    expect(takenEmail.status).toBe(409);
    expect(await json(takenEmail)).toEqual({ message: 'An account with this email already exists.' });
    const takenName = await api.post('/api/admin/users', { ...base, username: 'MILO' });
    expect(takenName.status).toBe(409);
    expect(await json(takenName)).toEqual({ message: 'This username is already taken.' });

    const toNoraEmail = await api.put(`/api/admin/users/${milo}`, { username: 'milo', email: 'nora@news.example' });
    expect(toNoraEmail.status).toBe(409);
    const toNoraName = await api.put(`/api/admin/users/${milo}`, { username: 'Nora', email: 'milo@news.example' });
    expect(toNoraName.status).toBe(409);
    expect(await userRowOf(t, 'milo@news.example')).toMatchObject({ username: 'milo' });
    // Keeping one's own name and address is no conflict.
    expect((await api.put(`/api/admin/users/${milo}`, { username: 'Milo', email: 'milo@news.example' })).status).toBe(200);
  });

  it('answers 409 to a team for an owner already in a team, as owner or as member', async () => {
    const { api } = await adminConsole();
    const oliviaToken = await registerUser(t, 'olivia');
    const olivia = await idOf(oliviaToken);
    const miloToken = await registerUser(t, 'milo');
    const milo = await idOf(miloToken);
    const team = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }));
    await joinThroughAdminInvite(api, team.id, 'milo', miloToken);
    for (const ownerId of [olivia, milo]) {
      const res = await api.post('/api/admin/teams', { name: 'Second Desk', ownerId });
      expect(res.status).toBe(409);
      expect(await json(res)).toEqual({ message: 'This user is already in a team.' });
    }
    expect(await json(await api.get('/api/admin/teams'))).toHaveLength(1);
    expect((await api.post('/api/admin/teams', { name: 'Ghost Desk', ownerId: 9999 })).status).toBe(404);
  });

  it('never sets seats below the seats in use: 400 and nothing changes, not even the name', async () => {
    const { api } = await adminConsole();
    const olivia = await idOf(await registerUser(t, 'olivia'));
    const miloToken = await registerUser(t, 'milo');
    const team = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }));
    await joinThroughAdminInvite(api, team.id, 'milo', miloToken);

    const res = await api.put(`/api/admin/teams/${team.id}`, { name: 'Renamed Desk', maxSeats: 1 });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ message: 'This team uses 2 seats; seats cannot be set below that.', usedSeats: 2 });
    expect(await json(await api.get('/api/admin/teams'))).toEqual([
      expect.objectContaining({ name: 'Metro Desk', maxSeats: 5, usedSeats: 2 }),
    ]);
    expect((await auditRows(t)).filter((r) => r.action === 'team.update')).toEqual([]);

    expect(await json(await api.put(`/api/admin/teams/${team.id}`, { name: 'Metro Desk', maxSeats: 2 }))).toMatchObject({
      maxSeats: 2,
      usedSeats: 2,
    });
  });

  it('answers 404 for a user, team or invitation that is not there', async () => {
    const { api } = await adminConsole();
    const olivia = await idOf(await registerUser(t, 'olivia'));
    const rafa = await idOf(await registerUser(t, 'rafa'));
    const metro = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }));
    const night = await created(api.post('/api/admin/teams', { name: 'Night Desk', ownerId: rafa }));
    const nightInvitation = await created(api.post(`/api/admin/teams/${night.id}/invite`, { email: 'pia@news.example' }));

    const userMissing = { message: 'User not found' };
    const teamMissing = { message: 'Team not found' };
    const cases: Array<[string, () => Response | Promise<Response>, object]> = [
      ['PUT user', () => api.put('/api/admin/users/9999', { username: 'ghost', email: 'ghost@news.example' }), userMissing],
      ['DELETE user', () => api.del('/api/admin/users/9999'), userMissing],
      ['gift', () => api.post('/api/admin/users/9999/gift-subscription'), userMissing],
      ['PUT team', () => api.put('/api/admin/teams/9999', { name: 'Ghost Desk', maxSeats: 5 }), teamMissing],
      ['DELETE team', () => api.del('/api/admin/teams/9999'), teamMissing],
      ['members', () => api.get('/api/admin/teams/9999/members'), teamMissing],
      ['invitations', () => api.get('/api/admin/teams/9999/invitations'), teamMissing],
      ['invite', () => api.post('/api/admin/teams/9999/invite', { email: 'pia@news.example' }), teamMissing],
      ['resend', () => api.post(`/api/admin/teams/9999/resend-invitation/${nightInvitation.id}`), teamMissing],
      ['PATCH', () => api.patch('/api/admin/teams/9999/subscription', { subscriptionStatus: 'active' }), teamMissing],
      // Another team's invitation is not this team's.
      [
        'resend another team’s',
        () => api.post(`/api/admin/teams/${metro.id}/resend-invitation/${nightInvitation.id}`),
        { message: 'Invitation not found' },
      ],
      ['resend missing', () => api.post(`/api/admin/teams/${metro.id}/resend-invitation/9999`), { message: 'Invitation not found' }],
    ];
    for (const [label, call, body] of cases) {
      const res = await call();
      expect(res.status, label).toBe(404);
      expect(await json(res), label).toEqual(body);
    }
  });

  it('resends a pending invitation with a new expiry and e-mail; a declined or accepted one is 400', async () => {
    sink = await startSmtpSink();
    const { api } = await adminConsole({ smtpUrl: sink.url });
    const olivia = await idOf(await registerUser(t, 'olivia'));
    const team = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }));
    const first = await created(api.post(`/api/admin/teams/${team.id}/invite`, { email: 'pia@news.example' }));
    const firstMail = await sink.waitFor('pia@news.example', 0, LINKS.invitation);
    expect(firstMail.raw).toContain('Metro Desk');
    // The invitee joins Olivia's team, so the invitation is hers, whichever admin sent it.
    expect(firstMail.raw).toContain('olivia');
    expect(firstMail.raw).not.toContain('chief');
    expect(new URL(extractLink(firstMail.raw, '/accept-invitation?token=')).searchParams.get('token')).toBe(tokenOfUrl(first.inviteUrl));

    t.clock.advance(DAY_MS / 2);
    const resent = await api.post(`/api/admin/teams/${team.id}/resend-invitation/${first.id}`);
    expect(resent.status).toBe(200);
    const body = await json(resent);
    expect(body).toMatchObject({
      id: first.id,
      status: 'pending',
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T21:00:00.000Z',
      expiresAt: '2026-03-09T21:00:00.000Z',
    });
    const secondMail = await sink.waitFor('pia@news.example', sink.received.indexOf(firstMail) + 1, LINKS.invitation);
    const link = extractLink(secondMail.raw, '/accept-invitation?token=');
    expect(new URL(link).searchParams.get('token')).toBe(tokenOfUrl(body.inviteUrl));
    expect(tokenOfUrl(body.inviteUrl)).not.toBe(tokenOfUrl(first.inviteUrl));
    expect(await json(await api.get(`/api/admin/teams/${team.id}/invitations`))).toEqual([
      {
        id: first.id,
        email: 'pia@news.example',
        status: 'pending',
        createdAt: first.createdAt,
        updatedAt: body.updatedAt,
        expiresAt: body.expiresAt,
      },
    ]);

    // The invitee accepts through the resent link; then there is nothing left to resend.
    const pia = await registerUser(t, 'pia');
    expect(await json(await get(t, '/api/user/pending-invitations', { token: pia }))).toMatchObject([
      { teamName: 'Metro Desk', inviterName: 'olivia' },
    ]);
    expect((await post(t, `/api/team/accept-invitation/${tokenOfUrl(body.inviteUrl)}`, undefined, { token: pia })).status).toBe(200);
    const mailsBefore = sink.received.length;
    const accepted = await api.post(`/api/admin/teams/${team.id}/resend-invitation/${first.id}`);
    expect(accepted.status).toBe(400);
    expect(await json(accepted)).toEqual({ message: 'This invitation is no longer pending' });

    const toSam = await created(api.post(`/api/admin/teams/${team.id}/invite`, { email: 'sam@news.example' }));
    const sam = await registerUser(t, 'sam');
    expect((await post(t, `/api/team/decline-invitation/${toSam.id}`, undefined, { token: sam })).status).toBe(200);
    const declined = await api.post(`/api/admin/teams/${team.id}/resend-invitation/${toSam.id}`);
    expect(declined.status).toBe(400);
    expect(await json(declined)).toEqual({ message: 'This invitation is no longer pending' });
    await sink.waitFor('sam@news.example', mailsBefore, LINKS.invitation);
    expect(
      sink.received
        .slice(mailsBefore)
        .filter((m) => unfolded(m.raw).includes(LINKS.invitation))
        .map((m) => m.to),
    ).toEqual([['sam@news.example']]);
  });
});

describe('deleting', () => {
  it.skipIf(SQLITE_INTERNALS)(
    'a user: their old cookie gets 401 everywhere, their conversations, messages and documents are gone, their seat is free',
    async () => {
      const { api } = await adminConsole();
      const oliviaToken = await registerUser(t, 'olivia');
      const olivia = await idOf(oliviaToken);
      const team = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia, maxSeats: 2 }));
      const milo = await subscriber(t, 'milo');
      await joinThroughAdminInvite(api, team.id, 'milo', milo.token);

      const sent = await sendMessage(milo.token, 'Please tighten the zanzibarite lede.');
      expect(sent.status).toBe(200);
      const { userMessage } = await json(sent);
      const uploaded = await upload(t, {
        token: milo.token,
        filename: 'story.txt',
        bytes: fixture('story.txt'),
        conversationId: userMessage.conversationId,
      });
      expect(uploaded.status).toBe(200);
      const miloSecondSession = (await login(t, 'milo@news.example')).token!;

      const sqlite = t.sqliteClient();
      const countOf = (sql: string, ...params: unknown[]) => (sqlite.prepare(sql).get(...params) as { n: number }).n;
      const rowsOfMilo = () => ({
        sessions: countOf('SELECT count(*) AS n FROM sessions WHERE user_id = ?', milo.userId),
        conversations: countOf('SELECT count(*) AS n FROM conversations WHERE user_id = ?', milo.userId),
        messages: countOf('SELECT count(*) AS n FROM messages WHERE conversation_id = ?', userMessage.conversationId),
        documents: countOf('SELECT count(*) AS n FROM documents WHERE user_id = ?', milo.userId),
        chunks: countOf('SELECT count(*) AS n FROM document_chunks'),
        chunkIndex: countOf(`SELECT count(*) AS n FROM document_chunks_fts WHERE document_chunks_fts MATCH 'quokka'`),
        messageIndex: countOf(`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'zanzibarite'`),
      });
      for (const [rows, n] of Object.entries(rowsOfMilo())) expect(n, rows).toBeGreaterThan(0);
      expect(rowsOfMilo().sessions).toBe(2);
      const seatsFull = await api.post(`/api/admin/teams/${team.id}/invite`, { email: 'pia@news.example' });
      expect(seatsFull.status).toBe(409);

      const res = await api.del(`/api/admin/users/${milo.userId}`);
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ success: true });

      for (const token of [milo.token, miloSecondSession]) {
        for (const [method, path] of [
          ['GET', '/api/user'],
          ['GET', '/api/conversations'],
          ['GET', `/api/conversations/${userMessage.conversationId}`],
          ['POST', '/api/conversations'],
          ['GET', '/api/team'],
          ['GET', '/api/assistant/capabilities'],
          ['GET', '/api/user/pending-invitations'],
          ['POST', '/api/create-subscription'],
        ] as const) {
          const answer = await send(t, method, path, method === 'POST' ? {} : undefined, { token });
          expect(answer.status, `${method} ${path}`).toBe(401);
        }
      }
      expect((await login(t, 'milo@news.example')).res.status).toBe(401);
      expect(rowsOfMilo()).toEqual({ sessions: 0, conversations: 0, messages: 0, documents: 0, chunks: 0, chunkIndex: 0, messageIndex: 0 });
      sqlite.prepare(`INSERT INTO document_chunks_fts(document_chunks_fts, rank) VALUES ('integrity-check', 1)`).run();
      sqlite.prepare(`INSERT INTO messages_fts(messages_fts, rank) VALUES ('integrity-check', 1)`).run();

      expect(await json(await get(t, '/api/team', { token: oliviaToken }))).toMatchObject({ usedSeats: 1, maxSeats: 2 });
      expect(await json(await api.get(`/api/admin/teams/${team.id}/members`))).toEqual([expect.objectContaining({ username: 'olivia' })]);
      expect((await api.post(`/api/admin/teams/${team.id}/invite`, { email: 'pia@news.example' })).status).toBe(201);
      expect((await json(await api.get('/api/admin/users'))).map((u: { username: string }) => u.username)).not.toContain('milo');
      expect((await api.del(`/api/admin/users/${milo.userId}`)).status).toBe(404);
      // The address and the name are free again.
      expect(await registerUser(t, 'milo')).toEqual(expect.any(String));
    },
  );

  it.skipIf(SQLITE_INTERNALS)("a team's owner: the team goes with its invitations, its members are released", async () => {
    const { api } = await adminConsole();
    const olivia = await idOf(await registerUser(t, 'olivia'));
    const nora = await registerUser(t, 'nora');
    const team = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }));
    await joinThroughAdminInvite(api, team.id, 'nora', nora);
    await created(api.post(`/api/admin/teams/${team.id}/invite`, { email: 'pia@news.example' }));

    expect((await api.del(`/api/admin/users/${olivia}`)).status).toBe(200);
    expect(await json(await api.get('/api/admin/teams'))).toEqual([]);
    expect((await api.get(`/api/admin/teams/${team.id}/members`)).status).toBe(404);
    expect(t.sqliteClient().prepare('SELECT count(*) AS n FROM team_invitations').get()).toEqual({ n: 0 });
    expect(await json(await get(t, '/api/user', { token: nora }))).toMatchObject({ teamId: null });
    expect((await get(t, '/api/team', { token: nora })).status).toBe(404);
    // Released, nora may start a team of her own.
    expect((await post(t, '/api/team', { name: 'Nora Desk' }, { token: nora })).status).toBe(201);
  });

  it('a team: its members and owner are released, their accounts stay', async () => {
    const { api } = await adminConsole();
    const oliviaToken = await registerUser(t, 'olivia');
    const olivia = await idOf(oliviaToken);
    const nora = await registerUser(t, 'nora');
    const team = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }));
    await joinThroughAdminInvite(api, team.id, 'nora', nora);

    expect(await json(await api.del(`/api/admin/teams/${team.id}`))).toEqual({ success: true });
    for (const token of [oliviaToken, nora]) {
      expect(await json(await get(t, '/api/user', { token }))).toMatchObject({ teamId: null });
      expect((await get(t, '/api/team', { token })).status).toBe(404);
    }
    expect(await json(await api.get('/api/admin/teams'))).toEqual([]);
    expect((await api.del(`/api/admin/teams/${team.id}`)).status).toBe(404);
    expect((await json(await api.get('/api/admin/users'))).map((u: { username: string }) => u.username)).toEqual([
      'nora',
      'olivia',
      'chief',
    ]);
    expect(await created(api.post('/api/admin/teams', { name: 'Metro Desk II', ownerId: olivia }))).toMatchObject({ usedSeats: 1 });
  });
});

describe('self-protection', () => {
  it('an admin cannot delete themselves or remove their own admin access', async () => {
    const { admin, api } = await adminConsole();
    const self = await api.del(`/api/admin/users/${admin.id}`);
    expect(self.status).toBe(400);
    expect(await json(self)).toEqual({ message: 'You cannot delete your own account.' });

    const demote = await api.put(`/api/admin/users/${admin.id}`, { username: 'chief', email: 'chief@news.example', isAdmin: false });
    expect(demote.status).toBe(400);
    expect(await json(demote)).toEqual({ message: 'You cannot remove your own admin access.' });
    // Leaving out isAdmin leaves it as it is: no accidental demotion.
    expect((await api.put(`/api/admin/users/${admin.id}`, { username: 'chief', email: 'chief@news.example' })).status).toBe(200);
    expect(await userRowOf(t, 'chief@news.example')).toMatchObject({ isAdmin: true });
    expect((await api.get('/api/admin/users')).status).toBe(200);

    // Anything else about their own account they may change.
    const renamed = await api.put(`/api/admin/users/${admin.id}`, {
      username: 'editor-in-chief',
      email: 'chief@news.example',
      isAdmin: true,
    });
    expect(await json(renamed)).toMatchObject({ username: 'editor-in-chief', isAdmin: true });
  });

  it('an admin can remove another admin, while one admin remains', async () => {
    const { api } = await adminConsole();
    const deputy = await created(
      api.post('/api/admin/users', { username: 'deputy', email: 'deputy@news.example', password: 'deputy-pass', isAdmin: true }),
    );
    const night = await created(
      api.post('/api/admin/users', { username: 'night', email: 'night@news.example', password: 'night-pass', isAdmin: true }),
    );
    expect(
      await json(await api.put(`/api/admin/users/${deputy.id}`, { username: 'deputy', email: 'deputy@news.example', isAdmin: false })),
    ).toMatchObject({
      isAdmin: false,
    });
    expect(await json(await api.del(`/api/admin/users/${night.id}`))).toEqual({ success: true });
  });
});

describe('gifts', () => {
  it('make the user active on the professional plan for 30 days from now', async () => {
    t = createTestApp({ env: { REGISTRATIONS_PER_HOUR: '100' } });
    const paying = await subscriber(t, 'pia');
    // A week and a day later pia's trial has become a paid month.
    t.clock.advance(8 * DAY_MS);
    const { token: piaAgain } = await login(t, 'pia@news.example');
    expect(await json(await get(t, '/api/user', { token: piaAgain }))).toMatchObject({ subscriptionStatus: 'active' });
    const nora = await registerUser(t, 'nora');
    const trialing = await subscriber(t, 'quinn');
    const api = as((await signedInAdmin(t)).token);
    const noraId = await idOf(nora);

    const gifted = await api.post(`/api/admin/users/${noraId}/gift-subscription`);
    expect(gifted.status).toBe(200);
    const user = await json(gifted);
    expect(user).toMatchObject({
      id: noraId,
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      subscriptionRenewalDate: '2026-04-09T09:00:00.000Z',
    });
    expect(await json(await get(t, '/api/user', { token: nora }))).toEqual(user);
    expect((await sendMessage(nora)).status).toBe(200);

    // A trial is replaced by the gift.
    expect(await json(await api.post(`/api/admin/users/${trialing.userId}/gift-subscription`))).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      subscriptionRenewalDate: '2026-04-09T09:00:00.000Z',
    });

    const before = await userRowOf(t, 'pia@news.example');
    const refused = await api.post(`/api/admin/users/${paying.userId}/gift-subscription`);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({ message: 'This user already has an active paid subscription' });
    expect(await userRowOf(t, 'pia@news.example')).toEqual(before);
  });
});

describe('team suspension', () => {
  it("takes effect on the members' next request, and activation restores it", async () => {
    const { api } = await adminConsole();
    const olivia = await registerUser(t, 'olivia');
    const milo = await registerUser(t, 'milo');
    const team = await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: await idOf(olivia) }));
    await joinThroughAdminInvite(api, team.id, 'milo', milo);

    const before = await sendMessage(milo);
    expect(before.status).toBe(403);
    expect(await json(before)).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });

    const activate = async () => {
      const res = await api.patch(`/api/admin/teams/${team.id}/subscription`, { subscriptionStatus: 'active' });
      expect(await json(res)).toMatchObject({ id: team.id, subscriptionStatus: 'active', usedSeats: 2 });
    };
    await activate();
    expect((await sendMessage(milo)).status).toBe(200);
    expect((await sendMessage(olivia)).status).toBe(200);

    const suspended = await api.patch(`/api/admin/teams/${team.id}/subscription`, { subscriptionStatus: 'suspended' });
    expect(await json(suspended)).toMatchObject({ subscriptionStatus: 'suspended' });
    for (const token of [milo, olivia]) {
      const refused = await sendMessage(token);
      expect(refused.status).toBe(403);
      expect(await json(refused)).toEqual({
        message: 'Team "Metro Desk" subscription is currently suspended. Get in touch with your team owner.',
        code: 'TEAM_SUSPENDED',
        teamName: 'Metro Desk',
      });
      expect(await json(await get(t, '/api/team', { token }))).toMatchObject({ subscriptionStatus: 'suspended' });
    }

    await activate();
    expect((await sendMessage(milo)).status).toBe(200);
  });
});

describe('lists', () => {
  it('search users by part of the username or e-mail, % and _ taken literally, paged with X-Next-Cursor and X-Total-Count', async () => {
    const { api } = await adminConsole();
    for (const [username, email] of [
      ['ann_lee', 'ann@desk.example'],
      ['annXlee', 'annx@desk.example'],
      ['fifty%off', 'fifty@news.example'],
      ['fiftyXoff', 'fiftyx@news.example'],
      ['Bo', 'bo@wire.example'],
    ]) {
      await created(api.post('/api/admin/users', { username, email, password: 'desk-pass' }));
    }
    const names = async (query: string) => {
      const res = await api.get(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(200);
      return (await json(res)).map((u: { username: string }) => u.username);
    };
    expect(await names('search=n_l')).toEqual(['ann_lee']);
    expect(await names('search=_')).toEqual(['ann_lee']);
    expect(await names(`search=${encodeURIComponent('y%o')}`)).toEqual(['fifty%off']);
    expect(await names(`search=${encodeURIComponent('%')}`)).toEqual(['fifty%off']);
    expect(await names('search=ANN')).toEqual(['annXlee', 'ann_lee']);
    expect(await names('search=desk.example')).toEqual(['annXlee', 'ann_lee']);
    expect(await names('search=wire')).toEqual(['Bo']);
    expect(await names('search=nobody')).toEqual([]);
    expect(await names('search=%20%20')).toEqual(['Bo', 'fiftyXoff', 'fifty%off', 'annXlee', 'ann_lee', 'chief']);

    const pages: string[][] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await api.get(`/api/admin/users?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.headers.get('X-Total-Count')).toBe('6');
      pages.push((await json(res)).map((u: { username: string }) => u.username));
      cursor = res.headers.get('X-Next-Cursor');
    }
    expect(pages).toEqual([
      ['Bo', 'fiftyXoff', 'fifty%off', 'annXlee'],
      ['ann_lee', 'chief'],
    ]);

    const searched = await api.get('/api/admin/users?search=news.example&limit=1');
    expect(searched.headers.get('X-Total-Count')).toBe('3');
    expect(await json(searched)).toEqual([expect.objectContaining({ username: 'fiftyXoff' })]);
    const next = await api.get(`/api/admin/users?search=news.example&limit=1&cursor=${searched.headers.get('X-Next-Cursor')}`);
    expect(await json(next)).toEqual([expect.objectContaining({ username: 'fifty%off' })]);

    for (const [query, message] of [
      ['limit=0', 'Limit must be between 1 and 100'],
      ['limit=101', 'Limit must be between 1 and 100'],
      ['cursor=abc', 'Invalid cursor'],
    ]) {
      const res = await api.get(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(await json(res)).toEqual({ message });
    }
  });

  it("search teams by name or by the owner's username or e-mail, paged the same way", async () => {
    const { api } = await adminConsole();
    const owners: Record<string, number> = {};
    for (const [username, email] of [
      ['olivia', 'olivia@metro.example'],
      ['rafa', 'rafa@night.example'],
      ['sol', 'sol@news.example'],
    ] as const) {
      owners[username] = (await created(api.post('/api/admin/users', { username, email, password: 'desk-pass' }))).id;
    }
    await created(api.post('/api/admin/teams', { name: 'Metro Desk', ownerId: owners.olivia }));
    await created(api.post('/api/admin/teams', { name: 'Night_Shift', ownerId: owners.rafa }));
    await created(api.post('/api/admin/teams', { name: 'NightXShift', ownerId: owners.sol }));
    const names = async (query: string) => (await json(await api.get(`/api/admin/teams?${query}`))).map((x: { name: string }) => x.name);

    expect(await names('search=metro')).toEqual(['Metro Desk']);
    expect(await names('search=t_s')).toEqual(['Night_Shift']);
    expect(await names('search=RAFA')).toEqual(['Night_Shift']);
    expect(await names('search=night.example')).toEqual(['Night_Shift']);
    expect(await names('search=sol@')).toEqual(['NightXShift']);
    expect(await names('')).toEqual(['NightXShift', 'Night_Shift', 'Metro Desk']);

    const first = await api.get('/api/admin/teams?search=night&limit=1');
    expect(first.headers.get('X-Total-Count')).toBe('2');
    expect((await json(first)).map((x: { name: string }) => x.name)).toEqual(['NightXShift']);
    const second = await api.get(`/api/admin/teams?search=night&limit=1&cursor=${first.headers.get('X-Next-Cursor')}`);
    expect((await json(second)).map((x: { name: string }) => x.name)).toEqual(['Night_Shift']);
    expect(second.headers.get('X-Next-Cursor')).toBeNull();
  });
});

describe('the audit log over REST', () => {
  it('records the client address, filters by admin, action and target, and pages newest first', async () => {
    const { admin, api } = await adminConsole({ env: { TRUST_PROXY: '1' } });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip }, token: admin.token });
    const olivia = await idOf(await registerUser(t, 'olivia'));
    const createdUser = await post(
      t,
      '/api/admin/users',
      { username: 'quinn', email: 'quinn@news.example', password: 'quinn-pass' },
      from('203.0.113.7'),
    );
    const quinn = (await json(createdUser)).id;
    const team = await json(await post(t, '/api/admin/teams', { name: 'Metro Desk', ownerId: olivia }, from('198.51.100.4')));
    await send(t, 'PATCH', `/api/admin/teams/${team.id}/subscription`, { subscriptionStatus: 'active' }, from('198.51.100.4'));

    const entries = await json(await api.get('/api/admin/audit-log'));
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['team.subscription', 'team.create', 'user.create', 'admin.sign_in']);
    expect(entries[2]).toEqual({
      id: expect.any(Number),
      adminId: admin.id,
      adminUsername: 'chief',
      action: 'user.create',
      targetType: 'user',
      targetId: quinn,
      targetLabel: 'quinn <quinn@news.example>',
      changes: {
        username: { before: null, after: 'quinn' },
        email: { before: null, after: 'quinn@news.example' },
        isAdmin: { before: null, after: false },
        subscriptionStatus: { before: null, after: 'inactive' },
      },
      ip: '203.0.113.7',
      relatedId: null,
      createdAt: '2026-03-02T09:00:00.000Z',
    });
    expect(entries[0]).toMatchObject({ ip: '198.51.100.4', changes: { subscriptionStatus: { before: 'inactive', after: 'active' } } });

    const actions = async (query: string) =>
      (await json(await api.get(`/api/admin/audit-log?${query}`))).map((e: { action: string }) => e.action);
    expect(await actions('action=user.create')).toEqual(['user.create']);
    expect(await actions(`targetType=team&targetId=${team.id}`)).toEqual(['team.subscription', 'team.create']);
    expect(await actions(`adminId=${admin.id}&action=admin.sign_in`)).toEqual(['admin.sign_in']);
    expect(await actions(`adminId=${olivia}`)).toEqual([]);
    expect((await api.get('/api/admin/audit-log?action=user.drop')).status).toBe(400);

    const page = await api.get('/api/admin/audit-log?limit=3');
    expect((await json(page)).map((e: { action: string }) => e.action)).toEqual(['team.subscription', 'team.create', 'user.create']);
    const rest = await api.get(`/api/admin/audit-log?limit=3&cursor=${page.headers.get('X-Next-Cursor')}`);
    expect((await json(rest)).map((e: { action: string }) => e.action)).toEqual(['admin.sign_in']);
    expect(rest.headers.get('X-Next-Cursor')).toBeNull();

    const csv = await (await api.get(`/api/admin/audit-log.csv?targetType=team&targetId=${team.id}`)).text();
    const lines = csv.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toMatch(/,changes,relatedId,field,from,to$/);
    // One row per changed field: the status change, then each field the team was created with.
    expect(lines[1]).toMatch(
      /^\d+,2026-03-02T09:00:00.000Z,\d+,chief,team.subscription,team,\d+,Metro Desk,198.51.100.4,"\{""subscriptionStatus.*,Subscription,inactive,active$/,
    );
    expect(lines.slice(2, -1).map((l) => l.split(',').slice(-3)[0])).toEqual(['Name', 'Owner', 'Seats', 'Subscription']);
    expect(lines.slice(2, -1).every((l) => l.includes(',team.create,'))).toBe(true);
  });
});
