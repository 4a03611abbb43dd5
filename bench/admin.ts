/**
 * `npm run bench -- admin [--users 10000] [--teams 2000] [--samples 200] [--warmup 20] [--loads 5] [--seed N] [--keep]`
 *
 * The admin console at scale. Seeds `--users` users and `--teams` teams (owners,
 * members, pending invitations; bench/admin-seed.ts) straight into a fresh SQLite
 * file, then starts Copydesk on it as `npm start` does (scripts/start.mjs) and signs
 * the seeded admin in over HTTP.
 *
 * Server: the wall time of each request from this process over one keep-alive
 * connection, `--samples` per row after `--warmup`, the rows interleaved so drift
 * touches them alike: the users and teams lists' first pages, searches (a different
 * term every sample, each a part of a seeded name), and later pages reached by
 * X-Next-Cursor (the whole list is walked once first, checking every row comes once).
 * Baseline, in the same run and the same loop: GET /api/user, the cheapest signed-in
 * request. Targets: p95 under 20 ms for the first pages and the searches.
 *
 * Browser: Chromium opens /admin signed in as the admin, and the time from navigation
 * start until the newest user's username (the Users panel's first row) is visible is
 * read from the page's own clock. `--loads` times, each in a new context (empty cache,
 * an admin's first visit), then again in the same context (cached scripts).
 * Target: within 1 s.
 *
 * Exits non-zero on errors only (a wrong answer, a server that will not start), not on
 * a missed target.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../src/server/db';
import { hashPassword } from '../src/server/services/auth/passwords';
import { launchBrowser, newPage } from '../tests/e2e/support/browser';
import { ensureClientBuilt } from '../tests/e2e/support/client-build';
import { searchTerms, seedAdminData, type AdminSeed } from './admin-seed';
import { freePort, killChildren, rng, startChild, stopChild } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { serverP95Ms: 20, firstRowsMs: 1000 };
const FIRST_ROW_TIMEOUT_MS = 10_000;

function fail(message: string): never {
  throw new Error(`bench admin: ${message}`);
}

// ---------------------------------------------------------------- HTTP

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

function client(baseUrl: string, cookie: string) {
  // One socket: every request pays the same connection cost, none a handshake.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (pathAndQuery: string) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const req = http.get(`${baseUrl}${pathAndQuery}`, { agent, headers: { cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      });
      req.setTimeout(30_000, () => req.destroy(new Error(`GET ${pathAndQuery} timed out`)));
      req.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}
type Client = ReturnType<typeof client>;

async function post(url: string, body: unknown) {
  const headers = { origin: new URL(url).origin, 'content-type': 'application/json' };
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text(), cookies: res.headers.getSetCookie() };
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const login = await post(`${baseUrl}/api/login`, { email, password });
  if (login.status !== 200) fail(`admin sign-in answered ${login.status}: ${login.text}`);
  const cookie = login.cookies.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('copydesk_session='));
  if (!cookie) fail('sign-in set no copydesk_session cookie');
  return cookie;
}

/** The list's rows, checked to be what the contract says. */
function rowsOf(a: Answer, what: string): Array<Record<string, unknown>> {
  if (a.status !== 200) fail(`${what} answered ${a.status}: ${a.body.slice(0, 300)}`);
  const rows = JSON.parse(a.body) as unknown;
  if (!Array.isArray(rows)) fail(`${what} did not answer an array: ${a.body.slice(0, 300)}`);
  return rows as Array<Record<string, unknown>>;
}

/** Follows X-Next-Cursor to the end: every row must come exactly once, newest first. Returns each later page's cursor. */
async function walk(api: Client, list: 'users' | 'teams', expected: number) {
  const cursors: string[] = [];
  const seen = new Set<unknown>();
  let cursor: string | undefined;
  let previousId = Infinity;
  const started = performance.now();
  for (let page = 1; ; page++) {
    const a = await api.get(`/api/admin/${list}${cursor ? `?cursor=${cursor}` : ''}`);
    for (const row of rowsOf(a, `GET /api/admin/${list} page ${page}`)) {
      if (seen.has(row.id)) fail(`${list}: row ${String(row.id)} came twice while paging`);
      if (!(Number(row.id) < previousId)) fail(`${list}: page ${page} is not newest first`);
      previousId = Number(row.id);
      seen.add(row.id);
    }
    const next = a.headers['x-next-cursor'];
    if (typeof next !== 'string') break;
    cursors.push((cursor = next));
  }
  if (seen.size !== expected) fail(`${list}: paging showed ${seen.size} rows, the database holds ${expected}`);
  return { cursors, pages: cursors.length + 1, ms: performance.now() - started };
}

// ---------------------------------------------------------------- figures

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.min(s.length - 1, Math.ceil(q * s.length) - 1))]!;
};
const ms = (v: number) => `${v.toFixed(v < 100 ? 2 : 0)} ms`;

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

