import { TRPCError } from '@trpc/server';
import type { Context as HonoContext, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorDetails } from '../errors';
import { createCaller } from '../routers';
import { createContext, type AppDeps } from '../trpc/context';
import { publicMessage } from '../trpc/init';
import { clientIp } from '../http/client-ip';
import { httpStatusOf } from './status';

export type Caller = ReturnType<typeof createCaller>;

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  hono: HonoContext;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Status on success; 200 unless the contract says 201. */
  status?: ContentfulStatusCode;
  /** The handler reads the body itself (signed webhooks verify the exact bytes). */
  rawBody?: boolean;
  call: (caller: Caller, req: RestRequest) => Promise<unknown>;
}

async function readJsonBody(c: HonoContext): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid JSON body' });
  }
}

/** Turns any error into the contract's `{message, code?, ...}` body; never leaks internals. */
export function restErrorResponse(c: HonoContext, error: unknown, log: (line: string) => void) {
  const trpcError =
    error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error as Error });
  const status = httpStatusOf(trpcError.code) as ContentfulStatusCode;
  if (status >= 500) log(`error: ${trpcError.cause instanceof Error ? trpcError.cause.stack : trpcError.message}`);
  const details = errorDetails(trpcError);
  if (typeof details.retryAfter === 'number') c.header('Retry-After', String(details.retryAfter));
  return c.json({ message: publicMessage(trpcError), ...details }, status);
}

/** Serves each REST row by calling the same procedure through `createCaller`. */
export function mountRestRoutes(app: Hono, routes: RestRoute[], deps: AppDeps, log: (line: string) => void) {
  for (const route of routes) {
    app.on(route.method, route.path, async (c) => {
      const resHeaders = new Headers();
      let response: Response;
      try {
        const ctx = createContext(deps, { headers: c.req.raw.headers, ip: clientIp(c, deps.config.trustProxy), resHeaders });
        const body = route.method === 'GET' || route.method === 'DELETE' || route.rawBody ? undefined : await readJsonBody(c);
        const result = await route.call(createCaller(ctx), { params: c.req.param(), query: c.req.query(), body, hono: c });
        response = result instanceof Response ? result : c.json(result as object, route.status ?? 200);
      } catch (error) {
        response = restErrorResponse(c, error, log);
      }
      resHeaders.forEach((value, key) => {
        if (key.toLowerCase() !== 'set-cookie') response.headers.set(key, value);
      });
      for (const cookie of resHeaders.getSetCookie()) response.headers.append('Set-Cookie', cookie);
      return response;
    });
  }
}
