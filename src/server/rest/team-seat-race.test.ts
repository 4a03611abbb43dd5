import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../shared/schemas/team';
import { loadConfig } from '../config';
import { startServer } from '../server';

let dir: string | undefined;
let server: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  server = dir = undefined;
});

it('gives the last seat to one of two invitees accepting at once over HTTP, and answers the other 409', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-team-race-'));
  fs.mkdirSync(path.join(dir, 'no-client'));
  const config = loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: 'chief@news.example', ADMIN_PASSWORD: 'chief-pass-1' });
  const started = await startServer({
    config: { ...config, port: 0 },
    log: () => {},
    clientDir: path.join(dir, 'no-client'),
  });
  server = started;
  const base = `http://127.0.0.1:${started.port}`;

  const call = async (method: string, p: string, cookie?: string, body?: unknown) => {
    const res = await fetch(base + p, {
      method,
      headers: {
        origin: config.appOrigin,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      cookie: res.headers.getSetCookie()[0]?.split(';')[0],
    };
  };
  const register = async (username: string) =>
    (await call('POST', '/api/register', undefined, { username, email: `${username}@news.example`, password: 'deadline-7!' })).cookie!;
  const invite = async (owner: string, username: string) => {
    const res = await call('POST', '/api/team/invite', owner, { email: `${username}@news.example` });
    expect(res.status).toBe(201);
    return new URL(res.body.inviteUrl as string).searchParams.get('token')!;
  };

  const owner = await register('olivia');
  const created = await call('POST', '/api/team', owner, { name: 'Metro Desk' });
  expect(created.status).toBe(201);
  for (const name of ['milo', 'nora']) {
    const member = await register(name);
    expect((await call('POST', `/api/team/accept-invitation/${await invite(owner, name)}`, member)).status).toBe(200);
  }
  const racers = await Promise.all(
    ['pia', 'quinn'].map(async (name) => ({ cookie: await register(name), token: await invite(owner, name) })),
  );
  // Pending invitations hold seats, so two invitees meet over one seat only once the seats are lowered.
  const admin = (await call('POST', '/api/login', undefined, { email: 'chief@news.example', password: 'chief-pass-1' })).cookie!;
  expect((await call('PUT', `/api/admin/teams/${String(created.body.id)}`, admin, { name: 'Metro Desk', maxSeats: 4 })).status).toBe(200);

  const answers = await Promise.all(racers.map((r) => call('POST', `/api/team/accept-invitation/${r.token}`, r.cookie)));

  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  expect(answers.find((a) => a.status === 409)!.body).toMatchObject({
    message: TEAM_MESSAGES.seatsFullForInvitee,
    code: 'SEATS_FULL',
  });
  const team = await call('GET', '/api/team', owner);
  expect(team.body).toMatchObject({ usedSeats: 4, maxSeats: 4 });
  expect(((await call('GET', '/api/team/members', owner)).body as unknown as unknown[]).length).toBe(4);
});
