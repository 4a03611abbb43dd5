import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test-app';
import { PASSWORD, USER_KEYS, get, login, post, registerUser, sessionCookieOf } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const sessionCount = async (userId: number) => {
  const { sessions } = t.db.tables;
  return (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
};

describe('POST /api/register', () => {
  it('answers 201 with the User shape, no hash, and a browser-session cookie', async () => {
    t = createTestApp();
    const res = await post(t, '/api/register', { username: 'mariana', email: ' Mariana@News.Example ', password: PASSWORD });
    expect(res.status).toBe(201);
    const user = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    expect(user).toMatchObject({
      username: 'mariana',
      email: 'mariana@news.example',
      isAdmin: false,
      subscriptionStatus: 'inactive',
      subscriptionPlan: null,
      subscriptionRenewalDate: null,
      teamId: null,
      createdAt: '2026-03-02T09:00:00.000Z',
    });
    expect(JSON.stringify(user)).not.toMatch(/argon|hash|password/i);

    const cookie = sessionCookieOf(res)!;
    expect(cookie.value).not.toBe('');
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('max-age')).toBe(false);
    expect(cookie.attributes.has('expires')).toBe(false);
    expect(cookie.attributes.has('secure')).toBe(false);

    const me = await get(t, '/api/user', { token: cookie.value });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
  });

  it('marks the cookie Secure when APP_URL is https', async () => {
    t = createTestApp({ env: { APP_URL: 'https://copydesk.example' } });
    const res = await post(t, '/api/register', { username: 'mariana', email: 'mariana@news.example', password: PASSWORD });
    expect(res.status).toBe(201);
    expect(sessionCookieOf(res)!.attributes.has('secure')).toBe(true);
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ email: 'mariana-at-news' }, 'Please enter a valid email'],
    [{ password: 'ab-12' }, 'Password must be at least 8 characters'],
    [{ password: 'deadline-x' }, 'Password must contain at least one number'],
    [{ password: 'deadline77' }, 'Password must contain at least one symbol'],
  ])('answers 400 with the first rule broken: %o', async (change, message) => {
    t = createTestApp();
    const res = await post(t, '/api/register', { username: 'mariana', email: 'mariana@news.example', password: PASSWORD, ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('answers 400 for a body that is not an object, and for missing fields', async () => {
    t = createTestApp();
    for (const body of ['null', '[]', '42', '"text"', '{}']) {
      const res = await post(t, '/api/register', body);
      expect(res.status, body).toBe(400);
      expect(typeof ((await res.json()) as { message: unknown }).message).toBe('string');
    }
  });

  it('answers 409 when the e-mail is taken, whatever its case', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana', 'mariana@news.example');
    const res = await post(t, '/api/register', { username: 'other', email: 'MARIANA@news.example', password: PASSWORD });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/email/i);
  });

  it('answers 409 when the username is taken, whatever its case', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana', 'mariana@news.example');
    const res = await post(t, '/api/register', { username: 'Mariana', email: 'other@news.example', password: PASSWORD });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/username/i);
  });
  it('gives one 201 and one 409 to two registrations sent at once for the same name or address', async () => {
    t = createTestApp();
    const pairs = [
      [
        { username: 'Mariana', email: 'one@news.example' },
        { username: 'mariana', email: 'two@news.example' },
      ],
      [
        { username: 'tomas', email: 'tomas@news.example' },
        { username: 'tomas2', email: 'TOMAS@news.example' },
      ],
    ];
    for (const pair of pairs) {
      const answers = await Promise.all(pair.map((a) => post(t, '/api/register', { ...a, password: PASSWORD })));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    }
  });
});

describe('POST /api/login', () => {
  it('answers 200 with the user and a browser-session cookie', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana');
    const { res, token } = await login(t, 'mariana@news.example');
    expect(res.status).toBe(200);
    const user = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    expect(user.username).toBe('mariana');
    const cookie = sessionCookieOf(res)!;
    expect(cookie.attributes.has('max-age')).toBe(false);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect((await get(t, '/api/user', { token })).status).toBe(200);
  });

  it('with rememberMe sets a 30-day cookie', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana');
    const { res } = await login(t, 'mariana@news.example', PASSWORD, { rememberMe: true });
    expect(res.status).toBe(200);
    const cookie = sessionCookieOf(res)!;
    expect(cookie.attributes.get('max-age')).toBe('2592000');
    expect(new Date(cookie.attributes.get('expires')!).getTime()).toBe(t.clock().getTime() + 30 * 24 * 3600 * 1000);
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana');
    expect((await login(t, '  MARIANA@News.example ')).res.status).toBe(200);
  });

  it('answers 401 "Invalid email or password" alike for an unknown account and a wrong password', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana');
    const unknown = await login(t, 'nobody@news.example');
    const wrong = await login(t, 'mariana@news.example', 'wrong-password');
    for (const { res, token } of [unknown, wrong]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid email or password' });
      expect(token).toBeUndefined();
    }
  });

  it('answers 400 with the first zod message for a malformed login', async () => {
    t = createTestApp();
    const res = await post(t, '/api/login', { email: 'mariana', password: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Please enter a valid email' });
  });

  it('issues a new token at every login; a login from a signed-in client ends its old session', async () => {
    t = createTestApp();
    const registered = await registerUser(t, 'mariana');
    const first = await login(t, 'mariana@news.example');
    const second = await login(t, 'mariana@news.example');
    expect(new Set([registered, first.token, second.token]).size).toBe(3);
    expect((await get(t, '/api/user', { token: first.token })).status).toBe(200);

    const again = await login(t, 'mariana@news.example', PASSWORD, { token: first.token });
    expect(again.token).not.toBe(first.token);
    expect((await get(t, '/api/user', { token: first.token })).status).toBe(401);
    expect((await get(t, '/api/user', { token: again.token })).status).toBe(200);
  });

  it('keeps the current session when a login from a signed-in client fails', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    const { res } = await login(t, 'mariana@news.example', 'wrong-password', { token });
    expect(res.status).toBe(401);
    expect((await get(t, '/api/user', { token })).status).toBe(200);
  });
});

