import path from 'node:path';
import type { Config } from './config';
import type { Database } from './database/dialect';
import { SQLITE_MIGRATIONS_FOLDER } from './migrations';
import { connectPostgres, poolSizeFrom } from './postgres/connect';
import { postgresDialect, type PostgresDialect } from './postgres/dialect';
import { openSqlite, type SqliteDialect } from './sqlite/database';

export type { DB, Database, Dialect } from './database/dialect';
export type { SqliteDialect, PostgresDialect };

/** A database of either engine, its dialect told apart by `name`. */
export type OpenedDatabase = Database<SqliteDialect | PostgresDialect>;

/** The database the configuration names: PostgreSQL at DATABASE_URL (DATABASE_POOL_SIZE connections), else the SQLite file in DATA_DIR; migrated. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  onError?: (e: Error) => void,
): Promise<OpenedDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, onError);
  return openDatabase(path.join(config.dataDir, 'app.db'));
}

/** The PostgreSQL at `url`, migrated. */
export async function openPostgres(url: string, onError?: (e: Error) => void): Promise<Database<PostgresDialect>> {
  const database = await connectPostgres({ url, poolSize: poolSizeFrom(), onError });
  return postgresDialect(database);
}

/** Opens (creating if needed) the SQLite file, sets the pragmas and applies migrations. */
export function openDatabase(file: string): Database<SqliteDialect> {
  return openSqlite(file, SQLITE_MIGRATIONS_FOLDER);
}
