import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context } from 'hono';

/** The Node request under a Hono context's `env` (the Node server's); undefined under `app.request`. */
export const incomingOf = (env: unknown): IncomingMessage | undefined => (env as { incoming?: IncomingMessage } | undefined)?.incoming;

/** How much of a refused body is read and dropped, and for how long, before its connection closes. */
export interface LingerLimits {
  maxBytes: number;
  maxMs: number;
}

/** A client on a slow uplink still gets its answer; one that keeps sending for longer is cut off. */
export const LINGER_MS = 10_000;
/** The least a refused body is drained by: what @hono/node-server drains by itself. */
const LINGER_MIN_BYTES = 64 * 1024 * 1024;

/**
 * How much of a refused body to drain: an upload refused for its size goes on past the limit, so twice
 * the largest body taken, and never less than LINGER_MIN_BYTES.
 */
export const lingerBytes = (largestBody: number) => Math.max(LINGER_MIN_BYTES, 2 * largestBody);

const lingering = new WeakSet<Socket>();
/** How often a lingering socket's bytes are counted: a fast client sends a few megabytes past the limit at most. */
const COUNT_EVERY_MS = 20;

/**
 * A request answered before its body was read (refused as too large, unauthorised, over a
 * rate) gets `Connection: close`, so the client sends nothing more on it, and a lingering close
 * (nginx's): the rest of the body is read and dropped, up to `limits`, before the socket closes.
 * Closing at once, with the client's bytes unread, makes the kernel answer them with a reset,
 * and a client still writing (Node's fetch) sees EPIPE instead of the answer.
 * See docs/decisions/045-lingering-close.md.
 */
export function closeIfBodyUnread(c: Context, limits: LingerLimits): void {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
  const incoming = incomingOf(c.env);
  if (!incoming || incoming.readableEnded) return;
  c.res.headers.set('Connection', 'close');
  lingerBeforeClosing(incoming, limits);
}

/**
 * Node ends a `Connection: close` exchange with `socket.destroySoon()` once the answer is
 * written (as does @hono/node-server when it gives up draining a body). For this socket it
 * becomes: send the answer and a FIN (HTTP servers keep the reading side open), drop what
 * the client still sends, and destroy the socket when the body ends or a limit passes.
 * Nothing read is kept.
 */
export function lingerBeforeClosing(incoming: IncomingMessage, { maxBytes, maxMs }: LingerLimits): void {
  const socket = incoming.socket;
  if (!socket || socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  let started = false;
  socket.destroySoon = () => {
    if (started) return;
    started = true;
    if (socket.writable) socket.end();
    // Node's parser drops a dumped body without emitting it, so what arrives is counted on the socket.
    const readBefore = socket.bytesRead;
    const close = () => {
      clearTimeout(timer);
      clearInterval(counting);
      if (socket.writableFinished || !socket.writable) socket.destroy();
      else socket.once('finish', () => socket.destroy());
    };
    const timer = setTimeout(close, maxMs);
    const counting = setInterval(() => {
      if (socket.bytesRead - readBefore > maxBytes) close();
    }, COUNT_EVERY_MS);
    timer.unref();
    counting.unref();
    if (incoming.readableEnded) return close();
    incoming.once('end', close);
    incoming.once('error', close);
    socket.once('close', () => {
      clearTimeout(timer);
      clearInterval(counting);
    });
    incoming.resume();
  };
}

/** The request's body stream failed or was cut off before its end. */
export function requestBodyFailed(env: unknown): boolean {
  const incoming = incomingOf(env);
  return !!incoming && (incoming.errored != null || (incoming.destroyed && !incoming.complete));
}
