import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { is, Param, Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { sqliteTables } from '../../../db/schema';
import * as schema from '../../../db/schema.sqlite';
import type { Database, DB, Dialect, Readiness } from '../database/dialect';
import { processKeyedLock } from '../database/keyed-lock';
import { RUN_PREPARED_SELECT, type PreparedSelectRunner } from '../database/prepared';
import { processSignals } from '../database/signals';
import { sqliteConversationMatcher } from './conversation-search';
import { sqliteRankedPassages } from './passage-search';
import { createTransactionGate, type GateConnection } from './transaction-gate';
import { createTurnSnapshot } from './turn-snapshot';

/** Statements kept compiled; a query builder's SQL text names one (an IN list of each length is its own). */
const STATEMENT_CACHE_SIZE = 500;

/** SQLite's dialect, with the raw connection for what only SQLite has (tests, tools that own the file). */
export interface SqliteDialect extends Dialect {
  readonly name: 'sqlite';
  /** The raw connection, outside the transaction gate (the turn's read snapshot ends when it is taken). */
  readonly client: Sqlite.Database;
  /** Runs `use` on the raw connection behind the transaction gate. */
  raw<T>(use: (client: Sqlite.Database) => T): Promise<T>;
}

const TRAILING_LIMIT = / limit \?( offset \?)?$/;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** Where a query's trailing `limit ?` (and `offset ?`) starts, and how many parameters they take. */
interface TrailingLimits {
  at: number;
  count: 0 | 1 | 2;
}

function trailingLimits(sql: string): TrailingLimits {
  const m = TRAILING_LIMIT.exec(sql);
  return m ? { at: m.index, count: m[1] ? 2 : 1 } : { at: -1, count: 0 };
}

/** The bound limits of `params` when both are whole numbers, else undefined. */
function limitValues(params: unknown[], { count }: TrailingLimits): number[] | undefined {
  if (count === 0 || params.length < count) return undefined;
  const tail = params.slice(params.length - count);
  return tail.every(isCount) ? tail : undefined;
}

const writeLimits = (sql: string, { at }: TrailingLimits, [limit, offset]: number[]) =>
  `${sql.slice(0, at)} limit ${limit}${offset === undefined ? '' : ` offset ${offset}`}`;

/**
 * Writes a query's trailing `limit ?` (and `offset ?`) as numbers. SQLite prepares a statement
 * again whenever a parameter it could plan by is bound, and a bound LIMIT is one: the session
 * lookup took ten times as long with `limit ?` as with `limit 1` (decision 042). Drizzle binds every limit.
 */
export function limitInline(sql: string, params: unknown[]): { sql: string; params: unknown[] } {
  const limits = trailingLimits(sql);
  const values = limitValues(params, limits);
  if (!values) return { sql, params };
  return { sql: writeLimits(sql, limits, values), params: params.slice(0, params.length - limits.count) };
}

/** How one parameter of a built query is bound: a value as it is, a placeholder (encoded by its column) from the call's values. */
function binderOf(param: unknown): (values: Record<string, unknown>) => unknown {
  const placeholder = is(param, Placeholder) ? param : is(param, Param) && is(param.value, Placeholder) ? param.value : null;
  if (!placeholder) return () => param;
  const encoder = is(param, Param) ? param.encoder : null;
  return (values) => {
    if (!(placeholder.name in values)) throw new Error(`No value for placeholder "${placeholder.name}" was provided`);
    const value = values[placeholder.name];
    return encoder ? encoder.mapToDriverValue(value) : value;
  };
}

let newestMigration: number | undefined;

/** Opens (creating if needed) the SQLite file, sets the pragmas and applies the migrations in `migrationsFolder`. */
export function openSqlite(file: string, migrationsFolder: string): Database<SqliteDialect> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  migrate(drizzleSync(sqlite, { casing: 'snake_case' }), { migrationsFolder });

  const connection: GateConnection = { exec: (sql) => sqlite.exec(sql), inTransaction: () => sqlite.inTransaction };
  const snapshot = createTurnSnapshot(connection);
  // The gate's BEGIN IMMEDIATE, savepoints and ends: a transaction is never opened inside the snapshot.
  const gate = createTransactionGate({
    exec: (sql) => {
      snapshot.end();
      sqlite.exec(sql);
    },
    inTransaction: connection.inTransaction,
  });

  // Readers are put in raw mode once, as sqlite-proxy wants rows as arrays of column values. A hit
  // only marks its statement used; a full cache drops the oldest one not used since it was last
  // passed over (second chance), so a hit costs no reordering.
  const statements = new Map<string, { stmt: Sqlite.Statement; used: boolean }>();
  const evictOne = () => {
    for (const [sql, entry] of statements) {
      statements.delete(sql);
      if (!entry.used) return;
      entry.used = false;
      statements.set(sql, entry);
    }
  };
  const statement = (sql: string): Sqlite.Statement => {
    const hit = statements.get(sql);
    if (hit) {
      hit.used = true;
      return hit.stmt;
    }
    const stmt = sqlite.prepare(sql);
    if (stmt.reader) stmt.raw(true);
    if (statements.size >= STATEMENT_CACHE_SIZE) evictOne();
    statements.set(sql, { stmt, used: false });
    return stmt;
  };

  // A query's text with its limits written in, the same string each time, so the statement cache
  // finds it without hashing a new one (the texts are the builders' own, bounded by the cache above).
  // Where a text's bound limits are is worked out once per text, not matched again on each call.
  const shapes = new Map<string, TrailingLimits & { written: Map<string, string> }>();
  const withLimits = (text: string, values: unknown[]) => {
    let shape = shapes.get(text);
    if (!shape) {
      if (shapes.size >= STATEMENT_CACHE_SIZE) shapes.clear();
      shapes.set(text, (shape = { ...trailingLimits(text), written: new Map() }));
    }
    const limits = limitValues(values, shape);
    if (!limits) return { sql: text, params: values };
    const key = limits.join(',');
    let sql = shape.written.get(key);
    if (sql === undefined) {
      if (shape.written.size >= STATEMENT_CACHE_SIZE) shape.written.clear();
      shape.written.set(key, (sql = writeLimits(text, shape, limits)));
    }
    return { sql, params: values.slice(0, values.length - shape.count) };
  };

  // sqlite-proxy's contract: rows as arrays of column values; for `get`, the one row itself.
  const execute = (text: string, values: unknown[], method: 'run' | 'all' | 'values' | 'get') => {
    const { sql, params } = withLimits(text, values);
    const stmt = statement(sql);
    if (stmt.readonly) snapshot.beforeRead();
    else snapshot.end();
    if (method === 'run' || !stmt.reader) {
      stmt.run(...params);
      return { rows: [] };
    }
    return { rows: method === 'get' ? (stmt.get(...params) as unknown[]) : (stmt.all(...params) as unknown[][]) };
  };

  // A prepared select with its limits written in gets a statement of its own, bound straight from
  // the placeholder values: no text to look up, no promise but the one returned. A limit bound
  // from a placeholder stays with `execute` above, which writes each value in (decision 042).
  const runPreparedSelect: PreparedSelectRunner = (query, mapRows) => {
    const { sql: text, params } = limitInline(query.sql, query.params);
    if (trailingLimits(text).count > 0) return null;
    const stmt = sqlite.prepare(text);
    if (!stmt.reader || !stmt.readonly) return null;
    stmt.raw(true);
    const binders = params.map(binderOf);
    return (placeholders = {}) => {
      try {
        const args = binders.map((bind) => bind(placeholders));
        const rows = gate.run(() => {
          snapshot.beforeRead();
          return stmt.all(...args) as unknown[][];
        });
        return rows instanceof Promise ? rows.then(mapRows) : Promise.resolve(mapRows(rows));
      } catch (e) {
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
  };
  const client = Object.assign(
    async (sql: string, params: unknown[], method: 'run' | 'all' | 'values' | 'get') => gate.run(() => execute(sql, params, method)),
    { [RUN_PREPARED_SELECT]: runPreparedSelect },
  );

  // The batch callback is passed only because sqlite-proxy reads `casing` from the third argument.
  const builders = drizzle(client, async (queries) => gate.run(() => queries.map((q) => execute(q.sql, q.params, q.method))), {
    schema,
    casing: 'snake_case',
  });
  // Queries made through `db` inside the body are the transaction's: the gate runs them in turn.
  const db: DB = Object.assign(builders, {
    transaction: <T>(body: (tx: DB) => Promise<T>) => gate.transaction(() => body(db)),
    tables: sqliteTables,
    executor: builders,
  });
  const raw = async <T>(use: (client: Sqlite.Database) => T): Promise<T> =>
    gate.run(() => {
      snapshot.end();
      return use(sqlite);
    });

  const dialect: SqliteDialect = {
    name: 'sqlite',
    get client() {
      snapshot.end();
      return sqlite;
    },
    raw,
    conversations: sqliteConversationMatcher(sqlite, raw),
    rankPassages: sqliteRankedPassages(sqlite, raw),
    // One process serves a SQLite file, so its signals stay in it.
    signals: () => processSignals(),
    readiness: () => readiness(raw, migrationsFolder),
    ping: async () => {
      await gate.run(() => statement('SELECT 1').get());
    },
    lock: processKeyedLock(),
    // SQLite's transactions begin IMMEDIATE, holding the database's write lock: they already run one at a time.
    lockRateLimitKeys: async () => {},
    close: async () => {
      snapshot.end();
      statements.clear();
      shapes.clear();
      sqlite.close();
    },
  };
  return { db, dialect };
}

/**
 * The migrations run when the file opens, so this fails only when the file is gone or broken, or
 * another process's older build opened it.
 */
async function readiness(raw: SqliteDialect['raw'], migrationsFolder: string): Promise<Readiness> {
  newestMigration ??= Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  try {
    const applied = await raw(
      (sqlite) => sqlite.prepare('SELECT max(created_at) AS newest FROM __drizzle_migrations').get() as { newest: number | null },
    );
    if (applied.newest === null || Number(applied.newest) < newestMigration)
      return { ready: false, reason: 'database migrations are pending' };
    return { ready: true };
  } catch (e) {
    return { ready: false, reason: 'the database cannot be reached', detail: (e as Error).message };
  }
}
