import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

interface NodeBindings {
  incoming?: IncomingMessage;
}

/** The Node request under the Hono context, when served by @hono/node-server (absent under `app.request()`). */
export function nodeIncoming(c: Context): IncomingMessage | undefined {
  return (c.env as NodeBindings | undefined)?.incoming;
}

/**
 * One request header. Served by Node, it is read from Node's own parsed
 * headers: `c.req.header()` would first copy every header into a fetch
 * `Headers` object, a cost every API request paid for its cookie alone.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = nodeIncoming(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
