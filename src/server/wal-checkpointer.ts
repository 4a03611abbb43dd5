import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DB } from './db';

const WORKER = fileURLToPath(new URL('./wal-checkpoint-worker.mjs', import.meta.url));
const INTERVAL_MS = 1_000;

/**
 * Moves SQLite's WAL checkpoints off the request thread: the server's connection stops
 * checkpointing by itself and a worker thread checkpoints every second instead. Returns
 * the function that stops it (with a last, complete checkpoint).
 */
export function startWalCheckpointer(db: DB, file: string, log: (line: string) => void): () => Promise<void> {
  const worker = new Worker(WORKER, { workerData: { file, intervalMs: INTERVAL_MS } });
  db.$client.pragma('wal_autocheckpoint = 0');
  let failed = false;
  worker.on('error', (e) => {
    // Without the worker the WAL would only grow: hand checkpoints back to SQLite.
    failed = true;
    log(`database: the checkpoint thread failed (${e.message}); SQLite checkpoints on its own again`);
    db.$client.pragma('wal_autocheckpoint = 1000');
  });
  worker.unref();
  return () =>
    failed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          worker.once('exit', () => resolve());
          worker.postMessage('stop');
        });
}
