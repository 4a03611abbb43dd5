import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LockTimeoutError } from '../database/keyed-lock';
import { connectPostgres, type PostgresDatabase } from './connect';
import { postgresForTests, type PostgresForTests } from './test-support';

const setup = await postgresForTests();
const pg = 'unavailable' in setup ? undefined : (setup as PostgresForTests);
afterAll(() => pg?.stop());

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Connection errors the processes reported (their log's "PostgreSQL connection lost"). */
const reported: string[] = [];

/** Two Copydesk processes on one database: each its own pools, as two servers behind a load balancer. */
async function twoProcesses(): Promise<[PostgresDatabase, PostgresDatabase]> {
  const { url, drop } = await pg!.freshDatabase();
  reported.length = 0;
  const [first, second] = await Promise.all(
    [1, 2].map(() => connectPostgres({ url, poolSize: 2, migrate: false, onError: (e) => void reported.push(e.message) })),
  );
  cleanups.push(
    drop,
    () => first!.$close(),
    () => second!.$close(),
  );
  return [first!, second!];
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const advisoryLocks = async (db: PostgresDatabase) =>
  (
    await db.execute<{ granted: boolean; pid: number }>(sql`SELECT granted, pid FROM pg_locks
      WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY granted DESC`)
  ).rows;

/** Until PostgreSQL shows a session waiting for an advisory lock: the other process has asked and is blocked. */
async function someoneWaits(db: PostgresDatabase): Promise<void> {
  while (!(await advisoryLocks(db)).some((l) => !l.granted)) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.skipIf(!pg)("PostgreSQL's keyed lock, shared by every process on the database", () => {
  it("serialises one key across two processes; another key does not wait; the lock is free again when the holder's body ends", async () => {
    const [one, two] = await twoProcesses();
    const steps: string[] = [];
    const holding = gate();
    const entered = gate();
    const a = one.$lock('billing:payer:7', async () => {
      steps.push('one in');
      entered.open();
      await holding.opened;
      steps.push('one out');
    });
    await entered.opened;
    const b = two.$lock('billing:payer:7', async () => void steps.push('two in'));
    await someoneWaits(one);
    await two.$lock('billing:payer:8', async () => void steps.push('two, another payer'));
    expect(steps).toEqual(['one in', 'two, another payer']);

    holding.open();
    await Promise.all([a, b]);
    expect(steps).toEqual(['one in', 'two, another payer', 'one out', 'two in']);
    expect(await advisoryLocks(one)).toEqual([]);
  });

  it('is released when the body throws, and the error reaches the caller', async () => {
    const [one, two] = await twoProcesses();
    await expect(
      one.$lock('billing:payer:7', async () => {
        throw new Error('Stripe said no');
      }),
    ).rejects.toThrow('Stripe said no');
    expect(await advisoryLocks(one)).toEqual([]);
    expect(await two.$lock('billing:payer:7', async () => 'taken at once', { timeoutMs: 1_000 })).toBe('taken at once');
  });

  it('a waiter gives up after its timeout without running its body, and the holder keeps the lock', async () => {
    const [one, two] = await twoProcesses();
    const holding = gate();
    const entered = gate();
    const a = one.$lock('billing:payer:7', async () => {
      entered.open();
      await holding.opened;
      return 'held to the end';
    });
    await entered.opened;
    let ran = false;
    await expect(two.$lock('billing:payer:7', async () => void (ran = true), { timeoutMs: 100 })).rejects.toBeInstanceOf(LockTimeoutError);
    expect(ran).toBe(false);
    expect((await advisoryLocks(one)).filter((l) => l.granted)).toHaveLength(1);
    holding.open();
    expect(await a).toBe('held to the end');
    // The connection that timed out went back to the pool and serves the next lock.
    expect(await two.$lock('billing:payer:7', async () => 'next', { timeoutMs: 1_000 })).toBe('next');
  });

  it("is released when the holder's connection dies (its process ended), and the holder's body still finishes", async () => {
    const [one, two] = await twoProcesses();
    const holding = gate();
    const entered = gate();
    const a = one.$lock('billing:payer:7', async () => {
      entered.open();
      await holding.opened;
      return 'finished';
    });
    await entered.opened;
    const [held] = await advisoryLocks(two);
    await two.execute(sql`SELECT pg_terminate_backend(${held!.pid})`);
    expect(await two.$lock('billing:payer:7', async () => 'taken', { timeoutMs: 5_000 })).toBe('taken');
    holding.open();
    expect(await a).toBe('finished');
    expect(reported.length).toBeGreaterThan(0);
  });
});
