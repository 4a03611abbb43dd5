import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LINKS, extractLink, startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { KNOWN_DEVICE_COOKIE } from '../services/auth/known-devices';
import { hashToken } from '../services/auth/tokens';
import { createTestApp, type TestApp } from '../test-app';
import { PASSWORD, get, login, post, registerUser } from '../test-http';

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());
afterEach(() => t?.close());

const APP_URL = 'https://copydesk.example';
const MINUTE = 60_000;
let seq = 0;

/** A fresh app and a registered account with an address no other test uses (the sink is shared). */
async function setup(env: Record<string, string> = {}) {
  t = createTestApp({ smtpUrl: sink.url, env: { APP_URL, ...env } });
  const email = `reporter${++seq}@news.example`;
  const token = await registerUser(t, `reporter${seq}`, email);
  return { email, token };
}

/** Asks for a reset and returns the token from the e-mail that arrives at the sink. */
async function requestReset(email: string) {
  const since = sink.received.length;
  const res = await post(t, '/api/forgot-password', { email });
  expect(res.status).toBe(200);
  const mail = await sink.waitFor(email, since, LINKS.reset);
  return new URL(extractLink(mail.raw, '/reset-password?token=')).searchParams.get('token')!;
}

describe('POST /api/forgot-password', () => {
  it('e-mails a link built from APP_URL, whatever Host the request names', async () => {
    const { email } = await setup();
    const since = sink.received.length;
    const res = await t.app.request('http://evil.example/api/forgot-password', {
      method: 'POST',
      headers: {
        origin: t.config.appOrigin,
        'content-type': 'application/json',
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
      },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    const mail = await sink.waitFor(email, since, LINKS.reset);
    const link = extractLink(mail.raw, '/reset-password?token=');
    expect(link.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);
    expect(mail.raw).not.toContain('evil.example');
    const token = new URL(link).searchParams.get('token')!;
    // 256 random bits, base32: 52 characters.
    expect(token).toMatch(/^[a-z2-7]{52}$/);
  });

  it('stores only the hash of the token', async () => {
    const { email } = await setup();
    const token = await requestReset(email);
    const rows = await t.db.select().from(t.db.tables.passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers the same body whether or not the account exists, and sends nothing for an unknown one', async () => {
    const { email } = await setup();
    const known = await post(t, '/api/forgot-password', { email: email.toUpperCase() });
    const unknown = await post(t, '/api/forgot-password', { email: `nobody${seq}@news.example` });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const body = await known.json();
    expect(await unknown.json()).toEqual(body);
    expect(Object.keys(body as object)).toEqual(['message']);
    await sink.waitFor(email, 0, LINKS.reset);
    expect(sink.received.some((m) => m.to.includes(`nobody${seq}@news.example`))).toBe(false);
  });

  it('answers 400 for an invalid e-mail', async () => {
    await setup();
    const res = await post(t, '/api/forgot-password', { email: 'nobody' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Please enter a valid email' });
  });

  it('answers 429 with Retry-After after 5 requests for one address in an hour, for unknown addresses too', async () => {
    const { email } = await setup();
    for (const address of [email, `nobody${seq}@news.example`]) {
      for (let i = 0; i < 5; i++) expect((await post(t, '/api/forgot-password', { email: address })).status).toBe(200);
      const res = await post(t, '/api/forgot-password', { email: address });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('3600');
    }
    expect((await post(t, '/api/forgot-password', { email: `other${seq}@news.example` })).status).toBe(200);
    t.clock.advance(60 * MINUTE);
    expect((await post(t, '/api/forgot-password', { email })).status).toBe(200);
  });

  it('answers 429 with Retry-After after 20 requests from one client address in an hour, whatever the e-mails', async () => {
    const { email } = await setup({ TRUST_PROXY: '1' });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 20; i++) {
      expect((await post(t, '/api/forgot-password', { email: `nobody${seq}-${i}@news.example` }, from('198.51.100.7'))).status).toBe(200);
    }
    const res = await post(t, '/api/forgot-password', { email }, from('198.51.100.7'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(await res.json()).toMatchObject({ message: 'Too many password reset requests. Please try again later.' });
    expect((await post(t, '/api/forgot-password', { email }, from('198.51.100.8'))).status).toBe(200);

    t.clock.advance(60 * MINUTE);
    expect((await post(t, '/api/forgot-password', { email: `late${seq}@news.example` }, from('198.51.100.7'))).status).toBe(200);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password, uses the token up and ends every session of the user', async () => {
    const { email, token: registered } = await setup();
    const other = (await login(t, email)).token;
    const token = await requestReset(email);

    const res = await post(t, '/api/reset-password', { token, newPassword: 'fresh-pass-2' });
    expect(res.status).toBe(200);
    expect(Object.keys((await res.json()) as object)).toEqual(['message']);

    expect((await get(t, '/api/user', { token: registered })).status).toBe(401);
    expect((await get(t, '/api/user', { token: other })).status).toBe(401);
    expect((await login(t, email)).res.status).toBe(401);
    expect((await login(t, email, 'fresh-pass-2')).res.status).toBe(200);

    const again = await post(t, '/api/reset-password', { token, newPassword: 'second-try-3' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: 'Invalid or expired reset token' });
    expect((await login(t, email, 'fresh-pass-2')).res.status).toBe(200);
  });

  it('replaces an older token with a newer one', async () => {
    const { email } = await setup();
    const older = await requestReset(email);
    const newer = await requestReset(email);
    expect(newer).not.toBe(older);
    expect((await post(t, '/api/reset-password', { token: older, newPassword: 'fresh-pass-2' })).status).toBe(400);
    expect((await post(t, '/api/reset-password', { token: newer, newPassword: 'fresh-pass-2' })).status).toBe(200);
  });

  it('still works just before the hour is up', async () => {
    const { email } = await setup();
    const token = await requestReset(email);
    t.clock.advance(59 * MINUTE);
    expect((await post(t, '/api/reset-password', { token, newPassword: 'fresh-pass-2' })).status).toBe(200);
  });

  it('refuses a token an hour old and leaves the password as it was', async () => {
    const { email } = await setup();
    const token = await requestReset(email);
    t.clock.advance(60 * MINUTE);
    const res = await post(t, '/api/reset-password', { token, newPassword: 'fresh-pass-2' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Invalid or expired reset token' });
    expect((await login(t, email, PASSWORD)).res.status).toBe(200);
  });

  it('refuses an unknown token and answers 400 with the rule for a short password', async () => {
    const { email } = await setup();
    const bogus = await post(t, '/api/reset-password', { token: 'a'.repeat(52), newPassword: 'fresh-pass-2' });
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual({ message: 'Invalid or expired reset token' });

    const token = await requestReset(email);
    const short = await post(t, '/api/reset-password', { token, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: 'Password must be at least 6 characters' });
    expect((await post(t, '/api/reset-password', { token, newPassword: 'fresh-pass-2' })).status).toBe(200);
  });

  it('refuses a link sent before the password was changed in settings', async () => {
    const { email, token: session } = await setup();
    const token = await requestReset(email);
    const changed = await post(t, '/api/change-password', { currentPassword: PASSWORD, newPassword: 'changed-4!' }, { token: session });
    expect(changed.status).toBe(200);
    expect((await post(t, '/api/reset-password', { token, newPassword: 'fresh-pass-2' })).status).toBe(400);
    expect((await login(t, email, 'changed-4!')).res.status).toBe(200);
  });

  it('lifts the login lock strangers set, and makes the browser that used it a known device', async () => {
    const { email } = await setup({ TRUST_PROXY: '1' });
    const stranger = { headers: { 'x-forwarded-for': '192.0.2.66' } };
    for (let i = 0; i < 10; i++) await login(t, email, `wrong-${i}`, stranger);
    expect((await login(t, email, PASSWORD, { headers: { 'x-forwarded-for': '10.0.0.5' } })).res.status).toBe(429);

    const reset = await post(t, '/api/reset-password', { token: await requestReset(email), newPassword: 'fresh-pass-2' });
    expect(reset.status).toBe(200);
    expect((await login(t, email, 'fresh-pass-2', { headers: { 'x-forwarded-for': '10.0.0.5' } })).res.status).toBe(200);

    const device = reset.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`))!
      .split(';')[0]!;
    for (let i = 0; i < 10; i++) await login(t, email, `wrong-${i}`, stranger);
    expect((await login(t, email, 'fresh-pass-2', { headers: { 'x-forwarded-for': '10.0.0.5' } })).res.status).toBe(429);
    expect((await login(t, email, 'fresh-pass-2', { headers: { 'x-forwarded-for': '10.0.0.5', cookie: device } })).res.status).toBe(200);
  });

  it('never writes the reset token to the log', async () => {
    const { email } = await setup();
    const token = await requestReset(email);
    await t.app.request(`/reset-password?token=${token}`);
    await post(t, '/api/reset-password', { token, newPassword: 'fresh-pass-2' });
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain(token);
  });
});
