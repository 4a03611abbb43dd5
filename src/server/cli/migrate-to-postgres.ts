import fs from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import * as lite from '../../../db/schema.sqlite';
import { connectPostgres, type PostgresDatabase } from '../postgres/connect';
import {
  copyTables,
  nulCharacters,
  rowsPostgresWouldRefuse,
  targetContents,
  type CopyResult,
  type SqliteSource,
  type TableCheck,
} from '../postgres/copy-from-sqlite';
import { SQLITE_MIGRATIONS_FOLDER } from '../migrations';
import { flags } from './args';
import type { Command } from './commands';

const USAGE = 'Usage: npm run cli -- migrate-to-postgres --from data/app.db --to postgres://user:password@host:5432/copydesk';

const PROGRESS_EVERY_MS = 10_000;

/** A reason not to go on, said to the user as it is. */
class Refusal extends Error {}

/** The URL as it may be shown: the password, if any, replaced. */
function shownUrl(url: URL): string {
  const shown = new URL(url.href);
  if (shown.password) shown.password = '***';
  return shown.href;
}

/** An error's message without the password, whichever form the driver quotes it in. */
function withoutPassword(message: string, url: URL): string {
  if (!url.password) return message;
  const forms = new Set([url.password, decodeURIComponent(url.password)]);
  let out = message;
  for (const form of forms) out = out.split(form).join('***');
  return out;
}

/**
 * The SQLite file, read-only and read in one transaction, so a Copydesk still running on it
 * cannot change the rows between the copy and its check. It must hold exactly this build's
 * migrations: the copy reads it through this build's schema.
 */
