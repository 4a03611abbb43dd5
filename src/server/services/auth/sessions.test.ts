import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOUR_MS, DAY_MS } from '../../../shared/limits';
import { createTestApp, type TestApp } from '../../test-app';
import { SESSION_COOKIE, blankSessionCookie, readSessionToken, sessionCookie } from './sessions';
import { hashToken } from './tokens';

let t: TestApp;
afterEach(() => t?.close());

async function setup() {
  t = createTestApp();
  const user = await t.services.users.create({ username: 'desk', email: 'desk@news.example', password: 'deadline-7' });
  return { user, sessions: t.services.sessions };
}

describe('session tokens', () => {
  it('are id.secret in lowercase base32, with a 160-bit secret of which only the SHA-256 is stored', async () => {
    const { user, sessions: svc } = await setup();
    const { sessions } = t.db.tables;
    const { token, session } = await svc.create(user.id, false);
    expect(token).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{32}$/);
    const [id, secret] = token.split('.') as [string, string];
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    if (!row) throw new Error('no session row');
    expect(row.secretHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(session.userId).toBe(user.id);
  });

  it('differ at every creation', async () => {
    const { user, sessions: svc } = await setup();
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add((await svc.create(user.id, false)).token);
    expect(tokens.size).toBe(20);
  });

  it('validate to the session and user rows as stored, nulls, dates and flags included', async () => {
    const { user, sessions: svc } = await setup();
    const { sessions, users } = t.db.tables;
    const { token, session } = await svc.create(user.id, true);
    await t.db
      .update(users)
      .set({
        isAdmin: true,
        teamId: 7,
        subscriptionStatus: 'active',
        subscriptionRenewalDate: new Date('2026-04-02T09:00:00Z'),
        billingCustomerId: 'cus_1',
        cancelAtPeriodEnd: true,
      })
      .where(eq(users.id, user.id));
    const [stored] = await t.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, session.id));
    const found = (await svc.validate(token))!;
    expect({ session: found.session, user: found.user }).toEqual(stored);
    expect(found.user.subscriptionRenewalDate).toBeInstanceOf(Date);
    expect(found.user.trialUsedAt).toBeNull();
    expect(found.session.rememberMe).toBe(true);
  });

  it('validate to their user', async () => {
    const { user, sessions: svc } = await setup();
    const { token } = await svc.create(user.id, true);
    expect((await svc.validate(token))?.user.id).toBe(user.id);
  });

  it('are rejected when the secret is tampered with, and the real token still works', async () => {
    const { user, sessions: svc } = await setup();
    const { token } = await svc.create(user.id, false);
    const last = token.at(-1) === 'a' ? 'b' : 'a';
    expect(await svc.validate(token.slice(0, -1) + last)).toBeNull();
    expect(await svc.validate(`${token.split('.')[0]}.`)).toBeNull();
    expect(await svc.validate(token)).not.toBeNull();
  });

  it('are rejected when malformed', async () => {
    const { sessions: svc } = await setup();
    for (const bad of [undefined, '', 'nodot', '.secret', `${'a'.repeat(150)}.${'b'.repeat(100)}`]) {
      expect(await svc.validate(bad)).toBeNull();
    }
  });
});

describe('session expiry', () => {
  it('lasts a day for a browser session and 30 days when remembered', async () => {
    const { user, sessions: svc } = await setup();
    const now = t.clock().getTime();
    expect((await svc.create(user.id, false)).session.expiresAt.getTime()).toBe(now + DAY_MS);
    expect((await svc.create(user.id, true)).session.expiresAt.getTime()).toBe(now + 30 * DAY_MS);
  });

  it('slides forward only once half the lifetime is used', async () => {
    const { user, sessions: svc } = await setup();
    const { token, session } = await svc.create(user.id, false);
    const firstExpiry = session.expiresAt.getTime();

    t.clock.advance(12 * HOUR_MS);
    const early = (await svc.validate(token))!;
    expect(early.refreshed).toBe(false);
    expect(early.session.expiresAt.getTime()).toBe(firstExpiry);

    t.clock.advance(1);
    const late = (await svc.validate(token))!;
    expect(late.refreshed).toBe(true);
    expect(late.session.expiresAt.getTime()).toBe(t.clock().getTime() + DAY_MS);

    // The new expiry is stored: a day after the first one the session is still alive.
    t.clock.advance(20 * HOUR_MS);
    expect(await svc.validate(token)).not.toBeNull();
  });

  it('slides a remembered session to 30 days from now after 15 days', async () => {
    const { user, sessions: svc } = await setup();
    const { token } = await svc.create(user.id, true);
    t.clock.advance(14 * DAY_MS);
    expect((await svc.validate(token))!.refreshed).toBe(false);
    t.clock.advance(DAY_MS + 1);
    const slid = (await svc.validate(token))!;
    expect(slid.refreshed).toBe(true);
    expect(slid.session.expiresAt.getTime()).toBe(t.clock().getTime() + 30 * DAY_MS);
  });

  it('rejects and deletes an expired session', async () => {
    const { user, sessions: svc } = await setup();
    const { sessions } = t.db.tables;
    const { token, session } = await svc.create(user.id, false);
    t.clock.advance(DAY_MS);
    expect(await svc.validate(token)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
  });

  it('deleteExpired removes only expired sessions', async () => {
    const { user, sessions: svc } = await setup();
    const { sessions } = t.db.tables;
    const short = await svc.create(user.id, false);
    const long = await svc.create(user.id, true);
    t.clock.advance(2 * DAY_MS);
    await svc.deleteExpired();
    const ids = (await t.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id);
    expect(ids).toEqual([long.session.id]);
    expect(ids).not.toContain(short.session.id);
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and without Max-Age for a browser session', async () => {
    const { user, sessions: svc } = await setup();
    const { token, session } = await svc.create(user.id, false);
    const cookie = sessionCookie(token, session, false, t.clock());
    expect(cookie.split('; ')).toEqual([`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']);
  });

  it('carries Max-Age and Expires of 30 days when remembered, and Secure when asked', async () => {
    const { user, sessions: svc } = await setup();
    const { token, session } = await svc.create(user.id, true);
    const parts = sessionCookie(token, session, true, t.clock()).split('; ');
    expect(parts).toContain('Max-Age=2592000');
    expect(parts).toContain(`Expires=${new Date(t.clock().getTime() + 30 * DAY_MS).toUTCString()}`);
    expect(parts).toContain('Secure');
  });

  it('is cleared with an empty value and Max-Age=0', () => {
    expect(blankSessionCookie(false)).toBe(`${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
  });

  it('is read back from a Cookie header among others', () => {
    expect(readSessionToken(`theme=dark; ${SESSION_COOKIE}=abc.def; other=1`)).toBe('abc.def');
    expect(readSessionToken('theme=dark')).toBeUndefined();
    expect(readSessionToken(`${SESSION_COOKIE}=`)).toBeUndefined();
    expect(readSessionToken(null)).toBeUndefined();
  });
});
