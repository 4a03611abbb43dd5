import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, from the mirror of db/schema.ts: `npm run db:generate:pg`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.pg.ts',
  out: './db/migrations-pg',
  casing: 'snake_case',
});
