import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/** The Node request under a Hono context's `env` (the Node server's); undefined under `app.request`. */
export const incomingOf = (env: unknown): IncomingMessage | undefined => (env as { incoming?: IncomingMessage } | undefined)?.incoming;

/**
 * A request answered before its body was read (refused as too large, unauthorised,
 * malformed) leaves bytes on the connection; the Node adapter would destroy the socket
 * half a second later, under the next keep-alive request. `Connection: close` tells the
 * client not to send another request on it.
 */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
  const incoming = incomingOf(c.env);
  if (incoming && !incoming.readableEnded) c.res.headers.set('Connection', 'close');
};

/** The request's body stream failed or was cut off before its end. */
export function requestBodyFailed(env: unknown): boolean {
  const incoming = incomingOf(env);
  return !!incoming && (incoming.errored != null || (incoming.destroyed && !incoming.complete));
}
