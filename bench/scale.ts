/**
 * `npm run bench -- scale [--seconds 20] [--warmup 3] [--clients 16] [--accounts-per-client 4]
 *                         [--mix signin=5,list=30,open=35,send=30] [--setups sqlite,postgres,two] [--seed 1] [--keep]`
 *
 * The same mixed load against three set-ups, one after the other, each on a fresh database:
 *
 * - sqlite:   one instance on SQLite;
 * - postgres: one instance on PostgreSQL;
 * - two:      two instances on the same PostgreSQL database behind a round-robin reverse proxy
 *             (bench/scale-proxy.ts, a process of its own).
 *
 * Instances run as `npm start` runs them (scripts/start.mjs: the server bundle under plain Node,
 * built once first), with the embedded editor and local billing; PostgreSQL is a throwaway cluster
 * (scripts/postgres-cluster.mjs, or TEST_DATABASE_URL's server) with a new database per set-up.
 * Every account is seeded through the API (register, trial, two conversations, the first with an
 * exchange with the editor) and every request of an account leaves from a loopback address of its own
 * (127.77.x.y): an instance reached directly sees it as the peer (TRUST_PROXY unset), one behind
 * the proxy as the X-Forwarded-For hop the proxy appends (TRUST_PROXY=1), so the per-address
 * limits see many clients, as in service. (Seeding through the proxy registers more accounts than
 * one address may, so it fails if the client's address is lost on the way.)
 *
 * `--clients` closed loops, each over its own `--accounts-per-client` accounts, pick from the mix:
 * sign in (POST /api/login), list conversations, open one, send a message (SSE, read to its `done`
 * event). A client keeps each account under the per-user send limit, reading instead when all its
 * accounts have used their budget, so the limits are not what is measured. After `--warmup` s
 * (not counted) the load runs `--seconds` s; requests running then finish (each within 30 s).
 *
 * Prints per set-up and route: requests, req/s, p50/p99 of the good answers, errors (every
 * request not answered as the contract says: network errors, timeouts, wrong answers, 5xx and
 * 429, the last two also shown apart; a streamed reply's `error` event counts as the 5xx it is
 * unstreamed); the instances' and the proxy's CPU and how busy the whole machine was (anything
 * else running on it included); then the three side by side. Exits 1 when a set-up had errors.
 * Everything it starts (instances, proxy, cluster, folders) goes when it ends, however it ends.
 */
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServerIfStale } from '../scripts/build-server.mjs';
import { createDatabase, startPostgres, type PostgresServer, type TestDatabase } from '../scripts/postgres-cluster.mjs';
import { cpuUs, freePort, killChildren, rng, startChild, STORY_TOPICS, type Rng } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'scale-bench-pass-1!';
/** The chat's SEND_RATE (30 a minute per user), kept with a margin on the client side. */
const SEND_BUDGET = { max: 27, windowMs: 60_000 };
const REQUEST_TIMEOUT_MS = 30_000;
const CONVERSATIONS_PER_ACCOUNT = 2;
const SEED_CONCURRENCY = 8;
/** Start-up, seeding and stopping of one set-up, beyond its load: past this the bench gives up. */
const SETUP_OVERHEAD_S = 300;

const ROUTES = ['signin', 'list', 'open', 'send'] as const;
type Route = (typeof ROUTES)[number];
const READS: readonly Route[] = ['list', 'open'];
const ROUTE_LABEL: Record<Route, string> = {
  signin: 'sign-in  POST /api/login',
  list: 'list     GET /api/conversations',
  open: 'open     GET /api/conversations/:id',
  send: 'send     POST …/:id/messages (SSE)',
};
const DEFAULT_MIX: Record<Route, number> = { signin: 5, list: 30, open: 35, send: 30 };

const SETUPS = {
  sqlite: '(a) one instance on SQLite',
  postgres: '(b) one instance on PostgreSQL',
  two: '(c) two instances on one PostgreSQL behind a proxy',
} as const;
type SetupName = keyof typeof SETUPS;

function fail(message: string): never {
  throw new Error(`bench scale: ${message}`);
}

// ---------------------------------------------------------------- inputs

