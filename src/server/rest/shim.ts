import { TRPCError, type AnyTRPCProcedure } from '@trpc/server';
import type { Context as HonoContext, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorDetails, errorForLog } from '../errors';
import { appRouter, type createCaller } from '../routers';
import { createContext, type AppDeps } from '../trpc/context';
import { publicMessage } from '../trpc/init';
import { clientIp } from '../http/client-ip';
import { requestHeader } from '../http/request-header';
import type { ResponseHeaders } from '../http/security';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { callOptions } from './call-options';
import type { Source } from './inputs';

export type Caller = ReturnType<typeof createCaller>;

/** Runs the row's procedure for this request with `input` (not yet parsed: the procedure's zod input parses it). */
export type Invoke = (input: unknown) => Promise<unknown>;

/** A JSON body's fields; any other JSON (an array, a string, nothing) reads as no fields. */
export type JsonFields = Readonly<Record<string, unknown>>;

export interface RestRequest {
  readonly params: Record<string, string>;
  readonly query: Record<string, string>;
  readonly body: JsonFields;
  hono: HonoContext;
  /** Sets a header on the JSON answer. */
  header(name: string, value: string): void;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Status on success; 200 unless the contract says 201. */
  status?: ContentfulStatusCode;
  /** The handler reads the body itself (signed webhooks verify the exact bytes). */
  rawBody?: boolean;
  /** The procedure the row calls, as the router names it: `admin.users.list`. */
  procedure: string;
  /** Where each field of the procedure's input comes from in the request. */
  inputs: Readonly<Record<string, Source>>;
  /** What the success answer is, for the API document. */
  reply: Reply;
  call: (invoke: Invoke, req: RestRequest) => Promise<unknown>;
}

export interface Reply {
  /** Media types of the success answer; JSON unless the row answers a download or a stream. */
  media: readonly string[];
  /** Headers the success answer may carry, each with what it holds. */
  headers: Readonly<Record<string, string>>;
}

const NO_FIELDS: JsonFields = Object.freeze({});

async function readJsonBody(c: HonoContext): Promise<JsonFields> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    // The body ended early or the client went away: the request, not the server, is at fault.
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body was cut short' });
  }
  if (text.trim() === '') return NO_FIELDS;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as JsonFields) : NO_FIELDS;
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid JSON body' });
  }
}

/**
 * A class, not an object literal: a literal with getters, built per request,
 * made V8 promote every request's objects to the old generation.
 */
class ShimRequest implements RestRequest {
  extraHeaders: Record<string, string> | undefined;

  constructor(
    readonly hono: HonoContext,
    readonly body: JsonFields,
  ) {}

  get params() {
    return this.hono.req.param();
  }

  get query() {
    return this.hono.req.query();
  }

  header(name: string, value: string) {
    (this.extraHeaders ??= {})[name] = value;
  }
}

/** Turns any error into the contract's `{message, code?, ...}` body; never leaks internals. */
export function restErrorResponse(error: unknown, respond: ResponseHeaders, log: (line: string) => void, cookies?: string[]) {
  const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error as Error });
  const status = getHTTPStatusCodeFromError(trpcError);
  if (status >= 500) log(`error: ${trpcError.cause instanceof Error ? errorForLog(trpcError.cause) : trpcError.message}`);
  const details = errorDetails(trpcError);
  const extra = typeof details.retryAfter === 'number' ? { 'Retry-After': String(details.retryAfter) } : undefined;
  return respond.json({ message: publicMessage(trpcError), ...details }, status, extra, cookies);
}

/** tRPC keeps a router's procedures by dotted path (`auth.me`); its type nests them as the router does. */
const registered: object = appRouter._def.procedures;
const procedures = registered as Readonly<Record<string, AnyTRPCProcedure | undefined>>;

/**
 * Serves each REST row by calling its procedure, found once by the row's path, with the request's
 * context: the call `createCaller` makes once its proxy has walked to the procedure, so the same
 * middlewares, input parsing and errors apply. Walking the proxy on every request cost a seventh
 * of GET /api/user's server time (docs/decisions/059-rest-rows-call-their-procedure.md).
 */
export function mountRestRoutes(app: Hono, routes: RestRoute[], deps: AppDeps, respond: ResponseHeaders, log: (line: string) => void) {
  for (const route of routes) {
    const procedure = procedures[route.procedure];
    if (!procedure) throw new Error(`${route.method} ${route.path}: no procedure ${route.procedure}`);
    const path = route.procedure;
    const type = procedure._def.type;
    app.on(route.method, route.path, async (c) => {
      const cookies: string[] = [];
      try {
        const ctx = await createContext(deps, {
          cookie: requestHeader(c, 'cookie'),
          authorization: requestHeader(c, 'authorization'),
          ip: clientIp(c, deps.config.trustProxy),
          setCookie: (value) => cookies.push(value),
        });
        const body = route.method === 'GET' || route.method === 'DELETE' || route.rawBody ? NO_FIELDS : await readJsonBody(c);
        const req = new ShimRequest(c, body);
        const invoke: Invoke = (input) => procedure(callOptions(ctx, path, type, input));
        const result = await route.call(invoke, req);
        if (!(result instanceof Response)) return respond.json(result, route.status ?? 200, req.extraHeaders, cookies);
        for (const cookie of cookies) result.headers.append('Set-Cookie', cookie);
        return result;
      } catch (error) {
        return restErrorResponse(error, respond, log, cookies);
      }
    });
  }
}
