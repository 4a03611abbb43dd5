import type { TestProject } from 'vitest/node';
import { createDatabase, startPostgres } from '../../../scripts/postgres-cluster.mjs';
import { connectPostgres } from './connect';

/** The PostgreSQL test run's server (TEST_DATABASE_URL, else a throwaway cluster) and a template migrated once. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const template = await createDatabase(server.url);
  await (await connectPostgres({ url: template.url, poolSize: 1 })).$close();
  project.provide('postgres', { url: server.url, template: template.name });
  return async () => {
    await template.drop().catch(() => {});
    await server.stop();
  };
}
