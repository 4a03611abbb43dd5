import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../../db/schema.pg';
import type { Readiness } from '../database/dialect';
import type { KeyedLock } from '../database/keyed-lock';
import { PG_MIGRATIONS_FOLDER } from '../migrations';
import { advisoryKeyedLock } from './advisory-lock';

/** Connections per process unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** Any number will do, as long as every Copydesk process uses the same one for its migrations. */
const MIGRATION_LOCK = 0x636f7079;

/** Drizzle's PostgreSQL builders over the pool, for the PostgreSQL dialect's own queries and tests. */
export type PostgresDatabase = NodePgDatabase<typeof schema> & {
  $client: pg.Pool;
  /** Resolves when the database answers a query. */
  $ping(): Promise<void>;
  /** A lock every process on this database respects (database/keyed-lock.ts). */
  $lock: KeyedLock;
  /** The transaction whose body is running, or the database outside one. */
  $executor(): object;
  $close(): Promise<void>;
};

export interface PostgresOptions {
  url: string;
  /** The most connections this process opens. */
  poolSize?: number;
  /** How long to wait for a connection before a query fails. */
  connectTimeoutMs?: number;
  /** Apply db/migrations-pg before returning (default), as SQLite's openDatabase does. */
  migrate?: boolean;
  /** An idle connection's error (the server restarted, the network dropped); the pool replaces it. */
  onError?: (error: Error) => void;
}

// count(*) and other bigints arrive as strings by default; every bigint here is a count or an id
// far below 2^53, and services written for SQLite expect numbers. Drizzle's node-postgres driver
// reads pg's global parsers (it overrides only the date types), so the setting has to be global.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** The pool size from DATABASE_POOL_SIZE, else the default; a value that is not a positive whole number is refused. */
export function poolSizeFrom(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DATABASE_POOL_SIZE;
  if (raw === undefined || raw === '') return DEFAULT_POOL_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1) throw new Error(`DATABASE_POOL_SIZE must be a positive whole number, not "${raw}"`);
  return size;
}

/**
 * A pool of connections to the PostgreSQL at `url`, with Drizzle over db/schema.pg.ts (snake_case
 * columns), its migrations applied. Several processes may start at once: one applies the
 * migrations while the others wait on an advisory lock, then find nothing left to do.
 */
export async function connectPostgres(options: PostgresOptions): Promise<PostgresDatabase> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
  });
  // Without a listener, an idle connection's error would end the process.
  pool.on('error', options.onError ?? ((e) => console.error(`PostgreSQL connection lost: ${e.message}`)));
  try {
    if (options.migrate !== false) await applyMigrations(pool);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return postgresDatabase(pool);
}

type Transaction = Parameters<Parameters<NodePgDatabase<typeof schema>['transaction']>[0]>[0];

/** Idle lock connections close after this long: a process that takes no lock keeps none open. */
const LOCK_IDLE_MS = 10_000;

/**
 * Drizzle over `pool`, with the hooks every engine's database has; `close` runs after the pool has
 * ended. `$lock` holds its locks on connections of `lockPool` (by default one like `pool`, opened
 * at the first lock). Inside a transaction's body, queries made through `db` are the transaction's, and a
 * transaction begun there is a savepoint in it, as on SQLite (database/transaction-gate.ts): a rule
 * written once behaves the same on both engines, and a body cannot wait on a second connection
 * that waits on its locks.
 */
export function postgresDatabase(
  pool: pg.Pool,
  close?: () => Promise<void>,
  lockPool: () => pg.Pool = () => new pg.Pool({ ...pool.options, idleTimeoutMillis: LOCK_IDLE_MS }),
): PostgresDatabase {
  const base = drizzle(pool, { schema, casing: 'snake_case' });
  const begin = base.transaction.bind(base);
  const current = new AsyncLocalStorage<Transaction>();
  let closed: Promise<void> | undefined;
  let locks: pg.Pool | undefined;
  const hooks = {
    $client: pool,
    $ping: async () => {
      await pool.query('SELECT 1');
    },
    $lock: advisoryKeyedLock(() => {
      if (closed) throw new Error('the database is closed');
      if (!locks) {
        locks = lockPool();
        // An idle lock connection's error is the same news as the pool's; the pool replaces it.
        locks.on('error', (e) => pool.listenerCount('error') > 0 && pool.emit('error', e));
      }
      return locks;
    }),
    $close: () =>
      (closed ??= (async () => {
        await locks?.end();
        await pool.end();
        await close?.();
      })()),
    $executor: (): object => current.getStore() ?? base,
    transaction: <T>(body: (tx: PostgresDatabase) => Promise<T>): Promise<T> => {
      const open = current.getStore();
      const run = (tx: Transaction) => current.run(tx, () => body(db));
      return open ? open.transaction(run) : begin(run);
    },
  };
  const db: PostgresDatabase = new Proxy(Object.assign(base, hooks), {
    get(target, property) {
      if (Object.hasOwn(hooks, property)) return hooks[property as keyof typeof hooks];
      const source = current.getStore() ?? target;
      const value = Reflect.get(source, property, source) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
  return db;
}

async function applyMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: PG_MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

let newestMigration: number | undefined;

/**
 * For GET /readyz: the database answers within `timeoutMs`, and it holds every migration this
 * build knows (by the migrator's own rule: the newest applied is no older than the newest here).
 * A database migrated further by a newer build still counts as ready. `reason` is fit for a
 * response; `detail` (the driver's error) is for the log.
 */
export async function readiness(db: PostgresDatabase, { timeoutMs = 2_000 } = {}): Promise<Readiness> {
  newestMigration ??= Math.max(...readMigrationFiles({ migrationsFolder: PG_MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
  const expected = newestMigration;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: `the database did not answer within ${timeoutMs} ms` }), timeoutMs);
  });
  const check = (async (): Promise<Readiness> => {
    try {
      const table = await db.execute<{ present: boolean }>(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
      if (!table.rows[0]?.present) return { ready: false, reason: 'database migrations are pending' };
      const applied = await db.execute<{ newest: number | null }>(sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`);
      const last = applied.rows[0]?.newest;
      if (last === null || last === undefined || Number(last) < expected)
        return { ready: false, reason: 'database migrations are pending' };
      return { ready: true };
    } catch (e) {
      return { ready: false, reason: 'the database cannot be reached', detail: (e as Error).message };
    }
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
