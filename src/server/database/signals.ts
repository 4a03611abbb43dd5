/**
 * A message every Copydesk process on the same database hears: a Stop pressed on one instance has
 * to reach the reply streaming on another. SQLite has one process, so its signals stay in it;
 * PostgreSQL carries them with NOTIFY (postgres/signals.ts).
 */
export interface Signals<T> {
  /** Delivers to this process's listeners at once, and to every other process's when it can. */
  send(message: T): Promise<void>;
  /** Returns the function that stops listening. */
  listen(handler: (message: T) => void): () => void;
  close(): Promise<void>;
}

/** Listeners of one process, shared by the in-process and the PostgreSQL signals. */
export function localListeners<T>() {
  const handlers = new Set<(message: T) => void>();
  return {
    listen(handler: (message: T) => void) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    deliver(message: T) {
      for (const handler of handlers) handler(message);
    },
    clear() {
      handlers.clear();
    },
  };
}

export function processSignals<T>(): Signals<T> {
  const listeners = localListeners<T>();
  return {
    send: async (message) => listeners.deliver(message),
    listen: listeners.listen,
    close: async () => listeners.clear(),
  };
}
