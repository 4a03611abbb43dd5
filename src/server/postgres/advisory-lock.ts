import type pg from 'pg';
import { DEFAULT_LOCK_WAIT_MS, LockTimeoutError, type KeyedLock } from '../database/keyed-lock';
import { lockKey } from './lock-key';

/**
 * The first half of every `$lock` advisory lock, so its locks never meet another feature's (the
 * rate limiter's class, the migrations' one-number lock, which is a space apart).
 */
const KEYED_LOCK_CLASS = 0x6c6f636b;

/** PostgreSQL's lock_not_available: lock_timeout ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * PostgreSQL's keyed lock: a session advisory lock, so every process on the database waits for
 * it. It is taken on a connection of `locks`, a pool of its own held for the body's whole run:
 * the body's queries use the services' pool, and a lock holder waiting for one of their
 * connections could never be starved by other lock holders. If the process dies, its connection
 * closes and PostgreSQL releases the lock.
 */
export function advisoryKeyedLock(locks: () => pg.Pool): KeyedLock {
  return async (key, body, { timeoutMs = DEFAULT_LOCK_WAIT_MS } = {}) => {
    const started = Date.now();
    const pool = locks();
    const client = await pool.connect();
    // A held connection has no listener of the pool's: its loss (the server restarted) would end
    // the process. The lock goes with it; the body, already running, finishes unprotected.
    const lost = (e: Error) => void (pool.listenerCount('error') > 0 && pool.emit('error', e, client));
    client.on('error', lost);
    // A closed connection keeps the listener: it may still report how it ended.
    const done = (close: boolean) => {
      if (!close) client.off('error', lost);
      client.release(close);
    };
    const lock = [KEYED_LOCK_CLASS, lockKey(key)];
    try {
      const left = Math.max(1, timeoutMs - (Date.now() - started));
      await client.query(`SELECT set_config('lock_timeout', $1, false)`, [`${left}ms`]);
      await client.query('SELECT pg_advisory_lock($1, $2)', lock);
    } catch (e) {
      const timedOut = (e as { code?: string }).code === LOCK_NOT_AVAILABLE;
      done(!timedOut);
      throw timedOut ? new LockTimeoutError(key) : e;
    }
    try {
      return await body();
    } finally {
      // A connection that could not say it let go is closed, which lets go.
      const released = await client.query<{ unlocked: boolean }>('SELECT pg_advisory_unlock($1, $2) AS unlocked', lock).then(
        (r) => r.rows[0]?.unlocked === true,
        () => false,
      );
      done(!released);
    }
  };
}
