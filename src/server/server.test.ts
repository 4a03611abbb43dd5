import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
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
      body === undefined ? undefined : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
  return { server, logs, call };
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
