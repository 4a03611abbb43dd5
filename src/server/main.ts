import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { DEFAULT_CLIENT_DIR } from './app';
import { errorForLog } from './errors';
import { startServer } from './server';
import { findLocalModel } from './services/ai';

// The browser suite and the fuzzer start their servers through the bundle's own copies of these
// (docs/decisions/041-tests-start-the-server-bundle.md).
export { loadConfig, startServer };

/** The file this code was loaded from: dist/server/main.mjs when it runs as the server bundle. */
export const moduleUrl = import.meta.url;

async function ensureClientBuilt() {
  if (fs.existsSync(path.join(DEFAULT_CLIENT_DIR, 'index.html'))) return;
  console.log('client: not built yet, building it now (once)...');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

async function run() {
  const config = loadConfig();
  // With no model configured, a local Ollama server is used when one answers (about a second at most).
  config.openai = await findLocalModel(config.openai);
  // The dev server serves the client through Vite, so it skips the production build.
  if (!process.argv.includes('--no-client-build')) await ensureClientBuilt();
  const running = await startServer({ config });
  let stopping = false;
  // A process that stays up without listening would never be restarted: leave, and let the supervisor start a new one.
  running.server.on('close', () => {
    if (stopping) return;
    console.error('server: stopped listening; exiting so the supervisor restarts Copydesk');
    process.exit(1);
  });
  running.server.on('error', (e: Error) => {
    console.error(`server: ${e.message}; exiting so the supervisor restarts Copydesk`);
    process.exit(1);
  });
  const shutdown = (signal: string) => {
    stopping = true;
    console.log(`${signal}: shutting down`);
    // past the replies' drain and a margin for the rest, leave anyway
    const force = setTimeout(() => process.exit(1), (config.shutdownDrainSeconds + 10) * 1000).unref();
    running.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (e: unknown) => {
        console.error(`server: shutting down failed: ${errorForLog(e)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** Runs Copydesk as a process of its own, until a signal stops it; a failure to start ends the process. */
export async function main(): Promise<void> {
  await run().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}

function isProcessEntry(): boolean {
  if (!process.argv[1]) return false;
  try {
    return fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

// Started as the process (`node dist/server/main.mjs`, `tsx src/server/main.ts`) it runs; imported
// (scripts/start.mjs, the tests) it only exports.
if (isProcessEntry()) void main();
