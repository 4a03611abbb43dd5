import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from './db';
import { startWalCheckpointer } from './wal-checkpointer';

const opened: Array<{ db: DB; dir: string; stop?: () => Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.stop?.();
    o.db.$client.close();
    fs.rmSync(o.dir, { recursive: true, force: true });
  }
});

function database() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-wal-'));
  const file = path.join(dir, 'app.db');
  const db = openDatabase(file);
  const entry: (typeof opened)[number] = { db, dir };
  opened.push(entry);
  return { db, file, entry };
}

const writeMegabytes = (db: DB, mb: number) => {
  db.run(sql`CREATE TABLE IF NOT EXISTS filler (body TEXT NOT NULL)`);
  for (let i = 0; i < mb * 16; i++) db.run(sql`INSERT INTO filler (body) VALUES (${'x'.repeat(64 * 1024)})`);
};

describe('the WAL checkpointer', () => {
  it('copies committed pages into the database file from its own thread, not in the commits', async () => {
    const { db, file, entry } = database();
    entry.stop = startWalCheckpointer(db, file, () => {});
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = fs.statSync(file).size;
    writeMegabytes(db, 4);
    // The commits leave the pages in the WAL; the thread moves them into the file.
    await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before + 3 * 1024 * 1024);
  });

  it('leaves an empty WAL when stopped', async () => {
    const { db, file } = database();
    const stop = startWalCheckpointer(db, file, () => {});
    writeMegabytes(db, 2);
    await stop();
    expect(fs.statSync(`${file}-wal`).size).toBe(0);
  });
});
