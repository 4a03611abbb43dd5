import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { asc, getTableColumns, getTableName, gt, is, sql, type SQL } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { getTableConfig, PgTable, type PgColumn, type PgDatabase } from 'drizzle-orm/pg-core';
import { SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as lite from '../../../db/schema.sqlite';
import * as pgs from '../../../db/schema.pg';

// Copying a SQLite install into PostgreSQL, table by table through the two Drizzle schemas (whose
// rows have the same shape), and checking the copy. Derived data stays behind: FTS5's tables are
// not in db/schema.ts, and PostgreSQL computes its generated search columns as rows arrive.

/** A SQLite file opened by better-sqlite3, with Drizzle over db/schema.ts. */
export type SqliteSource = BetterSQLite3Database<typeof lite> & { $client: Database.Database };
/** A PostgreSQL database, or a transaction in one, with Drizzle over db/schema.pg.ts. */
export type PostgresTarget = PgDatabase<NodePgQueryResultHKT, typeof pgs>;

type Row = Record<string, unknown>;

/**
 * Rows read and written at a time, so memory stays bounded however large the install: even at
 * the longest messages (100,000 characters) a batch is some tens of megabytes.
 */
const BATCH_ROWS = 250;

export interface CopiedTable {
  name: string;
  lite: SQLiteTable;
  pg: PgTable;
  /** The primary key's property name; every table has a one-column key. */
  key: string;
  /** Text keys are ordered byte by byte on both sides (SQLite's BINARY, PostgreSQL's "C"). */
  textKey: boolean;
  /** Property names, the same on both sides. */
  columns: string[];
}

function pairTables(): CopiedTable[] {
  const pairs: CopiedTable[] = [];
  for (const [exportName, pgTable] of Object.entries(pgs)) {
    if (!is(pgTable, PgTable)) continue;
    const liteTable = (lite as Record<string, unknown>)[exportName];
    const name = getTableName(pgTable);
    if (!is(liteTable, SQLiteTable) || getTableName(liteTable) !== name) throw new Error(`db/schema.ts has no table ${name}`);
    const columns = Object.keys(getTableColumns(pgTable));
    if (Object.keys(getTableColumns(liteTable)).sort().join() !== [...columns].sort().join())
      throw new Error(`The two schemas' ${name} tables have different columns`);
    const [key, ...more] = Object.entries(getTableColumns(pgTable)).filter(([, c]) => c.primary);
    if (!key || more.length) throw new Error(`${name} needs a one-column primary key to be copied in batches`);
    pairs.push({ name, lite: liteTable, pg: pgTable, key: key[0], textKey: key[1].dataType === 'string', columns });
  }
  return inForeignKeyOrder(pairs);
}

/** Parents before children, so every row's references exist when it is inserted. */
function inForeignKeyOrder(tables: CopiedTable[]): CopiedTable[] {
  const parents = new Map(
    tables.map((t) => [
      t.name,
      getTableConfig(t.pg)
        .foreignKeys.map((fk) => getTableName(fk.reference().foreignTable))
        .filter((p) => p !== t.name),
    ]),
  );
  const ordered: CopiedTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && parents.get(t.name)!.every((p) => placed.has(p)));
    if (!ready.length) throw new Error('The foreign keys between the tables form a cycle');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

/** Every table of the schema, parents first. */
export const COPIED_TABLES: readonly CopiedTable[] = pairTables();

const liteColumn = (t: CopiedTable, key: string) => (getTableColumns(t.lite) as Record<string, SQLiteColumn>)[key]!;
const pgColumn = (t: CopiedTable, key: string) => (getTableColumns(t.pg) as Record<string, PgColumn>)[key]!;

/**
 * PostgreSQL's text cannot hold NUL (U+0000), which SQLite stores like any character, and a row
 * cannot always be fixed at the source (the audit log is append-only). Such a character is
 * written as U+FFFD, the character for one that cannot be represented; `nulCharacters` lists the
 * rows this changes before anything is written.
 */
const NUL_STAND_IN = '\uFFFD';
const storable = (row: Row): Row => {
  let out: Row | undefined;
  for (const [k, v] of Object.entries(row)) {
    if (typeof v === 'string' && v.includes('\0')) (out ??= { ...row })[k] = v.replaceAll('\0', NUL_STAND_IN);
  }
  return out ?? row;
};

/** The table's rows in key order, a batch at a time, as PostgreSQL is to hold them. */
function* sqliteBatches(source: SqliteSource, t: CopiedTable): Generator<Row[]> {
  const key = liteColumn(t, t.key);
  let after: unknown;
  for (;;) {
    const rows = source
      .select()
      .from(t.lite)
      .where(after === undefined ? undefined : gt(key, after))
      .orderBy(asc(key))
      .limit(BATCH_ROWS)
      .all() as Row[];
    if (rows.length) yield rows.map(storable);
    if (rows.length < BATCH_ROWS) return;
    after = rows[rows.length - 1]![t.key];
  }
}

/** The same rows in the same order as `sqliteBatches` gives them, read from PostgreSQL. */
async function* postgresBatches(target: PostgresTarget, t: CopiedTable): AsyncGenerator<Row[]> {
  const key = pgColumn(t, t.key);
  const ordered = t.textKey ? sql`${key} COLLATE "C"` : key;
  let after: unknown;
  for (;;) {
    const rows = (await target
      .select()
      .from(t.pg)
      .where(after === undefined ? undefined : t.textKey ? sql`${key} COLLATE "C" > ${after}` : gt(key, after))
      .orderBy(asc(ordered))
      .limit(BATCH_ROWS)) as Row[];
    if (rows.length) yield rows;
    if (rows.length < BATCH_ROWS) return;
    after = rows[rows.length - 1]![t.key];
  }
}

/** What PostgreSQL would refuse, one line per row, checked before anything is written. */
export async function rowsPostgresWouldRefuse(source: SqliteSource, target: PostgresTarget): Promise<string[]> {
  return [...orphanedRows(source), ...(await usernameClashes(source, target)), ...integersOutOfRange(source)];
}

const MAX_LINES_PER_CHECK = 20;
/** The first lines of a check, and how many more there are (or that there are more, when `total` is not known). */
const capped = (lines: string[], total?: number) =>
  Math.max(lines.length, total ?? 0) > MAX_LINES_PER_CHECK
    ? [
        ...lines.slice(0, MAX_LINES_PER_CHECK),
        total === undefined ? '…and more like these' : `…and ${total - MAX_LINES_PER_CHECK} more like these`,
      ]
    : lines;

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Rows whose reference names a missing row: SQLite let them in (foreign keys off at the time); PostgreSQL's keys refuse them. */
function orphanedRows(source: SqliteSource): string[] {
  const client = source.$client;
  const broken = client.prepare('PRAGMA foreign_key_check').all() as Array<{ table: string; rowid: number; parent: string; fkid: number }>;
  const lines = broken.slice(0, MAX_LINES_PER_CHECK).map((b) => {
    const fk = client.prepare('SELECT "from" FROM pragma_foreign_key_list(?) WHERE id = ?').get(b.table, b.fkid) as { from: string };
    const row = client.prepare(`SELECT id, ${quoted(fk.from)} AS ref FROM ${quoted(b.table)} WHERE rowid = ?`).get(b.rowid) as {
      id: unknown;
      ref: unknown;
    };
    return `${b.table} ${String(row.id)}: ${fk.from} ${String(row.ref)} names no row of ${b.parent}; delete the row or point it at one that exists`;
  });
  return capped(lines, broken.length);
}

/**
 * Usernames that differ only in the case of letters beyond ASCII ("Élodie", "élodie"): SQLite's
 * lower() folds ASCII only, so its unique index took both; PostgreSQL's lower() folds every
 * letter (by the database's locale), and its index would refuse the second. The target's own
 * lower() decides, so the answer is exact for that database.
 */
async function usernameClashes(source: SqliteSource, target: PostgresTarget): Promise<string[]> {
  // A name holding a NUL is reported as such (PostgreSQL cannot even compare it).
  const names = source
    .select({ id: lite.users.id, name: lite.users.username })
    .from(lite.users)
    .all()
    .filter((u) => !u.name.includes('\0'));
  if (names.length < 2) return [];
  const clashes = await target.execute<{ ids: number[]; names: string[] }>(sql`
    SELECT array_agg(u.id ORDER BY u.id) AS ids, array_agg(u.name ORDER BY u.id) AS names
    FROM json_to_recordset(${JSON.stringify(names)}::json) AS u(id integer, name text)
    GROUP BY lower(u.name) HAVING count(*) > 1
    ORDER BY min(u.id)`);
  const lines = clashes.rows.map(
    (c) =>
      `users ${c.ids.join(' and ')}: the usernames ${c.names.map((n) => JSON.stringify(n)).join(' and ')} differ only in the case of ` +
      `non-ASCII letters, which PostgreSQL counts as the same name; rename all but one (Admin → Users) and run this again`,
  );
  return capped(lines);
}

/** Up to a check's worth of `table key: column ...` lines for the rows where `where` holds. */
function rowsWhere(
  source: SqliteSource,
  columnType: string,
  where: (column: SQLiteColumn) => SQL,
  problem: (value: unknown) => string,
): string[] {
  const lines: string[] = [];
  for (const t of COPIED_TABLES) {
    for (const [name, column] of Object.entries(getTableColumns(t.pg))) {
      if (column.columnType !== columnType) continue;
      const key = liteColumn(t, t.key);
      const value = liteColumn(t, name);
      const rows = source
        .select({ key, value })
        .from(t.lite)
        .where(where(value))
        .orderBy(asc(key))
        .limit(MAX_LINES_PER_CHECK + 1)
        .all();
      for (const r of rows) lines.push(`${t.name} ${String(r.key)}: ${toSnakeCase(name)} ${problem(r.value)}`);
    }
  }
  return capped(lines);
}

/** Whole numbers beyond PostgreSQL's integer, which SQLite's 64-bit integers hold. */
function integersOutOfRange(source: SqliteSource): string[] {
  return rowsWhere(
    source,
    'PgInteger',
    (c) => sql`${c} NOT BETWEEN -2147483648 AND 2147483647`,
    (v) => `is ${String(v)}, beyond PostgreSQL's integer (±2,147,483,647)`,
  );
}

/** The rows whose text holds NUL characters, which the copy writes as U+FFFD. */
export function nulCharacters(source: SqliteSource): string[] {
  return rowsWhere(
    source,
    'PgText',
    (c) => sql`instr(CAST(${c} AS BLOB), x'00') > 0`,
    () => 'holds a NUL character (U+0000), which PostgreSQL cannot store: it is copied as U+FFFD (�)',
  );
}

/** The tables of the target database's schema that are not Copydesk's, and Copydesk's tables that hold rows. */
export async function targetContents(target: PostgresTarget): Promise<{ otherTables: string[]; tablesWithRows: string[] }> {
  const present = await target.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`,
  );
  const ours = new Map(COPIED_TABLES.map((t) => [t.name, t]));
  const holdsRows = async (t: CopiedTable) =>
    (
      await target
        .select({ one: sql`1` })
        .from(t.pg)
        .limit(1)
    ).length > 0;
  const otherTables = present.rows.map((r) => r.name).filter((n) => !ours.has(n));
  const tablesWithRows: string[] = [];
  for (const { name } of present.rows) {
    const t = ours.get(name);
    if (t && (await holdsRows(t))) tablesWithRows.push(name);
  }
  return { otherTables, tablesWithRows };
}

/**
 * Moves every identity past the highest id SQLite ever gave in that table (AUTOINCREMENT keeps it
 * in sqlite_sequence, so a deleted row's id is never given again: the audit log may still name
 * it), or past the highest id copied, whichever is higher.
 */
async function resetSequences(source: SqliteSource, target: PostgresTarget): Promise<void> {
  const hasSequences = source.$client.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'`).get();
  const lastGiven = new Map(
    hasSequences ? (source.$client.prepare('SELECT name, seq FROM sqlite_sequence').raw().all() as Array<[string, number]>) : [],
  );
  const identities = await target.execute<{ table: string; column: string }>(sql`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_identity = 'YES'`);
  for (const { table, column } of identities.rows) {
    await target.execute(sql`
      SELECT setval(pg_get_serial_sequence(${quoted(table)}, ${column}),
                    greatest(coalesce(max(${sql.identifier(column)}), 0), ${Number(lastGiven.get(table) ?? 0)}::bigint) + 1, false)
      FROM ${sql.identifier(table)}`);
  }
}

