// `npm start`: builds what is missing, then runs the server bundle under plain Node.
// Running TypeScript through a loader at run time cost about 350 MB of resident
// memory under load; the bundle is rebuilt only when a server source is newer.
import { buildServerIfStale, SERVER_BUNDLE } from './build-server.mjs';

await buildServerIfStale();
await import(SERVER_BUNDLE);