describe('POST /api/logout', () => {
  it('answers {success:true}, clears the cookie and ends the session on the server', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    const userId = ((await (await get(t, '/api/user', { token })).json()) as { id: number }).id;
    expect(await sessionCount(userId)).toBe(1);

    const res = await post(t, '/api/logout', undefined, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const cookie = sessionCookieOf(res)!;
    expect(cookie.value).toBe('');
    expect(cookie.attributes.get('max-age')).toBe('0');
    expect(await sessionCount(userId)).toBe(0);
    expect((await get(t, '/api/user', { token })).status).toBe(401);
  });

  it('answers {success:true} to a visitor too', async () => {
    t = createTestApp();
    const res = await post(t, '/api/logout');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
  });
});

describe('GET /api/user', () => {
  it('answers 401 without a session, with a bogus cookie, and after the session expires', async () => {
    t = createTestApp();
    const res = await get(t, '/api/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
    expect((await get(t, '/api/user', { token: 'not-a-token' })).status).toBe(401);

    const token = await registerUser(t, 'mariana');
    t.clock.advance(24 * 3600 * 1000);
    expect((await get(t, '/api/user', { token })).status).toBe(401);
  });

  it('re-sends the cookie when the expiry slides forward', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    expect(sessionCookieOf(await get(t, '/api/user', { token }))).toBeUndefined();
    t.clock.advance(13 * 3600 * 1000);
    const res = await get(t, '/api/user', { token });
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)?.value).toBe(token);
    t.clock.advance(20 * 3600 * 1000);
    expect((await get(t, '/api/user', { token })).status).toBe(200);
  });
});

describe('POST /api/change-password', () => {
  it('changes the password, ends the other sessions and keeps the current one', async () => {
    t = createTestApp();
    const current = await registerUser(t, 'mariana');
    const other = (await login(t, 'mariana@news.example')).token;

    const res = await post(t, '/api/change-password', { currentPassword: PASSWORD, newPassword: 'new-pass-9' }, { token: current });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string };
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toMatch(/password/i);

    expect((await get(t, '/api/user', { token: current })).status).toBe(200);
    expect((await get(t, '/api/user', { token: other })).status).toBe(401);
    expect((await login(t, 'mariana@news.example')).res.status).toBe(401);
    expect((await login(t, 'mariana@news.example', 'new-pass-9')).res.status).toBe(200);
  });

  it('answers 400 for a wrong current password and keeps the old one', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    const res = await post(t, '/api/change-password', { currentPassword: 'not-it-1', newPassword: 'new-pass-9' }, { token });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Current password is incorrect' });
    expect((await login(t, 'mariana@news.example')).res.status).toBe(200);
  });

  it('answers 400 with the rule for a short new password', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    const res = await post(t, '/api/change-password', { currentPassword: PASSWORD, newPassword: 'short' }, { token });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Password must be at least 6 characters' });
  });

  it('answers 401 to a visitor', async () => {
    t = createTestApp();
    const res = await post(t, '/api/change-password', { currentPassword: PASSWORD, newPassword: 'new-pass-9' });
    expect(res.status).toBe(401);
  });

  it('counts wrong current passwords against the account, so a stolen session cannot guess the password', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    for (let i = 0; i < 10; i++) {
      const res = await post(t, '/api/change-password', { currentPassword: `guess-${i}`, newPassword: 'new-pass-9' }, { token });
      expect(res.status).toBe(400);
    }
    const blocked = await post(t, '/api/change-password', { currentPassword: PASSWORD, newPassword: 'new-pass-9' }, { token });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(t, 'mariana@news.example')).res.status).toBe(429);
  });
});

describe('GET /api/plans', () => {
  it('lists the one plan of the spec', async () => {
    t = createTestApp();
    const res = await get(t, '/api/plans');
    expect(res.status).toBe(200);
    const plans = (await res.json()) as Array<Record<string, unknown>>;
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      id: 'professional',
      name: 'Professional Editor',
      price: 49.99,
      priceId: 'price_pro',
      isPopular: true,
    });
    expect(plans[0]!.features).toEqual([
      'Unlimited uploads',
      'Real-time rewriting and feedback',
      'Side-by-side draft comparison',
      'Standard news style compliance',
      'Flags weak quotes, missing context, and vague reporting',
      'Headline, social, and caption suggestions',
      'Explains edits to improve your writing',
      'Full revision history',
      'Built for journalists, editors, freelancers, and comms pros',
    ]);
  });
});
