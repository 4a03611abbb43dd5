import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectServerBundle } from '../support/server-bundle';
import { startE2EServer, type E2EServer } from './support/server';

describe('the browser suite’s server', () => {
  let server: E2EServer;
  beforeAll(async () => {
    server = await startE2EServer();
  });
  afterAll(() => server?.close());

  it('is the bundle npm start runs, and answers tRPC through it', async () => {
    await expectServerBundle(server.moduleUrl);
    const res = await fetch(`${server.url}/trpc/auth.session`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: { data: { json: null } } });
  });
});
