import { afterEach, describe, expect, it } from 'vitest';
import { randomToken } from '../services/auth/tokens';
import { createTestApp, type TestApp } from '../test-app';
import { loggablePath } from './request-log';

let t: TestApp;
afterEach(() => t?.close());

describe('request log', () => {
  it('writes method, path and status, without the query', async () => {
    t = createTestApp();
    await t.app.request('/api/plans?secret=hunter2');
    expect(t.logs).toHaveLength(1);
    expect(t.logs[0]).toMatch(/^GET \/api\/plans 200 [\d.]+ms$/);
  });

  it('masks a token carried in the path, as invitation links do', async () => {
    t = createTestApp();
    const token = randomToken(32);
    await t.app.request(`/api/team/accept-invitation/${token}`, { method: 'POST', headers: { origin: t.config.appOrigin } });
    expect(t.logs.join('\n')).not.toContain(token);
    expect(t.logs[0]).toMatch(/^POST \/api\/team\/accept-invitation\/:token /);
  });

  it('keeps a request from writing a line of its own', async () => {
    t = createTestApp();
    await t.app.request('/api/x%0AGET%20/api/admin/users%20200%201ms');
    await t.app.request('/x%0D%0Aerror:%20forged');
    expect(t.logs).toHaveLength(2);
    for (const line of t.logs) expect(line).not.toMatch(/[\r\n]/);
    expect(t.logs[0]).toMatch(/^GET \/api\/x%0AGET \/api\/admin\/users 200 1ms 404 /);
  });

  it('keeps route words, ids and asset names readable', () => {
    for (const path of [
      '/api/admin/users/12/gift-subscription',
      '/api/activate-subscription',
      '/api/user/pending-invitations',
      '/assets/index-4f9a1c2b7d3e8f60.js',
      '/trpc/auth.me,plans.list',
    ]) {
      expect(loggablePath(path)).toBe(path);
    }
    expect(loggablePath(`/api/team/decline-invitation/${'ab12'.repeat(8)}`)).toBe('/api/team/decline-invitation/:token');
  });
});
