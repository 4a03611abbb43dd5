// `npm run budget`: builds the client as `npm run build` does, starts `npm start`'s server, opens each
// page in headless Chromium and sums the gzipped size of every JavaScript file the page loads. Prints
// one line a page and exits with 1 when a page is over its budget. `--no-build` measures dist/client as it is.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { launchChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Gzipped kilobytes (1 KB = 1,024 bytes) of JavaScript a page may load. */
export const BUDGETS_KB = { '/': 150, '/auth': 170 };

/**
 * The pages measured. `visitor` is who opens them: nobody signed in, a new account with no plan,
 * or an account on its free trial (the editor needs a plan).
 */
export const PAGES = [
  { path: '/', visitor: 'anonymous' },
  { path: '/auth', visitor: 'anonymous' },
  { path: '/contact', visitor: 'anonymous' },
  { path: '/forgot-password', visitor: 'anonymous' },
  { path: '/subscribe', visitor: 'no-plan' },
  { path: '/chat', visitor: 'trial' },
];

/**
 * A production build of the client into `outDir`, in a process of its own: under a test runner
 * NODE_ENV is 'test', and Vite would then bundle React's development build.
 */
export function buildClient(outDir) {
  return new Promise((resolve, reject) => {
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with code ${code}`))));
  });
}

const gzipSize = (body) => zlib.gzipSync(body, { level: 9 }).length;

async function api(context, baseURL, method, pathname, data) {
  // Playwright's request API sends no Origin, and the server refuses a POST without one.
  const res = await context.request.fetch(`${baseURL}${pathname}`, { method, data, headers: { origin: new URL(baseURL).origin } });
  if (!res.ok()) throw new Error(`${method} ${pathname}: ${res.status()} ${await res.text()}`);
}

let accounts = 0;

/** A browser context for the visitor, signed in through the REST API when it is an account. */
async function contextFor(browser, baseURL, visitor) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  if (visitor === 'anonymous') return context;
  accounts += 1;
  const id = `${Date.now().toString(36)}${accounts}`;
  const account = { username: `budget${id}`, email: `budget.${id}@example.com`, password: 'Deadline#2026' };
  await api(context, baseURL, 'POST', '/api/register', account);
  await api(context, baseURL, 'POST', '/api/login', { email: account.email, password: account.password });
  if (visitor === 'trial') await api(context, baseURL, 'POST', '/api/create-subscription', {});
  return context;
}

/**
 * Resolves once no request of `tab` has been in flight for `quietMs`. Playwright's `networkidle`
 * allows 500 ms: the first page renders after its router has loaded, in slices (docs/decisions/031),
 * and on a busy machine the code its render asks for can come later than that.
 */
export function quietNetwork(tab, quietMs) {
  let inFlight = 0;
  let changed = Date.now();
  const start = () => {
    inFlight += 1;
    changed = Date.now();
  };
  const end = () => {
    inFlight -= 1;
    changed = Date.now();
  };
  tab.on('request', start);
  tab.on('requestfinished', end);
  tab.on('requestfailed', end);
  return async () => {
    while (inFlight > 0 || Date.now() - changed < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
  };
}

/**
 * Opens `page.path` in a fresh context (empty cache) and waits until the network has been quiet for
 * two seconds. Returns the gzipped bytes of every JavaScript response, each file counted once, and
 * the path the page ended on (a guard that redirects would measure another page).
 */
export async function measurePage(browser, baseURL, page) {
  const context = await contextFor(browser, baseURL, page.visitor);
  try {
    const tab = await context.newPage();
    const files = new Map();
    const pending = [];
    tab.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (!type.includes('javascript') || files.has(res.url())) return;
      files.set(res.url(), 0);
      pending.push(res.body().then((body) => files.set(res.url(), gzipSize(body))));
    });
    const quiet = quietNetwork(tab, 2000);
    await tab.goto(page.path);
    await quiet();
    await Promise.all(pending);
    const bytes = [...files.values()].reduce((a, b) => a + b, 0);
    return { ...page, bytes, files: files.size, landedOn: new URL(tab.url()).pathname };
  } finally {
    await context.close();
  }
}

/** Measures every page; `over` lists the pages above their budget or not reached. */
export async function measureBundles(baseURL, { browser, pages = PAGES } = {}) {
  const own = browser ? undefined : await launchChromium();
  try {
    const results = [];
    for (const page of pages) results.push(await measurePage(browser ?? own, baseURL, page));
    const over = results.filter((r) => r.landedOn !== r.path || r.bytes > (BUDGETS_KB[r.path] ?? Infinity) * 1024);
    return { results, over };
  } finally {
    await own?.close();
  }
}

export function formatResults(results) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return results
    .map((r) => {
      const budget = BUDGETS_KB[r.path];
      const verdict =
        r.landedOn !== r.path
          ? `NOT MEASURED: landed on ${r.landedOn}`
          : budget === undefined
            ? ''
            : r.bytes > budget * 1024
              ? `OVER budget ${budget} KB`
              : `budget ${budget} KB`;
      return `${r.path.padEnd(17)} ${r.visitor.padEnd(10)} ${kb(r.bytes).padStart(9)} in ${String(r.files).padStart(2)} files  ${verdict}`;
    })
    .join('\n');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitUntilServing(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url}/healthz within ${timeoutMs / 1000} s`);
}

/** `npm start`'s server over a throwaway data folder, serving dist/client. */
async function startServer() {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-budget-'));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  try {
    await waitUntilServing(url, child, 120_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, stop };
}

async function main(args) {
  if (!args.includes('--no-build')) await buildClient(path.join(root, 'dist/client'));
  const server = await startServer();
  try {
    const { results, over } = await measureBundles(server.url);
    console.log(`JavaScript per page, gzipped (level 9):\n${formatResults(results)}`);
    if (over.length) {
      console.error(`\nOver budget or not reached: ${over.map((r) => r.path).join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