export interface TableCheck {
  table: string;
  sqliteRows: number;
  postgresRows: number;
  /** Same count and the same checksum over every row's values. */
  ok: boolean;
  /** The key of the first row that differs, in key order. */
  firstDifference?: string;
}

/** A row's values in column order, as JSON: dates as milliseconds, so both engines' rows read alike. */
const canonical = (t: CopiedTable, row: Row) =>
  JSON.stringify(
    t.columns.map((k) => {
      const v = row[k];
      return v instanceof Date ? v.getTime() : v;
    }),
  );

/**
 * Per table, the rows read back through each schema: their number and a SHA-256 over every
 * row's values in key order. Reads a batch at a time from both sides; SQLite's rows are taken as
 * they were to be written (a NUL as U+FFFD).
 */
export async function verifyTables(source: SqliteSource, target: PostgresTarget): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const t of COPIED_TABLES) {
    const sides = [crypto.createHash('sha256'), crypto.createHash('sha256')] as const;
    const check: TableCheck = { table: t.name, sqliteRows: 0, postgresRows: 0, ok: false };
    const fromSqlite = sqliteBatches(source, t);
    const fromPostgres = postgresBatches(target, t);
    for (;;) {
      const a = fromSqlite.next();
      const b = await fromPostgres.next();
      const liteRows = a.done ? [] : a.value;
      const pgRows = b.done ? [] : b.value;
      if (!liteRows.length && !pgRows.length) break;
      check.sqliteRows += liteRows.length;
      check.postgresRows += pgRows.length;
      // Batches hold the same keys while the two sides agree, so the first difference is in the first batch that differs.
      for (let i = 0; i < Math.max(liteRows.length, pgRows.length); i++) {
        const x = liteRows[i] ? canonical(t, liteRows[i]!) : undefined;
        const y = pgRows[i] ? canonical(t, pgRows[i]!) : undefined;
        if (x !== undefined) sides[0].update(`${x}\n`);
        if (y !== undefined) sides[1].update(`${y}\n`);
        if (x !== y && check.firstDifference === undefined) check.firstDifference = String((liteRows[i] ?? pgRows[i])![t.key]);
      }
    }
    check.ok = check.sqliteRows === check.postgresRows && sides[0].digest('hex') === sides[1].digest('hex');
    checks.push(check);
  }
  return checks;
}

