/**
 * `npm run bench -- api [--duration 10] [--warmup 3] [--connections 50] [--rounds 3] [--profile]`
 *
 * Loads GET /api/user (valid session cookie, then an API token as a script sends
 * it, `Authorization: Bearer`) on Copydesk and on a bare
 * `node:http` baseline doing the same session lookup on the same SQLite file,
 * one after the other with identical autocannon settings, and prints req/s,
 * p50/p99 latency, the Copydesk/baseline ratio and Copydesk's resident memory.
 * Each round loads both servers, the order alternating between rounds; the
 * ratio is taken from the medians, as one round's baseline alone varied by a
 * third on a shared VM.
 * Both servers are child processes started with `node --import tsx`, so the
 * measured pid is the server itself (the `tsx` CLI would add a wrapper process).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuUs, freePort, killChildren, procStatusKb, startChild as spawnServer, stopChild } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { minRatio: 0.6, maxP99Ms: 25 };
const BENCH_USER = { username: 'bench_user', email: 'bench@example.com', password: 'bench-pass-1!' };

interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  logFile: string;
}

interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Server CPU time (user + system) per request: steadier than req/s when the machine is busy. */
  cpuUs: number;
}

function fail(message: string): never {
  throw new Error(`bench api: ${message}`);
}

function rssMb(pid: number): number {
  const kb = procStatusKb(pid);
  if (Number.isNaN(kb)) fail(`no VmRSS for pid ${pid}`);
  return kb / 1024;
}

function ensureClientBuilt() {
  // The server bundle too, so start-up is not a build.
  const server = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (server.status !== 0) fail('server build failed');
  if (fs.existsSync(path.join(root, 'dist/client/index.html'))) return;
  console.log('client: not built, running `vite build` first so it is not part of start-up...');
  const r = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) fail('vite build failed');
}

function startChild(name: string, script: string, env: Record<string, string>, logFile: string, nodeFlags: string[] = []) {
  const child = spawnServer(script, { env, logFile, nodeFlags, cwd: root });
  if (!child.pid) fail(`${name} did not start`);
  return child;
}

async function waitReady(server: Server, probe: string, status: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      const res = await fetch(server.url + probe);
      await res.arrayBuffer();
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const tail = fs.existsSync(server.logFile) ? fs.readFileSync(server.logFile, 'utf8').slice(-2000) : '';
  fail(`${server.name} did not become ready (exit ${server.child.exitCode}):\n${tail}`);
}

async function post(url: string, body: unknown, cookie?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { origin: new URL(url).origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown, cookies: res.headers.getSetCookie() };
}

async function sessionCookie(copydeskUrl: string): Promise<string> {
  const reg = await post(`${copydeskUrl}/api/register`, BENCH_USER);
  if (reg.status !== 201) fail(`register returned ${reg.status}: ${JSON.stringify(reg.body)}`);
  const login = await post(`${copydeskUrl}/api/login`, { email: BENCH_USER.email, password: BENCH_USER.password });
  if (login.status !== 200) fail(`login returned ${login.status}: ${JSON.stringify(login.body)}`);
  const cookie = login.cookies.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('copydesk_session='));
  if (!cookie) fail('login set no copydesk_session cookie');
  return cookie;
}

