import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLIENT_DIR = path.join(ROOT, 'dist/client');
const SOURCES = ['src/client', 'src/shared', 'vite.config.ts', 'scripts/page-chunks.ts'];
const LOCK_DIR = path.join(os.tmpdir(), 'copydesk-client-build.lock');

function newestMtime(p: string): number {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function isFresh(): boolean {
  const index = fs.statSync(path.join(CLIENT_DIR, 'index.html'), { throwIfNoEntry: false });
  if (!index) return false;
  return SOURCES.every((s) => newestMtime(path.join(ROOT, s)) <= index.mtimeMs);
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      // A build that died without cleaning up leaves the lock behind.
      if (age > 120_000) fs.rmSync(LOCK_DIR, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`client build lock ${LOCK_DIR} held too long`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

let built: Promise<void> | undefined;

/** Builds the client with Vite when dist/client is missing or older than its sources; once per process. */
export function ensureClientBuilt(): Promise<void> {
  built ??= (async () => {
    if (isFresh()) return;
    await withLock(async () => {
      if (isFresh()) return;
      const { build } = await import('vite');
      await build({ root: path.join(ROOT, 'src/client'), configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'error' });
    });
  })();
  return built;
}
