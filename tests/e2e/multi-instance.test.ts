import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startPostgres, type PostgresServer, type TestDatabase } from '../../scripts/postgres-cluster.mjs';
import { freePort } from '../../bench/support';
import { parseSse } from '../../src/server/services/chat/test-support';
import { TEAM_MESSAGES } from '../../src/shared/schemas/team';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../support/openai-server';
import { ensureClientBuilt } from './support/client-build';

/**
 * Two Copydesk processes, as `npm start` runs them, on one PostgreSQL: what a load balancer in front
 * of them may split between them has to behave as on one box.
 */

let postgres: PostgresServer | undefined;
let unavailable: string | undefined;
try {
  postgres = await startPostgres();
} catch (e) {
  // .ci/run installs PostgreSQL: there, its absence fails the suite rather than skipping it
  if (process.env.CI) throw e;
  unavailable = (e as Error).message;
  console.warn(`Skipping the multi-instance tests: ${unavailable}`);
}

interface Instance {
  url: string;
  process: ChildProcess;
  output: string[];
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie?: string;
}

describe.skipIf(!postgres)('two instances on one PostgreSQL', () => {
  const start = path.resolve(import.meta.dirname, '../../scripts/start.mjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-multi-'));
  let database: TestDatabase;
  let model: FakeOpenAiServer;
  let a: Instance;
  let b: Instance;

  async function startInstance(name: string): Promise<Instance> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    const child = spawn(process.execPath, [start], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, name),
        APP_URL: url,
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: '4',
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: OPENAI_TEST_KEY,
        REGISTRATIONS_PER_HOUR: '100',
        STRIPE_SECRET_KEY: '',
        SMTP_URL: '',
        ADMIN_EMAIL: 'chief@news.example',
        ADMIN_PASSWORD: 'chief-pass-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    for (let i = 0; i < 600; i++) {
      const res = await fetch(`${url}/readyz`).catch(() => undefined);
      if (res?.status === 200) return { url, process: child, output };
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`instance ${name} did not become ready:\n${output.join('')}`);
  }

  beforeAll(async () => {
    // start.mjs builds the server bundle if stale; a missing client it would build too, outside the suite's lock
    await ensureClientBuilt();
    database = await createDatabase(postgres!.url);
    model = await startFakeOpenAi();
    // one after the other: the second finds the migrations the first applied
    a = await startInstance('a');
    b = await startInstance('b');
  }, 180_000);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.process.kill('SIGKILL');
    await model?.close();
    await database?.drop().catch(() => {});
    await postgres?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(on: Instance, method: string, p: string, o: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
    const res = await fetch(on.url + p, {
      method,
      headers: {
        origin: on.url,
        ...(o.cookie ? { cookie: o.cookie } : {}),
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      cookie: res.headers.getSetCookie()[0]?.split(';')[0],
    };
  }

  const password = 'deadline-7!';
  async function register(on: Instance, username: string): Promise<string> {
    const res = await call(on, 'POST', '/api/register', { body: { username, email: `${username}@news.example`, password } });
    expect(res.status).toBe(201);
    return res.cookie!;
  }

  it('a session made on one instance works on the other, and so does what it writes', async () => {
    await register(a, 'amara');
    const login = await call(a, 'POST', '/api/login', { body: { email: 'amara@news.example', password } });
    expect(login.status).toBe(200);
    const cookie = login.cookie!;

    expect(await call(b, 'GET', '/api/user', { cookie })).toMatchObject({ status: 200, body: { username: 'amara' } });
    expect((await call(b, 'POST', '/api/create-subscription', { cookie })).status).toBe(200);
    const created = await call(b, 'POST', '/api/conversations', { cookie, body: { title: 'Council budget' } });
    expect(created.status).toBe(201);
    const listed = await fetch(`${a.url}/api/conversations`, { headers: { cookie } });
    expect(((await listed.json()) as Array<{ id: number; title: string }>).map((c) => [c.id, c.title])).toEqual([
      [created.body.id, 'Council budget'],
    ]);
    expect((await call(a, 'POST', '/api/logout', { cookie })).status).toBe(200);
    expect((await call(b, 'GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('the last seat, asked for on both instances at once, goes to one person; the other is answered 409', async () => {
    const owner = await register(a, 'olivia');
    const created = await call(a, 'POST', '/api/team', { cookie: owner, body: { name: 'Metro Desk' } });
    expect(created.status).toBe(201);
    const invite = async (username: string) => {
      const res = await call(b, 'POST', '/api/team/invite', { cookie: owner, body: { email: `${username}@news.example` } });
      expect(res.status).toBe(201);
      return new URL(res.body.inviteUrl as string).searchParams.get('token')!;
    };
    for (const name of ['milo', 'nora']) {
      const member = await register(b, name);
      expect((await call(a, 'POST', `/api/team/accept-invitation/${await invite(name)}`, { cookie: member })).status).toBe(200);
    }
    const racers = [
      { on: a, cookie: await register(a, 'pia'), token: await invite('pia') },
      { on: b, cookie: await register(b, 'quinn'), token: await invite('quinn') },
    ];
    // Pending invitations hold seats: two invitees meet over one seat only once the seats are lowered.
    const admin = (await call(b, 'POST', '/api/login', { body: { email: 'chief@news.example', password: 'chief-pass-1' } })).cookie!;
    const lowered = await call(a, 'PUT', `/api/admin/teams/${String(created.body.id)}`, {
      cookie: admin,
      body: { name: 'Metro Desk', maxSeats: 4 },
    });
    expect(lowered.status).toBe(200);

    const answers = await Promise.all(
      racers.map((r) => call(r.on, 'POST', `/api/team/accept-invitation/${r.token}`, { cookie: r.cookie })),
    );

    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.body).toMatchObject({
      message: TEAM_MESSAGES.seatsFullForInvitee,
      code: 'SEATS_FULL',
    });
    expect((await call(b, 'GET', '/api/team', { cookie: owner })).body).toMatchObject({ usedSeats: 4, maxSeats: 4 });
  });

  it('failed logins are counted across both instances', async () => {
    await register(b, 'lena');
    const wrong = { email: 'lena@news.example', password: 'not-her-password-1' };
    // ten failures allowed per account in 15 minutes, split between the instances
    for (let i = 0; i < 10; i++) expect((await call(i % 2 ? b : a, 'POST', '/api/login', { body: wrong })).status).toBe(401);
    const refusedOnA = await call(a, 'POST', '/api/login', { body: wrong });
    const refusedOnB = await call(b, 'POST', '/api/login', { body: wrong });
    expect([refusedOnA.status, refusedOnB.status]).toEqual([429, 429]);
  });

  it('Stop sent to one instance ends the reply streaming on the other, and the partial reply is kept as stopped', async () => {
    const cookie = await register(a, 'sofia');
    expect((await call(a, 'POST', '/api/create-subscription', { cookie })).status).toBe(200);
    const { id } = (await call(a, 'POST', '/api/conversations', { cookie })).body as { id: number };
    const tokens = Array.from({ length: 3_000 }, (_, i) => ` w${i}`);
    model.behave({ tokens, tokenIntervalMs: 10 });
    const asked = model.requests.length;

    const reply = await fetch(`${a.url}/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: { origin: a.url, cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'Tighten this lede' }),
    });
    expect(reply.status).toBe(200);
    const reader = reply.body!.getReader();
    let body = '';
    const decoder = new TextDecoder();
    while (!body.includes(' w5')) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }

    expect(await call(b, 'POST', `/api/conversations/${id}/stop`, { cookie })).toMatchObject({ status: 200, body: { success: true } });

    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    await model.clientLeft(asked);
    const done = parseSse(body).at(-1) as { event: string; data: { assistantMessage: { status: string; content: string } } };
    expect(done.event).toBe('done');
    expect(done.data.assistantMessage.status).toBe('stopped');
    expect(done.data.assistantMessage.content.length).toBeLessThan(tokens.join('').length);
    const saved = (await call(b, 'GET', `/api/conversations/${id}`, { cookie })).body as unknown as Array<{ role: string; status: string }>;
    expect(saved.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'stopped'],
    ]);
  });
});
