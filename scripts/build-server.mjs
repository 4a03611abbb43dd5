// Bundles the server with esbuild when a server source is newer than the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trpcSpreadPlugin } from './trpc-spread.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/server');
const bundle = path.join(outDir, 'main.mjs');
// Loaded by path at run time (a worker thread and a child process), so they sit beside the bundle.
const companions = [
  'src/server/editor/harper/worker.mjs',
  'src/server/services/documents/extract-process.mjs',
  'src/server/services/documents/extract-spawner.mjs',
  'src/server/services/documents/text-prep.mjs',
  'src/server/http/multipart-worker.mjs',
];

function newestSource(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return newest;
}

/** Bundles the server into `outfile`, its companions beside it. */
export async function buildServer(outfile = bundle) {
  const { build } = await import('esbuild');
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  };
  await build({ ...common, entryPoints: [path.join(root, 'src/server/main.ts')], outfile, plugins: [trpcSpreadPlugin()] });
  // The editor pool's worker thread, found beside the bundle under the name its sources bootstrap has.
  await build({
    ...common,
    entryPoints: [path.join(root, 'src/server/editor/pool/worker-main.ts')],
    outfile: path.join(path.dirname(outfile), 'editor-pool-worker.mjs'),
  });
  for (const file of companions) fs.copyFileSync(path.join(root, file), path.join(path.dirname(outfile), path.basename(file)));
}

export async function buildServerIfStale() {
  const outputs = [bundle, path.join(outDir, 'editor-pool-worker.mjs')];
  const builtAt = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  const scripts = ['build-server.mjs', 'trpc-spread.mjs'].map((f) => fs.statSync(path.join(root, 'scripts', f)).mtimeMs);
  if (builtAt > Math.max(newestSource(['src/server', 'src/shared', 'db']), ...scripts)) return;
  await buildServer();
}

export const SERVER_BUNDLE = bundle;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/**
 * Runs `build` while no other process on this machine builds: two instances started at once
 * (`systemctl start copydesk@3001 copydesk@3002`) would otherwise write the same files together.
 * A lock left by a process that died is taken over.
 */
export async function withBuildLock(build) {
  const lock = path.join(root, 'dist/.build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(lock, 'utf8'));
      if (holder && !alive(holder)) fs.rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await build();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

// Run directly (`node scripts/build-server.mjs`) it only builds.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServerIfStale();
