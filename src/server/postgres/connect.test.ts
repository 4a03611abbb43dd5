import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import * as pgs from '../../../db/schema.pg';
import { openDatabase } from '../db';
import { PG_MIGRATIONS_FOLDER } from '../migrations';
import { connectPostgres, poolSizeFrom, readiness, type PostgresDatabase } from './connect';
import { postgresForTests, type PostgresForTests } from './test-support';

const setup = await postgresForTests();
const pg = 'unavailable' in setup ? undefined : (setup as PostgresForTests);
afterAll(() => pg?.stop());

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function connected(url: string, options: { poolSize?: number; migrate?: boolean } = {}): Promise<PostgresDatabase> {
  const db = await connectPostgres({ url, ...options });
  cleanups.push(() => db.$close());
  return db;
}

const journal = JSON.parse(fs.readFileSync(path.join(PG_MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

describe('DATABASE_POOL_SIZE', () => {
  it('is 10 unless set, and refuses what is not a positive whole number', () => {
    expect(poolSizeFrom({})).toBe(10);
    expect(poolSizeFrom({ DATABASE_POOL_SIZE: '25' })).toBe(25);
    for (const bad of ['0', '-3', '2.5', 'many'])
      expect(() => poolSizeFrom({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe.skipIf(!pg)('connecting to PostgreSQL', () => {
  it('applies the migrations once when several processes start at the same moment', async () => {
    const empty = await pg!.emptyDatabase();
    const dbs = await Promise.all([1, 2, 3].map(() => connected(empty.url, { poolSize: 2 })));
    const applied = await dbs[0]!.execute<{ n: number }>(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`);
    expect(applied.rows).toEqual([{ n: journal.entries.length }]);
    for (const db of dbs) expect(await readiness(db)).toEqual({ ready: true });
  });

  it('is not ready while migrations are pending, and is once they are applied', async () => {
    const empty = await pg!.emptyDatabase();
    const early = await connected(empty.url, { migrate: false });
    expect(await readiness(early)).toEqual({ ready: false, reason: 'database migrations are pending' });
    await connected(empty.url);
    expect(await readiness(early)).toEqual({ ready: true });
    // A newer build's migration already applied does not make this one unready.
    await early.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-build', 99999999999999)`);
    expect(await readiness(early)).toEqual({ ready: true });
  });

  it('is not ready when the database cannot be reached or does not answer', async () => {
    // A port nothing listens on: the connection is refused.
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const refused = await connected(`postgres://copydesk@127.0.0.1:${closed}/copydesk`, { migrate: false });
    expect(await readiness(refused)).toMatchObject({ ready: false, reason: 'the database cannot be reached', detail: expect.any(String) });

    // A server that accepts connections and never answers.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          silent.close(() => resolve());
        }),
    );
    const { port } = silent.address() as net.AddressInfo;
    const hung = await connectPostgres({ url: `postgres://copydesk@127.0.0.1:${port}/copydesk`, migrate: false, connectTimeoutMs: 60_000 });
    cleanups.unshift(() => void hung.$close().catch(() => undefined));
    expect(await readiness(hung, { timeoutMs: 200 })).toEqual({ ready: false, reason: 'the database did not answer within 200 ms' });
  });

  it('opens at most the configured number of connections', async () => {
    const { url } = await pg!.freshDatabase().then(async (d) => (cleanups.push(d.drop), d));
    const db = await connected(url, { poolSize: 2, migrate: false });
    const backends = await Promise.all(
      Array.from({ length: 6 }, () => db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`)),
    );
    expect(new Set(backends.map((r) => r.rows[0]!.pid)).size).toBe(2);
  });

  it('gives numbers for counts and dates for timestamps, as the services get from SQLite', async () => {
    const fresh = await pg!.freshDatabase();
    cleanups.push(fresh.drop);
    const { db } = fresh;
    const at = new Date(Date.UTC(2026, 2, 2, 9, 30, 15, 123));
    const [user] = await db
      .insert(pgs.users)
      .values({ username: 'mariana', email: 'mariana@news.example', passwordHash: 'x', trialUsedAt: at })
      .returning();
    expect(user).toMatchObject({ id: 1, isAdmin: false, subscriptionStatus: 'inactive', cancelAtPeriodEnd: false, trialUsedAt: at });
    expect(user!.createdAt).toBeInstanceOf(Date);
    const counted = await db.select({ n: sql<number>`count(*)` }).from(pgs.users);
    expect(counted).toEqual([{ n: 1 }]);
    // "Bob" and "bob" are one name.
    await expect(
      db.insert(pgs.users).values({ username: 'MARIANA', email: 'other@news.example', passwordHash: 'x' }),
    ).rejects.toMatchObject({
      cause: { code: '23505', constraint: 'users_username_lower_unique' },
    });
  });

  it('keeps the rules SQLite keeps in triggers: a deleted team releases its members; the audit log is append-only', async () => {
    const fresh = await pg!.freshDatabase();
    cleanups.push(fresh.drop);
    const { db } = fresh;
    const [owner] = await db.insert(pgs.users).values({ username: 'owner', email: 'owner@news.example', passwordHash: 'x' }).returning();
    const [team] = await db.insert(pgs.teams).values({ name: 'Desk', ownerId: owner!.id }).returning();
    const [member] = await db
      .insert(pgs.users)
      .values({ username: 'member', email: 'member@news.example', passwordHash: 'x', teamId: team!.id })
      .returning();
    await db.delete(pgs.teams).where(eq(pgs.teams.id, team!.id));
    expect((await db.select().from(pgs.users).where(eq(pgs.users.id, member!.id)))[0]!.teamId).toBeNull();

    await db
      .insert(pgs.auditLog)
      .values({ adminId: 1, adminUsername: 'admin', action: 'user.update', ip: '127.0.0.1', createdAt: new Date() });
    // Drizzle wraps the driver's error; PostgreSQL's own is its cause.
    const refused = { cause: { message: 'audit_log is append-only' } };
    await expect(db.update(pgs.auditLog).set({ action: 'nothing' })).rejects.toMatchObject(refused);
    await expect(db.delete(pgs.auditLog)).rejects.toMatchObject(refused);
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toMatchObject(refused);
    expect(await db.select().from(pgs.auditLog)).toHaveLength(1);
  });

  it('creates the same tables, columns, indexes and foreign keys as the SQLite migrations', async () => {
    const fresh = await pg!.freshDatabase();
    cleanups.push(fresh.drop);
    const sqlite = openDatabase(':memory:');
    cleanups.push(() => {
      sqlite.dialect.client.close();
    });
    const client = sqlite.dialect.client;
    const liteTables = client
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' AND name NOT LIKE '__drizzle%'`,
      )
      .pluck()
      .all() as string[];
    const onSqlite = Object.fromEntries(
      liteTables.map((table) => [
        table,
        {
          columns: (client.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).sort(),
          indexes: (client.prepare(`SELECT name FROM pragma_index_list(?) WHERE origin <> 'pk'`).pluck().all(table) as string[]).sort(),
          foreignKeys: (
            client.prepare(`SELECT "from", "table", "to", on_delete FROM pragma_foreign_key_list(?)`).all(table) as Array<
              Record<string, string>
            >
          )
            .map((f) => `${f.from} -> ${f.table}.${f.to} on delete ${f.on_delete!.toLowerCase()}`)
            .sort(),
        },
      ]),
    );

    const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await fresh.db.execute<T>(query)).rows;
    const pgTables = await rows<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const onPostgres: typeof onSqlite = {};
    for (const { name: table } of pgTables) {
      const columns = await rows<{ name: string }>(
        sql`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'`,
      );
      const indexes = await rows<{ name: string }>(
        sql`SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
            WHERE t.relname = ${table} AND NOT x.indisprimary AND pg_get_indexdef(x.indexrelid) NOT LIKE '%USING gin%'`,
      );
      const foreignKeys = await rows<{ fk: string }>(
        sql`SELECT a.attname || ' -> ' || f.relname || '.' || fa.attname || ' on delete ' ||
                   CASE c.confdeltype WHEN 'c' THEN 'cascade' WHEN 'n' THEN 'set null' WHEN 'a' THEN 'no action' ELSE c.confdeltype::text END AS fk
            FROM pg_constraint c
            JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class f ON f.oid = c.confrelid
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = c.confkey[1]
            WHERE c.contype = 'f' AND t.relname = ${table}`,
      );
      onPostgres[table] = {
        columns: columns.map((c) => c.name).sort(),
        indexes: indexes.map((i) => i.name).sort(),
        foreignKeys: foreignKeys.map((f) => f.fk).sort(),
      };
    }
    expect(liteTables.length).toBeGreaterThan(10);
    expect(onPostgres).toEqual(onSqlite);
  });

  it('indexes message text and document passages for full-text search', async () => {
    const fresh = await pg!.freshDatabase();
    cleanups.push(fresh.drop);
    const gin = await fresh.db.execute<{ name: string; table: string }>(
      sql`SELECT indexname AS name, tablename AS table FROM pg_indexes WHERE indexdef LIKE '%USING gin (search_vector)%' ORDER BY 1`,
    );
    expect(gin.rows).toEqual([
      { name: 'document_chunks_search_idx', table: 'document_chunks' },
      { name: 'messages_search_idx', table: 'messages' },
    ]);
  });
});
