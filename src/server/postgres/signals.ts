import crypto from 'node:crypto';
import pg from 'pg';
import type { SignalsOptions } from '../database/dialect';
import { localListeners, type Signals } from '../database/signals';

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MOST_MS = 10_000;

interface Envelope {
  from: string;
  message: unknown;
}

/**
 * Signals over LISTEN/NOTIFY on `pool`'s database. The listening connection is a client of its own
 * (a LISTEN holds its connection for good, so it must not be one the pool lends out), reconnected
 * with a growing pause when it drops; what is sent while it is down reaches the other processes
 * all the same, only this one misses theirs until it is back.
 */
export function postgresSignals<T>(pool: pg.Pool, o: SignalsOptions<T>): Signals<T> {
  if (!/^[a-z_][a-z0-9_]*$/.test(o.channel)) throw new Error(`not a channel name: ${o.channel}`);
  const self = crypto.randomUUID();
  const listeners = localListeners<T>();
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  function receive(payload: string | undefined) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload ?? '') as Envelope;
    } catch {
      return;
    }
    if (envelope.from === self) return; // delivered here when it was sent
    const message = o.parse(envelope.message);
    if (message !== null) listeners.deliver(message);
  }

  function reconnectLater(reason: string) {
    if (closed || retryTimer) return;
    o.log(`signals: listening on ${o.channel} stopped (${reason}); trying again in ${retryMs} ms`);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MOST_MS);
  }

  async function connect() {
    const next = new pg.Client(pool.options);
    let failed = false;
    const drop = (reason: string) => {
      if (failed) return;
      failed = true;
      if (client === next) client = undefined;
      next.end().catch(() => {});
      reconnectLater(reason);
    };
    next.on('error', (e) => drop(e.message));
    next.on('end', () => drop('connection ended'));
    next.on('notification', (n) => {
      if (n.channel === o.channel) receive(n.payload);
    });
    try {
      // the pool's own connections may wait for their database (tests create it as they go)
      await pool.query('SELECT 1');
      await next.connect();
      await next.query(`LISTEN ${o.channel}`);
    } catch (e) {
      drop((e as Error).message);
      return;
    }
    if (closed) {
      failed = true;
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = RECONNECT_FIRST_MS;
  }

  void connect();

  return {
    async send(message) {
      listeners.deliver(message);
      await pool.query('SELECT pg_notify($1, $2)', [o.channel, JSON.stringify({ from: self, message } satisfies Envelope)]);
    },
    listen: listeners.listen,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      listeners.clear();
      const open = client;
      client = undefined;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => {});
      }
    },
  };
}
