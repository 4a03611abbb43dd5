import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startE2EServer, type E2EServer } from './server';

export interface ServerAndBrowser {
  readonly server: E2EServer;
  readonly browser: Browser;
}

/**
 * Starts the real server and Chromium once before a test file's tests and closes both after them.
 * Call it at the top of the file; read `server` and `browser` inside tests and helpers, once the hooks have run.
 */
export function serverAndBrowser(opts: { env?: Record<string, string> } = {}): ServerAndBrowser {
  const suite: { server?: E2EServer; browser?: Browser } = {};
  beforeAll(async () => {
    suite.server = await startE2EServer(opts);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite as ServerAndBrowser;
}
