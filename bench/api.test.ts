import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/server/test-app';
import { createBaselineServer } from './baseline-server';

// The benchmark's ratio only means something if the baseline answers exactly as Copydesk does.
describe('bench baseline server', () => {
  let t: TestApp;
  let baseline: ReturnType<typeof createBaselineServer>;
  let baselineUrl: string;
  let cookie: string;

  const both = async (cookieHeader?: string) => {
    const headers: Record<string, string> = cookieHeader ? { cookie: cookieHeader } : {};
    // Baseline first: Copydesk deletes an expired session row when it sees it.
    const b = await fetch(`${baselineUrl}/api/user`, { headers });
    const a = await t.app.request('/api/user', { headers });
    return { copydesk: { status: a.status, body: await a.json() }, baseline: { status: b.status, body: await b.json() } };
  };

  beforeAll(async () => {
    t = createTestApp({ start: new Date().toISOString() });
    const res = await t.app.request('/api/register', {
      method: 'POST',
      headers: { origin: t.config.appOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_user', email: 'bench@example.com', password: 'bench-pass-1!' }),
    });
    expect(res.status).toBe(201);
    cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    baseline = createBaselineServer(path.join(t.config.dataDir, 'app.db'));
    await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
    baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    baseline.closeAllConnections();
    await new Promise((resolve) => baseline.close(resolve));
    await t.close();
  });

  it('returns the same user JSON as Copydesk for a valid session cookie', async () => {
    const r = await both(cookie);
    expect(r.copydesk.status).toBe(200);
    expect(r.copydesk.body).toMatchObject({ username: 'bench_user', email: 'bench@example.com' });
    expect(r.baseline).toEqual(r.copydesk);
  });

  it.each([
    ['no cookie', undefined],
    ['a wrong secret', () => cookie.replace(/\.[a-z0-9]+$/, '.wrongsecretwrongsecretwrongsecr')],
    ['an unknown session id', () => cookie.replace(/=[a-z0-9]+\./, '=unknownsessionid0000000.')],
    ['a token without a dot', () => cookie.replace('.', '')],
  ])('answers 401 like Copydesk for %s', async (_name, makeCookie) => {
    const r = await both(makeCookie?.());
    expect(r.copydesk.status).toBe(401);
    expect(r.baseline).toEqual(r.copydesk);
  });

  it('answers 401 like Copydesk once the session has expired', async () => {
    const id = cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf('.'));
    t.sqliteClient()
      .prepare('UPDATE sessions SET expires_at = ? WHERE id = ?')
      .run(t.clock().getTime() - 60_000, id);
    const r = await both(cookie);
    expect(r.baseline.status).toBe(401);
    expect(r.copydesk).toEqual(r.baseline);
  });
});
