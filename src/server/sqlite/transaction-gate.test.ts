import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteTables } from '../../../db/schema';
import { openDatabase, type DB, type Database, type SqliteDialect } from '../db';

let dir: string;
let opened: Database<SqliteDialect>;
let db: DB;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-gate-'));
  opened = openDatabase(path.join(dir, 'app.db'));
  db = opened.db;
});

afterEach(async () => {
  await opened.dialect.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const { promoCodes } = sqliteTables;
const add = (d: DB, code: string) => d.insert(promoCodes).values({ code, percentOff: 10, createdAt: new Date(0) });
const codes = async () => (await db.select({ code: promoCodes.code }).from(promoCodes).orderBy(asc(promoCodes.id))).map((r) => r.code);

/** A promise and the function that settles it, to hold a transaction open while another flow acts. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Lets every pending callback run, so a statement that was going to run has run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

class Refused extends Error {}

describe('transactions over the one SQLite connection', () => {
  it('commits the body’s writes, and a throw in the body rolls all of them back', async () => {
    await db.transaction(async (tx) => {
      await add(tx, 'KEPT-1');
      await add(tx, 'KEPT-2');
    });
    await expect(
      db.transaction(async (tx) => {
        await add(tx, 'GONE-1');
        await add(db, 'GONE-2');
        throw new Refused('no');
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await codes()).toEqual(['KEPT-1', 'KEPT-2']);
  });

  it('keeps another flow’s write out of an open transaction: it waits, lands after, and survives the rollback', async () => {
    const inside = latch();
    const finish = latch();
    const order: string[] = [];
    const failing = db
      .transaction(async (tx) => {
        await add(tx, 'INSIDE');
        inside.open();
        await finish.opened;
        order.push('transaction over');
        throw new Refused('rolled back');
      })
      .catch((e: unknown) => e);

    await inside.opened;
    const outside = add(db, 'OUTSIDE').then(() => order.push('outside write done'));
    const outsideRead = db.select({ code: promoCodes.code }).from(promoCodes);
    await settle();
    expect(order).toEqual([]);

    finish.open();
    expect(await failing).toBeInstanceOf(Refused);
    await outside;
    expect(order).toEqual(['transaction over', 'outside write done']);
    // The read waited too: it never saw the transaction's uncommitted row.
    expect((await outsideRead).map((r) => r.code)).toEqual(['OUTSIDE']);
    expect(await codes()).toEqual(['OUTSIDE']);
  });

  it('runs a transaction called inside one as a savepoint: its rollback undoes only its own writes', async () => {
    await db.transaction(async (tx) => {
      await add(tx, 'OUTER-1');
      const inner = await tx
        .transaction(async (inner) => {
          await add(inner, 'INNER');
          throw new Refused('inner');
        })
        .catch((e: unknown) => e);
      expect(inner).toBeInstanceOf(Refused);
      // A service that calls db.transaction itself, unaware of the caller's, joins it too.
      await db.transaction(async (again) => add(again, 'NESTED-OK'));
      await add(tx, 'OUTER-2');
    });
    expect(await codes()).toEqual(['OUTER-1', 'NESTED-OK', 'OUTER-2']);

    await expect(
      db.transaction(async (tx) => {
        await tx.transaction(async (inner) => add(inner, 'COMMITTED-INNER'));
        throw new Refused('outer');
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await codes()).toEqual(['OUTER-1', 'NESTED-OK', 'OUTER-2']);
  });

  it('serialises transactions started at once: each reads what the one before committed', async () => {
    const order: string[] = [];
    // Read, yield, write: interleaved, both would read the same count and collide on the code.
    const bump = (name: string) =>
      db.transaction(async (tx) => {
        order.push(`${name} begins`);
        const n = (await tx.select({ id: promoCodes.id }).from(promoCodes)).length;
        await settle();
        await add(tx, `CODE-${n}`);
        order.push(`${name} ends`);
      });
    await Promise.all([bump('first'), bump('second'), bump('third')]);
    expect(order).toEqual(['first begins', 'first ends', 'second begins', 'second ends', 'third begins', 'third ends']);
    expect(await codes()).toEqual(['CODE-0', 'CODE-1', 'CODE-2']);
  });

  it('lets the next transaction in after one fails to commit its body', async () => {
    await add(db, 'TAKEN');
    const duplicate = db.transaction(async (tx) => add(tx, 'TAKEN')).catch((e: unknown) => e);
    const next = db.transaction(async (tx) => add(tx, 'NEXT'));
    expect(await duplicate).toMatchObject({ cause: { code: 'SQLITE_CONSTRAINT_UNIQUE' } });
    await next;
    expect(await codes()).toEqual(['TAKEN', 'NEXT']);
  });
});
