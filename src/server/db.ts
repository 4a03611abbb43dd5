import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite, type SqliteDatabase } from './database/sqlite';

// Resolved here, two folders below the repository as the server bundle is too.
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/**
 * What services, routers and tools are given: Drizzle's query builders, used only in the form both
 * SQLite and PostgreSQL share (awaited; `.limit(1)` then `[0]`; `.returning()`; `db.transaction(async
 * (tx) => ...)`), plus the dialect's hooks. See docs/decisions/020-async-data-layer.md.
 */
export type DB = SqliteDatabase;

/** Opens (creating if needed) the SQLite file, sets the pragmas and applies migrations. */
export function openDatabase(file: string): DB {
  return openSqlite(file, migrationsFolder);
}
