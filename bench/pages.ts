/**
 * `npm run bench -- pages [--preset mobile|desktop|both] [--runs 1] [--details]`
 *
 * Lighthouse (the npm package) in Debian's Chromium, against the real server serving a
 * production build of the client, on the landing page, /auth and /chat (signed in, on a
 * trial). Prints the performance and accessibility scores, LCP and TBT of each page, the
 * median of `--runs` runs, and the accessibility audits that failed; `--details` adds each
 * run's metrics with their scores, long tasks and main-thread work by kind, as Lighthouse counted them. Lighthouse's mobile
 * preset simulates a mid-range phone on a slow 4G link; desktop a fast machine and link.
 *
 * Targets: performance >= 95, accessibility 100. On a busy machine the scores move by a few
 * points from run to run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium } from '../scripts/chromium.mjs';
import {
  auditPage,
  LIGHTHOUSE_PAGES as PAGES,
  LIGHTHOUSE_TARGETS as TARGETS,
  trialAccount,
  type LighthouseRun as Run,
  type Preset,
} from '../scripts/lighthouse';
import { buildClient } from '../scripts/bundle-budget.mjs';
import { freePort, killChildren, startChild } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`bench pages: the server did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The grammar checker compiles its WebAssembly in a worker for a few seconds after start, a core's
 * worth of work: measured meanwhile, the first pages' blocking time is the server's start-up, not theirs.
 */
async function waitForWarmServer(logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!/editor: grammar checker/.test(fs.readFileSync(logFile, 'utf8')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function details(r: Run): string {
  const work = Object.entries(r.mainThreadMs)
    .map(([kind, ms]) => `${kind} ${Math.round(ms)} ms`)
    .join(', ');
  const tasks = r.longTasks.map((t) => `${Math.round(t.durationMs)} ms at ${Math.round(t.startMs)} ms ${t.url}`);
  const metrics = Object.entries(r.metrics)
    .map(([name, m]) => `${name} ${name === 'CLS' ? m.value.toFixed(3) : `${Math.round(m.value)} ms`} (${m.score})`)
    .join(', ');
  return `    ${metrics}\n    host benchmark index ${Math.round(r.benchmarkIndex)}; main thread: ${work}\n    long tasks: ${tasks.length ? `\n      ${tasks.join('\n      ')}` : 'none'}`;
}

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      preset: { type: 'string', default: 'both' },
      runs: { type: 'string', default: '1' },
      details: { type: 'boolean', default: false },
    },
  });
  const presets: Preset[] = values.preset === 'both' ? ['mobile', 'desktop'] : [values.preset as Preset];
  if (!presets.every((p) => p === 'mobile' || p === 'desktop')) throw new Error('--preset is mobile, desktop or both');
  const runs = Math.max(1, Number(values.runs));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-pages-'));
  const clientDir = path.join(dir, 'client');
  console.log('Building the client for production...');
  await buildClient(clientDir);

  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const logFile = path.join(dir, 'server.log');
  startChild('bench/pages-server.ts', {
    env: { PORT: String(port), HOST: '127.0.0.1', APP_URL: baseURL, DATA_DIR: path.join(dir, 'data'), CLIENT_DIR: clientDir },
    logFile,
    cwd: root,
  });
  const debugPort = await freePort();
  const browser = await launchChromium([`--remote-debugging-port=${debugPort}`]);
  let failed = false;
  try {
    await waitForHealth(baseURL, 60_000);
    await waitForWarmServer(logFile, 60_000);
    const cookie = await trialAccount(baseURL);
    console.log(
      `Lighthouse ${runs === 1 ? '(one run a page)' : `(median of ${runs} runs)`}; targets: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}\n`,
    );
    console.log(
      `${'preset'.padEnd(8)} ${'page'.padEnd(6)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'LCP'.padStart(9)} ${'TBT'.padStart(8)}`,
    );
    const a11yNotes = new Map<string, string[]>();
    for (const preset of presets) {
      for (const page of PAGES) {
        const results: Run[] = [];
        for (let i = 0; i < runs; i++)
          results.push(await auditPage(`${baseURL}${page.path}`, debugPort, preset, page.signedIn ? cookie : undefined));
        if (results.some((r) => r.landedOn !== page.path)) throw new Error(`bench pages: ${page.path} landed on ${results[0]!.landedOn}`);
        const perf = median(results.map((r) => r.performance));
        const a11y = median(results.map((r) => r.accessibility));
        const ok = perf >= TARGETS.performance && a11y >= TARGETS.accessibility;
        failed ||= !ok;
        console.log(
          `${preset.padEnd(8)} ${page.path.padEnd(6)} ${String(perf).padStart(5)} ${String(a11y).padStart(5)} ${`${Math.round(median(results.map((r) => r.metrics.LCP.value)))} ms`.padStart(9)} ${`${Math.round(median(results.map((r) => r.metrics.TBT.value)))} ms`.padStart(8)}  ${ok ? 'ok' : 'BELOW TARGET'}`,
        );
        if (values.details) for (const r of results) console.log(details(r));
        for (const note of results.flatMap((r) => r.failedA11y))
          a11yNotes.set(page.path, [...new Set([...(a11yNotes.get(page.path) ?? []), note])]);
      }
    }
    for (const [page, notes] of a11yNotes) console.log(`\nAccessibility audits failed on ${page}:\n  ${notes.join('\n  ')}`);
  } finally {
    await browser.close();
    killChildren();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}
