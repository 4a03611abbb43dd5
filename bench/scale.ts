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
import { messageOf, sessionCookie, streamProblem, type Answer } from './api-answers';
import { describeMix, parseMix, pickRoute } from './route-mix';
import { firstEventRow, printProblems, RouteStats, statsColumns, statsRow } from './route-stats';
import {
  cpuUs,
  cpuUsedUs,
  freePort,
  killChildren,
  pool,
  rng,
  startChild,
  startCopydesk,
  stopChild,
  STORY_TOPICS,
  type Rng,
} from './support';

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
    // As a browser on the app's page: APP_URL names this port.
    if (method !== 'GET' && method !== 'HEAD') headers.origin ??= `http://127.0.0.1:${this.port}`;
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

// ---------------------------------------------------------------- statistics

/** What is wrong with an answer beyond its status, if anything: a 200 that is not the contract's answer is an error too. */
function problemWith(route: Route, a: Answer): { message: string; status?: number } | undefined {
  if (a.status !== 200) return { message: `${a.status} ${messageOf(a)}`, status: a.status };
  switch (route) {
    case 'signin':
      return sessionCookie(a) ? undefined : { message: 'login answered 200 without a session cookie' };
    case 'list':
    case 'open':
      return a.body.startsWith('[') ? undefined : { message: `not a JSON array: ${a.body.slice(0, 80)}` };
    case 'send':
      return streamProblem(a.body);
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
    let route = pickRoute(r, ROUTES, mix, total, 'list');
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
  const benchUs = cpuUsedUs(before.bench);
  return {
    stats,
    seconds,
    instancesCpuS: o.instances.reduce((t, c, i) => t + cpu(c) - before.instances[i]!, 0),
    proxyCpuS: o.proxy ? cpu(o.proxy) - before.proxy : 0,
    benchCpuS: benchUs / 1e6,
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
  const child = startCopydesk({
    port,
    dataDir,
    env: {
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

// ---------------------------------------------------------------- report

const cores = (cpuS: number, seconds: number) => (Number.isFinite(cpuS) ? `${(cpuS / seconds).toFixed(2)}` : '–');

function printResult(title: string, r: LoadResult, extra: string[]) {
  console.log(`\n${title} (${r.seconds.toFixed(1)} s; latency of good answers)`);
  console.log(`${'route'.padEnd(38)} ${statsColumns()}`);
  for (const route of ROUTES) console.log(statsRow(ROUTE_LABEL[route], r.stats.of(route), r.seconds));
  console.log(firstEventRow('  send: first event of the reply', r.stats.of('send').firstMs));
  console.log(statsRow('all', r.stats.all(), r.seconds));
  console.log(
    `CPU, in cores: instances ${cores(r.instancesCpuS, r.seconds)}${r.proxyCpuS ? `, proxy ${cores(r.proxyCpuS, r.seconds)}` : ''}, ` +
      `bench client ${cores(r.benchCpuS, r.seconds)}, whole machine ${cores(r.machineCpuS, r.seconds)} of ${os.cpus().length}`,
  );
  for (const line of extra) console.log(line);
  if (r.stats.sendsDeferred) console.log(`${r.stats.sendsDeferred} sends became reads to stay under the per-user send limit`);
  printProblems(r.stats.routes);
}

// ---------------------------------------------------------------- run

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
  const mix = parseMix(v.mix, ROUTES, DEFAULT_MIX, fail);
  const setups = parseSetups(v.setups);

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
        `mix ${describeMix(ROUTES, mix)}; ` +
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
    console.log(`${'set-up'.padEnd(52)} ${statsColumns()} ${'instances CPU'.padStart(14)}`);
    for (const { name, r } of summary) {
      console.log(
        `${statsRow(SETUPS[name], r.stats.all(), r.seconds, { width: 52 })} ${`${cores(r.instancesCpuS, r.seconds)} cores`.padStart(14)}`,
      );
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
