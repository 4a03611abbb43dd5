import { testEngine } from './postgres/test-engine';

/**
 * For `it.skipIf`: the test reads SQLite's own internals (FTS5 tables, the raw connection), which the
 * PostgreSQL run does not have. Its PostgreSQL counterparts: src/server/postgres/*.test.ts.
 */
export const SQLITE_INTERNALS = testEngine() === 'postgres';
