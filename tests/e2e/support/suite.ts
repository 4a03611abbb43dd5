import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../../support/openai-server';
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

export interface ServerModelAndBrowser extends ServerAndBrowser {
  /** The local Chat Completions double the server's editor answers through. */
  readonly model: FakeOpenAiServer;
}

/** As `serverAndBrowser`, with the editor an OpenAI-compatible model (the local double), so a reply streams as slowly as a test needs. */
export function serverModelAndBrowser(): ServerModelAndBrowser {
  const suite: { server?: E2EServer; browser?: Browser; model?: FakeOpenAiServer } = {};
  beforeAll(async () => {
    suite.model = await startFakeOpenAi();
    suite.server = await startE2EServer({
      env: { OPENAI_BASE_URL: suite.model.url, OPENAI_API_KEY: OPENAI_TEST_KEY, OPENAI_MODEL: 'fake-editor' },
    });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
    await suite.model?.close();
  });
  return suite as ServerModelAndBrowser;
}
