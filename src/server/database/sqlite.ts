import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import * as schema from '../../../db/schema';
import { processKeyedLock, type KeyedLock } from './keyed-lock';
import { createTransactionGate } from './transaction-gate';

/** Statements kept compiled; a query builder's SQL text names one (an IN list of each length is its own). */
const STATEMENT_CACHE_SIZE = 500;

type ProxyDatabase = SqliteRemoteDatabase<typeof schema>;

/**
 * The services' database: Drizzle's async query builders (the API PostgreSQL's share) over one
 * better-sqlite3 connection, plus the few hooks a dialect must provide.
 */
export type SqliteDatabase = Omit<ProxyDatabase, 'transaction' | 'batch'> & {
  /** The engine behind the builders: SQLite here; PostgreSQL's database (postgres/connect.ts) says 'postgres'. */
  readonly $dialect: 'sqlite' | 'postgres';
  /**
   * The body awaits nothing but queries (mail, HTTP and timers go before or after). Queries made
   * through `db` or `tx` inside it are the transaction's; see transaction-gate.ts.
   */
  transaction<T>(body: (tx: SqliteDatabase) => Promise<T>): Promise<T>;
  /** The raw connection, outside the gate: for tests, benchmarks and tools that own the file. */
  readonly $client: Database.Database;
  /** Runs `use` on the raw connection behind the transaction gate (SQLite-only modules: full-text search). */
  $raw<T>(use: (client: Database.Database) => T): Promise<T>;
  /** Resolves when the database answers a query. */
  $ping(): Promise<void>;
  /** A lock every process on this database respects: here the one process's (database/keyed-lock.ts). */
  $lock: KeyedLock;
  $close(): Promise<void>;
};

/** Opens (creating if needed) the SQLite file, sets the pragmas and applies the migrations in `migrationsFolder`. */
export function openSqlite(file: string, migrationsFolder: string): SqliteDatabase {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  migrate(drizzleSync(sqlite, { casing: 'snake_case' }), { migrationsFolder });

  const gate = createTransactionGate({ exec: (sql) => sqlite.exec(sql), inTransaction: () => sqlite.inTransaction });

  const statements = new Map<string, Database.Statement>();
  const statement = (sql: string): Database.Statement => {
    let stmt = statements.get(sql);
    if (stmt) {
      // Most recently used last, so the first key is the one to drop.
      statements.delete(sql);
    } else {
      stmt = sqlite.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, stmt);
    return stmt;
  };

  // sqlite-proxy's contract: rows as arrays of column values; for `get`, the one row itself.
  const execute = (sql: string, params: unknown[], method: 'run' | 'all' | 'values' | 'get') => {
    const stmt = statement(sql);
    if (method === 'run' || !stmt.reader) {
      stmt.run(...params);
      return { rows: [] };
    }
    stmt.raw(true);
    return { rows: method === 'get' ? (stmt.get(...params) as unknown[]) : (stmt.all(...params) as unknown[][]) };
  };

  // The batch callback is passed only because sqlite-proxy reads `casing` from the third argument.
  const proxy = drizzle(
    async (sql, params, method) => gate.run(() => execute(sql, params, method)),
    async (queries) => gate.run(() => queries.map((q) => execute(q.sql, q.params, q.method))),
    { schema, casing: 'snake_case' },
  );
  const db = proxy as unknown as SqliteDatabase;
  const hooks: Pick<SqliteDatabase, '$dialect' | 'transaction' | '$client' | '$raw' | '$ping' | '$lock' | '$close'> = {
    $dialect: 'sqlite',
    transaction: (body) => gate.transaction(() => body(db)),
    $client: sqlite,
    $raw: async (use) => gate.run(() => use(sqlite)),
    $ping: async () => {
      await gate.run(() => statement('SELECT 1').get());
    },
    $lock: processKeyedLock(),
    $close: async () => {
      statements.clear();
      sqlite.close();
    },
  };
  return Object.assign(proxy, hooks) as unknown as SqliteDatabase;
}