const SUBJECTS = ['The council', 'A spokesperson', 'The mayor', 'Residents', 'The committee', 'Officials', 'Teachers', 'Police'];
const VERBS = ['said', 'voted', 'argued', 'confirmed', 'denied', 'announced', 'warned', 'estimated'];
const OBJECTS = [
  'the revised budget',
  'a 4 percent fare rise',
  'the new timetable',
  'an independent review',
  'the closure of two branches',
  'the delayed repairs',
];
const TAILS = ['on Tuesday', 'after a long hearing', 'in a statement', 'late last night', 'despite objections', 'without a vote'];
const ASKS = ['Suggest a headline for this:', 'Tighten this lead:', 'Check this paragraph:', 'Rewrite this more plainly:'];

function message(r: Rng): string {
  let text = '';
  const sentences = 2 + r.int(4);
  for (let i = 0; i < sentences; i++) text += `${r.pick(SUBJECTS)} ${r.pick(VERBS)} ${r.pick(OBJECTS)} ${r.pick(TAILS)}. `;
  return `${r.pick(ASKS)} ${text.trim()}`;
}

/** A loopback address of its own for account `i` (1-based): 127.77.0.1, 127.77.0.2, ... */
function addressOf(i: number): string {
  return `127.${77 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

// ---------------------------------------------------------------- HTTP

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  /** From the request to the first body bytes (the first event of a streamed reply). */
  firstMs: number;
}

/** Keep-alive HTTP to one loopback port, each request from the local address it names. */
class Client {
  // Idle connections go after 30 s, well before the server's (or the proxy's) 65 s keep-alive.
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'fifo', timeout: 30_000 });

  constructor(readonly port: number) {}

  close() {
    this.agent.destroy();
  }

  request(
    method: string,
    target: string,
    o: { from?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string | number> = { ...o.headers };
    if (o.body !== undefined) headers['content-length'] = Buffer.byteLength(o.body);
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port: this.port,
        localAddress: o.from,
        method,
        path: target,
        headers,
        agent: this.agent,
      });
      const timeoutMs = o.timeoutMs ?? REQUEST_TIMEOUT_MS;
      const timer = setTimeout(() => req.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)), timeoutMs);
      const settle = <T>(then: (v: T) => void) => {
        return (v: T) => {
          clearTimeout(timer);
          then(v);
        };
      };
      const failed = settle<Error>((e) => reject(new Error(`${(e as NodeJS.ErrnoException).code ?? 'error'}: ${e.message}`)));
      req.on('error', failed);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let firstMs = NaN;
        res.on('data', (c: Buffer) => {
          if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
          chunks.push(c);
        });
        res.on('error', failed);
        res.on('aborted', () => failed(new Error('answer cut short: the connection closed mid-body')));
        res.on(
          'end',
          settle<void>(() => {
            const ms = performance.now() - started;
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms,
              firstMs: Number.isNaN(firstMs) ? ms : firstMs,
            });
          }),
        );
      });
      req.end(o.body);
    });
  }
}

const json = (body: unknown) => JSON.stringify(body);

function sessionCookie(a: Answer): string | undefined {
  return (a.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('copydesk_session='));
}

function messageOf(a: Answer): string {
  try {
    const m = (JSON.parse(a.body) as { message?: unknown }).message;
    if (typeof m === 'string') return m.slice(0, 120);
  } catch {
    // not JSON
  }
  return a.body.slice(0, 120).replace(/\s+/g, ' ');
}

// ---------------------------------------------------------------- accounts

interface Account {
  index: number;
  email: string;
  address: string;
  cookie: string;
  conversations: number[];
  /** When its sends started, to stay under the per-user send limit. */
  sends: number[];
}

function sendBudgetLeft(a: Account, now = Date.now()): number {
  while (a.sends.length && a.sends[0]! <= now - SEND_BUDGET.windowMs) a.sends.shift();
  return SEND_BUDGET.max - a.sends.length;
}

async function seedCall(client: Client, what: string, method: string, target: string, o: Parameters<Client['request']>[2], expect: number) {
  let last = '';
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      const a = await client.request(method, target, o);
      if (a.status === expect && !/^event: error$/m.test(a.body)) return a;
      last = `${a.status} ${messageOf(a)}`;
      if (a.status !== 429 && a.status < 500) break;
      await new Promise((r) => setTimeout(r, Math.min(10, Number(a.headers['retry-after']) || 1) * 1000));
    } catch (e) {
      last = (e as Error).message;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return fail(`seeding: ${what} failed: ${last}`);
}

async function seedAccount(client: Client, index: number, r: Rng): Promise<Account> {
  const email = `desk${index}@scale.bench.example`;
  const from = addressOf(index);
  const headers = { 'content-type': 'application/json' };
  const reg = await seedCall(
    client,
    `register ${email}`,
    'POST',
    '/api/register',
    { from, headers, body: json({ username: `desk${index}`, email, password: PASSWORD }) },
    201,
  );
  const cookie = sessionCookie(reg) ?? fail(`register ${email} set no session cookie`);
  const account: Account = { index, email, address: from, cookie, conversations: [], sends: [] };
  const signedIn = { from, headers: { ...headers, cookie } };
  await seedCall(client, `trial for ${email}`, 'POST', '/api/create-subscription', { ...signedIn, body: '{}' }, 200);
  for (let c = 0; c < CONVERSATIONS_PER_ACCOUNT; c++) {
    const topic = r.pick(STORY_TOPICS);
    const conv = await seedCall(
      client,
      `conversation for ${email}`,
      'POST',
      '/api/conversations',
      { ...signedIn, body: json({ title: `${topic[0]!.toUpperCase()}${topic.slice(1)} #${index}-${c}` }) },
      201,
    );
    const id = (JSON.parse(conv.body) as { id: number }).id;
    account.conversations.push(id);
    // One exchange is enough to open; the load's sends fill the rest (the editor's replies are most of seeding's time).
    if (c > 0) continue;
    account.sends.push(Date.now());
    await seedCall(
      client,
      `first message in ${id}`,
      'POST',
      `/api/conversations/${id}/messages`,
      { ...signedIn, body: json({ content: message(r) }) },
      200,
    );
  }
  return account;
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// ---------------------------------------------------------------- statistics