interface Row {
  label: string;
  request: (i: number) => string;
  /** Checks one answer; returns its X-Total-Count (the rows the search matches), for the table. */
  check: (a: Answer, i: number) => number;
  target?: boolean;
  times: number[];
  matches: number[];
}

async function measureServer(api: Client, seeded: AdminSeed, o: { samples: number; warmup: number; seed: number }) {
  const r = rng(o.seed ^ 0x5eed);
  const total = (a: Answer) => Number(a.headers['x-total-count'] ?? NaN);
  const userCount = seeded.usernames.length + 1;
  const newestUser = seeded.usernames.at(-1)!;
  const newestTeam = seeded.teams.at(-1)?.name;

  console.log(`Walking both lists by X-Next-Cursor…`);
  const users = await walk(api, 'users', userCount);
  const teams = await walk(api, 'teams', seeded.teams.length);
  console.log(
    `  users: ${users.pages} pages in ${ms(users.ms)}, teams: ${teams.pages} pages in ${ms(teams.ms)}; every row once, newest first\n`,
  );

  const n = o.warmup + o.samples;
  const userTerms = searchTerms(seeded, 'users', n, r);
  const teamTerms = searchTerms(seeded, 'teams', n, r);
  if (userTerms.length < n || teamTerms.length < n) fail(`could not make ${n} distinct search terms; seed more rows`);
  const laterUsers = Array.from({ length: n }, () => r.pick(users.cursors));
  const laterTeams = Array.from({ length: n }, () => r.pick(teams.cursors.length ? teams.cursors : ['']));

  const firstPage = (list: string, first: string | undefined, count: number) => (a: Answer) => {
    const rows = rowsOf(a, `GET /api/admin/${list}`);
    const name = list === 'users' ? rows[0]?.username : rows[0]?.name;
    if (first !== undefined && name !== first) fail(`${list}: the first row is ${String(name)}, expected the newest, ${first}`);
    if (total(a) !== count) fail(`${list}: X-Total-Count ${total(a)}, expected ${count}`);
    return total(a);
  };
  const search = (list: string, terms: string[]) => (a: Answer, i: number) => {
    if (rowsOf(a, `GET /api/admin/${list}?search=${terms[i]}`).length === 0)
      fail(`${list}: "${terms[i]}" found nothing, yet it is part of a seeded row`);
    return total(a);
  };
  const later = (list: string) => (a: Answer) => {
    if (rowsOf(a, `GET /api/admin/${list}?cursor=…`).length === 0) fail(`${list}: a page reached by X-Next-Cursor is empty`);
    return total(a);
  };

  const plan: Array<Omit<Row, 'times' | 'matches'>> = [
    { label: 'baseline  GET /api/user', request: () => '/api/user', check: (a) => (checkAdmin(a), 1) },
    { label: 'users     first page', request: () => '/api/admin/users', check: firstPage('users', newestUser, userCount), target: true },
    {
      label: 'users     search',
      request: (i) => `/api/admin/users?search=${encodeURIComponent(userTerms[i]!)}`,
      check: search('users', userTerms),
      target: true,
    },
    { label: 'users     later page (cursor)', request: (i) => `/api/admin/users?cursor=${laterUsers[i]}`, check: later('users') },
    {
      label: 'teams     first page',
      request: () => '/api/admin/teams',
      check: firstPage('teams', newestTeam, seeded.teams.length),
      target: true,
    },
    {
      label: 'teams     search',
      request: (i) => `/api/admin/teams?search=${encodeURIComponent(teamTerms[i]!)}`,
      check: search('teams', teamTerms),
      target: true,
    },
  ];
  const rows: Row[] = plan.map((row) => ({ ...row, times: [], matches: [] }));
  if (teams.cursors.length) {
    rows.push({
      label: 'teams     later page (cursor)',
      request: (i) => `/api/admin/teams?cursor=${laterTeams[i]}`,
      check: later('teams'),
      times: [],
      matches: [],
    });
  }

  console.log(
    `Timing ${o.samples} requests per row after ${o.warmup} warm-up, interleaved (${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)})…\n`,
  );
  for (let i = 0; i < n; i++) {
    // A new order each round, so no row always follows the same one.
    const order = rows.map((row) => ({ row, key: r.next() })).sort((a, b) => a.key - b.key);
    for (const { row } of order) {
      const a = await api.get(row.request(i));
      const matched = row.check(a, i);
      if (i >= o.warmup) {
        row.times.push(a.ms);
        row.matches.push(matched);
      }
    }
  }
  return { rows, users, teams };
}

function checkAdmin(a: Answer) {
  if (a.status !== 200) fail(`GET /api/user answered ${a.status}: ${a.body.slice(0, 300)}`);
  const user = JSON.parse(a.body) as { isAdmin?: boolean };
  if (user.isAdmin !== true) fail('the signed-in account is not an admin');
}

