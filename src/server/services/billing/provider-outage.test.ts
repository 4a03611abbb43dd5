import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app';
import { post, registerUser } from '../../test-http';
import { PROVIDER_UNAVAILABLE } from './index';

let t: TestApp;
afterEach(() => t?.close());

/** A loopback port with nothing listening: the provider is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('billing when the provider cannot be reached', () => {
  it('answers 502 with a clear message, logs the cause, and grants nothing', async () => {
    const port = await closedPort();
    t = createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_outage', STRIPE_API_BASE: `http://127.0.0.1:${port}` } });
    const token = await registerUser(t, 'outage');

    const res = await post(t, '/api/create-subscription', {}, { token });

    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: PROVIDER_UNAVAILABLE });
    expect(t.logs.some((line) => line.startsWith('billing: create failed'))).toBe(true);
    const me = await (await t.app.request('/api/user', { headers: { cookie: `copydesk_session=${token}` } })).json();
    expect(me.subscriptionStatus).toBe('inactive');
  });
});
