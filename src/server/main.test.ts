import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/support';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../../tests/support/openai-server';
import { createTestPostgres, testEngine } from './postgres/test-engine';
import { parseSse } from './services/chat/test-support';

const root = path.resolve(__dirname, '../..');

interface Poll {
  path: string;
  /** Sent once the server had said it was shutting down. */
  afterSignal: boolean;
  /** Sent before the streaming reply had ended, so while the server was still draining. */
  whileDraining: boolean;
  status?: number;
  connection?: string | null;
  body?: unknown;
  error?: string;
}

describe('the server process on SIGTERM', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** `npm start`'s server (src/server/main.ts) as a child process on a free port, once it listens, its output kept. */
  async function startProcess(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-main-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const postgres = testEngine() === 'postgres' ? await createTestPostgres() : undefined;
    if (postgres) cleanups.push(() => postgres.drop());
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--no-client-build'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: postgres?.url ?? '',
        STRIPE_SECRET_KEY: '',
        SMTP_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });
    let output = '';
    const waiters: Array<() => void> = [];
    const collect = (d: Buffer) => {
      output += d.toString();
      for (const wake of waiters.splice(0)) wake();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const said = async (pattern: RegExp) => {
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`the server exited without saying ${pattern}:\n${output}`);
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), exited]);
      }
    };
    await said(/Copydesk listening on /);
    return { child, url, said, exited, output: () => output };
  }

  it(
    'answers every request 503 from the signal until it exits, the health checks saying it is shutting down, and exits 0',
    { timeout: 60_000 },
    async () => {
      const tokens = Array.from({ length: 2_000 }, (_, i) => ` w${i}`);
      const fake: FakeOpenAiServer = await startFakeOpenAi({ tokens, tokenIntervalMs: 10 });
      cleanups.push(() => fake.close());
      const server = await startProcess({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: OPENAI_TEST_KEY, SHUTDOWN_DRAIN_SECONDS: '1' });
      const { url } = server;

      const registered = await fetch(`${url}/api/register`, {
        method: 'POST',
        headers: { origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ines', email: 'ines@news.example', password: 'ines-pass-1!' }),
      });
      expect(registered.status).toBe(201);
      const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
      const post = (p: string, body: unknown = {}) =>
        fetch(url + p, {
          method: 'POST',
          headers: { origin: url, cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post('/api/create-subscription')).status).toBe(200);
      const { id } = (await (await post('/api/conversations')).json()) as { id: number };
      const reply = fetch(`${url}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers: { origin: url, cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'Tighten this' }),
      }).then((res) => res.text());
      await fake.received(1);

      let signalled = false;
      let replyEnded = false;
      void reply.then(() => (replyEnded = true));
      let gone = false;
      void server.exited.then(() => (gone = true));
      const polls: Poll[] = [];
      const poll = async (p: string): Promise<Poll> => {
        const sent = { path: p, afterSignal: signalled, whileDraining: !replyEnded };
        try {
          const res = await fetch(url + p, p.startsWith('/api/') ? { headers: { cookie } } : undefined);
          return { ...sent, status: res.status, connection: res.headers.get('connection'), body: await res.json() };
        } catch (e) {
          return { ...sent, error: String((e as Error).cause ?? e) };
        }
      };
      const polling = (async () => {
        // until the process is gone, or the first request it could not answer (it is then leaving)
        for (let round = 0; round < 5_000 && !gone; round++) {
          const answers = await Promise.all(['/healthz', '/readyz', '/api/conversations'].map(poll));
          polls.push(...answers);
          if (answers.some((a) => a.error)) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();

      while (polls.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      server.child.kill('SIGTERM');
      await server.said(/SIGTERM: shutting down/);
      signalled = true;
      const events = parseSse(await reply);
      await polling;
      expect(await server.exited).toEqual({ code: 0, signal: null });

      expect(polls.filter((p) => !p.afterSignal && p.status === undefined)).toEqual([]);
      expect(polls.find((p) => !p.afterSignal)).toMatchObject({ path: '/healthz', status: 200 });
      const afterSignal = polls.filter((p) => p.afterSignal);
      for (const p of afterSignal.filter((a) => a.whileDraining || a.status !== undefined)) {
        if (p.path === '/api/conversations') {
          expect(p).toMatchObject({
            status: 503,
            connection: 'close',
            body: { message: 'Copydesk is shutting down; try again in a moment' },
          });
        } else {
          expect(p).toMatchObject({ status: 503, body: { status: 'shutting down' } });
        }
      }
      // the drain was seen on each path, while the reply still streamed
      for (const p of ['/healthz', '/readyz', '/api/conversations'])
        expect(afterSignal.filter((a) => a.path === p && a.whileDraining).length, p).toBeGreaterThan(0);

      const done = events.at(-1) as { event: string; data: { assistantMessage: { status: string; content: string } } };
      expect(done).toMatchObject({ event: 'done', data: { assistantMessage: { status: 'stopped' } } });
      expect(done.data.assistantMessage.content.startsWith(' w0 w1')).toBe(true);
      expect(server.output()).toContain('chat: stopping 1 reply still running at shutdown');
    },
  );
});
