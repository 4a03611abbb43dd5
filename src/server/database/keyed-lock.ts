/** How long `$lock` waits for another holder of the key unless told otherwise. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

export interface LockOptions {
  /** Gives up with a LockTimeoutError after waiting this long for another holder of the key. */
  timeoutMs?: number;
}

/**
 * Runs `body` while holding the lock named `key`, which every process on the same database
 * respects; the lock is released when the body settles, whether it returns or throws. The body
 * may await anything (it is not a transaction); it should not be called inside a transaction.
 */
export type KeyedLock = <T>(key: string, body: () => Promise<T>, options?: LockOptions) => Promise<T>;

/** The lock was held elsewhere for longer than the caller would wait. */
export class LockTimeoutError extends Error {
  constructor(readonly key: string) {
    super(`Timed out waiting for the lock "${key}"`);
    this.name = 'LockTimeoutError';
  }
}

/**
 * SQLite's keyed lock: one process owns the file, so a mutex per key in this process is every
 * process's. Waiters are served in the order they came; one that gives up leaves the queue.
 */
export function processKeyedLock(): KeyedLock {
  // A key is held while it has an entry; the entry lists who waits for it.
  const held = new Map<string, Array<() => void>>();
  return async (key, body, { timeoutMs = DEFAULT_LOCK_WAIT_MS } = {}) => {
    const waiting = held.get(key);
    if (!waiting) {
      held.set(key, []);
    } else {
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(grant), 1);
          reject(new LockTimeoutError(key));
        }, timeoutMs);
        waiting.push(grant);
      });
    }
    try {
      return await body();
    } finally {
      const next = held.get(key)!.shift();
      if (next) next();
      else held.delete(key);
    }
  };
}
