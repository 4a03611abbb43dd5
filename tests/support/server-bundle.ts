import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { buildServerIfStale, SERVER_BUNDLE, withBuildLock } from '../../scripts/build-server.mjs';

export type ServerBundle = typeof import('../../src/server/main');
export type RunningServer = Awaited<ReturnType<ServerBundle['startServer']>>;

let loaded: Promise<ServerBundle> | undefined;

/**
 * The server bundle `npm start` runs (dist/server/main.mjs), built first when a server source is
 * newer, and loaded by Node itself: the Vitest configs keep dist/server out of Vite's transform.
 * Tests that start a server in-process start it through this module's `startServer`, so they run
 * tRPC as production runs it, its spreads native (docs/decisions/041-tests-start-the-server-bundle.md, 060).
 */
export function importServerBundle(): Promise<ServerBundle> {
  loaded ??= withBuildLock(buildServerIfStale).then(() => import(pathToFileURL(SERVER_BUNDLE).href) as Promise<ServerBundle>);
  return loaded;
}

/**
 * Fails unless the module that names itself `moduleUrl` is the server bundle, with tRPC compiled in
 * and its spreads native, and was loaded by Node as built rather than through Vite.
 */
export async function expectServerBundle(moduleUrl: string): Promise<void> {
  expect(fileURLToPath(moduleUrl)).toBe(SERVER_BUNDLE);
  const code = fs.readFileSync(SERVER_BUNDLE, 'utf8');
  expect(code).not.toContain('_objectSpread2(');
  expect(code).toMatch(/async function callRecursive\([^)]*\) \{[^}]*\{\s*\.\.\.opts,\s*meta: _def\.meta/);
  expect(code).not.toMatch(/^import .* from "@trpc\/server/m);
  // Vite's transform reaches imported names through `__vite_ssr_import_N__`; Node leaves them bare.
  const { startServer } = (await import(moduleUrl)) as ServerBundle;
  expect(startServer.toString()).not.toContain('__vite_ssr_import_');
}
