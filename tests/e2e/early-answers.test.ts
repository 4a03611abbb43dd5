import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/support';
import { openDatabase } from '../../src/server/db';
import { ensureClientBuilt } from './support/client-build';

/**
 * Answers a server gives before reading a request's body (401, 403, 413) must reach a client that
 * is still sending it. The server runs as `npm start` runs it, in its own process: in one process
 * the client's writes and the server's answer take turns, and the race never shows.
 */
describe('answers given before an upload is read, to Node’s fetch', () => {
  const start = path.resolve(import.meta.dirname, '../../scripts/start.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-early-answers-'));
  let server: ChildProcess;
  let url: string;
  const output: string[] = [];

  beforeAll(async () => {
    await ensureClientBuilt();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [start], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: url,
        MAX_UPLOAD_MB: '8',
        DATABASE_URL: '',
        STRIPE_SECRET_KEY: '',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    server.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    for (let i = 0; i < 600; i++) {
      const res = await fetch(`${url}/readyz`).catch(() => undefined);
      if (res?.status === 200) return;
      if (server.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not become ready:\n${output.join('')}`);
  }, 180_000);

  afterAll(() => {
    server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function register(username: string): Promise<string> {
    const res = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@news.example`, password: 'newsroom-pass-1' }),
    });
    expect(res.status).toBe(201);
    return /copydesk_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
  }

  it('every refused upload gets its status, none a network error, and nothing refused is stored', async () => {
    const nonSubscriber = await register('olusegun');
    const subscriber = await register('mariana');
    const trial = await fetch(`${url}/api/create-subscription`, {
      method: 'POST',
      headers: { origin: url, cookie: subscriber, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(trial.status).toBe(200);

    const line = 'The council met on Tuesday and approved the budget for the riverfront park.\n';
    const underLimit = line.repeat(90_000); // 6.8 MB
    const overLimit = line.repeat(130_000); // 9.9 MB
    const cases = [
      { who: 'visitor', cookie: undefined, text: underLimit, status: 401 },
      { who: 'non-subscriber', cookie: nonSubscriber, text: underLimit, status: 403 },
      { who: 'subscriber over the size limit', cookie: subscriber, text: overLimit, status: 413 },
    ];
    const failures: string[] = [];
    for (const c of cases) {
      for (let i = 0; i < 50; i++) {
        const form = new FormData();
        form.append('file', new Blob([c.text]), 'story.txt');
        try {
          const res = await fetch(`${url}/api/files/upload`, {
            method: 'POST',
            headers: { origin: url, ...(c.cookie ? { cookie: c.cookie } : {}) },
            body: form,
          });
          const body = (await res.json()) as { message?: string };
          if (res.status !== c.status || typeof body.message !== 'string') failures.push(`${c.who}: HTTP ${res.status}`);
        } catch (e) {
          failures.push(`${c.who}: ${String((e as { cause?: unknown }).cause ?? e)}`);
        }
      }
    }
    expect(failures).toEqual([]);

    const { db, dialect } = openDatabase(path.join(dataDir, 'app.db'));
    try {
      expect(await db.select().from(db.tables.documents)).toEqual([]);
    } finally {
      await dialect.close();
    }
  }, 240_000);
});
