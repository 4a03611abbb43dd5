import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV } from './support/admin';
import { appOrigin, newAccount, registerByApi, type Account } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';

/** The scripts in examples/, run as a newsroom runs them (`npx tsx examples/...`) against a started server. */
const root = path.resolve(import.meta.dirname, '../..');
const CLEAN_STORY =
  'The Wrenfield City Council voted unanimously Tuesday to extend weekend hours at the public library. Under the plan, the Main Street branch will stay open until 8 p.m. on Saturdays and Sundays starting in March.\n';
const RISKY_STORY =
  'Quillby police arrested Dale Conroy, 37, Friday and charged him with first-degree murder in the death of his neighbor. The murderer will appear for arraignment Dec. 9 in Velden County Circuit Court.\n';

let server: E2EServer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-examples-'));

beforeAll(async () => {
  server = await startE2EServer({ env: ADMIN_ENV });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

async function post(pathname: string, body: unknown, cookie: string) {
  const res = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { ...appOrigin(server.url), 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signIn(account: Pick<Account, 'email' | 'password'>): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { ...appOrigin(server.url), 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(res.status).toBe(200);
  return /copydesk_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
}

async function tokenFor(cookie: string, scope: 'read' | 'write' | 'admin'): Promise<string> {
  const made = await post('/api/tokens', { name: `examples ${scope}`, scope, expiresInDays: 30 }, cookie);
  expect(made.status).toBe(201);
  return made.body.token as string;
}

function runExample(script: string, args: string[], token: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('examples', script), ...args], {
      cwd: root,
      env: { ...process.env, COPYDESK_URL: server.url, COPYDESK_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the example scripts', () => {
  it('review-folder.ts prints the findings of each story and exits 1 only on a legal finding', async () => {
    const account = newAccount('reviewer');
    await registerByApi(server.url, account);
    await server.setSubscription(account.email, { subscriptionStatus: 'active', subscriptionPlan: 'professional' });
    const token = await tokenFor(await signIn(account), 'read');

    const clean = path.join(work, 'clean');
    fs.mkdirSync(clean);
    fs.writeFileSync(path.join(clean, 'library.md'), CLEAN_STORY);
    const passed = await runExample('review-folder.ts', [clean], token);
    expect(passed.stderr).toBe('');
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain('1 story reviewed; 0 legal findings.');

    const risky = path.join(work, 'risky');
    fs.mkdirSync(risky);
    fs.writeFileSync(path.join(risky, 'library.md'), CLEAN_STORY);
    fs.writeFileSync(path.join(risky, 'arrest.txt'), RISKY_STORY);
    fs.writeFileSync(path.join(risky, 'notes.pdf'), 'not a story');
    const held = await runExample('review-folder.ts', [risky], token);
    expect(held.code).toBe(1);
    expect(held.stdout).toMatch(/^story\s+line\s+category\s+text\s+finding$/m);
    expect(held.stdout).toMatch(/^arrest\.txt\s+1\s+legal\s+The murderer\b/m);
    expect(held.stdout).toContain('2 stories reviewed; 1 legal finding.');
    expect(held.stdout).not.toContain('notes.pdf');
  }, 120_000);

  it('export-conversations.ts writes each conversation to a Markdown file', async () => {
    const account = newAccount('archivist');
    await registerByApi(server.url, account);
    const cookie = await signIn(account);
    for (const title of ['Harbour ferry budget', 'Stadium vote'])
      expect((await post('/api/conversations', { title }, cookie)).status).toBe(201);
    const out = path.join(work, 'export');
    const run = await runExample('export-conversations.ts', [out], await tokenFor(cookie, 'read'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 conversations written');
    const files = fs.readdirSync(out).sort();
    expect(files).toEqual([expect.stringMatching(/-harbour-ferry-budget\.md$/), expect.stringMatching(/-stadium-vote\.md$/)]);
    expect(fs.readFileSync(path.join(out, files[0]!), 'utf8')).toMatch(/^# Harbour ferry budget\n/);
  }, 60_000);

  it('users-csv.ts writes the users with an admin token, and is refused with a write token', async () => {
    const adminCookie = await signIn(ADMIN);
    const file = path.join(work, 'users.csv');
    const run = await runExample('users-csv.ts', [file], await tokenFor(adminCookie, 'admin'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('id,username,email,emailVerified,isAdmin,subscriptionStatus,subscriptionPlan,createdAt');
    expect(lines.some((l) => l.includes(`,${ADMIN.email},`))).toBe(true);

    const refused = await runExample('users-csv.ts', [path.join(work, 'refused.csv')], await tokenFor(adminCookie, 'write'));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('403: This API token does not allow this request.');
    expect(fs.existsSync(path.join(work, 'refused.csv'))).toBe(false);
  }, 60_000);
});
