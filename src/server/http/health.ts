import type { Handler } from 'hono';
import type { DB } from '../db';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * `GET /healthz` for a supervisor or load balancer: 200 only while the server takes
 * requests and the database answers, 503 otherwise.
 */
export function healthCheck(db: Pick<DB, '$ping'>, isServing: () => boolean = () => true): Handler {
  return async (c) => {
    if (!isServing()) return c.json({ status: 'stopping' }, 503, NO_STORE);
    try {
      await db.$ping();
    } catch {
      return c.json({ status: 'database unavailable' }, 503, NO_STORE);
    }
    return c.json({ status: 'ok' }, 200, NO_STORE);
  };
}