class RouteStats {
  readonly ms: number[] = [];
  readonly firstMs: number[] = [];
  count = 0;
  errors = 0;
  s5xx = 0;
  s429 = 0;
  readonly problems = new Map<string, number>();

  note(problem: string) {
    this.problems.set(problem, (this.problems.get(problem) ?? 0) + 1);
  }

  add(other: RouteStats) {
    this.ms.push(...other.ms);
    this.count += other.count;
    this.errors += other.errors;
    this.s5xx += other.s5xx;
    this.s429 += other.s429;
  }
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The status the same failure has without streaming (the chat service's FAILURE_STATUS). */
const STREAMED_FAILURE_STATUS: Record<string, number> = { AI_AUTH: 502, AI_FAILED: 502, AI_RATE_LIMITED: 503, AI_TIMEOUT: 504 };

/** What is wrong with an answer beyond its status, if anything: a 200 that is not the contract's answer is an error too. */
function problemWith(route: Route, a: Answer): { message: string; status?: number } | undefined {
  if (a.status !== 200) return { message: `${a.status} ${messageOf(a)}`, status: a.status };
  switch (route) {
    case 'signin':
      return sessionCookie(a) ? undefined : { message: 'login answered 200 without a session cookie' };
    case 'list':
    case 'open':
      return a.body.startsWith('[') ? undefined : { message: `not a JSON array: ${a.body.slice(0, 80)}` };
    case 'send': {
      const failed = /^event: error\ndata: (.*)$/m.exec(a.body);
      if (failed) {
        let code = '';
        try {
          code = String((JSON.parse(failed[1]!) as { code?: unknown }).code ?? '');
        } catch {
          // reported as it came
        }
        const status = STREAMED_FAILURE_STATUS[code] ?? 500;
        return { message: `${status} in the stream (error event): ${failed[1]!.slice(0, 140)}`, status };
      }
      return /^event: done$/m.test(a.body) ? undefined : { message: `reply ended without a done event (${a.body.length} bytes)` };
    }
  }
}

class LoadStats {
  readonly routes = new Map(ROUTES.map((r) => [r, new RouteStats()]));
  sendsDeferred = 0;

  of(route: Route): RouteStats {
    return this.routes.get(route)!;
  }

  record(route: Route, outcome: { answer: Answer } | { error: Error }) {
    const s = this.of(route);
    s.count++;
    if ('error' in outcome) {
      s.errors++;
      s.note(outcome.error.message);
      return;
    }
    const problem = problemWith(route, outcome.answer);
    if (!problem) {
      s.ms.push(outcome.answer.ms);
      s.firstMs.push(outcome.answer.firstMs);
      return;
    }
    s.errors++;
    if (problem.status !== undefined && problem.status >= 500) s.s5xx++;
    if (problem.status === 429) s.s429++;
    s.note(problem.message);
  }

  all(): RouteStats {
    const m = new RouteStats();
    for (const s of this.routes.values()) m.add(s);
    return m;
  }
}

// ---------------------------------------------------------------- the load

function pickRoute(r: Rng, mix: Record<Route, number>, total: number): Route {
  let x = r.next() * total;
  for (const route of ROUTES) {
    x -= mix[route];
    if (x < 0) return route;
  }
  return 'list';
}

async function clientLoop(
  client: Client,
  stats: LoadStats,
  phase: { stopping: boolean },
  accounts: Account[],
  r: Rng,
  mix: Record<Route, number>,
) {
  const total = ROUTES.reduce((s, k) => s + mix[k], 0);
  while (!phase.stopping) {
    let route = pickRoute(r, mix, total);
    let account = r.pick(accounts);
    if (route === 'send') {
      const budgeted = accounts.reduce<Account | undefined>(
        (best, a) => (sendBudgetLeft(a) > (best ? sendBudgetLeft(best) : 0) ? a : best),
        undefined,
      );
      if (budgeted) account = budgeted;
      else {
        // Over the per-user limit the server would answer 429: read instead.
        stats.sendsDeferred++;
        route = r.pick(READS);
      }
    }
    const conversation = r.pick(account.conversations);
    const o: Parameters<Client['request']>[2] = { from: account.address, headers: { cookie: account.cookie } };
    let method = 'GET';
    let target: string;
    switch (route) {
      case 'signin':
        method = 'POST';
        target = '/api/login';
        o.headers = { 'content-type': 'application/json' };
        o.body = json({ email: account.email, password: PASSWORD, rememberMe: r.int(2) === 1 });
        break;
      case 'list':
        target = `/api/conversations${r.int(2) ? `?limit=${10 + r.int(90)}` : ''}`;
        break;
      case 'open':
        target = `/api/conversations/${conversation}`;
        break;
      case 'send':
        method = 'POST';
        target = `/api/conversations/${conversation}/messages`;
        o.headers = { ...o.headers, 'content-type': 'application/json', accept: 'text/event-stream' };
        o.body = json({ content: message(r) });
        account.sends.push(Date.now());
        break;
    }
    try {
      const answer = await client.request(method, target, o);
      stats.record(route, { answer });
      const cookie = route === 'signin' && answer.status === 200 ? sessionCookie(answer) : undefined;
      if (cookie) account.cookie = cookie;
    } catch (e) {
      stats.record(route, { error: e as Error });
      // A refused connection (a dead server) would otherwise spin this loop.
      await new Promise((res) => setTimeout(res, 50));
    }
  }
}

/** CPU the whole machine spent (every process, this bench and other work included), in core-seconds. */
function machineBusyS(): number {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / 100;
}

interface LoadResult {
  stats: LoadStats;
  seconds: number;
  /** CPU the instances (and the proxy) used, in core-seconds. */
  instancesCpuS: number;
  proxyCpuS: number;
  benchCpuS: number;
  machineCpuS: number;
}

async function runLoad(
  client: Client,
  o: { seconds: number; desks: Account[][]; mix: Record<Route, number>; seed: number; instances: ChildProcess[]; proxy?: ChildProcess },
): Promise<LoadResult> {
  const cpu = (c: ChildProcess) => (c.exitCode === null && c.signalCode === null ? cpuUs(c.pid!) / 1e6 : NaN);
  const stats = new LoadStats();
  const phase = { stopping: false };
  const before = {
    instances: o.instances.map(cpu),
    proxy: o.proxy ? cpu(o.proxy) : 0,
    bench: process.cpuUsage(),
    machine: machineBusyS(),
  };
  const started = performance.now();
  const timer = setTimeout(() => (phase.stopping = true), o.seconds * 1000);
  await Promise.all(o.desks.map((accounts, i) => clientLoop(client, stats, phase, accounts, rng(o.seed * 7919 + i), o.mix)));
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  const bench = process.cpuUsage(before.bench);
  return {
    stats,
    seconds,
    instancesCpuS: o.instances.reduce((t, c, i) => t + cpu(c) - before.instances[i]!, 0),
    proxyCpuS: o.proxy ? cpu(o.proxy) - before.proxy : 0,
    benchCpuS: (bench.user + bench.system) / 1e6,
    machineCpuS: machineBusyS() - before.machine,
  };
}

// ---------------------------------------------------------------- processes

interface Instance {
  child: ChildProcess;
  port: number;
  logFile: string;
}

const logTail = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-3000) : '');
const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