export interface CopyResult {
  checks: TableCheck[];
  /** False when a check failed: the copy was rolled back and the target holds no rows. */
  committed: boolean;
  rows: number;
}

class CopyMismatch extends Error {
  constructor(readonly checks: TableCheck[]) {
    super('The copy differs from the SQLite file');
  }
}

/**
 * Copies every table in one transaction, parents first, keeping ids, then moves the identities
 * past them and checks the copy before committing it: a copy that does not match is rolled back.
 * The target must hold the schema (migrated) and no rows. PostgreSQL's triggers fire on update,
 * delete and truncate (the audit log refuses them, a deleted team releases its members); a
 * copy only inserts, so they have nothing to do here.
 */
export async function copyTables(
  source: SqliteSource,
  target: PostgresTarget,
  /** After every batch, with the rows of the table copied so far; `done` once the table is complete. */
  onProgress: (table: string, rows: number, done: boolean) => void = () => {},
): Promise<CopyResult> {
  let rows = 0;
  try {
    const checks = await target.transaction(async (tx) => {
      for (const t of COPIED_TABLES) {
        let copied = 0;
        for (const batch of sqliteBatches(source, t)) {
          await tx.insert(t.pg).values(batch);
          copied += batch.length;
          onProgress(t.name, copied, false);
        }
        rows += copied;
        onProgress(t.name, copied, true);
      }
      await resetSequences(source, tx);
      const checked = await verifyTables(source, tx);
      if (checked.some((c) => !c.ok)) throw new CopyMismatch(checked);
      return checked;
    });
    return { checks, committed: true, rows };
  } catch (e) {
    if (e instanceof CopyMismatch) return { checks: e.checks, committed: false, rows };
    throw e;
  }
}
