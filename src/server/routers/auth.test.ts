import { afterEach, describe, expect, it } from 'vitest';
import { LINKS } from '../../../tests/support/smtp-sink';
import { errorDetails } from '../errors';
import { readSessionToken } from '../services/auth/sessions';
import { createTestApp, trpcError, type TestApp } from '../test-app';
import { outboxLink } from '../test-http';
import { publicMessage } from '../trpc/init';

let t: TestApp;
afterEach(() => t?.close());

const PASSWORD = 'deadline-7!';
const account = { username: 'mariana', email: 'mariana@news.example', password: PASSWORD };

/** Registers through the router and returns the session token it set. */
async function register(input = account) {
  const { api, resHeaders } = t.caller();
  await api.auth.register(input);
  return readSessionToken(resHeaders.getSetCookie()[0])!;
}

describe('auth router', () => {
  it('register returns the public user and sets the session cookie', async () => {
    t = createTestApp();
    const { api, resHeaders } = t.caller();
    const user = await api.auth.register(account);
    expect(user).toMatchObject({ username: 'mariana', email: 'mariana@news.example', isAdmin: false, subscriptionStatus: 'inactive' });
    expect(user).not.toHaveProperty('passwordHash');
    const token = readSessionToken(resHeaders.getSetCookie()[0]);
    expect(await t.caller({ token }).api.auth.me()).toEqual(user);
  });

  it('reports the first zod message for bad input', async () => {
    t = createTestApp();
    const error = await trpcError(t.caller().api.auth.register({ ...account, username: 'ab', password: 'x' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(publicMessage(error)).toBe('Username must be at least 3 characters');
  });

  it('register refuses a taken e-mail or username with CONFLICT', async () => {
    t = createTestApp();
    await register();
    expect((await trpcError(t.caller().api.auth.register({ ...account, username: 'other' }))).code).toBe('CONFLICT');
    expect((await trpcError(t.caller().api.auth.register({ ...account, email: 'x@news.example' }))).code).toBe('CONFLICT');
  });

  it('me is UNAUTHORIZED for a visitor', async () => {
    t = createTestApp();
    const error = await trpcError(t.caller().api.auth.me());
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe('Authentication required');
  });

  it('session answers null for a visitor and the user when signed in, and null again once the session ends', async () => {
    t = createTestApp();
    expect(await t.caller().api.auth.session()).toBeNull();
    const token = await register();
    const user = await t.caller({ token }).api.auth.me();
    expect(await t.caller({ token }).api.auth.session()).toEqual(user);
    await t.caller({ token }).api.auth.logout();
    expect(await t.caller({ token }).api.auth.session()).toBeNull();
    expect((await trpcError(t.caller({ token }).api.auth.me())).code).toBe('UNAUTHORIZED');
  });

  it('login answers UNAUTHORIZED with the same message for an unknown account and a wrong password', async () => {
    t = createTestApp();
    await register();
    const unknown = await trpcError(t.caller().api.auth.login({ email: 'nobody@news.example', password: PASSWORD }));
    const wrong = await trpcError(t.caller().api.auth.login({ email: account.email, password: 'wrong-pass' }));
    for (const e of [unknown, wrong]) {
      expect(e.code).toBe('UNAUTHORIZED');
      expect(e.message).toBe('Invalid email or password');
    }
  });

  it('login carries retryAfter once an address has failed 30 times', async () => {
    t = createTestApp();
    await register();
    for (let i = 0; i < 30; i++)
      await trpcError(t.caller({ ip: '192.0.2.1' }).api.auth.login({ email: `g${i}@news.example`, password: 'wrong-pass' }));
    const error = await trpcError(t.caller({ ip: '192.0.2.1' }).api.auth.login({ email: account.email, password: PASSWORD }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(errorDetails(error).retryAfter).toBe(900);
    await t.caller({ ip: '192.0.2.2' }).api.auth.login({ email: account.email, password: PASSWORD });
  });

  it('logout ends the session and clears the cookie', async () => {
    t = createTestApp();
    const token = await register();
    const { api, resHeaders } = t.caller({ token });
    expect(await api.auth.logout()).toEqual({ success: true });
    expect(resHeaders.getSetCookie()[0]).toMatch(/^copydesk_session=;.*Max-Age=0/);
    expect((await trpcError(t.caller({ token }).api.auth.me())).code).toBe('UNAUTHORIZED');
  });

  it('changePassword keeps the caller signed in and signs out the rest', async () => {
    t = createTestApp();
    const current = await register();
    const other = t.caller();
    await other.api.auth.login({ email: account.email, password: PASSWORD });
    const otherToken = readSessionToken(other.resHeaders.getSetCookie()[0])!;

    const wrong = await trpcError(
      t.caller({ token: current }).api.auth.changePassword({ currentPassword: 'nope-123', newPassword: 'new-pass-9' }),
    );
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(wrong.message).toBe('Current password is incorrect');

    const ok = await t.caller({ token: current }).api.auth.changePassword({ currentPassword: PASSWORD, newPassword: 'new-pass-9' });
    expect(ok).toEqual({ message: expect.any(String) });
    expect((await t.caller({ token: current }).api.auth.me()).username).toBe('mariana');
    expect((await trpcError(t.caller({ token: otherToken }).api.auth.me())).code).toBe('UNAUTHORIZED');
  });

  it('changePassword is UNAUTHORIZED for a visitor', async () => {
    t = createTestApp();
    const error = await trpcError(t.caller().api.auth.changePassword({ currentPassword: PASSWORD, newPassword: 'new-pass-9' }));
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('forgotPassword writes the e-mail to the outbox when no SMTP is set, and the link resets the password', async () => {
    t = createTestApp({ env: { APP_URL: 'https://copydesk.example' } });
    const token = await register();
    const answer = await t.caller().api.auth.forgotPassword({ email: 'MARIANA@news.example' });
    expect(answer).toEqual({ message: 'If an account exists for that email, a password reset link has been sent.' });
    expect(await t.caller().api.auth.forgotPassword({ email: 'nobody@news.example' })).toEqual(answer);

    const link = new URL(await outboxLink(t, account.email, LINKS.reset));
    expect(link.origin).toBe('https://copydesk.example');
    expect(t.logs.join('\n')).not.toContain(link.searchParams.get('token')!);

    await t.caller().api.auth.resetPassword({ token: link.searchParams.get('token')!, newPassword: 'fresh-pass-2' });
    expect((await trpcError(t.caller({ token }).api.auth.me())).code).toBe('UNAUTHORIZED');
    await t.caller().api.auth.login({ email: account.email, password: 'fresh-pass-2' });
    const reused = await trpcError(
      t.caller().api.auth.resetPassword({ token: link.searchParams.get('token')!, newPassword: 'again-pass-3' }),
    );
    expect(reused.code).toBe('BAD_REQUEST');
  });
});
