import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { processSignals, type Signals } from '../database/signals';
import { connectPostgres } from './connect';
import { postgresSignals } from './signals';
import { postgresForTests, type PostgresForTests } from './test-support';

const setup = await postgresForTests();
const pg = 'unavailable' in setup ? undefined : (setup as PostgresForTests);
afterAll(() => pg?.stop());

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Stop {
  conversationId: number;
}
const parse = (raw: unknown): Stop | null =>
  typeof raw === 'object' && raw !== null && Number.isSafeInteger((raw as Stop).conversationId) ? (raw as Stop) : null;

/** Collects what a listener hears, and waits until it has heard `count` messages. */
function recorder<T>(signals: Signals<T>) {
  const heard: T[] = [];
  const waiters: Array<() => void> = [];
  signals.listen((m) => {
    heard.push(m);
    waiters.splice(0).forEach((w) => w());
  });
  return {
    heard,
    async until(count: number) {
      const deadline = Date.now() + 10_000;
      while (heard.length < count) {
        if (Date.now() > deadline) throw new Error(`heard ${heard.length} of ${count}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

describe('signals in one process (SQLite)', () => {
  it('reach every listener at once, and none after it stops listening', async () => {
    const signals = processSignals<Stop>();
    const a = recorder(signals);
    const heardByB: Stop[] = [];
    const stopB = signals.listen((m) => heardByB.push(m));
    await signals.send({ conversationId: 1 });
    stopB();
    await signals.send({ conversationId: 2 });
    expect(a.heard).toEqual([{ conversationId: 1 }, { conversationId: 2 }]);
    expect(heardByB).toEqual([{ conversationId: 1 }]);
  });
});

describe.skipIf(!pg)('signals between processes on one PostgreSQL', () => {
  async function fresh() {
    const database = await pg!.freshDatabase();
    cleanups.push(database.drop);
    return database;
  }

  /** One process's view: its own pool, and its signals over it. */
  async function instance(url: string, logs: string[] = []) {
    const db = await connectPostgres({ url, poolSize: 2, migrate: false });
    const signals = postgresSignals<Stop>(db.$client, { channel: 'copydesk_test_stop', parse, log: (l) => logs.push(l) });
    cleanups.push(() => db.$close());
    cleanups.push(() => signals.close());
    return { db, signals };
  }

  /** Until the instance's listening connection is in place (it connects in the background). */
  async function listening(db: Awaited<ReturnType<typeof instance>>['db'], count: number) {
    for (let i = 0; i < 200; i++) {
      const { rows } = await db.$client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'",
      );
      if (rows[0]!.n >= count) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the listening connections never came up');
  }

  it('a message sent on one instance reaches the other, and its sender once', async () => {
    const { url } = await fresh();
    const a = await instance(url);
    const b = await instance(url);
    await listening(a.db, 2);
    const heardByA = recorder(a.signals);
    const heardByB = recorder(b.signals);

    await a.signals.send({ conversationId: 7 });
    await heardByB.until(1);
    await b.signals.send({ conversationId: 8 });
    await heardByA.until(2);
    await heardByB.until(2);
    // a round trip more, so a second copy of anything would have arrived
    await a.signals.send({ conversationId: 9 });
    await heardByB.until(3);
    expect(heardByA.heard).toEqual([{ conversationId: 7 }, { conversationId: 8 }, { conversationId: 9 }]);
    expect(heardByB.heard).toEqual([{ conversationId: 7 }, { conversationId: 8 }, { conversationId: 9 }]);
  });

  it('drops what it cannot read, and listens again after its connection is cut', async () => {
    const { url } = await fresh();
    const logs: string[] = [];
    const a = await instance(url, logs);
    const b = await instance(url);
    await listening(a.db, 2);
    const heardByA = recorder(a.signals);

    await b.db.$client.query("SELECT pg_notify('copydesk_test_stop', 'not json')");
    await b.db.$client.query(`SELECT pg_notify('copydesk_test_stop', '{"from":"elsewhere","message":{"conversationId":"x"}}')`);
    await b.db.$client.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()",
    );
    for (let i = 0; i < 200 && !logs.some((l) => l.startsWith('signals: listening on copydesk_test_stop stopped')); i++)
      await new Promise((r) => setTimeout(r, 25));
    await listening(a.db, 2);
    await b.signals.send({ conversationId: 3 });
    await heardByA.until(1);
    expect(heardByA.heard).toEqual([{ conversationId: 3 }]);
    expect(logs.some((l) => l.startsWith('signals: listening on copydesk_test_stop stopped'))).toBe(true);
  });
});
