import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { post, registerUser } from '../test-http';
import { commands } from './commands';

let t: TestApp;
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await t?.close();
});

/** Runs `npm run cli -- promo ...` in-process against the test app's data folder. */
async function promo(...args: string[]) {
  for (const [name, value] of Object.entries(await t.cliEnv())) vi.stubEnv(name, value);
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
  const code = await commands.promo!.run(args);
  return { code: code ?? 0, out: out.join('\n') };
}

async function validate(token: string, promoCode: string) {
  return (await (await post(t, '/api/validate-promo-code', { promoCode }, { token })).json()) as { valid: boolean; message: string };
}

describe('promo CLI', () => {
  it('creates codes the subscribe page accepts, lists them and disables them', async () => {
    t = createTestApp({ start: '2026-03-02T09:00:00Z' });
    const token = await registerUser(t, 'mariana');

    expect(await promo('create', '--code', 'spring-26', '--percent', '20', '--max', '5', '--expires', '2026-12-31')).toEqual({
      code: 0,
      out: 'Created SPRING-26',
    });
    expect(await promo('create', '--code', 'FIVER', '--amount', '500')).toEqual({ code: 0, out: 'Created FIVER' });
    expect(await validate(token, 'spring-26')).toMatchObject({ valid: true, message: 'Promo code applied: 20% off' });
    expect(await validate(token, 'fiver')).toMatchObject({ valid: true, message: 'Promo code applied: $5.00 off' });

    expect(await promo('list')).toEqual({
      code: 0,
      out: ['SPRING-26\t20% off\tused 0/5\texpires 2026-12-31\tactive', 'FIVER\t$5.00 off\tused 0/unlimited\texpires never\tactive'].join(
        '\n',
      ),
    });

    expect(await promo('disable', '--code', 'spring-26')).toEqual({ code: 0, out: 'Disabled SPRING-26' });
    expect((await promo('list')).out.split('\n')[0]).toMatch(/\tdisabled$/);
    expect(await validate(token, 'SPRING-26')).toEqual({ valid: false, message: 'Invalid promo code' });
  });

  it('an expiry date given as a day lasts to the end of that day (UTC)', async () => {
    t = createTestApp({ start: '2026-03-02T23:59:59Z' });
    const token = await registerUser(t, 'mariana');
    expect((await promo('create', '--code', 'TODAY', '--percent', '10', '--expires', '2026-03-02')).code).toBe(0);
    expect(await validate(token, 'TODAY')).toMatchObject({ valid: true });
    t.clock.advance(1000);
    expect(await validate(token, 'TODAY')).toMatchObject({ valid: false, message: 'This promo code has expired' });
  });

  it('refuses bad input with exit code 2 and creates nothing', async () => {
    t = createTestApp();
    const refused: Array<[string[], RegExp]> = [
      [[], /^promo create --code CODE/],
      [['delete', '--code', 'X1'], /^promo create --code CODE/],
      [['create', '--percent', '10'], /--code is required/],
      [['create', '--code', 'X1', '--percent', 'ten'], /--percent must be a number/],
      [['create', '--code', 'X1', '--percent', '150'], /1 to 100/],
      [['create', '--code', 'X1', '--percent', '10', '--amount', '100'], /exactly one/],
      [['create', '--code', 'X1'], /exactly one/],
      [['create', '--code', 'X1', '--amount=-5'], /positive number of cents/],
      [['create', '--code', 'X1', '--amount', '2.5'], /positive number of cents/],
      [['create', '--code', 'X1', '--percent', '10', '--max', '0'], /positive whole number/],
      [['create', '--code', 'X 1', '--percent', '10'], /2 to 64 letters/],
      [['create', '--code', 'X1', '--percent', '10', '--expires', 'soon'], /--expires must be a date/],
      [['create', '--code', 'X1', '--percent', '10', '--expires', '2027-02-30'], /--expires must be a date/],
      [['create', '--code', 'X1', '--percent', '10', '--expires', '2027-02-30T10:00Z'], /--expires must be a date/],
      [['create', '--code', 'X1', '--percent', '10', '--expires', '2027-13-01'], /--expires must be a date/],
      [['create', '--code', 'X1', '--percent', '10', '--expires', '1'], /--expires must be a date/],
    ];
    for (const [args, message] of refused) {
      const { code, out } = await promo(...args);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(out).toMatch(message);
    }
    expect((await promo('list')).out).toBe('');

    expect((await promo('create', '--code', 'X1', '--percent', '10')).code).toBe(0);
    expect(await promo('create', '--code', 'x1', '--percent', '20')).toEqual({ code: 2, out: 'Promo code X1 already exists' });
    expect(await promo('disable', '--code', 'nope')).toEqual({ code: 1, out: 'No promo code NOPE' });
    await expect(promo('create', '--code', 'X2', '--pecent', '10')).rejects.toThrow(/pecent/);
  });

  it('runs as `npm run cli -- promo` with exit codes a script can read', async () => {
    t = createTestApp();
    const root = path.resolve(import.meta.dirname, '../../..');
    const env = { ...process.env, ...(await t.cliEnv()) };
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'promo', ...args], {
        cwd: root,
        env,
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
    expect(await run('create', '--code', 'PRESS', '--percent', '100')).toMatchObject({ code: 0, stdout: 'Created PRESS\n' });
    expect(await run('create', '--code', 'PRESS', '--percent', '100')).toMatchObject({
      code: 2,
      stderr: 'Promo code PRESS already exists\n',
    });
    expect((await run('list')).stdout).toMatch(/^PRESS\t100% off\t/);
  });
});
