import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresTables, sqliteTables } from '../../../db/schema';
import { fixedClock } from '../clock';
import { openDatabase, openPostgres, type DB } from '../db';
import { createUserService } from '../services/users';
import { postgresForTests, type PostgresForTests } from './test-support';

const setup = await postgresForTests();
const pg = 'unavailable' in setup ? undefined : (setup as PostgresForTests);
afterAll(() => pg?.stop());

/** A user made through the users service, read back through the database's own tables, inside a transaction too. */
async function userRoundTrip(db: DB) {
  const made = await createUserService(db, fixedClock()).create({
    username: 'mariana',
    email: 'Mariana@News.Example',
    password: 'deadline-7',
  });
  const inTransaction = await db.transaction(async (tx) => ({
    same: tx.tables === db.tables,
    rows: await tx.select().from(tx.tables.users),
  }));
  return { made, ...inTransaction };
}

describe("a database's tables", () => {
  it("are SQLite's declarations on SQLite, and the services query through them", async () => {
    const { db, dialect } = openDatabase(':memory:');
    try {
      expect(db.tables).toBe(sqliteTables);
      expect(is(db.tables.users, SQLiteTable)).toBe(true);
      const { made, same, rows } = await userRoundTrip(db);
      expect(same).toBe(true);
      expect(rows).toEqual([made]);
      expect(made).toMatchObject({ email: 'mariana@news.example', createdAt: new Date('2026-01-01T00:00:00Z') });
    } finally {
      await dialect.close();
    }
  });

  it.skipIf(!pg)("are PostgreSQL's declarations on PostgreSQL, and the services query through them", async () => {
    const fresh = await pg!.freshDatabase();
    const { db, dialect } = await openPostgres(fresh.url);
    try {
      expect(db.tables).toBe(postgresTables);
      expect(db.tables.users).toBe(postgresTables.users);
      expect(is(db.tables.users, PgTable)).toBe(true);
      const { made, same, rows } = await userRoundTrip(db);
      expect(same).toBe(true);
      expect(rows).toEqual([made]);
      expect(made).toMatchObject({ email: 'mariana@news.example', createdAt: new Date('2026-01-01T00:00:00Z') });
    } finally {
      await dialect.close();
      await fresh.drop();
    }
  });
});