async function getUser(url: string, cookie?: string) {
  const res = await fetch(`${url}/api/user`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Both servers must agree before either is loaded: the same user for the cookie, 401 without it. */
async function verifySameAnswers(copydesk: Server, baseline: Server, cookie: string) {
  const [a, b] = [await getUser(copydesk.url, cookie), await getUser(baseline.url, cookie)];
  if (a.status !== 200 || b.status !== 200) fail(`GET /api/user: Copydesk ${a.status}, baseline ${b.status} (both must be 200)`);
  if (!isDeepStrictEqual(a.body, b.body)) {
    fail(`the servers return different users:\nCopydesk ${JSON.stringify(a.body)}\nbaseline ${JSON.stringify(b.body)}`);
  }
  if ((a.body as { email?: string }).email !== BENCH_USER.email) fail(`unexpected user ${JSON.stringify(a.body)}`);
  const [x, y] = [await getUser(copydesk.url), await getUser(baseline.url)];
  if (x.status !== 401 || y.status !== 401) fail(`without a cookie: Copydesk ${x.status}, baseline ${y.status} (both must be 401)`);
}

/** A write token made through POST /api/tokens with the session, for the bearer row. */
async function apiToken(copydeskUrl: string, cookie: string): Promise<string> {
  const made = await post(`${copydeskUrl}/api/tokens`, { name: 'bench', scope: 'read', expiresInDays: null }, cookie);
  const token = (made.body as { token?: unknown }).token;
  if (made.status !== 201 || typeof token !== 'string') fail(`POST /api/tokens: ${made.status} ${JSON.stringify(made.body)}`);
  return token;
}

async function load(
  server: Server,
  headers: Record<string, string>,
  o: { connections: number; duration: number; warmup: number },
  name = server.name,
) {
  const base = { url: `${server.url}/api/user`, connections: o.connections, headers };
  if (o.warmup > 0) await autocannon({ ...base, duration: o.warmup });
  const cpuBefore = cpuUs(server.child.pid!);
  const r = await autocannon({ ...base, duration: o.duration });
  const cpu = (cpuUs(server.child.pid!) - cpuBefore) / r.requests.total;
  if (r.errors || r.timeouts || r.non2xx) {
    fail(`${name}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx responses under load`);
  }
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, cpuUs: cpu };
}

/**
 * Summarises a V8 .cpuprofile: self time by package or source file, and
 * inclusive time of the app's and its dependencies' functions (what a request
 * spends inside each middleware, procedure or library call).
 */
function summariseProfile(file: string, top = 25) {
  interface Node {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }
  const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = (url: string) => {
    const plain = url.replace(/^file:\/\//, '');
    const inPackage = plain.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/);
    if (inPackage) return { group: inPackage[1]!, file: inPackage[1]! + (inPackage[2] ?? ''), ours: true };
    if (plain.startsWith(root)) return { group: path.relative(root, plain), file: path.relative(root, plain), ours: true };
    return { group: plain, file: plain, ours: false };
  };
  const selfByGroup = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, dt: number) => m.set(k, (m.get(k) ?? 0) + dt);
  let busy = 0;
  prof.samples.forEach((id, i) => {
    const leaf = byId.get(id);
    const dt = prof.timeDeltas[i] ?? 0;
    if (!leaf || leaf.callFrame.functionName === '(idle)') return;
    busy += dt;
    const at = where(leaf.callFrame.url);
    add(selfByGroup, at.group || leaf.callFrame.functionName, dt);
    add(selfByFunction, `${leaf.callFrame.functionName || '(anonymous)'} ${at.file}:${leaf.callFrame.lineNumber + 1}`, dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)!.callFrame;
      const w = where(frame.url);
      if (!w.ours) continue;
      const key = `${frame.functionName || '(anonymous)'} ${w.file}:${frame.lineNumber + 1}`;
      if (!seen.has(key)) add(inclusive, key, dt);
      seen.add(key);
    }
  });
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((p, q) => q[1] - p[1])
      .slice(0, top)
      .map(([k, t]) => `  ${((100 * t) / busy).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  console.log(`\nCopydesk CPU profile: ${(busy / 1e6).toFixed(1)} s busy (idle excluded; start-up included)`);
  console.log(`self time by package or file:\n${rows(selfByGroup)}`);
  console.log(`self time by function:\n${rows(selfByFunction)}`);
  console.log(`inclusive time by function (app and dependencies):\n${rows(inclusive)}`);
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

/** Above this spread of the baseline's rounds, the host's other work, not Copydesk, moves the ratio. */
const NOISY_SPREAD = 0.15;

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function run(args: string[]): Promise<number> {
  const { values: v } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
      profile: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const o = { duration: Number(v.duration), warmup: Number(v.warmup), connections: Number(v.connections) };
  for (const [k, n] of Object.entries(o)) if (!Number.isFinite(n) || n < 0) fail(`--${k} must be a number`);
  const rounds = Number(v.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) fail('--rounds must be a whole number of at least 1');

  ensureClientBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-'));
  try {
    const [cdPort, blPort] = [await freePort(), await freePort()];
    const profileDir = path.join(dataDir, 'profile');
    const copydesk: Server = {
      name: 'Copydesk',
      url: `http://127.0.0.1:${cdPort}`,
      logFile: path.join(dataDir, 'copydesk.log'),
      child: undefined as never,
    };
    const spawnedAt = performance.now();
    copydesk.child = startChild(
      'Copydesk',
      // The production start: the server bundle under plain Node.
      'scripts/start.mjs',
      // The bearer row loads one token far past its default rate, which would answer 429.
      { PORT: String(cdPort), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: copydesk.url, API_TOKEN_REQUESTS_PER_MINUTE: '100000000' },
      copydesk.logFile,
      [
        ...(process.env.BENCH_SOURCE_MAPS ? ['--enable-source-maps'] : []),
        ...(v.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ],
    );
    await waitReady(copydesk, '/api/plans', 200);
    const startMs = performance.now() - spawnedAt;
    const rssStart = rssMb(copydesk.child.pid!);
    // The grammar checker compiles its WebAssembly in a worker after start; load a warm server, as in service.
    const warmDeadline = Date.now() + 60_000;
    while (!/editor: grammar checker/.test(fs.readFileSync(copydesk.logFile, 'utf8')) && Date.now() < warmDeadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const rssWarm = rssMb(copydesk.child.pid!);
    if (fs.readFileSync(copydesk.logFile, 'utf8').includes('client: not built')) {
      console.log('warning: the client was (re)built during start-up (another build emptied dist/client)');
    }

    const cookie = await sessionCookie(copydesk.url);

    const baseline: Server = {
      name: 'baseline',
      url: `http://127.0.0.1:${blPort}`,
      logFile: path.join(dataDir, 'baseline.log'),
      child: undefined as never,
    };
    baseline.child = startChild(
      'baseline',
      'bench/baseline-server.ts',
      { PORT: String(blPort), DB_FILE: path.join(dataDir, 'app.db') },
      baseline.logFile,
    );
    await waitReady(baseline, '/api/user', 401);
    await verifySameAnswers(copydesk, baseline, cookie);

    console.log(
      `GET /api/user with a valid session, ${o.connections} connections, ${o.warmup} s warm-up + ${o.duration} s each, ` +
        `one server at a time, ${rounds} round${rounds === 1 ? '' : 's'} (${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)})`,
    );
    const results: Array<{ round: number; cd: LoadResult; bearer: LoadResult; bl: LoadResult }> = [];
    const withCookie = { cookie };
    const withToken = { authorization: `Bearer ${await apiToken(copydesk.url, cookie)}` };
    for (let round = 1; round <= rounds; round++) {
      // Alternating the order keeps whatever drifts during a run (heat, other load) from favouring one server.
      if (round % 2 === 1) {
        const cd = await load(copydesk, withCookie, o);
        const bearer = await load(copydesk, withToken, o, 'bearer');
        results.push({ round, cd, bearer, bl: await load(baseline, withCookie, o) });
      } else {
        const bl = await load(baseline, withCookie, o);
        const bearer = await load(copydesk, withToken, o, 'bearer');
        results.push({ round, cd: await load(copydesk, withCookie, o), bearer, bl });
      }
    }
    const rssAfter = rssMb(copydesk.child.pid!);
    const blRss = rssMb(baseline.child.pid!);

    const row = (round: number, r: LoadResult) =>
      `${String(round).padStart(5)}  ${r.name.padEnd(10)} ${r.rps.toFixed(0).padStart(9)} ${ms(r.p50).padStart(10)} ${ms(r.p99).padStart(10)} ${String(r.total).padStart(9)} ${r.cpuUs.toFixed(0).padStart(12)}`;
    console.log(
      `\n${'round'.padStart(5)}  ${'server'.padEnd(10)} ${'req/s'.padStart(9)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'requests'.padStart(9)} ${'CPU µs/req'.padStart(12)}`,
    );
    for (const r of results) console.log(`${row(r.round, r.cd)}\n${row(r.round, r.bearer)}\n${row(r.round, r.bl)}`);
    const cdRps = median(results.map((r) => r.cd.rps));
    const blRps = median(results.map((r) => r.bl.rps));
    const ratio = cdRps / blRps;
    const cpuRatio = median(results.map((r) => r.bl.cpuUs)) / median(results.map((r) => r.cd.cpuUs));
    const worstP99 = Math.max(...results.map((r) => r.cd.p99));
    console.log(`\nmedian req/s: Copydesk ${cdRps.toFixed(0)}, baseline ${blRps.toFixed(0)}`);
    console.log(
      `Copydesk/baseline req/s (medians): ${ratio.toFixed(2)}x (target >= ${TARGETS.minRatio}x: ${ratio >= TARGETS.minRatio ? 'met' : 'MISSED'}); rounds: ${results.map((r) => (r.cd.rps / r.bl.rps).toFixed(2)).join(', ')}`,
    );
    console.log(`Copydesk/baseline by server CPU per request (medians): ${cpuRatio.toFixed(2)}x (less sensitive to other load)`);
    const blRound = results.map((r) => r.bl.rps);
    const blSpread = (Math.max(...blRound) - Math.min(...blRound)) / blRps;
    console.log(
      `baseline across rounds: ${Math.min(...blRound).toFixed(0)} to ${Math.max(...blRound).toFixed(0)} req/s, a spread of ${(100 * blSpread).toFixed(0)}% of its median${blSpread > NOISY_SPREAD ? ': other load on the host is moving the ratio, so run again on a quiet machine' : ''}`,
    );
    const bearerRatio = median(results.map((r) => r.bearer.rps)) / blRps;
    console.log(
      `Copydesk with an API token (Authorization: Bearer)/baseline req/s (medians): ${bearerRatio.toFixed(2)}x (target >= ${TARGETS.minRatio}x: ${bearerRatio >= TARGETS.minRatio ? 'met' : 'MISSED'}); rounds: ${results.map((r) => (r.bearer.rps / r.bl.rps).toFixed(2)).join(', ')}`,
    );
    console.log(
      `Copydesk p99, worst round: ${ms(worstP99)} (target < ${TARGETS.maxP99Ms} ms: ${worstP99 < TARGETS.maxP99Ms ? 'met' : 'MISSED'})`,
    );
    console.log(`Copydesk start-up (spawn to first 200): ${(startMs / 1000).toFixed(2)} s`);
    console.log(
      `Copydesk RSS: ${rssStart.toFixed(1)} MB after start, ${rssWarm.toFixed(1)} MB with the grammar checker warm, ${rssAfter.toFixed(1)} MB after load (baseline ${blRss.toFixed(1)} MB)`,
    );

    await stopChild(baseline.child);
    await stopChild(copydesk.child);
    if (v.profile) {
      const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) fail('no CPU profile was written');
      summariseProfile(path.join(profileDir, file));
    }
    return 0;
  } finally {
    killChildren();
    if (v.keep) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
