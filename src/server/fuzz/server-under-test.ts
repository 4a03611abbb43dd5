import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importServerBundle } from '../../../tests/support/server-bundle';
import { createTestPostgres, testEngine } from '../postgres/test-engine';
import { SESSION_COOKIE } from '../services/auth/sessions';

export const PASSWORD = 'deadline-7!';

/** Who a request is sent as; `cookie()` is the current session (a fuzzed logout may end one). */
export interface Actor {
  name: 'visitor' | 'member' | 'subscriber' | 'admin';
  cookie(): string | undefined;
  userId?: number;
}

/** The log lines that mean a request failed on the server: a logged internal error or a 5xx in the request log. */
const FAILURE_LINE = /^error:| 5\d\d [\d.]+ms$/;
/** The request log's line: method, path, status, time. */
const REQUEST_LINE = / \d{3} [\d.]+ms$/;

/**
 * A real server (startServer of the bundle `npm start` runs) on a fresh database (a SQLite file, or
 * in the postgres test run a PostgreSQL database, as DATABASE_URL gives one) and a free port, with
 * four actors: a visitor, a signed-in member without a plan, a subscriber on the local-billing trial
 * and an administrator.
 */
export async function startServerUnderTest(env: Record<string, string> = {}) {
  const { loadConfig, startServer, moduleUrl } = await importServerBundle();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-fuzz-'));
  // A stand-in for the built client, so page and asset paths are served as in production.
  const clientDir = path.join(dir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>Copydesk</title><script type="module" src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'export {};');
  const logs: string[] = [];
  let requests = 0;
  const postgres = testEngine() === 'postgres' ? await createTestPostgres() : undefined;
  const config = { ...loadConfig({ DATA_DIR: dir, ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...env }), port: 0 };
  const running = await startServer({
    config,
    log: (line) => {
      logs.push(line);
      if (REQUEST_LINE.test(line)) requests++;
    },
    clientDir,
  });
  const base = `http://127.0.0.1:${running.port}`;

  async function signUp(username: string, subscribe: boolean): Promise<{ token: string; userId: number }> {
    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { origin: config.appOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@news.example`, password: PASSWORD }),
    });
    if (res.status !== 201)
      throw new Error(`register ${username}: ${res.status} ${await res.text()}\n${logs.filter((l) => l.startsWith('error:')).join('\n')}`);
    const token = /copydesk_session=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1]!;
    const userId = ((await res.json()) as { id: number }).id;
    if (subscribe) {
      const trial = await fetch(`${base}/api/create-subscription`, {
        method: 'POST',
        headers: { origin: config.appOrigin, 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
        body: '{}',
      });
      if (trial.status !== 200) throw new Error(`create-subscription ${username}: ${trial.status} ${await trial.text()}`);
    }
    return { token, userId };
  }

  const tokens = new Map<string, string>();
  const signedIn = async (name: 'member' | 'subscriber', username: string): Promise<Actor> => {
    const { token, userId } = await signUp(username, name === 'subscriber');
    tokens.set(name, token);
    return { name, userId, cookie: () => `${SESSION_COOKIE}=${tokens.get(name)}` };
  };
  const visitor: Actor = { name: 'visitor', cookie: () => undefined };
  const member = await signedIn('member', 'fuzz-member');
  const subscriber = await signedIn('subscriber', 'fuzz-subscriber');
  // Made as the operator makes one; the generic suites never send as it (an admin may delete the others).
  const { user: adminUser } = await running.services.users.ensureAdmin('fuzz-admin@news.example', PASSWORD);
  tokens.set('admin', (await running.services.sessions.create(adminUser.id, false)).token);
  const admin: Actor = { name: 'admin', userId: adminUser.id, cookie: () => `${SESSION_COOKIE}=${tokens.get('admin')}` };
  const actors: Actor[] = [visitor, member, subscriber, admin];

  let logCursor = 0;

  return {
    server: running,
    /** The module the server came from, as it names itself. */
    moduleUrl,
    base,
    port: running.port,
    origin: config.appOrigin,
    config,
    logs,
    actors,
    visitor,
    member,
    subscriber,
    admin,

    /** Gives an actor whose session a fuzzed logout ended a new one, straight from the session service. */
    async restoreSessions() {
      for (const actor of [member, subscriber, admin]) {
        const res = await fetch(`${base}/api/user`, { headers: { cookie: actor.cookie()! } });
        await res.arrayBuffer();
        if (res.status === 401) tokens.set(actor.name, (await running.services.sessions.create(actor.userId!, false)).token);
      }
    },

    /** Requests the server has finished so far. */
    requestsLogged: () => requests,

    /**
     * Waits (briefly) until the server has finished more than `before` requests: a request whose
     * client left early is still being handled after the client is done with it.
     */
    async settle(before: number, maxMs = 300) {
      const until = Date.now() + maxMs;
      while (Date.now() < until) {
        if (requests > before) return;
        await new Promise((r) => setTimeout(r, 5));
      }
    },

    /** Failure lines logged since the last call. */
    takeFailures(): string[] {
      const fresh = logs.slice(logCursor);
      logCursor = logs.length;
      return fresh.filter((line) => FAILURE_LINE.test(line));
    },

    /** Whether the server still listens and answers its health check and a signed-in read (200 for both, or the first failure). */
    async serving(): Promise<{ listening: boolean; status: number | string }> {
      const listening = running.server.listening;
      try {
        for (const [p, cookie] of [
          ['/healthz', undefined],
          ['/api/user', subscriber.cookie()],
        ] as const) {
          const res = await fetch(`${base}${p}`, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(15_000) });
          await res.arrayBuffer();
          if (res.status !== 200) return { listening, status: `${p}: ${res.status}` };
        }
        return { listening, status: 200 };
      } catch (e) {
        return { listening, status: e instanceof Error ? `${e.name}: ${(e.cause as Error | undefined)?.message ?? e.message}` : String(e) };
      }
    },

    async close() {
      await running.close();
      await postgres?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ServerUnderTest = Awaited<ReturnType<typeof startServerUnderTest>>;
