import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/support';
import { buildClient, formatResults, measureBundles, PAGES } from '../../scripts/bundle-budget.mjs';
import { launchChromium } from '../../scripts/chromium.mjs';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/server';

// Its own production build: the other browser tests share dist/client, built under NODE_ENV=test.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-budget-'));
let server: Awaited<ReturnType<typeof startServer>>;
let url: string;
let browser: Browser;

beforeAll(async () => {
  const clientDir = path.join(dir, 'client');
  await buildClient(clientDir);
  const port = await freePort();
  url = `http://localhost:${port}`;
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: path.join(dir, 'data') });
  server = await startServer({ config, clientDir, log: () => {} });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('bundle budget', () => {
  it('keeps each page within its gzipped JavaScript budget', async () => {
    const { results, over } = await measureBundles(url, { browser });
    console.log(`JavaScript per page, gzipped:\n${formatResults(results)}`);

    expect(results.map((r) => r.landedOn)).toEqual(PAGES.map((p) => p.path));
    expect(over).toEqual([]);
  });
});