// ---------------------------------------------------------------- browser

interface Load {
  visibleMs: number;
  domContentLoadedMs: number;
  /** When the Users list's answer had arrived, if the page asked for it in a way recognised here. */
  usersAnswerMs: number | null;
}

async function timeFirstRow(page: Page, username: string): Promise<Load | { missing: string }> {
  await page.goto('/admin', { waitUntil: 'commit' });
  try {
    const handle = await page.waitForFunction(
      (name) => {
        if (!document.body) return false;
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim() !== name) continue;
          const el = node.parentElement;
          const box = el?.getBoundingClientRect();
          if (el && box && box.width > 0 && box.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
            return performance.now();
          }
        }
        return false;
      },
      username,
      { polling: 'raf', timeout: FIRST_ROW_TIMEOUT_MS },
    );
    const visibleMs = (await handle.jsonValue()) as number;
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        /\/api\/admin\/users|admin\.users\.list/.test(e.name),
      );
      return { domContentLoadedMs: nav?.domContentLoadedEventEnd ?? NaN, usersAnswerMs: list ? list.responseEnd : null };
    });
    return { visibleMs, ...timing };
  } catch (e) {
    if (!(e instanceof Error) || e.name !== 'TimeoutError') throw e;
    const url = new URL(page.url());
    if (url.pathname === '/auth') fail('the browser was sent to /auth: the admin session cookie was not accepted');
    const heading =
      (
        await page
          .locator('h1')
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => null)
      )?.trim() ?? '(none)';
    return {
      missing:
        `the newest user's username "${username}" was not visible on ${url.pathname} within ${FIRST_ROW_TIMEOUT_MS / 1000} s ` +
        `(heading "${heading}"). Is the Users panel built (src/client/routes/admin.tsx, src/client/components/admin/)?`,
    };
  }
}

async function measureBrowser(browser: Browser, baseUrl: string, cookie: string, username: string, loads: number) {
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  const signedIn = async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await context.addCookies([{ name, value, url: baseUrl }]);
    return { context, page };
  };
  const cold: Load[] = [];
  const warm: Load[] = [];
  // Not measured: Chromium's first renderer and the server's first static files.
  {
    const { context, page } = await signedIn();
    const first = await timeFirstRow(page, username);
    await context.close();
    if ('missing' in first) return { cold, warm, missing: first.missing };
  }
  for (let i = 0; i < loads; i++) {
    const { context, page } = await signedIn();
    try {
      const a = await timeFirstRow(page, username);
      if ('missing' in a) return { cold, warm, missing: a.missing };
      cold.push(a);
      const again = await context.newPage();
      const b = await timeFirstRow(again, username);
      if ('missing' in b) return { cold, warm, missing: b.missing };
      warm.push(b);
    } finally {
      await context.close();
    }
  }
  return { cold, warm, missing: null };
}

// ---------------------------------------------------------------- run

async function waitReady(url: string, logFile: string, child: { exitCode: number | null }) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${url}/api/plans`);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`Copydesk did not become ready (exit ${child.exitCode}):\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
}

function positive(name: string, raw: string | undefined, min = 1): number {
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min) fail(`--${name} must be a whole number of at least ${min}`);
  return v;
}

