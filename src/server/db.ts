import path from 'node:path';
import type { Config } from './config';
import { openPostgres } from './database/engine';
import { openSqlite, type SqliteDatabase } from './database/sqlite';
import { SQLITE_MIGRATIONS_FOLDER } from './migrations';

/**
 * What services, routers and tools are given: Drizzle's query builders, used only in the form both
 * SQLite and PostgreSQL share (awaited; `.limit(1)` then `[0]`; `.returning()`; `db.transaction(async
 * (tx) => ...)`), plus the dialect's hooks. See docs/decisions/022-async-data-layer.md.
 */
export type DB = SqliteDatabase;

/** The database the configuration names: PostgreSQL at DATABASE_URL, else the SQLite file in DATA_DIR; migrated. */
export async function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, onError?: (e: Error) => void): Promise<DB> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, onError);
  return openDatabase(path.join(config.dataDir, 'app.db'));
}

/** Opens (creating if needed) the SQLite file, sets the pragmas and applies migrations. */
export function openDatabase(file: string): DB {
  return openSqlite(file, SQLITE_MIGRATIONS_FOLDER);
}
