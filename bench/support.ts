import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the seeded stories, conversations and searches are about. */
export const STORY_TOPICS = [
  'council budget',
  'harbour ferry',
  'school board',
  'stadium deal',
  'court ruling',
  'election night',
  'storm damage',
  'transit fares',
  'hospital wait',
  'water rates',
] as const;

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Runs a benchmark module's `run` when the file itself is executed, not when `bench/index.ts` imports it. */
export function runWhenMain(moduleUrl: string, run: (args: string[]) => Promise<void>) {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== path.resolve(process.argv[1])) return;
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}

const children = new Set<ChildProcess>();

/** Ends every child a benchmark started; runs on exit and on Ctrl-C so no server outlives its run. */
export function killChildren() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killChildren();
    process.exit(130);
  });
}

/**
 * Starts a server as a child process of its own (so its pid is the server's, for
 * CPU and memory readings) with its output in `logFile`. A `.mjs` script runs
 * under plain Node; a TypeScript one through tsx.
 */
export function startChild(
  script: string,
  o: { args?: string[]; env: Record<string, string>; logFile: string; nodeFlags?: string[]; cwd: string },
) {
  const out = fs.openSync(o.logFile, 'a');
  const runner = script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...(o.nodeFlags ?? []), ...runner, script, ...(o.args ?? [])], {
    cwd: o.cwd,
    env: { ...process.env, ...o.env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Starts Copydesk as `npm start` runs it (scripts/start.mjs: the server bundle under plain Node), API
 * only (no client bundle), on 127.0.0.1:`port` with `dataDir`; `env` adds to and overrides that.
 */
export function startCopydesk(o: { port: number; dataDir: string; env: Record<string, string>; logFile: string; nodeFlags?: string[] }) {
  return startChild('scripts/start.mjs', {
    args: ['--no-client-build'],
    env: { PORT: String(o.port), HOST: '127.0.0.1', DATA_DIR: o.dataDir, APP_URL: `http://127.0.0.1:${o.port}`, ...o.env },
    logFile: o.logFile,
    nodeFlags: o.nodeFlags,
    cwd: root,
  });
}

/** Stops a child with SIGTERM, and SIGKILL if it is still there after 15 s; resolves once it has exited. */
export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Runs `work` on each item, at most `concurrency` at a time. */
export async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system) a process has used so far, in microseconds (from /proc; Linux). */
export function cpuUs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}

/** CPU time (user + system) this process has used since `since` (a `process.cpuUsage()`), in microseconds. */
export function cpuUsedUs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return used.user + used.system;
}

/**
 * How long a process's main thread has run on a CPU and waited, runnable, for one (Linux schedstat),
 * in milliseconds; NaN once the process is gone. The wait shows other threads taking its cores.
 */
export function mainThreadSchedMs(pid: number): { ranMs: number; waitedMs: number } {
  try {
    const [ran, waited] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { ranMs: ran! / 1e6, waitedMs: waited! / 1e6 };
  } catch {
    return { ranMs: NaN, waitedMs: NaN };
  }
}

/** A figure of `/proc/<pid>/status` (VmRSS: resident now, VmHWM: its peak), in kB; NaN once the process is gone. */
export function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm'));
    return m?.[1] ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** A small seeded generator, so a run can be repeated with its seed. */
export function rng(seed: number) {
  let a = seed >>> 0 || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}
export type Rng = ReturnType<typeof rng>;
