import { defineConfig } from 'vitest/config';
import { postgresBinDir } from './scripts/postgres-cluster.mjs';

/**
 * The unit and integration suite runs on SQLite and, when a PostgreSQL can be had (TEST_DATABASE_URL,
 * or Debian's server to start a throwaway cluster; always on CI, where .ci/run installs it), again on
 * PostgreSQL: every test that reaches a database. The editor's and the client's tests touch none.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL || process.env.CI || postgresBinDir()) && process.env.COPYDESK_TEST_POSTGRES !== '0';

const include = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'];

export default defineConfig({
  resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The server bundle the fuzzer starts loads in Node as `npm start` loads it, not through Vite's transform.
    server: { deps: { external: [/\/dist\/server\//] } },
    projects: [
      { extends: true, test: { name: 'sqlite', include } },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['src/server/**/*.test.ts'],
                // the editor touches no database; sqlite/ is SQLite's own; postgres/ and the migration test start their own
                exclude: [
                  'src/server/editor/**',
                  'src/server/postgres/**',
                  'src/server/sqlite/**',
                  'src/server/cli/migrate-to-postgres.test.ts',
                  'src/server/cli/editor-commands.test.ts',
                ],
                env: { COPYDESK_TEST_ENGINE: 'postgres' },
                globalSetup: ['src/server/postgres/test-global-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
