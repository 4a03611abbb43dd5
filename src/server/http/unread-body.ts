import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/**
 * A request answered before its body was read (refused as too large, unauthorised,
 * malformed) leaves bytes on the connection; the Node adapter would destroy the socket
 * half a second later, under the next keep-alive request. `Connection: close` tells the
 * client not to send another request on it.
 */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.readableEnded) c.res.headers.set('Connection', 'close');
};

/** The request's body stream failed or was cut off before its end. */
export function requestBodyFailed(env: unknown): boolean {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return !!incoming && (incoming.errored != null || (incoming.destroyed && !incoming.complete));
}
