import { getTableName, is, SQL } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, SQLiteSyncDialect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as lite from '../../../db/schema.sqlite';
import * as pgs from '../../../db/schema.pg';

// Services are typed by db/schema.ts and run on either engine, so each PostgreSQL table must give
// them exactly the rows (select) and accept exactly the values (insert) its SQLite twin does.
// These lines are checked by tsc: a difference in any column's type or optionality fails the build.
type Tables<S> = { [K in keyof S as S[K] extends { $inferSelect: unknown; $inferInsert: unknown } ? K : never]: S[K] };
type LiteTables = Tables<typeof lite>;
type PgTables = Tables<typeof pgs>;
type Selects<T> = { [K in keyof T]: T[K] extends { $inferSelect: infer R } ? R : never };
type Inserts<T> = { [K in keyof T]: T[K] extends { $inferInsert: infer R } ? R : never };

expectTypeOf<keyof PgTables>().toEqualTypeOf<keyof LiteTables>();
expectTypeOf<Selects<PgTables>>().toEqualTypeOf<Selects<LiteTables>>();
expectTypeOf<Inserts<PgTables>>().toEqualTypeOf<Inserts<LiteTables>>();
// The same, table by table, so a failure names its table.
expectTypeOf<typeof pgs.users.$inferSelect>().toEqualTypeOf<typeof lite.users.$inferSelect>();
expectTypeOf<typeof pgs.users.$inferInsert>().toEqualTypeOf<typeof lite.users.$inferInsert>();
expectTypeOf<typeof pgs.sessions.$inferSelect>().toEqualTypeOf<typeof lite.sessions.$inferSelect>();
expectTypeOf<typeof pgs.sessions.$inferInsert>().toEqualTypeOf<typeof lite.sessions.$inferInsert>();
expectTypeOf<typeof pgs.passwordResetTokens.$inferSelect>().toEqualTypeOf<typeof lite.passwordResetTokens.$inferSelect>();
expectTypeOf<typeof pgs.passwordResetTokens.$inferInsert>().toEqualTypeOf<typeof lite.passwordResetTokens.$inferInsert>();
expectTypeOf<typeof pgs.emailVerificationTokens.$inferSelect>().toEqualTypeOf<typeof lite.emailVerificationTokens.$inferSelect>();
expectTypeOf<typeof pgs.emailVerificationTokens.$inferInsert>().toEqualTypeOf<typeof lite.emailVerificationTokens.$inferInsert>();
expectTypeOf<typeof pgs.promoCodes.$inferSelect>().toEqualTypeOf<typeof lite.promoCodes.$inferSelect>();
expectTypeOf<typeof pgs.promoCodes.$inferInsert>().toEqualTypeOf<typeof lite.promoCodes.$inferInsert>();
expectTypeOf<typeof pgs.promoRedemptions.$inferSelect>().toEqualTypeOf<typeof lite.promoRedemptions.$inferSelect>();
expectTypeOf<typeof pgs.promoRedemptions.$inferInsert>().toEqualTypeOf<typeof lite.promoRedemptions.$inferInsert>();
expectTypeOf<typeof pgs.billingEvents.$inferSelect>().toEqualTypeOf<typeof lite.billingEvents.$inferSelect>();
expectTypeOf<typeof pgs.billingEvents.$inferInsert>().toEqualTypeOf<typeof lite.billingEvents.$inferInsert>();
expectTypeOf<typeof pgs.teams.$inferSelect>().toEqualTypeOf<typeof lite.teams.$inferSelect>();
expectTypeOf<typeof pgs.teams.$inferInsert>().toEqualTypeOf<typeof lite.teams.$inferInsert>();
expectTypeOf<typeof pgs.teamInvitations.$inferSelect>().toEqualTypeOf<typeof lite.teamInvitations.$inferSelect>();
expectTypeOf<typeof pgs.teamInvitations.$inferInsert>().toEqualTypeOf<typeof lite.teamInvitations.$inferInsert>();
expectTypeOf<typeof pgs.conversations.$inferSelect>().toEqualTypeOf<typeof lite.conversations.$inferSelect>();
expectTypeOf<typeof pgs.conversations.$inferInsert>().toEqualTypeOf<typeof lite.conversations.$inferInsert>();
expectTypeOf<typeof pgs.messages.$inferSelect>().toEqualTypeOf<typeof lite.messages.$inferSelect>();
expectTypeOf<typeof pgs.messages.$inferInsert>().toEqualTypeOf<typeof lite.messages.$inferInsert>();
expectTypeOf<typeof pgs.documents.$inferSelect>().toEqualTypeOf<typeof lite.documents.$inferSelect>();
expectTypeOf<typeof pgs.documents.$inferInsert>().toEqualTypeOf<typeof lite.documents.$inferInsert>();
expectTypeOf<typeof pgs.documentChunks.$inferSelect>().toEqualTypeOf<typeof lite.documentChunks.$inferSelect>();
expectTypeOf<typeof pgs.documentChunks.$inferInsert>().toEqualTypeOf<typeof lite.documentChunks.$inferInsert>();
expectTypeOf<typeof pgs.auditLog.$inferSelect>().toEqualTypeOf<typeof lite.auditLog.$inferSelect>();
expectTypeOf<typeof pgs.auditLog.$inferInsert>().toEqualTypeOf<typeof lite.auditLog.$inferInsert>();
expectTypeOf<typeof pgs.rateLimitHits.$inferSelect>().toEqualTypeOf<typeof lite.rateLimitHits.$inferSelect>();
expectTypeOf<typeof pgs.rateLimitHits.$inferInsert>().toEqualTypeOf<typeof lite.rateLimitHits.$inferInsert>();
expectTypeOf<typeof pgs.knownDevices.$inferSelect>().toEqualTypeOf<typeof lite.knownDevices.$inferSelect>();
expectTypeOf<typeof pgs.knownDevices.$inferInsert>().toEqualTypeOf<typeof lite.knownDevices.$inferInsert>();
expectTypeOf<typeof pgs.stylebookEntries.$inferSelect>().toEqualTypeOf<typeof lite.stylebookEntries.$inferSelect>();
expectTypeOf<typeof pgs.stylebookEntries.$inferInsert>().toEqualTypeOf<typeof lite.stylebookEntries.$inferInsert>();
expectTypeOf<typeof pgs.stylebookHits.$inferSelect>().toEqualTypeOf<typeof lite.stylebookHits.$inferSelect>();
expectTypeOf<typeof pgs.stylebookHits.$inferInsert>().toEqualTypeOf<typeof lite.stylebookHits.$inferInsert>();

