import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/services/auth/passwords';
import { createTestApp, type TestApp } from '../src/server/test-app';
import { searchTerms, seedAdminData, type AdminSeed } from './admin-seed';
import { rng } from './support';

// The admin benchmark's figures only mean something if the console lists the seeded rows as it lists real ones.
describe('bench admin seed', () => {
  let t: TestApp;
  let seeded: AdminSeed;
  let cookie: string;
  const password = 'Seeded#Pass2026';

  const get = async (path: string) => {
    const res = await t.app.request(path, { headers: { cookie } });
    expect(res.status, path).toBe(200);
    return { rows: (await res.json()) as Array<Record<string, unknown>>, headers: res.headers };
  };

  beforeAll(async () => {
    t = createTestApp();
    seeded = seedAdminData(t.sqliteClient(), {
      users: 300,
      teams: 60,
      passwordHash: await hashPassword(password),
      seed: 20260302,
      now: t.clock().getTime(),
    });
    const login = await t.app.request('/api/login', {
      method: 'POST',
      headers: { origin: t.config.appOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: seeded.admin.email, password }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  });

  afterAll(() => t.close());

  it('signs in as an admin with the shared password', async () => {
    const res = await t.app.request('/api/user', { headers: { cookie } });
    expect(await res.json()).toMatchObject({ username: seeded.admin.username, isAdmin: true });
  });

  it('puts the newest seeded user first in the users list, with every account counted', async () => {
    const { rows, headers } = await get('/api/admin/users');
    expect(rows[0]?.username).toBe(seeded.usernames.at(-1));
    expect(headers.get('X-Total-Count')).toBe(String(seeded.usernames.length + 1));
  });

  it('lists every seeded team with its owner and its seats in use, newest first', async () => {
    const listed = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof get>> = await get(`/api/admin/teams${cursor ? `?cursor=${cursor}` : ''}`);
      listed.push(...page.rows);
      cursor = page.headers.get('X-Next-Cursor');
    } while (cursor);
    expect(listed.map((r) => ({ name: r.name, ownerUsername: r.ownerUsername, usedSeats: r.usedSeats }))).toEqual(
      [...seeded.teams].reverse().map((s) => ({ name: s.name, ownerUsername: s.ownerUsername, usedSeats: s.members + 1 })),
    );
    expect(seeded.teams.some((s) => s.members > 0)).toBe(true);
  });

  it("shows a team's pending invitations", async () => {
    const { rows } = await get('/api/admin/teams?limit=100');
    const withInvitations = seeded.teams.findIndex((s) => s.pendingInvitations > 0);
    expect(withInvitations).toBeGreaterThanOrEqual(0);
    const team = rows.find((r) => r.name === seeded.teams[withInvitations]!.name)!;
    const invitations = await get(`/api/admin/teams/${String(team.id)}/invitations`);
    expect(invitations.rows).toHaveLength(seeded.teams[withInvitations]!.pendingInvitations);
    expect(invitations.rows.every((i) => i.status === 'pending')).toBe(true);
  });

  it('makes search terms that each find at least one row', async () => {
    const r = rng(7);
    for (const kind of ['users', 'teams'] as const) {
      const terms = searchTerms(seeded, kind, 25, r);
      expect(new Set(terms).size).toBe(25);
      for (const term of terms) {
        const { rows } = await get(`/api/admin/${kind}?search=${encodeURIComponent(term)}`);
        expect(rows.length, `${kind} "${term}"`).toBeGreaterThan(0);
      }
    }
  });
});