function openSource(file: string): SqliteSource {
  if (!fs.existsSync(file))
    throw new Refusal(
      `${file} does not exist. --from takes a Copydesk install's SQLite file: app.db in its data folder (DATA_DIR, ./data by default).`,
    );
  if (!fs.statSync(file).isFile())
    throw new Refusal(`${file} is not a file. --from takes a Copydesk install's SQLite file, such as data/app.db.`);
  const client = new Database(file, { readonly: true, fileMustExist: true });
  try {
    client.exec('BEGIN');
    let applied: number[];
    try {
      const table = client.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`).get();
      applied = table ? (client.prepare('SELECT created_at FROM __drizzle_migrations').pluck().all() as number[]).map(Number) : [];
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_NOTADB')
        throw new Refusal(`${file} is not a SQLite database, so it is not a Copydesk one.`);
      throw e;
    }
    const known = readMigrationFiles({ migrationsFolder: SQLITE_MIGRATIONS_FOLDER }).map((m) => m.folderMillis);
    const done = new Set(applied);
    if (!done.has(known[0]!)) throw new Refusal(`${file} is not a Copydesk database: it does not hold Copydesk's tables.`);
    if (Math.max(...applied) > Math.max(...known))
      throw new Refusal(`${file} was last opened by a newer Copydesk than this one. Run migrate-to-postgres from that version.`);
    const pending = known.filter((m) => !done.has(m)).length;
    if (pending)
      throw new Refusal(
        `${file} was made by an older Copydesk: ${pending} of its ${known.length} database migrations are not applied. ` +
          'Start the current Copydesk on it once (npm start, with DATA_DIR set to its folder) so it brings the file up to date, stop it, then run this again.',
      );
    return drizzle(client, { schema: lite, casing: 'snake_case' });
  } catch (e) {
    client.close();
    throw e;
  }
}

function closeSource(source: SqliteSource) {
  if (source.$client.inTransaction) source.$client.exec('COMMIT');
  source.$client.close();
}

/** The target, answering, with nothing in it: no table but Copydesk's (a Copydesk started on it once), and no rows. */
async function checkTarget(url: URL): Promise<PostgresDatabase> {
  const target = await connectPostgres({ url: url.href, poolSize: 1, migrate: false, connectTimeoutMs: 10_000, onError: () => {} });
  try {
    await target.$ping();
  } catch (e) {
    await target.$close().catch(() => {});
    throw new Refusal(`Cannot connect to PostgreSQL at ${shownUrl(url)}: ${withoutPassword((e as Error).message, url)}`);
  }
  try {
    const { otherTables, tablesWithRows } = await targetContents(target);
    const empty = 'Point --to at an empty database (for example one made with: createdb copydesk).';
    if (tablesWithRows.length)
      throw new Refusal(`${shownUrl(url)} already holds Copydesk data (in ${tablesWithRows.join(', ')}). ${empty}`);
    if (otherTables.length) throw new Refusal(`${shownUrl(url)} is not empty: it holds other tables (${otherTables.join(', ')}). ${empty}`);
    return target;
  } catch (e) {
    await target.$close();
    throw e;
  }
}

const count = (n: number) => n.toLocaleString('en-US');
const rows = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;

function checkLine(c: TableCheck, width: number): string {
  const verdict = c.ok
    ? 'ok'
    : `MISMATCH: SQLite ${rows(c.sqliteRows)}, PostgreSQL ${count(c.postgresRows)}` +
      (c.firstDifference === undefined ? '' : `, first difference at ${c.firstDifference}`);
  return `${c.table.padEnd(width)}  ${count(c.sqliteRows).padStart(10)}  ${verdict}`;
}

/** PostgreSQL's own words for a failed query: Drizzle's error repeats the query and every parameter (whole rows). */
function postgresReason(e: unknown, url: URL): string {
  const cause = ((e as { cause?: unknown }).cause ?? e) as { message: string; detail?: string };
  return withoutPassword([cause.message, cause.detail].filter(Boolean).join(': '), url);
}

async function migrate(from: string, url: URL): Promise<number> {
  const started = performance.now();
  const source = openSource(from);
  try {
    const checked = await checkTarget(url);
    try {
      const refused = await rowsPostgresWouldRefuse(source, checked);
      if (refused.length) {
        console.error(`PostgreSQL would refuse these rows of ${from}, so nothing was written:\n${refused.map((l) => `  ${l}`).join('\n')}`);
        return 1;
      }
    } finally {
      await checked.$close();
    }

    console.log(`Copying ${from} into ${shownUrl(url)}`);
    const changed = nulCharacters(source);
    if (changed.length) console.log(`Changed on the way:\n${changed.map((l) => `  ${l}`).join('\n')}`);
    let target: PostgresDatabase;
    try {
      target = await connectPostgres({ url: url.href, poolSize: 1, connectTimeoutMs: 10_000, onError: () => {} });
    } catch (e) {
      throw new Refusal(`Could not apply the PostgreSQL migrations: ${postgresReason(e, url)}`);
    }
    console.log('Applied the PostgreSQL migrations');
    let result: CopyResult;
    try {
      let said = performance.now();
      result = await copyTables(source, target, (table, n, done) => {
        // A large table takes minutes: say how far it got now and then.
        if (!done && performance.now() - said < PROGRESS_EVERY_MS) return;
        console.log(`  ${table}: ${rows(n)} copied${done ? '' : '…'}`);
        said = performance.now();
      });
    } catch (e) {
      throw new Refusal(`The copy failed, so it was rolled back (the target holds the schema and no rows): ${postgresReason(e, url)}`);
    } finally {
      await target.$close();
    }

    const width = Math.max(...result.checks.map((c) => c.table.length));
    console.log(`\n${'table'.padEnd(width)}  ${'rows'.padStart(10)}  check`);
    for (const c of result.checks) console.log(checkLine(c, width));
    if (!result.committed) {
      console.error('\nThe copy does not match the SQLite file, so it was rolled back: the target holds the schema and no rows.');
      return 1;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\nCopied ${rows(result.rows)} in ${seconds.toFixed(1)} s (${count(Math.round(result.rows / seconds))} rows a second); ` +
        'every table matches. Set DATABASE_URL to the target and start Copydesk.',
    );
    return 0;
  } finally {
    closeSource(source);
  }
}

export const migrateToPostgres: Command = {
  summary: 'migrate-to-postgres --from data/app.db --to postgres://...: copy a SQLite install into an empty PostgreSQL database',
  async run(args) {
    let v: { from?: string; to?: string };
    try {
      v = flags(args, { from: { type: 'string' }, to: { type: 'string' } });
    } catch (e) {
      console.error(`${(e as Error).message.split('. ')[0]}.\n${USAGE}`);
      return 2;
    }
    if (!v.from || !v.to) {
      console.error(`${!v.from ? '--from' : '--to'} is required.\n${USAGE}`);
      return 2;
    }
    let url: URL;
    try {
      url = new URL(v.to);
    } catch {
      url = new URL('invalid:');
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
      console.error(`--to must be a PostgreSQL URL, such as postgres://user:password@host:5432/copydesk.\n${USAGE}`);
      return 2;
    }
    try {
      return await migrate(v.from, url);
    } catch (e) {
      if (e instanceof Refusal) {
        console.error(e.message);
        return 1;
      }
      throw new Error(postgresReason(e, url), { cause: e });
    }
  },
};
