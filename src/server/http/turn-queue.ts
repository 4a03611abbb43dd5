import type { MiddlewareHandler } from 'hono';

/** Main-thread time a turn of the event loop may spend on requests before timers and sockets get to run. */
export const TURN_BUDGET_MS = 15;
/** The most queued requests started in one turn. */
const MAX_BATCH = 64;

/**
 * Node runs every request that arrives in one poll of the event loop, each with all it does before
 * real I/O (SQLite answers synchronously), before any timer fires: a burst of 80 requests is 150 ms
 * in which no streamed reply, timeout or health check moves. Requests start at once while the
 * current stretch of work is under the budget; after it they queue and start in arrival order, a
 * batch per turn of the loop, the batch doubling while turns stay under the budget and halving when
 * one runs over twice the budget (a turn also carries timers and socket callbacks).
 * See docs/decisions/027-requests-take-turns.md.
 */
export function createTurnQueue(budgetMs = TURN_BUDGET_MS, now: () => number = () => performance.now()) {
  const waiting: Array<() => void> = [];
  let stretchStart = -1;
  let releasing = false;
  let lastRelease = -1;
  let batch = 1;

  // A setImmediate queued from an I/O callback runs at the end of this turn; queued from one, in the next.
  const endStretch = () => {
    stretchStart = -1;
  };
  const release = () => {
    const t = now();
    if (lastRelease >= 0) {
      const turnMs = t - lastRelease;
      if (turnMs < budgetMs) batch = Math.min(batch * 2, MAX_BATCH);
      else if (turnMs > 2 * budgetMs) batch = Math.max(1, batch >> 1);
    }
    lastRelease = t;
    for (let i = 0; i < batch && waiting.length > 0; i++) waiting.shift()!();
    if (waiting.length > 0) {
      setImmediate(release);
    } else {
      releasing = false;
      lastRelease = -1;
    }
  };

  return {
    /** Undefined when the request may start now; otherwise resolves when its turn comes, in arrival order. */
    admit(): Promise<void> | undefined {
      const t = now();
      if (stretchStart < 0) {
        stretchStart = t;
        setImmediate(endStretch);
      }
      if (waiting.length === 0 && t - stretchStart < budgetMs) return undefined;
      const turn = new Promise<void>((resolve) => waiting.push(resolve));
      if (!releasing) {
        releasing = true;
        setImmediate(release);
      }
      return turn;
    },
    /** Requests waiting for a turn. */
    waiting: () => waiting.length,
  };
}

export type TurnQueue = ReturnType<typeof createTurnQueue>;

export function takeTurns(queue: TurnQueue = createTurnQueue()): MiddlewareHandler {
  return async (_c, next) => {
    const turn = queue.admit();
    if (turn) await turn;
    await next();
  };
}
