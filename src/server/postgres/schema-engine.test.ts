import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterEach, describe, expect, it } from 'vitest';
import * as schema from '../../../db/schema';
import { users, useEngine } from '../../../db/schema';

describe('the tables services query', () => {
  afterEach(() => useEngine('sqlite'));

  it('are SQLite tables until the process moves to PostgreSQL, and every importer sees the move', () => {
    expect(schema.schemaEngine()).toBe('sqlite');
    expect(is(users, SQLiteTable)).toBe(true);
    useEngine('postgres');
    expect(schema.schemaEngine()).toBe('postgres');
    // a binding imported by name, as services import them, follows the switch
    expect(is(users, PgTable)).toBe(true);
    for (const name of ['sessions', 'teams', 'messages', 'documentChunks', 'auditLog'] as const)
      expect(is(schema[name], PgTable)).toBe(true);
    useEngine('sqlite');
    expect(is(users, SQLiteTable)).toBe(true);
  });
});
