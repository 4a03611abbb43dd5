import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { PASSWORD, post, registerUser } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const from = (ip: string, token?: string) => ({ token, headers: { 'x-forwarded-for': ip } });

function app(env: Record<string, string> = {}) {
  t = createTestApp({ env: { TRUST_PROXY: '1', ...env } });
  return t;
}

const signUp = (name: string, ip: string) =>
  post(t, '/api/register', { username: name, email: `${name}@news.example`, password: PASSWORD }, from(ip));

async function expectRefused(res: Response, retryAfter: number, message: RegExp) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(String(retryAfter));
  expect(((await res.json()) as { message: string }).message).toMatch(message);
}

describe('registration per client address', () => {
  it('allows 10 an hour from one address, taken e-mails included, then answers 429 until the window passes', async () => {
    app();
    for (let i = 0; i < 9; i++) expect((await signUp(`reporter${i}`, '198.51.100.7')).status).toBe(201);
    expect((await signUp('reporter0', '198.51.100.7')).status).toBe(409);
    await expectRefused(await signUp('reporter10', '198.51.100.7'), 3600, /too many accounts/i);
    expect((await signUp('reporter10', '198.51.100.8')).status).toBe(201);

    t.clock.advance(HOUR);
    expect((await signUp('reporter11', '198.51.100.7')).status).toBe(201);
  });

  it('holds one tRPC batch of 50 registrations to the limit', async () => {
    app();
    const calls = Array.from({ length: 50 }, () => 'auth.register').join(',');
    const body = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [i, { json: { username: `batch${i}`, email: `batch${i}@news.example`, password: PASSWORD } }]),
    );
    const res = await post(t, `/trpc/${calls}?batch=1`, body, from('203.0.113.50'));
    expect(res.headers.get('retry-after')).toBe('3600');
    const results = (await res.json()) as Array<{ result?: unknown; error?: { json: { data: { code: string } } } }>;
    expect(results.filter((r) => r.result)).toHaveLength(10);
    expect(results.filter((r) => r.error?.json.data.code === 'TOO_MANY_REQUESTS')).toHaveLength(40);
    expect(await t.db.select().from(t.db.tables.users)).toHaveLength(10);
  });

  it('takes its number from REGISTRATIONS_PER_HOUR', async () => {
    app({ REGISTRATIONS_PER_HOUR: '3' });
    for (let i = 0; i < 3; i++) expect((await signUp(`reporter${i}`, '198.51.100.7')).status).toBe(201);
    await expectRefused(await signUp('reporter3', '198.51.100.7'), 3600, /too many accounts/i);
  });
});

describe('conversation creation per user', () => {
  it('allows 100 an hour, then answers 429 to that user alone until the window passes', async () => {
    app();
    const mariana = await registerUser(t, 'mariana');
    const tomas = await registerUser(t, 'tomas');
    const create = (token: string) => post(t, '/api/conversations', { title: 'Council budget' }, { token });
    for (let i = 0; i < 100; i++) expect((await create(mariana)).status).toBe(201);
    await expectRefused(await create(mariana), 3600, /creating conversations too quickly/i);
    expect((await create(tomas)).status).toBe(201);

    t.clock.advance(HOUR);
    expect((await create(mariana)).status).toBe(201);
  });
});

describe('promo code checks', () => {
  const check = (token: string, promoCode: string, ip = '198.51.100.7') =>
    post(t, '/api/validate-promo-code', { promoCode }, from(ip, token));

  it('allows 10 per user in 15 minutes, then refuses even the right code until the window passes', async () => {
    app();
    await t.services.billing.promos.create({ code: 'NEWSROOM', percentOff: 20 });
    const mariana = await registerUser(t, 'mariana');
    for (let i = 0; i < 10; i++) {
      const res = await check(mariana, `GUESS-${i}`, `198.51.100.${i}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ valid: false, message: 'Invalid promo code' });
    }
    await expectRefused(await check(mariana, 'NEWSROOM', '198.51.100.99'), 900, /too many promo code attempts/i);

    t.clock.advance(15 * MINUTE);
    expect(await (await check(mariana, 'NEWSROOM')).json()).toMatchObject({ valid: true });
  });

  it('allows 30 per client address in 15 minutes, across accounts', async () => {
    app();
    const tokens = [];
    for (const name of ['mariana', 'tomas', 'ines', 'joao']) tokens.push(await registerUser(t, name));
    for (const token of tokens.slice(0, 3)) {
      for (let i = 0; i < 10; i++) expect((await check(token, `GUESS-${i}`)).status).toBe(200);
    }
    await expectRefused(await check(tokens[3]!, 'GUESS-X'), 900, /too many promo code attempts/i);
    expect((await check(tokens[3]!, 'GUESS-X', '198.51.100.8')).status).toBe(200);
  });

  it('counts a code sent with the subscription too, and refuses it without starting the plan', async () => {
    app();
    const mariana = await registerUser(t, 'mariana');
    for (let i = 0; i < 10; i++) await check(mariana, `GUESS-${i}`);
    const subscribe = (promoCode?: string) =>
      post(t, '/api/create-subscription', promoCode ? { promoCode } : {}, from('198.51.100.7', mariana));
    await expectRefused(await subscribe('GUESS-X'), 900, /too many promo code attempts/i);
    expect((await t.services.users.findByEmail('mariana@news.example'))?.subscriptionStatus).toBe('inactive');
    expect(await (await subscribe()).json()).toMatchObject({ message: 'Your 7-day free trial has started' });
  });
});
