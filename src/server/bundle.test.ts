import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, buildServerIfStale, withBuildLock } from '../../scripts/build-server.mjs';
import { freePort } from '../../bench/support';

// `npm start` runs the bundle in dist/server, not the sources: a path resolved from a module's
// own place in src must still hold there (the migrations once did not).
describe('the server bundle as npm start runs it', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bundle-'));
  let child: ReturnType<typeof spawn> | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds its migrations and answers /readyz with 200', { timeout: 60_000 }, async () => {
    // Built as npm start builds it: other tests load this bundle while this one runs.
    await withBuildLock(buildServerIfStale);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [SERVER_BUNDLE], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: url,
        AI_PROVIDER: 'embedded',
        DATABASE_URL: '',
      },
      stdio: 'ignore',
    });
    let res: Response | undefined;
    for (let i = 0; i < 400 && !res; i++) {
      res = await fetch(`${url}/readyz`).catch(() => undefined);
      if (!res) await new Promise((r) => setTimeout(r, 100));
    }
    expect(res?.status).toBe(200);
    expect(await res!.json()).toEqual({ status: 'ready' });
  });
});
