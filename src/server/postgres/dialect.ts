import pg from 'pg';
import { postgresTables } from '../../../db/schema';
import type { Database, DB, Dialect } from '../database/dialect';
import { readiness, type PostgresDatabase } from './connect';
import { lockRateLimitKeys } from './rate-limit-lock';
import { postgresConversationMatcher, rankedPassages } from './search';
import { postgresSignals } from './signals';

/** PostgreSQL's dialect, with its own builders and pool for what only PostgreSQL has (tests, tools). */
export interface PostgresDialect extends Dialect {
  readonly name: 'postgres';
  /** Drizzle's PostgreSQL builders, the same connections `db` uses. */
  readonly database: PostgresDatabase;
  readonly pool: pg.Pool;
}

/**
 * The services' view of PostgreSQL's builders. Services are written once against SQLite's builder
 * types (decision 022), and PostgreSQL's builders take the same calls and give rows of the same
 * types (schema-parity.test.ts); the whole suite runs on both engines to hold them to it.
 * TypeScript cannot compare two dialects' builder classes, so this view is the one place the
 * engines' types meet: a forwarding object that claims the shared type (decision 042). Its
 * `tables` are PostgreSQL's declarations, claimed as SQLite's the same way (decision 044).
 */
function sharedBuilders(database: PostgresDatabase): DB {
  const transaction = <T>(body: (tx: DB) => Promise<T>): Promise<T> => database.transaction(() => body(shared));
  const shared: DB = new Proxy({} as DB, {
    get: (_target, property) =>
      property === 'transaction'
        ? transaction
        : property === 'tables'
          ? postgresTables
          : property === 'executor'
            ? database.$executor()
            : Reflect.get(database, property),
  });
  return shared;
}

/** The database's builders and PostgreSQL's dialect over them. */
export function postgresDialect(database: PostgresDatabase): Database<PostgresDialect> {
  const dialect: PostgresDialect = {
    name: 'postgres',
    database,
    pool: database.$client,
    conversations: postgresConversationMatcher(database),
    rankPassages: (query) => rankedPassages(database, query),
    signals: (options) => postgresSignals(database.$client, options),
    readiness: () => readiness(database),
    ping: () => database.$ping(),
    lock: database.$lock,
    // Inside a transaction's body, `database` is that transaction (postgres/connect.ts).
    lockRateLimitKeys: (_tx, keys) => lockRateLimitKeys(database, keys),
    close: () => database.$close(),
  };
  return { db: sharedBuilders(database), dialect };
}
