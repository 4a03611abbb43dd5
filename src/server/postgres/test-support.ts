import { createDatabase, startPostgres, type PostgresServer, type TestDatabase } from '../../../scripts/postgres-cluster.mjs';
import { connectPostgres, type PostgresDatabase } from './connect';

export interface PostgresForTests {
  server: PostgresServer;
  /** A migrated database of its own, copied from a template migrated once per file. */
  freshDatabase(): Promise<{ db: PostgresDatabase; url: string; drop(): Promise<void> }>;
  /** An empty database, with no migrations applied. */
  emptyDatabase(): Promise<TestDatabase>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL for a test file (TEST_DATABASE_URL, else a throwaway cluster), or why there is none.
 * On CI, where .ci/run installs PostgreSQL, its absence is an error rather than a reason to skip.
 */
export async function postgresForTests(): Promise<PostgresForTests | { unavailable: string }> {
  let server: PostgresServer;
  try {
    server = await startPostgres();
  } catch (e) {
    if (process.env.CI) throw e;
    const reason = (e as Error).message;
    console.warn(`Skipping the PostgreSQL tests: ${reason}`);
    return { unavailable: reason };
  }
  const template = await createDatabase(server.url);
  await (await connectPostgres({ url: template.url, poolSize: 1 })).$close();
  const made: TestDatabase[] = [template];
  return {
    server,
    emptyDatabase: async () => {
      const database = await createDatabase(server.url);
      made.push(database);
      return database;
    },
    freshDatabase: async () => {
      const database = await createDatabase(server.url, { template: template.name });
      made.push(database);
      const db = await connectPostgres({ url: database.url, poolSize: 4, migrate: false });
      return {
        db,
        url: database.url,
        drop: async () => {
          await db.$close();
          await database.drop();
        },
      };
    },
    stop: async () => {
      for (const database of made.splice(0).reverse()) await database.drop();
      await server.stop();
    },
  };
}
