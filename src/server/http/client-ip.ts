import type { Context } from 'hono';
import { nodeIncoming, requestHeader } from './request-header';

/**
 * The peer address, or, when the operator says a proxy is in front, the last
 * X-Forwarded-For hop: the one that proxy appended. Earlier hops are whatever
 * the client chose to send, so trusting them would let anyone pick their own
 * address and walk around the per-IP limits.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = requestHeader(c, 'x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return nodeIncoming(c)?.socket?.remoteAddress ?? 'unknown';
}
