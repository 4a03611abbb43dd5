// A worker thread with a connection of its own that copies the SQLite write-ahead log
// into the database file. Run on the request thread (SQLite's automatic checkpoint,
// inside whichever commit crosses 1,000 pages), each checkpoint's writes and fsync held
// every request for up to about 130 ms under load; here they hold nothing but this thread.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData;
const db = new Database(file);
db.pragma('busy_timeout = 5000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

const timer = setInterval(() => {
  try {
    checkpoint.run();
  } catch {
    // Busy or briefly locked: the next round copies what this one could not.
  }
}, intervalMs);

parentPort?.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
    parentPort?.close();
  }
});
