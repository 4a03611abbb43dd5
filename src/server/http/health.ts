import type { Context, Handler } from 'hono';
import type { Dialect } from '../db';

const NO_STORE = { 'Cache-Control': 'no-store' };
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);
/** What `/healthz` and `/readyz` say from SIGTERM until the process exits. */
export const SHUTTING_DOWN = 'shutting down';

/**
 * `GET /healthz` for a supervisor or load balancer: 200 only while the server takes
 * requests and the database answers, 503 otherwise.
 */
export function healthCheck(dialect: Pick<Dialect, 'ping'>, isServing: () => boolean = () => true): Handler {
  return async (c) => {
    if (!isServing()) return c.json({ status: SHUTTING_DOWN }, 503, NO_STORE);
    try {
      await dialect.ping();
    } catch {
      return c.json({ status: 'database unavailable' }, 503, NO_STORE);
    }
    return c.json({ status: 'ok' }, 200, NO_STORE);
  };
}

/**
 * `GET /readyz` for a load balancer choosing where to send requests: 200 while the server takes
 * requests and its database answers and holds every migration this build knows; 503 with the
 * reason otherwise (the driver's own error stays out of the response).
 */
export function readyCheck(dialect: Pick<Dialect, 'readiness'>, isServing: () => boolean = () => true): Handler {
  return async (c) => {
    if (!isServing()) return c.json({ status: SHUTTING_DOWN }, 503, NO_STORE);
    const state = await dialect.readiness();
    if (!state.ready) return c.json({ status: state.reason }, 503, NO_STORE);
    return c.json({ status: 'ready' }, 200, NO_STORE);
  };
}

/**
 * While a shutdown drains, the server still listens, so that a balancer or monitor gets an answer
 * rather than a refused connection: the health checks say it is shutting down, and any other new
 * request is answered 503 before it does anything, on a connection that then closes.
 */
export function shuttingDownRefusal(isServing: () => boolean): (c: Context) => Response | undefined {
  return (c) => {
    if (isServing() || HEALTH_PATHS.has(c.req.path)) return undefined;
    return c.json({ message: 'Copydesk is shutting down; try again in a moment' }, 503, { ...NO_STORE, Connection: 'close' });
  };
}
