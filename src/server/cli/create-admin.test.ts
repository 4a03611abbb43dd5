import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { PASSWORD, get, login, registerUser } from '../test-http';
import { commands } from './commands';

let t: TestApp;
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await t?.close();
});

/** Runs `npm run cli -- create-admin ...` against the test app's data folder; returns exit code and output. */
async function createAdmin(...args: string[]) {
  for (const [name, value] of Object.entries(await t.cliEnv())) vi.stubEnv(name, value);
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
  const code = await commands['create-admin']!.run(args);
  return { code: code ?? 0, out: out.join('\n') };
}

const isAdminAfterLogin = async (email: string, password: string) => {
  const { res } = await login(t, email, password);
  expect(res.status).toBe(200);
  return ((await res.json()) as { isAdmin: boolean }).isAdmin;
};

describe('create-admin', () => {
  it('creates an admin account that can log in', async () => {
    t = createTestApp();
    const { code, out } = await createAdmin('--email', ' Chief@News.Example', '--password', 'chief-pass-1');
    expect(code).toBe(0);
    expect(out).toMatch(/^Created admin chief@news\.example \(username chief\)/);
    expect(out).not.toContain('chief-pass-1');
    expect(await isAdminAfterLogin('chief@news.example', 'chief-pass-1')).toBe(true);
  });

  it('promotes an existing account, gives it the password given and ends its sessions', async () => {
    t = createTestApp();
    const token = await registerUser(t, 'mariana');
    const { code, out } = await createAdmin('--email', 'mariana@news.example', '--password', 'chief-pass-1');
    expect(code).toBe(0);
    expect(out).toMatch(/^Promoted mariana@news\.example/);
    expect((await get(t, '/api/user', { token })).status).toBe(401);
    expect((await login(t, 'mariana@news.example', PASSWORD)).res.status).toBe(401);
    expect(await isAdminAfterLogin('mariana@news.example', 'chief-pass-1')).toBe(true);
  });

  it('leaves an existing admin as it is', async () => {
    t = createTestApp();
    await createAdmin('--email', 'chief@news.example', '--password', 'chief-pass-1');
    const { code, out } = await createAdmin('--email', 'chief@news.example', '--password', 'other-pass-2');
    expect(code).toBe(0);
    expect(out).toMatch(/already an admin/);
    expect(await isAdminAfterLogin('chief@news.example', 'chief-pass-1')).toBe(true);
  });

  it('refuses an invalid e-mail or a short password with exit code 2 and creates nothing', async () => {
    t = createTestApp();
    expect(await createAdmin('--email', 'chief', '--password', 'chief-pass-1')).toEqual({ code: 2, out: 'Please enter a valid email' });
    expect(await createAdmin('--email', 'chief@news.example', '--password', '12345')).toEqual({
      code: 2,
      out: 'Password must be at least 6 characters',
    });
    expect((await login(t, 'chief@news.example', '12345')).res.status).toBe(400);
    expect((await login(t, 'chief@news.example', 'chief-pass-1')).res.status).toBe(401);
  });

  it('refuses an unknown option', async () => {
    t = createTestApp();
    await expect(createAdmin('--email', 'chief@news.example', '--pasword', 'chief-pass-1')).rejects.toThrow(/pasword/);
  });
});