type Config = ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>;

/** A table as both engines can state it: SQL in indexes rendered, engine-specific types left out. */
function shape(config: Config, render: (s: SQL) => string) {
  const sqlOrName = (c: unknown) => (is(c, SQL) ? render(c) : (c as { name: string }).name);
  return {
    name: config.name,
    columns: config.columns.map((c) => ({
      name: c.name,
      dataType: c.dataType,
      notNull: c.notNull,
      primary: c.primary,
      hasDefault: c.hasDefault,
      // Expression defaults differ by engine ((unixepoch() * 1000) and now()); values must not.
      default: is(c.default, SQL) ? 'an SQL expression' : c.default,
      unique: c.isUnique ? c.uniqueName : false,
      enumValues: c.enumValues,
    })),
    indexes: config.indexes
      .map((i) => ({
        name: i.config.name ?? '',
        unique: i.config.unique,
        on: i.config.columns.map(sqlOrName),
        where: i.config.where ? render(i.config.where) : undefined,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const r = fk.reference();
        return {
          name: fk.getName(),
          columns: r.columns.map((c) => c.name),
          references: getTableName(r.foreignTable),
          foreignColumns: r.foreignColumns.map((c) => c.name),
          onDelete: fk.onDelete ?? 'no action',
          onUpdate: fk.onUpdate ?? 'no action',
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
    uniqueConstraints: config.uniqueConstraints.map((u) => ({ name: u.name, columns: u.columns.map((c) => c.name) })),
    primaryKeys: config.primaryKeys.map((p) => p.columns.map((c) => c.name)),
    checks: config.checks.map((c) => c.name),
  };
}

const sqliteDialect = new SQLiteSyncDialect({ casing: 'snake_case' });
const pgDialect = new PgDialect({ casing: 'snake_case' });
const liteShapes = Object.fromEntries(
  Object.entries(lite)
    .filter(([, v]) => is(v, SQLiteTable))
    .map(([k, t]) => [k, shape(sqliteTableConfig(t as SQLiteTable), (s) => sqliteDialect.sqlToQuery(s).sql)]),
);
const pgShapes = Object.fromEntries(
  Object.entries(pgs)
    .filter(([, v]) => is(v, PgTable))
    .map(([k, t]) => [k, shape(pgTableConfig(t as PgTable), (s) => pgDialect.sqlToQuery(s).sql)]),
);

describe('db/schema.pg.ts mirrors db/schema.ts', () => {
  it('declares the same tables under the same names', () => {
    expect(Object.keys(liteShapes).length).toBeGreaterThan(10);
    expect(Object.keys(pgShapes).sort()).toEqual(Object.keys(liteShapes).sort());
  });

  it.each(Object.keys(liteShapes))('%s: same columns, indexes, unique constraints and foreign keys', (key) => {
    expect(pgShapes[key]).toEqual(liteShapes[key]);
  });
});
