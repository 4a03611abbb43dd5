import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { PASSWORD, get, login, post, registerUser } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const MINUTE = 60_000;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

function app() {
  t = createTestApp({ env: { TRUST_PROXY: '1' } });
  return t;
}

describe('failed logins per account', () => {
  it('allows 10 failures, then answers 429 with Retry-After even to the right password from elsewhere', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 10; i++) {
      expect((await login(t, 'mariana@news.example', `wrong-${i}`, from('10.0.0.1'))).res.status).toBe(401);
    }
    const { res, token } = await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
    expect(((await res.json()) as { message: string }).message).toMatch(/too many/i);
    expect(token).toBeUndefined();

    t.clock.advance(5 * MINUTE);
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2'))).res.headers.get('retry-after')).toBe('600');
  });

  it('lets the right password in again from another client once the window has passed', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('10.0.0.1'));
    t.clock.advance(15 * MINUTE);
    const { res, token } = await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2'));
    expect(res.status).toBe(200);
    expect((await get(t, '/api/user', { token })).status).toBe(200);
  });

  it('does not stop another account, even from the same address', async () => {
    app();
    await registerUser(t, 'mariana');
    await registerUser(t, 'tomas');
    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('10.0.0.1'));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.1'))).res.status).toBe(429);
    expect((await login(t, 'tomas@news.example', PASSWORD, from('10.0.0.1'))).res.status).toBe(200);
  });

  it('answers alike for an account that does not exist, so the limit reveals nothing', async () => {
    app();
    for (let i = 0; i < 10; i++) expect((await login(t, 'ghost@news.example', `wrong-${i}`)).res.status).toBe(401);
    const { res } = await login(t, 'ghost@news.example', 'wrong-x');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
  });

  it('holds against many attempts sent at once', async () => {
    app();
    await registerUser(t, 'mariana');
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(t, 'mariana@news.example', `wrong-${i}`, from(`10.0.1.${i}`))),
    );
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('is cleared by a successful login', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 9; i++) await login(t, 'mariana@news.example', `wrong-${i}`);
    expect((await login(t, 'mariana@news.example')).res.status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t, 'mariana@news.example', `wrong-${i}`)).res.status).toBe(401);
  });
});

describe('failed logins per address', () => {
  it('allows 30 failures from one address, then blocks it for every account while others still get in', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 30; i++) {
      expect((await login(t, `ghost${i}@news.example`, 'wrong-pass', from('203.0.113.9'))).res.status).toBe(401);
    }
    const blocked = await login(t, 'mariana@news.example', PASSWORD, from('203.0.113.9'));
    expect(blocked.res.status).toBe(429);
    expect(blocked.res.headers.get('retry-after')).toBe('900');

    expect((await login(t, 'mariana@news.example', PASSWORD, from('198.51.100.4'))).res.status).toBe(200);

    t.clock.advance(15 * MINUTE);
    expect((await login(t, 'mariana@news.example', PASSWORD, from('203.0.113.9'))).res.status).toBe(200);
  });

  it('is not fooled by a client that writes its own X-Forwarded-For in front of the proxy', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 30; i++) {
      const spoofed = { headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.9` } };
      expect((await login(t, `ghost${i}@news.example`, 'wrong-pass', spoofed)).res.status).toBe(401);
    }
    expect((await login(t, 'mariana@news.example', PASSWORD, { headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' } })).res.status).toBe(429);
  });

  it('does not count successful logins', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 31; i++) expect((await login(t, 'mariana@news.example', PASSWORD, from('203.0.113.9'))).res.status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 30; i++) await login(t, `ghost${i}@news.example`, 'wrong-pass', from(`10.0.2.${i}`));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.3.1'))).res.status).toBe(429);
  });
});

describe('429 over the tRPC path', () => {
  it('carries Retry-After too', async () => {
    app();
    for (let i = 0; i < 10; i++) await login(t, 'ghost@news.example', `wrong-${i}`);
    const res = await post(t, '/trpc/auth.login', { json: { email: 'ghost@news.example', password: 'wrong-x' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
  });
});