async function startInstance(dir: string, name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = path.join(dir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dir, `${name}.log`);
  const child = startChild('scripts/start.mjs', {
    // The API is what is loaded; the client bundle is not needed for it.
    args: ['--no-client-build'],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '0',
      DATABASE_URL: '',
      // The embedded editor and local billing, whatever the caller's shell has set.
      AI_PROVIDER: 'embedded',
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...env,
    },
    logFile,
    cwd: root,
  });
  if (!child.pid) fail(`${name} did not start`);
  return { child, port, logFile };
}

/** Until /readyz answers 200 and (for an instance) the grammar checker is warm: it loads in a worker after start. */
async function waitReady(i: Instance, o: { warm: boolean } = { warm: true }, timeoutMs = 120_000) {
  const probe = new Client(i.port);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (exited(i.child)) fail(`an instance exited while starting:\n${logTail(i.logFile)}`);
      if (Date.now() > deadline) fail(`an instance was not ready within ${timeoutMs / 1000} s:\n${logTail(i.logFile)}`);
      const ready = await probe.request('GET', '/readyz', { timeoutMs: 2_000 }).then(
        (a) => a.status === 200,
        () => false,
      );
      if (ready && (!o.warm || /editor: grammar checker/.test(logTail(i.logFile)))) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    probe.close();
  }
}

