/**
 * The real server over the production client build given in CLIENT_DIR, for `bench/pages.ts`.
 * Run as a child process: `node --import tsx bench/pages-server.ts` with PORT, APP_URL, DATA_DIR
 * and CLIENT_DIR in the environment.
 */
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/server';

const clientDir = process.env.CLIENT_DIR;
if (!clientDir) throw new Error('CLIENT_DIR is not set');
const running = await startServer({ config: loadConfig(process.env), clientDir, log: (line) => console.log(line) });
process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
