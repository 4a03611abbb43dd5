import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { asc, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { promoCodes } from '../../../db/schema.sqlite';
import { prepared } from '../database/prepared';
import { openDatabase } from '../db';
import { createTurnSnapshot } from './turn-snapshot';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("a turn's reads share one snapshot", () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  /** The app's connection, and another process's: a connection of its own on the same file that never waits for a lock. */
  const open = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-snapshot-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'app.db');
    const { db, dialect } = openDatabase(file);
    const other = new Sqlite(file, { timeout: 0 });
    cleanups.push(() => void dialect.close());
    cleanups.push(() => other.close());
    const codes = async () => (await db.select({ code: promoCodes.code }).from(promoCodes).orderBy(asc(promoCodes.id))).map((r) => r.code);
    const addElsewhere = (code: string) =>
      other.prepare('INSERT INTO promo_codes (code, percent_off, created_at) VALUES (?, 10, 0)').run(code);
    return { db, dialect, other, codes, addElsewhere };
  };

  it("sees another process's commit from the next turn on, through built and prepared queries alike", async () => {
    const { db, codes, addElsewhere } = open();
    await db.insert(promoCodes).values({ code: 'A', percentOff: 10, createdAt: new Date(0) });
    const preparedCodes = prepared(db.select({ n: sql<number>`count(*)` }).from(promoCodes), 'test_count_codes');

    expect(await codes()).toEqual(['A']);
    addElsewhere('B');
    expect(await codes()).toEqual(['A']);
    expect(await preparedCodes.execute()).toEqual([{ n: 1 }]);

    await nextTurn();
    expect(await preparedCodes.execute()).toEqual([{ n: 2 }]);
    expect(await codes()).toEqual(['A', 'B']);
  });

  it('ends before this process writes, so the next read sees the write and everything committed before it', async () => {
    const { db, codes, addElsewhere } = open();
    expect(await codes()).toEqual([]);
    addElsewhere('B');
    await db.insert(promoCodes).values({ code: 'C', percentOff: 10, createdAt: new Date(0) });
    expect(await codes()).toEqual(['B', 'C']);
  });

  it('ends before a transaction begins, which then works on the latest rows', async () => {
    const { db, codes, addElsewhere } = open();
    expect(await codes()).toEqual([]);
    addElsewhere('B');
    const inside = await db.transaction(async (tx) => {
      await tx.insert(promoCodes).values({ code: 'C', percentOff: 10, createdAt: new Date(0) });
      return (await tx.select({ code: promoCodes.code }).from(promoCodes).orderBy(asc(promoCodes.id))).map((r) => r.code);
    });
    expect(inside).toEqual(['B', 'C']);
    expect(await codes()).toEqual(['B', 'C']);
  });

  it('ends before raw use of the connection', async () => {
    const { dialect, codes, addElsewhere } = open();
    expect(await codes()).toEqual([]);
    addElsewhere('B');
    expect(await dialect.raw((c) => c.prepare('SELECT count(*) FROM promo_codes').pluck().get())).toBe(1);
    expect(await codes()).toEqual(['B']);
    addElsewhere('C');
    expect(dialect.client.prepare('SELECT count(*) FROM promo_codes').pluck().get()).toBe(2);
  });

  it("lets go of the read lock when the turn ends, so another process's checkpoint can finish", async () => {
    const { codes, other, addElsewhere } = open();
    addElsewhere('A');
    expect(await codes()).toEqual(['A']);
    addElsewhere('B');
    const truncate = () => other.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number };
    expect(truncate().busy).toBe(1);
    await nextTurn();
    expect(truncate().busy).toBe(0);
  });
});

describe('createTurnSnapshot', () => {
  const fakeConnection = () => {
    const ran: string[] = [];
    let inTransaction = false;
    return {
      ran,
      connection: {
        exec(sql: string) {
          ran.push(sql);
          inTransaction = sql === 'BEGIN' || sql === 'BEGIN IMMEDIATE';
        },
        inTransaction: () => inTransaction,
        openElsewhere: () => (inTransaction = true),
      },
    };
  };

  it('opens once per turn, closes at its end, and can be ended early', () => {
    const { ran, connection } = fakeConnection();
    const ends: Array<() => void> = [];
    const snapshot = createTurnSnapshot(connection, (close) => ends.push(close));
    snapshot.beforeRead();
    snapshot.beforeRead();
    expect(ran).toEqual(['BEGIN']);
    snapshot.end();
    expect(ran).toEqual(['BEGIN', 'COMMIT']);
    snapshot.beforeRead();
    for (const end of ends) end();
    expect(ran).toEqual(['BEGIN', 'COMMIT', 'BEGIN', 'COMMIT']);
    expect(snapshot.isOpen()).toBe(false);
  });

  it('never opens inside a transaction, nor ends one it did not open', () => {
    const { ran, connection } = fakeConnection();
    const snapshot = createTurnSnapshot(connection, () => {});
    connection.openElsewhere();
    snapshot.beforeRead();
    snapshot.end();
    expect(ran).toEqual([]);
  });
});
