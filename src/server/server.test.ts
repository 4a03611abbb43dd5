import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../../tests/support/openai-server';
import { loadConfig } from './config';
import { parseSse } from './services/chat/test-support';
import { startServer } from './server';

const dirs: string[] = [];
const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-server-'));
  dirs.push(dir);
  return dir;
}

async function start(dir: string, env: Record<string, string> = {}) {
  const logs: string[] = [];
  const config = { ...loadConfig({ DATA_DIR: dir, ...env }), port: 0 };
  const clientDir = path.join(dir, 'no-client');
  fs.mkdirSync(clientDir, { recursive: true });
  const server = await startServer({ config, log: (line) => logs.push(line), clientDir });
  running.push(server);
  const url = `http://127.0.0.1:${server.port}`;
  const call = (p: string, body?: unknown) =>
    fetch(
      url + p,
      body === undefined
        ? undefined
        : { method: 'POST', headers: { origin: config.appOrigin, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
  return { server, logs, call, origin: config.appOrigin };
}

describe('startServer', () => {
  it('keeps idle connections longer than a proxy in front of it would (60 s), so none it reuses is closed under it', async () => {
    const { server } = await start(dataDir());
    const http = server.server as import('node:http').Server;
    expect(http.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(http.headersTimeout).toBeGreaterThan(http.keepAliveTimeout);
  });

  it('creates the admin of ADMIN_EMAIL and ADMIN_PASSWORD, who can log in over HTTP', async () => {
    const { logs, call } = await start(dataDir(), { ADMIN_EMAIL: 'Chief@News.Example', ADMIN_PASSWORD: 'chief-pass-1' });
    const res = await call('/api/login', { email: 'chief@news.example', password: 'chief-pass-1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: 'chief@news.example', isAdmin: true });
    expect(logs).toContain('admin: created chief@news.example');
    expect(logs.join('\n')).not.toContain('chief-pass-1');
  });

  it('promotes an account registered before, with the operator password, and leaves it alone on the next start', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const registered = await first.call('/api/register', { username: 'chief', email: 'chief@news.example', password: 'squatter-1!' });
    expect(registered.status).toBe(201);
    await first.server.close();

    const admin = { ADMIN_EMAIL: 'chief@news.example', ADMIN_PASSWORD: 'chief-pass-1' };
    const second = await start(dir, admin);
    expect(second.logs).toContain('admin: promoted chief@news.example');
    expect((await second.call('/api/login', { email: 'chief@news.example', password: 'squatter-1!' })).status).toBe(401);
    const res = await second.call('/api/login', { email: 'chief@news.example', password: 'chief-pass-1' });
    expect(await res.json()).toMatchObject({ username: 'chief', isAdmin: true });
    await second.server.close();

    const third = await start(dir, admin);
    expect(third.logs).toContain('admin: already admin chief@news.example');
  });

  it('serves the API over Node with the session cookie, the security headers and no-store', async () => {
    const { call, server } = await start(dataDir());
    const registered = await call('/api/register', { username: 'ines', email: 'ines@news.example', password: 'ines-pass-1!' });
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^copydesk_session=\S+/);
    const url = `http://127.0.0.1:${server.port}/api/user`;
    const res = await fetch(url, { headers: { cookie: `theme=dark; ${cookie}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: 'ines' });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(url)).status).toBe(401);
  });

  it('creates no admin without both variables', async () => {
    const { logs, call } = await start(dataDir(), { ADMIN_EMAIL: 'chief@news.example' });
    expect(logs.some((l) => l.startsWith('admin:'))).toBe(false);
    expect((await call('/api/login', { email: 'chief@news.example', password: 'chief-pass-1' })).status).toBe(401);
  });
});

describe('shutting down (SIGTERM)', () => {
  let fake: FakeOpenAiServer | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  /** A server whose editor is the model double, and a subscriber's cookie and conversation on it. */
  async function withReplyStreaming(behaviour: Parameters<typeof startFakeOpenAi>[0], env: Record<string, string> = {}) {
    fake = await startFakeOpenAi(behaviour);
    const started = await start(dataDir(), { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: OPENAI_TEST_KEY, ...env });
    const url = `http://127.0.0.1:${started.server.port}`;
    const registered = await started.call('/api/register', { username: 'ines', email: 'ines@news.example', password: 'ines-pass-1!' });
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    const post = (p: string, body: unknown = {}) =>
      fetch(url + p, {
        method: 'POST',
        headers: { origin: started.origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/api/create-subscription')).status).toBe(200);
    const { id } = (await (await post('/api/conversations')).json()) as { id: number };
    const reply = fetch(`${url}/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: { origin: started.origin, cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'Tighten this' }),
    });
    await fake.received(1);
    const saved = async () => {
      const res = await fetch(`${url}/api/conversations/${id}`, { headers: { cookie } });
      return (await res.json()) as Array<{ role: string; status: string; content: string }>;
    };
    return { ...started, url, reply, saved };
  }

  it('lets a streaming reply finish, answering new requests 503 meanwhile, then stops listening', async () => {
    const tokens = Array.from({ length: 60 }, (_, i) => ` w${i}`);
    const { server, url, reply } = await withReplyStreaming({ tokens, tokenIntervalMs: 10 });
    const closed = server.close();
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'shutting down' });
    const plans = await fetch(`${url}/api/plans`);
    expect(plans.status).toBe(503);
    expect(plans.headers.get('connection')).toBe('close');
    expect(await plans.json()).toEqual({ message: 'Copydesk is shutting down; try again in a moment' });
    const events = parseSse(await (await reply).text());
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { assistantMessage: { status: 'complete', content: tokens.join('') } } });
    await closed;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it('finishes a request begun before the shutdown with its own answer, on a connection it then closes', async () => {
    const { server, origin } = await start(dataDir());
    const body = JSON.stringify({ username: 'ines', email: 'ines@news.example', password: 'ines-pass-1!' });
    const req = http.request(`http://127.0.0.1:${server.port}/api/register`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
    const arrived = new Promise((resolve) => (server.server as http.Server).once('request', resolve));
    req.write(body.slice(0, 10));
    await arrived;
    const closed = server.close();
    req.end(body.slice(10));
    const res = await answered;
    res.resume();
    expect(res.statusCode).toBe(201);
    expect(res.headers.connection).toBe('close');
    await closed;
  });

  it('answers a connection kept alive from before the shutdown 503, then closes it', async () => {
    const tokens = Array.from({ length: 60 }, (_, i) => ` w${i}`);
    const { server, url, reply } = await withReplyStreaming({ tokens, tokenIntervalMs: 10 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (p: string) =>
      new Promise<{ status: number; connection?: string; socket: import('node:net').Socket }>((resolve, reject) => {
        http
          .get(url + p, { agent }, (res) => {
            const socket = res.socket;
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, socket }));
          })
          .on('error', reject);
      });
    const before = await get('/api/plans');
    expect(before).toMatchObject({ status: 200, connection: 'keep-alive' });
    const closed = server.close();
    const during = await get('/healthz');
    expect(during.socket).toBe(before.socket);
    expect(during).toMatchObject({ status: 503, connection: 'close' });
    await new Promise((resolve) => (during.socket.closed ? resolve(null) : during.socket.once('close', resolve)));
    agent.destroy();
    await reply;
    await closed;
  });

  it('stops a reply still running after SHUTDOWN_DRAIN_SECONDS and keeps what arrived as stopped', async () => {
    const tokens = Array.from({ length: 2_000 }, (_, i) => ` w${i}`);
    const { server, reply, logs } = await withReplyStreaming({ tokens, tokenIntervalMs: 10 }, { SHUTDOWN_DRAIN_SECONDS: '1' });
    await server.close();
    const events = parseSse(await (await reply).text());
    const done = events.at(-1) as { event: string; data: { assistantMessage: { status: string; content: string } } };
    expect(done).toMatchObject({ event: 'done', data: { assistantMessage: { status: 'stopped' } } });
    expect(done.data.assistantMessage.content.startsWith(' w0 w1')).toBe(true);
    expect(done.data.assistantMessage.content.length).toBeLessThan(tokens.join('').length);
    expect(logs).toContain('chat: stopping 1 reply still running at shutdown');
  });
});