async function stopChild(c: ChildProcess) {
  if (exited(c)) return;
  const gone = new Promise((r) => c.once('exit', r));
  c.kill('SIGTERM');
  const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- report

const fmtMs = (v: number) => (Number.isFinite(v) ? (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`) : '–');
const COLUMNS = `${'count'.padStart(7)} ${'req/s'.padStart(7)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'errors'.padStart(7)} ${'5xx'.padStart(5)} ${'429'.padStart(5)}`;

function row(label: string, s: RouteStats, seconds: number, width = 38) {
  return `${label.padEnd(width)} ${String(s.count).padStart(7)} ${(s.count / seconds).toFixed(1).padStart(7)} ${fmtMs(quantile(s.ms, 0.5)).padStart(9)} ${fmtMs(quantile(s.ms, 0.99)).padStart(9)} ${String(s.errors).padStart(7)} ${String(s.s5xx).padStart(5)} ${String(s.s429).padStart(5)}`;
}

const cores = (cpuS: number, seconds: number) => (Number.isFinite(cpuS) ? `${(cpuS / seconds).toFixed(2)}` : '–');

function printResult(title: string, r: LoadResult, extra: string[]) {
  console.log(`\n${title} (${r.seconds.toFixed(1)} s; latency of good answers)`);
  console.log(`${'route'.padEnd(38)} ${COLUMNS}`);
  for (const route of ROUTES) console.log(row(ROUTE_LABEL[route], r.stats.of(route), r.seconds));
  const send = r.stats.of('send');
  console.log(
    `${'  send: first event of the reply'.padEnd(38)} ${''.padStart(7)} ${''.padStart(7)} ${fmtMs(quantile(send.firstMs, 0.5)).padStart(9)} ${fmtMs(quantile(send.firstMs, 0.99)).padStart(9)}`,
  );
  console.log(row('all', r.stats.all(), r.seconds));
  console.log(
    `CPU, in cores: instances ${cores(r.instancesCpuS, r.seconds)}${r.proxyCpuS ? `, proxy ${cores(r.proxyCpuS, r.seconds)}` : ''}, ` +
      `bench client ${cores(r.benchCpuS, r.seconds)}, whole machine ${cores(r.machineCpuS, r.seconds)} of ${os.cpus().length}`,
  );
  for (const line of extra) console.log(line);
  if (r.stats.sendsDeferred) console.log(`${r.stats.sendsDeferred} sends became reads to stay under the per-user send limit`);
  const problems: string[] = [];
  for (const [route, s] of r.stats.routes) {
    for (const [what, n] of [...s.problems].sort((a, b) => b[1] - a[1]).slice(0, 5)) problems.push(`  ${route}: ${n} × ${what}`);
  }
  if (problems.length) console.log(`what went wrong:\n${problems.join('\n')}`);
}

// ---------------------------------------------------------------- run

function parseMix(spec: string | undefined): Record<Route, number> {
  const mix = { ...DEFAULT_MIX };
  if (!spec) return mix;
  for (const part of spec.split(',')) {
    const [k, v] = part.split('=');
    if (!ROUTES.includes(k as Route) || !Number.isFinite(Number(v)) || Number(v) < 0)
      fail(`--mix: "${part}" is not route=weight (routes: ${ROUTES.join(', ')})`);
    mix[k as Route] = Number(v);
  }
  if (ROUTES.every((k) => mix[k] === 0)) fail('--mix: every weight is 0');
  return mix;
}

function parseSetups(spec: string): SetupName[] {
  const names = spec.split(',').map((s) => s.trim());
  for (const n of names) if (!(n in SETUPS)) fail(`--setups: "${n}" is not one of ${Object.keys(SETUPS).join(', ')}`);
  return names as SetupName[];
}

export async function run(args: string[]): Promise<number> {
  const { values: v } = parseArgs({
    args,
    options: {
      seconds: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '3' },
      clients: { type: 'string', default: '16' },
      'accounts-per-client': { type: 'string', default: '4' },
      mix: { type: 'string' },
      setups: { type: 'string', default: 'sqlite,postgres,two' },
      seed: { type: 'string', default: '1' },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const num = (name: string, raw: string | undefined, min: number, max: number) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}`);
    return n;
  };
  const seconds = num('seconds', v.seconds, 1, 600);
  const warmup = num('warmup', v.warmup, 0, 60);
  const clients = Math.floor(num('clients', v.clients, 1, 500));
  const perClient = Math.floor(num('accounts-per-client', v['accounts-per-client'], 1, 20));
  const seed = Math.floor(num('seed', v.seed, 0, 1e9));
  const mix = parseMix(v.mix);
  const setups = parseSetups(v.setups);
  const mixTotal = ROUTES.reduce((s, k) => s + mix[k], 0);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-scale-'));
  let postgres: PostgresServer | undefined;
  // Whatever ends the run (an error, Ctrl-C, the watchdog), the children and the folder go; the
  // cluster removes itself on exit (scripts/postgres-cluster.mjs).
  const removeDir = () => {
    if (!v.keep) fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', removeDir);
  const limitS = setups.length * (warmup + seconds + SETUP_OVERHEAD_S);
  const watchdog = setTimeout(() => {
    console.error(`bench scale: not done after ${limitS} s; stopping everything`);
    process.exit(1);
  }, limitS * 1000);
  watchdog.unref();

  const summary: Array<{ name: SetupName; r: LoadResult }> = [];
  const failures: SetupName[] = [];
  try {
    console.log(
      `scale: ${clients} clients × ${perClient} accounts each, ${warmup} s warm-up + ${seconds} s per set-up; ` +
        `mix ${ROUTES.map((k) => `${k} ${((100 * mix[k]) / mixTotal).toFixed(0)}%`).join(', ')}; ` +
        `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at start`,
    );
    // Once, before any instance starts: instances started together must not each rebuild it.
    await buildServerIfStale();

    for (const name of setups) {
      const instances: Instance[] = [];
      let proxy: { child: ChildProcess; port: number; logFile: string } | undefined;
      let client: Client | undefined;
      let database: TestDatabase | undefined;
      try {
        if (name !== 'sqlite') {
          postgres ??= await startPostgres();
          database = await createDatabase(postgres.url);
        }
        const databaseUrl = database?.url ?? '';
        const setupStarted = performance.now();
        if (name === 'two') {
          const proxyPort = await freePort();
          const appUrl = `http://127.0.0.1:${proxyPort}`;
          const env = { DATABASE_URL: databaseUrl, TRUST_PROXY: '1', APP_URL: appUrl };
          instances.push(...(await Promise.all([startInstance(dir, `${name}-1`, env), startInstance(dir, `${name}-2`, env)])));
          await Promise.all(instances.map((i) => waitReady(i)));
          const logFile = path.join(dir, 'proxy.log');
          const child = startChild('bench/scale-proxy.ts', {
            args: ['--listen', `127.0.0.1:${proxyPort}`, ...instances.flatMap((i) => ['--upstream', `127.0.0.1:${i.port}`])],
            env: {},
            logFile,
            cwd: root,
          });
          proxy = { child, port: proxyPort, logFile };
          await waitReady(proxy, { warm: false });
        } else {
          instances.push(await startInstance(dir, name, { DATABASE_URL: databaseUrl }));
          await waitReady(instances[0]!);
        }
        const startS = (performance.now() - setupStarted) / 1000;

        const c = (client = new Client(proxy?.port ?? instances[0]!.port));
        const seeding = performance.now();
        const r = rng(seed);
        const accounts: Account[] = [];
        await pool(
          Array.from({ length: clients * perClient }, (_, i) => i + 1),
          SEED_CONCURRENCY,
          async (i) => {
            accounts.push(await seedAccount(c, i, r));
          },
        );
        accounts.sort((a, b) => a.index - b.index);
        const desks = Array.from({ length: clients }, (_, k) => accounts.slice(k * perClient, (k + 1) * perClient));
        const seedS = (performance.now() - seeding) / 1000;

        const children = instances.map((i) => i.child);
        if (warmup > 0) await runLoad(c, { seconds: warmup, desks, mix, seed: seed + 1, instances: children, proxy: proxy?.child });
        const result = await runLoad(c, { seconds, desks, mix, seed: seed + 2, instances: children, proxy: proxy?.child });
        const extra = [
          `started in ${startS.toFixed(1)} s; seeded ${accounts.length} accounts (register, trial, ${CONVERSATIONS_PER_ACCOUNT} conversations, one with an exchange) in ${seedS.toFixed(1)} s`,
        ];
        for (const i of instances)
          if (exited(i.child)) extra.push(`AN INSTANCE EXITED during the load; its log ends:\n${logTail(i.logFile)}`);
        if (proxy) {
          await stopChild(proxy.child);
          const counts = /^proxy: (\{.*\})$/m.exec(logTail(proxy.logFile))?.[1];
          if (counts) {
            const { served, failed } = JSON.parse(counts) as { served: number[]; failed: number };
            extra.push(
              `proxy: requests answered by each instance over the whole run (seeding included): ${served.join(' and ')}; answered or cut by the proxy itself: ${failed}`,
            );
          }
        }
        printResult(SETUPS[name], result, extra);
        summary.push({ name, r: result });
      } catch (e) {
        // The next set-up still runs; this one's failure is reported and the exit code says so.
        failures.push(name);
        console.log(`\n${SETUPS[name]}: FAILED: ${(e as Error).message}`);
      } finally {
        client?.close();
        if (proxy) await stopChild(proxy.child);
        await Promise.all(instances.map((i) => stopChild(i.child)));
        await database?.drop().catch((e: unknown) => console.log(`could not drop ${database?.name}: ${(e as Error).message}`));
      }
    }

    console.log(`\nside by side (${seconds} s each; p50/p99 over every route)`);
    console.log(`${'set-up'.padEnd(52)} ${COLUMNS} ${'instances CPU'.padStart(14)}`);
    for (const { name, r } of summary) {
      console.log(`${row(SETUPS[name], r.stats.all(), r.seconds, 52)} ${`${cores(r.instancesCpuS, r.seconds)} cores`.padStart(14)}`);
    }
    console.log(`load average ${os.loadavg()[0]!.toFixed(2)} at the end; the machine's other work shares its ${os.cpus().length} CPUs`);
    if (failures.length) console.log(`did not complete: ${failures.map((f) => SETUPS[f]).join('; ')}`);
    const errors = summary.reduce((t, s) => t + s.r.stats.all().errors, 0);
    return errors === 0 && failures.length === 0 ? 0 : 1;
  } finally {
    killChildren();
    await postgres?.stop();
    clearTimeout(watchdog);
    process.removeListener('exit', removeDir);
    removeDir();
    if (v.keep) console.log(`kept ${dir}`);
  }
}
