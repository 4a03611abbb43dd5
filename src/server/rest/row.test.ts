import { describe, expect, it } from 'vitest';
import { body } from './inputs';
import { row } from './row';
import type { Invoke, RestRequest } from './shim';

/** A procedure that answers the input it was given. */
const echo = (): Invoke => (input) => Promise.resolve(input);

function request(o: {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}) {
  const headers = o.headers ?? {};
  return {
    params: o.params ?? {},
    query: o.query ?? {},
    body: o.body ?? {},
    hono: { req: { header: (name: string) => headers[name.toLowerCase()] } },
    header() {},
  } as unknown as RestRequest;
}

describe('row', () => {
  it('reads each input field from its source: path, body (null kept), a query name or its alias, a header', async () => {
    const update = row('PUT', '/api/admin/users/:id', (api) => api.admin.users.update, {
      id: 'path',
      ...body('username', 'email', 'subscriptionStatus', 'subscriptionPlan', 'isAdmin'),
    });
    expect(update.procedure).toBe('admin.users.update');
    expect(
      await update.call(echo(), request({ params: { id: '7' }, body: { username: 'ines', subscriptionPlan: null, id: '9' } })),
    ).toEqual({
      id: '7',
      username: 'ines',
      email: undefined,
      subscriptionStatus: undefined,
      subscriptionPlan: null,
      isAdmin: undefined,
    });

    const list = row('GET', '/api/admin/users', (api) => api.admin.users.list, {
      search: { in: 'query', name: 'search', alias: 'q' },
      cursor: 'query',
      limit: 'query',
    });
    expect(await list.call(echo(), request({ query: { q: 'desk', limit: '5' } }))).toEqual({
      search: 'desk',
      cursor: undefined,
      limit: '5',
    });
    expect(await list.call(echo(), request({ query: { search: 'night', q: 'desk' } }))).toMatchObject({ search: 'night' });

    const send = row('POST', '/api/conversations/:id/messages', (api) => api.chat.send, {
      conversationId: { in: 'path', name: 'id' },
      content: 'body',
    });
    expect(await send.call(echo(), request({ params: { id: '3' }, body: { content: 'Lede' } }))).toEqual({
      conversationId: '3',
      content: 'Lede',
    });
    expect(send.rawBody).toBe(false);

    const signed = row('POST', '/api/signed', (api) => api.subscription.webhook, {
      payload: 'body',
      signature: { in: 'header', name: 'Stripe-Signature' },
    });
    expect(await signed.call(echo(), request({ headers: { 'stripe-signature': 't=1' } }))).toMatchObject({ signature: 't=1' });
    // An absent header reads as empty, so the schema's own message (`Missing signature`) answers it.
    expect(await signed.call(echo(), request({}))).toMatchObject({ signature: '' });
  });

  it('reads the body itself for an upload or a signed body, and refuses a path whose parameters no input reads', () => {
    expect(row('POST', '/api/upload', (api) => api.documents.upload, { conversationId: 'query', file: 'file' }).rawBody).toBe(true);
    expect(() => row('GET', '/api/conversations/:conversationId', (api) => api.chat.get, { id: 'path' })).toThrow(/parameters/);
    expect(() => row('GET', '/api/conversations', (api) => api.chat.get, { id: 'path' })).toThrow(/parameters/);
  });
});
