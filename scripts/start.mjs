// `npm start`: builds what is missing, then runs the server bundle under plain Node.
// Running TypeScript through a loader at run time cost about 350 MB of resident
// memory under load; the bundle is rebuilt only when a server source is newer.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServerIfStale, SERVER_BUNDLE, withBuildLock } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await withBuildLock(async () => {
  await buildServerIfStale();
  if (fs.existsSync(path.join(root, 'dist/client/index.html'))) return;
  console.log('client: not built yet, building it now (once)...');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
});
const { main } = await import(pathToFileURL(SERVER_BUNDLE).href);
await main();
