import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter, createCaller } from './routers';
import { createContext, type AppDeps } from './trpc/context';
import { STRIPE_WEBHOOK_PATH, restRoutes } from './rest/routes';
import { mountRestRoutes } from './rest/shim';
import { OPENAPI_PATH, openApiDocument } from './rest/openapi';
import { clientIp } from './http/client-ip';
import { originRefusal, responseHeaders } from './http/security';
import { requestHeader } from './http/request-header';
import { logRequest } from './http/request-log';
import { mountClient } from './http/static-client';
import { pageAnswers } from './http/page-answers';
import { errorDetails, errorForLog } from './errors';
import { TRPC_MAX_BATCH } from '../shared/limits';
import { UPLOAD_PATH } from '../shared/uploads';
import { uploadBodyLimit } from './services/documents/limits';
import { closeIfBodyUnread, LINGER_MS, lingerBytes, requestBodyFailed } from './http/unread-body';
import { healthCheck, readyCheck, shuttingDownRefusal } from './http/health';
import { createTurnQueue } from './http/turn-queue';
import { RememberingRouter } from './http/remembering-router';
import { requestPipeline } from './http/request-pipeline';
import { withinBodyLimits } from './http/body-limits';

export const DEFAULT_CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');
/** Paths whose bodies are not JSON (multipart uploads, signed webhooks). */
export const NON_JSON_PATHS: string[] = [UPLOAD_PATH];
/** Paths whose callers are not browsers and prove themselves another way (Stripe signs its webhooks). */
export const NO_ORIGIN_PATHS: string[] = [STRIPE_WEBHOOK_PATH];
/** The rows' OpenAPI document, made once: the rows and their schemas do not change while the server runs. */
const OPENAPI_JSON = JSON.stringify(openApiDocument(restRoutes));

export interface AppOptions extends AppDeps {
  log?: (line: string) => void;
  clientDir?: string;
  /** False once a shutdown has begun: `/healthz`, `/readyz` and every other new request then answer 503. */
  isServing?: () => boolean;
}

export function createApp(opts: AppOptions) {
  const log = opts.log ?? ((line: string) => console.log(line));
  const deps: AppDeps = { db: opts.db, dialect: opts.dialect, clock: opts.clock, config: opts.config, services: opts.services };
  const app = new Hono({ router: new RememberingRouter() });

  const respond = responseHeaders({ https: opts.config.secureCookies, stripe: opts.services.billing.provider.kind === 'stripe' });
  const linger = { maxBytes: lingerBytes(uploadBodyLimit(opts.config.maxUploadMb)), maxMs: LINGER_MS };

  app.use(
    '*',
    requestPipeline({
      turns: createTurnQueue(),
      refusals: [...(opts.isServing ? [shuttingDownRefusal(opts.isServing)] : []), originRefusal(opts.config.appOrigin, NO_ORIGIN_PATHS)],
      route: withinBodyLimits({ maxUploadMb: opts.config.maxUploadMb, nonJsonPaths: NON_JSON_PATHS }),
      after: [(c) => respond.addTo(c), (c, arrivedAt) => logRequest(log, c, arrivedAt), (c) => closeIfBodyUnread(c, linger)],
    }),
  );

  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      // One request must not fan out into thousands of password hashes.
      maxBatchSize: TRPC_MAX_BATCH,
      // Scripts' typed client sends queries as POSTs: a story to review does not fit a URL.
      allowMethodOverride: true,
      createContext: ({ resHeaders }) =>
        createContext(deps, {
          cookie: requestHeader(c, 'cookie'),
          authorization: requestHeader(c, 'authorization'),
          ip: clientIp(c, opts.config.trustProxy),
          setCookie: (value) => resHeaders.append('Set-Cookie', value),
        }),
      responseMeta({ errors }) {
        const retryAfter = errors.map((e) => errorDetails(e).retryAfter).find((v) => typeof v === 'number');
        return retryAfter ? { headers: new Headers({ 'Retry-After': String(retryAfter) }) } : {};
      },
      onError({ error, path: procedure }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          log(`error: trpc ${procedure}: ${error.cause ? errorForLog(error.cause) : error.message}`);
      },
    }),
  );

  app.get('/healthz', healthCheck(opts.dialect, opts.isServing));
  app.get('/readyz', readyCheck(opts.dialect, opts.isServing));
  app.get(OPENAPI_PATH, (c) => c.body(OPENAPI_JSON, 200, { 'Content-Type': 'application/json' }));
  mountRestRoutes(app, restRoutes, deps, respond, log);
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));
  // The page arrives saying who is signed in, as auth.session would (docs/decisions/020), and with
  // the answers its first render needs (032).
  mountClient(app, opts.clientDir ?? DEFAULT_CLIENT_DIR, async (c) => {
    try {
      const ctx = await createContext(deps, {
        cookie: requestHeader(c, 'cookie'),
        ip: clientIp(c, opts.config.trustProxy),
        setCookie: (value) => c.header('Set-Cookie', value, { append: true }),
      });
      const caller = createCaller(ctx);
      const session = await caller.auth.session();
      return { session, answers: session ? await pageAnswers(caller, c.req.path) : undefined };
    } catch (error) {
      // The page still goes out, and asks for itself.
      log(`error: page session: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return { session: undefined };
    }
  });

  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse();
    // A body that broke off (malformed chunk framing, a client gone mid-body) is the request's fault.
    if (requestBodyFailed(c.env)) return c.json({ message: 'The request body could not be read' }, 400, { Connection: 'close' });
    log(`error: ${errorForLog(err)}`);
    return c.json({ message: 'Internal server error' }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
