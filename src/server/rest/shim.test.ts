import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { bare } from './row';
import { mountRestRoutes, type Caller } from './shim';

let t: TestApp;
afterEach(() => t?.close());

describe('mountRestRoutes', () => {
  it('refuses at start a row whose procedure the router lacks, rather than answering 404 on every request', () => {
    t = createTestApp();
    const missing = bare('GET', '/api/nowhere', (api: Caller) => (api.auth as unknown as Record<string, () => Promise<unknown>>).nowhere!);
    expect(missing.procedure).toBe('auth.nowhere');
    const respond = { json: () => new Response() } as never;
    expect(() => mountRestRoutes(new Hono(), [missing], t, respond, () => {})).toThrow('GET /api/nowhere: no procedure auth.nowhere');
  });
});
