import { readMigrationFiles } from 'drizzle-orm/migrator';
import { useEngine } from '../../../db/schema';
import type { DB } from '../db';
import { SQLITE_MIGRATIONS_FOLDER } from '../migrations';
import { connectPostgres, poolSizeFrom, readiness as postgresReadiness, type PostgresDatabase, type Readiness } from '../postgres/connect';
import { postgresConversationMatcher, postgresRankedPassages } from '../postgres/search';
import { postgresSignals, type PostgresSignalsOptions } from '../postgres/signals';
import type { ConversationMatcher } from '../services/chat/search';
import { sqliteConversationMatcher } from '../services/chat/search-sqlite';
import type { PassageRanker } from '../services/documents/search';
import { sqliteRankedPassages } from '../services/documents/search-sqlite';
import { processSignals, type Signals } from './signals';

/**
 * PostgreSQL's database as the services see it. Services are typed against SQLite's builders;
 * PostgreSQL's take the same calls (decision 022) and bind the same table names (decision 021).
 */
export function asServiceDatabase(db: PostgresDatabase): DB {
  useEngine('postgres');
  return db as unknown as DB;
}

/** The PostgreSQL at `url`, migrated, with DATABASE_POOL_SIZE connections. */
export async function openPostgres(url: string, onError?: (e: Error) => void): Promise<DB> {
  return asServiceDatabase(await connectPostgres({ url, poolSize: poolSizeFrom(), onError }));
}

/** The sidebar search's lookups for the database's engine. */
export function conversationMatcher(db: DB): ConversationMatcher {
  return db.$dialect === 'postgres' ? postgresConversationMatcher(db as unknown as PostgresDatabase) : sqliteConversationMatcher(db);
}

/** Document retrieval's ranking for the database's engine. */
export function passageRanker(db: DB): PassageRanker {
  return db.$dialect === 'postgres' ? postgresRankedPassages : sqliteRankedPassages;
}

/** Signals heard by every process on the database: NOTIFY on PostgreSQL, the one process on SQLite. */
export function databaseSignals<T>(db: DB, o: PostgresSignalsOptions<T>): Signals<T> {
  return db.$dialect === 'postgres' ? postgresSignals((db as unknown as PostgresDatabase).$client, o) : processSignals<T>();
}

let newestSqliteMigration: number | undefined;

/**
 * For GET /readyz: the database answers and holds every migration this build knows. On SQLite
 * the migrations run when the file opens, so this fails only when the file is gone or broken, or
 * another process's older build opened it.
 */
export async function databaseReadiness(db: DB): Promise<Readiness> {
  if (db.$dialect === 'postgres') return postgresReadiness(db as unknown as PostgresDatabase);
  newestSqliteMigration ??= Math.max(...readMigrationFiles({ migrationsFolder: SQLITE_MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
  try {
    const applied = await db.$raw(
      (sqlite) => sqlite.prepare('SELECT max(created_at) AS newest FROM __drizzle_migrations').get() as { newest: number | null },
    );
    if (applied.newest === null || Number(applied.newest) < newestSqliteMigration)
      return { ready: false, reason: 'database migrations are pending' };
    return { ready: true };
  } catch (e) {
    return { ready: false, reason: 'the database cannot be reached', detail: (e as Error).message };
  }
}