export async function run(args: string[]): Promise<number> {
  const { values: v } = parseArgs({
    args,
    options: {
      users: { type: 'string', default: '10000' },
      teams: { type: 'string', default: '2000' },
      samples: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      loads: { type: 'string', default: '5' },
      seed: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const o = {
    users: positive('users', v.users, 2),
    teams: positive('teams', v.teams),
    samples: positive('samples', v.samples),
    warmup: positive('warmup', v.warmup, 0),
    loads: positive('loads', v.loads, 0),
    seed: v.seed === undefined ? randomBytes(4).readUInt32LE() : positive('seed', v.seed),
  };
  if (o.teams > o.users / 2) fail('--teams must be at most half of --users (each team needs its own owner)');

  const buildStarted = performance.now();
  const serverBuild = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (serverBuild.status !== 0) fail('server build failed');
  await ensureClientBuilt();
  const buildMs = performance.now() - buildStarted;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-admin-'));
  let api: Client | undefined;
  let child: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const password = randomBytes(12).toString('base64url');
    const { dialect } = openDatabase(path.join(dataDir, 'app.db'));
    let seeded: AdminSeed;
    try {
      seeded = seedAdminData(dialect.client, { users: o.users, teams: o.teams, passwordHash: await hashPassword(password), seed: o.seed });
    } finally {
      await dialect.close();
    }
    console.log(
      `Seeded ${o.users} users and ${seeded.teams.length} teams (${seeded.members} members besides the owners, ${seeded.invitations} pending invitations) ` +
        `in ${ms(seeded.ms)}, seed ${o.seed}. Builds checked in ${(buildMs / 1000).toFixed(1)} s.`,
    );

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const logFile = path.join(dataDir, 'copydesk.log');
    child = startChild('scripts/start.mjs', {
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: baseUrl },
      logFile,
      cwd: root,
    });
    await waitReady(baseUrl, logFile, child);
    const cookie = await signIn(baseUrl, seeded.admin.email, password);
    api = client(baseUrl, cookie);

    const server = await measureServer(api, seeded, o);
    const base = server.rows[0]!;
    const baseP50 = quantile(base.times, 0.5);
    const baseP95 = quantile(base.times, 0.95);
    const missed: string[] = [];
    table(
      ['request', 'p50', 'p95', 'max', 'p50/baseline', 'p95/baseline', 'X-Total-Count p50', `target p95 < ${TARGETS.serverP95Ms} ms`],
      server.rows.map((row) => {
        const [p50, p95, max] = [quantile(row.times, 0.5), quantile(row.times, 0.95), quantile(row.times, 1)];
        const met = p95 < TARGETS.serverP95Ms;
        if (row.target && !met) missed.push(`${row.label.replace(/\s+/g, ' ')} p95 ${ms(p95)}`);
        return [
          row.label,
          ms(p50),
          ms(p95),
          ms(max),
          row === base ? '' : `${(p50 / baseP50).toFixed(1)}×`,
          row === base ? '' : `${(p95 / baseP95).toFixed(1)}×`,
          row === base ? '' : String(quantile(row.matches, 0.5)),
          row.target ? (met ? 'met' : 'MISSED') : '',
        ];
      }),
    );

    const username = seeded.usernames.at(-1)!;
    let browserSummary = 'not measured (--loads 0)';
    if (o.loads > 0) {
      console.log(`\nChromium: /admin until "${username}" (the newest user, the Users panel's first row) is visible, ${o.loads} loads…\n`);
      browser = await launchBrowser();
      const b = await measureBrowser(browser, baseUrl, cookie, username, o.loads);
      if (b.cold.length) {
        const summary = (loads: Load[], label: string) => {
          const answers = loads.map((l) => l.usersAnswerMs).filter((x): x is number => x !== null);
          return [
            label,
            String(loads.length),
            ms(
              quantile(
                loads.map((l) => l.domContentLoadedMs),
                0.5,
              ),
            ),
            answers.length ? ms(quantile(answers, 0.5)) : '-',
            ms(
              quantile(
                loads.map((l) => l.visibleMs),
                0.5,
              ),
            ),
            ms(
              quantile(
                loads.map((l) => l.visibleMs),
                1,
              ),
            ),
          ];
        };
        table(
          ['load', 'runs', 'DOMContentLoaded p50', 'users list answered p50', 'first row visible p50', 'max'],
          [summary(b.cold, 'empty cache (first visit)'), summary(b.warm, 'cached scripts (revisit)')],
        );
      }
      if (b.missing) {
        console.log(`\nNot measured: ${b.missing}`);
        missed.push('first rows in Chromium: not visible');
        browserSummary = 'first row never visible (see above)';
      } else {
        const worst = quantile(
          [...b.cold, ...b.warm].map((l) => l.visibleMs),
          1,
        );
        const met = worst <= TARGETS.firstRowsMs;
        if (!met) missed.push(`first rows in Chromium, slowest ${ms(worst)}`);
        browserSummary =
          `p50 ${ms(
            quantile(
              b.cold.map((l) => l.visibleMs),
              0.5,
            ),
          )} on a first visit, ${ms(
            quantile(
              b.warm.map((l) => l.visibleMs),
              0.5,
            ),
          )} on a revisit; ` + `slowest ${ms(worst)} (target within ${TARGETS.firstRowsMs / 1000} s: ${met ? 'met' : 'MISSED'})`;
      }
    }
    if (fs.readFileSync(logFile, 'utf8').includes('client: not built')) {
      console.log('\nwarning: the server built the client during the run (another build emptied dist/client)');
    }

    const p95 = (label: string) => ms(quantile(server.rows.find((r) => r.label.startsWith(label))!.times, 0.95));
    console.log(
      `\nSummary (${o.users} users, ${seeded.teams.length} teams): server p95 users first page ${p95('users     first')}, ` +
        `users search ${p95('users     search')}, teams first page ${p95('teams     first')}, teams search ${p95('teams     search')} ` +
        `(baseline GET /api/user ${ms(baseP95)}); Users panel's first row in Chromium: ${browserSummary}.`,
    );
    console.log(missed.length ? `Targets missed: ${missed.join('; ')}.` : 'All targets met.');
    return 0;
  } finally {
    api?.close();
    if (child) await stopChild(child);
    await browser?.close();
    killChildren();
    if (v.keep) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
