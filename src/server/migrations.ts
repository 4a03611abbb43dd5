import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Resolved here, two folders below the repository, as the server bundle (dist/server) is too:
// a module deeper in src/server would find the folders in src but not in the bundle.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Each engine's generated migrations, applied at start. */
export const SQLITE_MIGRATIONS_FOLDER = path.join(root, 'db/migrations');
export const PG_MIGRATIONS_FOLDER = path.join(root, 'db/migrations-pg');
