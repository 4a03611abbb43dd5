import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH } from '../shared/limits';
import { createTestApp, type TestApp } from './test-app';
import { PASSWORD, get, login, post, registerUser, send } from './test-http';
import { SQLITE_INTERNALS } from './test-engine';

let t: TestApp;
afterEach(() => t?.close());

const unknownLogin = { email: 'nobody@news.example', password: 'wrong-pass' };

describe('Origin check', () => {
  it('refuses a state-changing request from another origin with 403', async () => {
    t = createTestApp();
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3001']) {
      const res = await post(t, '/api/login', unknownLogin, { headers: { origin } });
      expect(res.status, origin).toBe(403);
      expect(((await res.json()) as { message: string }).message).toMatch(/cross-origin/i);
    }
    expect((await post(t, '/trpc/auth.logout', {}, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('does not log the user out on a forged logout', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    expect((await post(t, '/api/logout', undefined, { token, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await get(t, '/api/user', { token })).status).toBe(200);
  });

  it('lets the app origin through', async () => {
    t = createTestApp();
    expect((await post(t, '/api/login', unknownLogin, { headers: { origin: 'http://localhost:3000' } })).status).toBe(401);
  });

  it('refuses a state-changing request that carries neither Origin nor Referer, and says what to send', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    for (const [method, path] of [
      ['POST', '/api/login'],
      ['POST', '/api/logout'],
      ['POST', '/api/change-password'],
      ['PUT', '/api/admin/users/1'],
      ['DELETE', '/api/conversations/1'],
      ['PATCH', '/api/admin/teams/1/subscription'],
      ['POST', '/trpc/auth.logout'],
    ] as const) {
      const res = await send(t, method, path, method === 'DELETE' ? undefined : {}, { token, origin: null });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ message: 'Origin header required' });
    }
    // The logout above was refused: the session still stands.
    expect((await get(t, '/api/user', { token })).status).toBe(200);
  });

  it('takes a same-origin Referer in place of a missing Origin', async () => {
    t = createTestApp();
    for (const referer of ['http://localhost:3000/auth', 'http://localhost:3000/', 'http://localhost:3000/chat?c=4#end']) {
      expect((await post(t, '/api/login', unknownLogin, { origin: null, headers: { referer } })).status, referer).toBe(401);
    }
    const token = await registerUser(t, 'mariana');
    const loggedOut = await post(t, '/api/logout', undefined, {
      token,
      origin: null,
      headers: { referer: 'http://localhost:3000/settings' },
    });
    expect(loggedOut.status).toBe(200);
    expect((await get(t, '/api/user', { token })).status).toBe(401);
  });

  it('refuses a missing Origin whose Referer names another origin, scheme or port, or no URL at all', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    for (const referer of [
      'https://evil.example/chat',
      'https://localhost:3000/chat',
      'http://localhost:3001/chat',
      'http://localhost:3000.evil.example/',
      'http://localhost.evil.example:3000/',
      'http://evil.example/?http://localhost:3000/',
      'not a url',
      '/chat',
      '',
    ]) {
      const res = await post(t, '/api/logout', undefined, { token, origin: null, headers: { referer } });
      expect(res.status, referer).toBe(403);
      expect(await res.json()).toEqual({ message: 'Cross-origin request refused' });
    }
    expect((await get(t, '/api/user', { token })).status).toBe(200);
  });

  it('judges an Origin on its own: a same-origin Referer does not make up for a foreign, empty or null one', async () => {
    t = createTestApp();
    for (const origin of ['https://evil.example', 'null', '']) {
      const res = await post(t, '/api/login', unknownLogin, { origin, headers: { referer: 'http://localhost:3000/auth' } });
      expect(res.status, JSON.stringify(origin)).toBe(403);
    }
  });

  it('lets reads through without Origin or Referer', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    expect((await get(t, '/api/user', { token, origin: null })).status).toBe(200);
    expect((await send(t, 'HEAD', '/api/plans', undefined, { origin: null })).status).toBe(200);
  });

  it('exempts only the Stripe webhook path, which proves itself by its signature', async () => {
    t = createTestApp();
    const webhook = (path: string) => post(t, path, '{"id":"evt_1"}', { origin: null, headers: { 'stripe-signature': 't=1,v1=00' } });
    // Without Stripe configured the route does not exist: the request got past the origin check to find that out.
    expect((await webhook('/api/stripe/webhook')).status).toBe(404);
    for (const path of ['/api/stripe/webhook/', '/api/stripe/webhooks', '/api/stripe/webhook/../../logout']) {
      expect((await webhook(path)).status, path).toBe(403);
    }
  });

  it('compares the scheme too', async () => {
    t = createTestApp({ env: { APP_URL: 'https://copydesk.example' } });
    expect((await post(t, '/api/login', unknownLogin, { headers: { origin: 'http://copydesk.example' } })).status).toBe(403);
    expect((await post(t, '/api/login', unknownLogin, { headers: { origin: 'https://copydesk.example' } })).status).toBe(401);
  });

  it('lets reads from another origin through (the browser keeps the answer from the page)', async () => {
    t = createTestApp();
    expect((await get(t, '/api/plans', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('request bodies', () => {
  it('answers 415 to a body that is not declared JSON', async () => {
    t = createTestApp();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await post(t, '/api/login', JSON.stringify(unknownLogin), { headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ message: 'Content-Type must be application/json' });
    }
    const trpc = await post(t, '/trpc/auth.login', JSON.stringify({ json: unknownLogin }), { headers: { 'content-type': 'text/plain' } });
    expect(trpc.status).toBe(415);
  });

  it('accepts JSON with a charset, and a bodiless POST without a type', async () => {
    t = createTestApp();
    const res = await post(t, '/api/login', unknownLogin, { headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(res.status).toBe(401);
    expect((await t.app.request('/api/logout', { method: 'POST', headers: { origin: t.config.appOrigin } })).status).toBe(200);
  });

  it('takes application/json in any case, with parameters and spaces around them', async () => {
    t = createTestApp();
    for (const type of [
      'APPLICATION/JSON',
      'Application/Json; Charset=UTF-8',
      'application/json ; charset=utf-8',
      'application/json;charset=utf-8',
      'application/json;',
      '  application/json  ',
    ]) {
      expect((await post(t, '/api/login', unknownLogin, { headers: { 'content-type': type } })).status, type).toBe(401);
    }
  });

  it('answers 415 to media types that only resemble application/json', async () => {
    t = createTestApp();
    for (const type of [
      'application/json-seq',
      'application/jsonx',
      'application/json5',
      'application/jsonl',
      'application/json+x',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/x-json',
      'text/json',
      'text/x-json',
      'application /json',
      'application/json, text/plain',
      'json',
    ]) {
      const res = await post(t, '/api/login', JSON.stringify(unknownLogin), { headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ message: 'Content-Type must be application/json' });
    }
    const trpc = await post(t, '/trpc/auth.login', JSON.stringify({ json: unknownLogin }), {
      headers: { 'content-type': 'application/json-seq' },
    });
    expect(trpc.status).toBe(415);
  });

  it('answers 413 to a body over 1 MB, declared or streamed', async () => {
    t = createTestApp();
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) });
    const declared = await post(t, '/api/login', big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: 'Request body is too large' });

    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const streamed = await t.app.request('/api/login', {
      method: 'POST',
      headers: { origin: t.config.appOrigin, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await post(t, '/trpc/auth.login', JSON.stringify({ json: JSON.parse(big) }))).status).toBe(413);
  });

  it('answers 400, never 500, to malformed JSON', async () => {
    t = createTestApp();
    for (const body of ['{"email":', '{email: "a@b.co"}', '\u0000', '{"email":"a@b.co","password":"123456"}}']) {
      const res = await post(t, '/api/login', body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toEqual({ message: 'Invalid JSON body' });
    }
    const trpc = await post(t, '/trpc/auth.login', '{"json":');
    expect(trpc.status).toBe(400);
  });

  it('answers 400, never 500, to well-formed JSON of the wrong shape', async () => {
    t = createTestApp();
    const shapes: unknown[] = [
      { email: 42, password: 'secret-1' },
      { email: ['a@b.co'], password: 'secret-1' },
      { email: 'a@b.co', password: { $gt: '' } },
      { email: 'a@b.co', password: 'secret-1', rememberMe: 'true' },
      { email: 'a@b.co', password: 'p'.repeat(10_000) },
      { email: `${'a'.repeat(300)}@b.co`, password: 'secret-1' },
    ];
    for (const body of shapes) {
      const res = await post(t, '/api/login', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const nested = `{"email":${'['.repeat(5000)}${']'.repeat(5000)},"password":"secret-1"}`;
    expect((await post(t, '/api/login', nested)).status).toBe(400);
    expect((await post(t, '/trpc/auth.login', `{"json":${nested}}`)).status).toBe(400);
  });

  it('ignores fields a caller has no right to set', async () => {
    t = createTestApp();
    const res = await post(t, '/api/register', {
      username: 'mariana',
      email: 'mariana@news.example',
      password: PASSWORD,
      isAdmin: true,
      subscriptionStatus: 'active',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ isAdmin: false, subscriptionStatus: 'inactive' });

    const polluted = `{"__proto__":{"isAdmin":true},"username":"tomas","email":"tomas@news.example","password":"${PASSWORD}"}`;
    const second = await post(t, '/api/register', polluted);
    expect(second.status).toBe(201);
    expect(await second.json()).toMatchObject({ username: 'tomas', isAdmin: false });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('unknown paths', () => {
  it('answers 404 JSON for an unknown /api path or method', async () => {
    t = createTestApp();
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/nothing-here'],
      ['GET', '/api/login'],
      ['DELETE', '/api/user'],
    ] as const) {
      const res = await send(t, method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers 404 for an unknown procedure', async () => {
    t = createTestApp();
    expect((await get(t, '/trpc/auth.nothing')).status).toBe(404);
  });
});

describe('static files', () => {
  it('are served from the client folder only, never the database beside it', async () => {
    t = createTestApp();
    const clientDir = path.join(t.config.dataDir, 'no-client');
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Copydesk</title>');
    fs.writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *');
    expect(await (await t.app.request('/robots.txt')).text()).toBe('User-agent: *');
    for (const p of ['/../app.db', '/%2e%2e/app.db', '/..%2fapp.db', '/assets/..%2f..%2fapp.db', '/%5c..%5capp.db']) {
      const res = await t.app.request(p);
      const body = await res.text();
      expect(body, p).not.toContain('SQLite format');
    }
  });

  it('answers 404, not the page, for a missing script, stylesheet or other file', async () => {
    t = createTestApp();
    const clientDir = path.join(t.config.dataDir, 'no-client');
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Copydesk</title>');
    for (const p of ['/assets/missing.js', '/assets/missing.css', '/assets/nothing', '/missing.png']) {
      expect((await t.app.request(p)).status, p).toBe(404);
    }
    // Client routes still get the page.
    for (const p of ['/chat', '/reset-password', '/team/']) {
      const res = await t.app.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<title>Copydesk</title>');
    }
  });
});

describe('/healthz', () => {
  it('answers 200 while the database answers, and 503 once it does not', async () => {
    t = createTestApp();
    const ok = await t.app.request('/healthz');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok' });
    expect(ok.headers.get('cache-control')).toBe('no-store');
    await t.dialect.close();
    expect((await t.app.request('/healthz')).status).toBe(503);
  });
});

describe('/readyz', () => {
  it('answers 200 while the database answers and holds this build’s migrations, and 503 with the reason otherwise', async () => {
    t = createTestApp();
    const ready = await t.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    await t.dialect.close();
    const down = await t.app.request('/readyz');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'the database cannot be reached' });
  });

  it('is 503 while the database lacks a migration this build knows', async () => {
    t = createTestApp();
    const forget = (table: string) => `DELETE FROM ${table} WHERE created_at = (SELECT max(created_at) FROM ${table})`;
    if (t.dialect.name === 'postgres') await t.dialect.pool.query(forget('drizzle.__drizzle_migrations'));
    else t.dialect.client.exec(forget('__drizzle_migrations'));
    const res = await t.app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'database migrations are pending' });
  });
});

describe('security headers', () => {
  it('sends CSP with frame-ancestors none, nosniff and a referrer policy, and no HSTS over http', async () => {
    t = createTestApp();
    for (const res of [await get(t, '/api/plans'), await t.app.request('/'), await get(t, '/api/user')]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends HSTS of at least a year when APP_URL is https', async () => {
    t = createTestApp({ env: { APP_URL: 'https://copydesk.example' } });
    const hsts = (await get(t, '/api/plans')).headers.get('strict-transport-security') ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
  });

  it('tells caches not to keep API answers', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    expect((await get(t, '/api/user', { token })).headers.get('cache-control')).toBe('no-store');
    expect((await get(t, '/trpc/auth.me', { token })).headers.get('cache-control')).toBe('no-store');
    expect((await post(t, '/api/login', unknownLogin)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('internal errors', () => {
  it.skipIf(SQLITE_INTERNALS)('answer 500 with a generic message and nothing internal, and are logged for the operator', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana');
    t.sqliteClient().exec('DROP TABLE password_reset_tokens');

    const rest = await post(t, '/api/forgot-password', { email: 'mariana@news.example' });
    expect(rest.status).toBe(500);
    expect(await rest.json()).toEqual({ message: 'Internal server error' });

    const trpc = await post(t, '/trpc/auth.forgotPassword', { json: { email: 'mariana@news.example' } });
    expect(trpc.status).toBe(500);
    const text = await trpc.text();
    expect(text).toContain('Internal server error');
    expect(text).not.toMatch(/password_reset_tokens|no such table|sqlite|\.ts:\d+/i);

    expect(t.logs.some((l) => l.includes('no such table'))).toBe(true);
  });
});

describe('tRPC batches', () => {
  it(`accept up to ${TRPC_MAX_BATCH} calls and refuse more with 400`, async () => {
    t = createTestApp();
    const batch = (n: number) => {
      const paths = Array.from({ length: n }, () => 'plans.list').join(',');
      const input = encodeURIComponent(JSON.stringify({}));
      return get(t, `/trpc/${paths}?batch=1&input=${input}`);
    };
    expect((await batch(TRPC_MAX_BATCH)).status).toBe(200);
    expect((await batch(TRPC_MAX_BATCH + 1)).status).toBe(400);
  });
});

describe('the log', () => {
  it('never holds a session token or a password', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    const { token: second } = await login(t, 'mariana@news.example', PASSWORD, { rememberMe: true });
    await get(t, '/api/user', { token: second });
    await post(t, '/trpc/auth.login', { json: { email: 'mariana@news.example', password: PASSWORD } });
    await post(t, '/api/logout', undefined, { token });
    const log = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThanOrEqual(4);
    for (const secret of [token, second!, token.split('.')[1]!, PASSWORD]) expect(log).not.toContain(secret);
  });

  it('names neither the recipient nor the outbox file of an e-mail (a reset link is in it)', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana');
    expect((await post(t, '/api/forgot-password', { email: 'mariana@news.example' })).status).toBe(200);
    await expect.poll(() => t.logs.some((line) => line.startsWith('mail:'))).toBe(true);
    const log = t.logs.join('\n');
    expect(log).not.toContain('mariana@news.example');
    expect(log).not.toContain('.eml');
  });
});
