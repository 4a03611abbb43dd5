import type { Context } from 'hono';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The peer address, or, when the operator says a proxy is in front, the last
 * X-Forwarded-For hop: the one that proxy appended. Earlier hops are whatever
 * the client chose to send, so trusting them would let anyone pick their own
 * address and walk around the per-IP limits.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
}
