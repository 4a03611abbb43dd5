import { afterEach, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { createTestApp, type TestApp } from '../test-app';
import { PASSWORD, get, post, registerUser, sessionCookieOf } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const account = { username: 'mariana', email: 'mariana@news.example', password: PASSWORD };
const input = (value: unknown) => superjson.serialize(value);

describe('tRPC over HTTP', () => {
  it('auth.register and auth.login set the session cookie like the REST paths', async () => {
    t = createTestApp({ env: { APP_URL: 'https://copydesk.example' } });
    const registered = await post(t, '/trpc/auth.register', input(account));
    expect(registered.status).toBe(200);
    const cookie = sessionCookieOf(registered)!;
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.has('secure')).toBe(true);

    const loggedIn = await post(t, '/trpc/auth.login', input({ email: account.email, password: PASSWORD, rememberMe: true }));
    expect(loggedIn.status).toBe(200);
    const remembered = sessionCookieOf(loggedIn)!;
    expect(remembered.attributes.get('max-age')).toBe('2592000');

    const me = await get(t, '/trpc/auth.me', { token: remembered.value });
    expect(me.status).toBe(200);
    const body = superjson.deserialize<{ username: string }>(((await me.json()) as { result: { data: never } }).result.data);
    expect(body.username).toBe('mariana');
  });

  it('auth.logout clears the cookie', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    const res = await post(t, '/trpc/auth.logout', input(undefined), { token });
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)?.value).toBe('');
    expect((await get(t, '/api/user', { token })).status).toBe(401);
  });

  it('auth.session answers a visitor 200 with no user, while GET /api/user keeps its 401', async () => {
    t = createTestApp();
    const visitor = await get(t, '/trpc/auth.session');
    expect(visitor.status).toBe(200);
    expect(superjson.deserialize(((await visitor.json()) as { result: { data: never } }).result.data)).toBeNull();
    expect((await get(t, '/api/user')).status).toBe(401);
  });

  it('answers errors with the HTTP status and the public message', async () => {
    t = createTestApp();
    const unauth = await get(t, '/trpc/auth.me');
    expect(unauth.status).toBe(401);

    const bad = await post(t, '/trpc/auth.register', input({ ...account, password: 'short' }));
    expect(bad.status).toBe(400);
    const error = (await bad.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
    expect(error.error.json.message).toBe('Password must be at least 8 characters');
    expect(error.error.json.data.stack).toBeNull();

    const wrong = await post(t, '/trpc/auth.login', input({ email: 'nobody@news.example', password: 'wrong-pass' }));
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as typeof error).error.json.message).toBe('Invalid email or password');
  });
});
