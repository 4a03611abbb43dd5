import { afterEach, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES } from '../../shared/schemas/api-tokens';
import { API_TOKEN_RATE } from '../services/auth/api-tokens';
import { subscriber } from '../services/chat/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { get, post, send } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts
const json = async (res: Response) => (await res.json()) as any;
const bearer = (token: string) => ({ origin: null, headers: { authorization: `Bearer ${token}` } });

async function tokenFor(cookieToken: string, scope: 'read' | 'write' = 'write'): Promise<string> {
  const res = await post(t, '/api/tokens', { name: 'desk script', scope, expiresInDays: 90 }, { token: cookieToken });
  expect(res.status).toBe(201);
  const body = await json(res);
  expect(body.apiToken).toMatchObject({ name: 'desk script', scope });
  return body.token as string;
}

describe('REST: bearer tokens', () => {
  it('work on /api rows with no cookie and no Origin, and on /trpc', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const token = await tokenFor(mariana.token);
    const created = await post(t, '/api/conversations', { title: 'Harbour ferry' }, bearer(token));
    expect(created.status).toBe(201);
    const listed = await get(t, '/api/conversations', bearer(token));
    expect(listed.status).toBe(200);
    expect((await json(listed)).map((c: { title: string }) => c.title)).toEqual(['Harbour ferry']);

    const me = await get(t, '/trpc/auth.me', bearer(token));
    expect(me.status).toBe(200);
    expect((await json(me)).result.data.json.username).toBe('mariana');
    const viaTrpc = await send(t, 'POST', '/trpc/chat.create', { json: { title: 'Budget' } }, bearer(token));
    expect(viaTrpc.status).toBe(200);
  });

  it('answer 401 with the reason for a wrong or revoked token, 403 outside the scope', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const reader = await tokenFor(mariana.token, 'read');
    const wrong = await get(t, '/api/conversations', bearer('cdk_0000000000000000notasecret'));
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toEqual({ message: API_TOKEN_MESSAGES.invalid });
    const outside = await post(t, '/api/conversations', { title: 'Budget' }, bearer(reader));
    expect(outside.status).toBe(403);
    expect(await json(outside)).toEqual({ message: API_TOKEN_MESSAGES.outOfScope });

    const [listed] = await json(await get(t, '/api/tokens', { token: mariana.token }));
    expect((await send(t, 'DELETE', `/api/tokens/${listed.id}`, undefined, { token: mariana.token })).status).toBe(200);
    const revoked = await get(t, '/api/conversations', bearer(reader));
    expect(revoked.status).toBe(401);
    expect(await json(revoked)).toEqual({ message: API_TOKEN_MESSAGES.revoked });
    expect((await get(t, '/trpc/auth.me', bearer(reader))).status).toBe(401);
  });

  it('cannot make tokens, and a cookie still needs its Origin', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const token = await tokenFor(mariana.token);
    const made = await post(t, '/api/tokens', { name: 'another', scope: 'write', expiresInDays: null }, bearer(token));
    expect(made.status).toBe(403);
    expect(await json(made)).toEqual({ message: API_TOKEN_MESSAGES.sessionOnly });
    expect((await post(t, '/api/conversations', { title: 'x' }, { token: mariana.token, origin: null })).status).toBe(403);
  });

  it(`answer 429 with Retry-After past ${API_TOKEN_RATE.max} requests a minute for one token`, async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const token = await tokenFor(mariana.token, 'read');
    const other = await tokenFor(mariana.token, 'read');
    for (let i = 0; i < API_TOKEN_RATE.max; i++) expect((await get(t, '/api/user', bearer(token))).status).toBe(200);
    const refused = await get(t, '/api/user', bearer(token));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(refused)).toMatchObject({ message: API_TOKEN_MESSAGES.tooManyRequests });
    expect((await get(t, '/api/user', bearer(other))).status).toBe(200);
    t.clock.advance(API_TOKEN_RATE.windowMs);
    expect((await get(t, '/api/user', bearer(token))).status).toBe(200);
  });
});
