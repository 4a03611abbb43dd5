import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ADMIN_LIMITS } from '../../shared/schemas/admin';
import { CHAT_LIMITS } from '../../shared/schemas/chat';
import { ROW_ID_MAX } from '../../shared/schemas/fields';
import { LIMITS } from '../../shared/limits';
import { UPLOAD_PATH } from '../../shared/uploads';
import { stopEditor } from '../editor';
import { signedInAdmin } from '../services/admin/test-support';
import { startStripeApp } from '../services/billing/test-support';
import type { TestApp } from '../test-app';
import { get, send } from '../test-http';
import type { StripeServer } from '../../../tests/support/stripe-server';
import { OPENAPI_PATH } from './openapi';
import { restRoutes } from './routes';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: { type?: string } & Record<string, unknown>;
}
interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, unknown>;
}
interface OpenApi {
  openapi: string;
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let stripe: StripeServer | undefined;
afterEach(async () => {
  await t?.close();
  await stripe?.close();
  stripe = undefined;
});
afterAll(() => stopEditor());

async function served(): Promise<OpenApi> {
  const res = await get(t, OPENAPI_PATH);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as OpenApi;
}

const operations = (doc: OpenApi) =>
  Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

const operation = (doc: OpenApi, method: string, path: string) => doc.paths[path]![method]!;
const parameter = (op: Operation, name: string) => op.parameters?.find((p) => p.name === name);
const jsonBody = (op: Operation) =>
  op.requestBody?.content['application/json']?.schema as { properties: Record<string, Record<string, unknown>> };

describe('GET /api/openapi.json', () => {
  it('is served to a visitor, and a standard validator takes it as OpenAPI 3.1', async () => {
    ({ t, stripe } = await startStripeApp());
    const doc = await served();
    expect(doc.openapi).toBe('3.1.0');
    expect(await new Validator().validate(doc as unknown as Record<string, unknown>)).toEqual({ valid: true });
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'copydesk_session' },
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
  });

  it('holds every REST row with its method, and no operation that is not a row', async () => {
    ({ t, stripe } = await startStripeApp());
    const documented = operations(await served()).map(({ method, path }) => `${method} ${path}`);
    const rows = restRoutes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(rows.sort());
    expect(new Set(operations(await served()).map(({ op }) => op.operationId)).size).toBe(rows.length);
  });

  it('puts each input field where its row reads it, with the schema of the procedure’s zod input', async () => {
    ({ t, stripe } = await startStripeApp());
    const doc = await served();

    const register = operation(doc, 'post', '/api/register');
    expect(jsonBody(register).properties.password).toMatchObject({ type: 'string', minLength: LIMITS.registerPasswordMin });
    expect(register.requestBody?.required).toBe(true);

    const send = operation(doc, 'post', '/api/conversations/{id}/messages');
    expect(parameter(send, 'id')).toMatchObject({ in: 'path', required: true, schema: { type: 'integer', maximum: ROW_ID_MAX } });
    expect(Object.keys(jsonBody(send).properties)).toEqual(['content']);
    expect(Object.keys((send.responses['200'] as { content: object }).content)).toEqual(['application/json', 'text/event-stream']);

    const search = operation(doc, 'get', '/api/conversations/search');
    expect(search.parameters).toEqual([
      { name: 'q', in: 'query', required: true, schema: expect.objectContaining({ maxLength: CHAT_LIMITS.searchQueryMaxChars }) },
    ]);

    const users = operation(doc, 'get', '/api/admin/users');
    expect(users.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['query search', 'query q', 'query cursor', 'query limit']);
    expect(parameter(users, 'limit')?.schema).toMatchObject({ maximum: ADMIN_LIMITS.pageMax });
    expect(users.responses['200']).toMatchObject({ headers: { 'X-Next-Cursor': {}, 'X-Total-Count': {} } });

    const upload = operation(doc, 'post', UPLOAD_PATH);
    expect(upload.parameters).toEqual([{ name: 'conversationId', in: 'query', required: false, schema: expect.any(Object) }]);
    expect(upload.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });

    const csv = operation(doc, 'get', '/api/admin/audit-log.csv');
    expect(Object.keys((csv.responses['200'] as { content: object }).content)).toEqual(['text/csv']);

    const webhook = operation(doc, 'post', '/api/stripe/webhook');
    expect(webhook.security).toEqual([]);
    expect(webhook.parameters).toEqual([{ name: 'Stripe-Signature', in: 'header', required: true, schema: expect.any(Object) }]);
  });

  it('marks public rows security: [] and answers each documented operation: 401 to a visitor where a session is needed', async () => {
    ({ t, stripe } = await startStripeApp());
    const doc = await served();
    const admin = await signedInAdmin(t);

    // The catch-all's answer, which no row gives: a documented path answering it has no row behind it.
    const noRow = await get(t, '/api/no-such-row', { token: admin.token });
    const unrouted = { status: noRow.status, body: await noRow.json() };
    expect(unrouted).toEqual({ status: 404, body: { message: 'Not found' } });

    const call = (method: string, path: string, op: Operation, token?: string) => {
      let url = path;
      const query = new URLSearchParams();
      for (const p of op.parameters ?? []) {
        const value = p.schema.type === 'string' ? 'no-such-row' : String(ROW_ID_MAX);
        if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
        if (p.in === 'query' && p.required) query.set(p.name, value);
      }
      const json = op.requestBody?.content['application/json'] ? {} : undefined;
      return send(t, method, query.size ? `${url}?${query}` : url, json, { token });
    };

    const all = operations(doc);
    expect(all.filter(({ op }) => op.security?.length === 0).map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/plans',
        'POST /api/register',
        'POST /api/login',
        'POST /api/forgot-password',
        'POST /api/stripe/webhook',
      ]),
    );
    for (const { method, path, op } of all) {
      const res = await call(method, path, op);
      const needsSession = op.security === undefined;
      expect({ row: `${method} ${path}`, unauthorized: res.status === 401 }).toEqual({
        row: `${method} ${path}`,
        unauthorized: needsSession,
      });
      if (needsSession) expect(op.responses['401']).toBeDefined();
    }

    // Signing out ends the admin's session, so it goes last.
    const signedIn = [...all.filter(({ path }) => path !== '/api/logout'), ...all.filter(({ path }) => path === '/api/logout')];
    for (const { method, path, op } of signedIn) {
      const res = await call(method, path, op, admin.token);
      const text = await res.text();
      const answer = {
        row: `${method} ${path}`,
        status: res.status,
        body: (res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text) as { message?: string },
      };
      expect(answer.status, JSON.stringify(answer)).toBeLessThan(500);
      expect(answer.status === unrouted.status && answer.body.message === unrouted.body.message, JSON.stringify(answer)).toBe(false);
      expect(answer.status === 401, JSON.stringify(answer)).toBe(false);
      // Listed for the row, or a refusal only the service knows, which the default answer names.
      expect(String(answer.status) in op.responses || [404, 409, 429].includes(answer.status), JSON.stringify(answer)).toBe(true);
    }
  });
});
