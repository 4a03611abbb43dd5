/** Main-thread time a turn of the event loop may spend starting requests before timers get to run. */
export const TURN_BUDGET_MS = 15;

/**
 * Node runs every request that arrives in one poll of the event loop, each with all it does before
 * real I/O (SQLite answers synchronously), before any timer fires: a burst of 80 requests is 150 ms
 * in which no streamed reply, timeout or health check moves. Requests start at once while this
 * turn's stretch of request work is under the budget; after it they queue, in arrival order.
 * Each queued request has a check of its own at the end of the turn (setImmediate, with the
 * previous start's synchronous work already done, so the clock says what it cost): the head of
 * the queue starts while the stretch is under the budget, and the rest try again next turn, after
 * the timers, which also open a new stretch. See docs/decisions/027-requests-take-turns.md.
 */
export function createTurnQueue(
  budgetMs = TURN_BUDGET_MS,
  now: () => number = () => performance.now(),
  afterTimers: (closeStretch: () => void) => void = (closeStretch) => setTimeout(closeStretch, 0),
) {
  const waiting: Array<() => void> = [];
  let stretchStart = -1;

  // Timers run first in a turn: one armed when a stretch opens marks the next turn's start.
  const closeStretch = () => {
    stretchStart = -1;
  };
  // The first start of a stretch opens it and is always allowed, so the queue moves whatever the budget.
  const mayStart = () => {
    const t = now();
    if (stretchStart < 0) {
      stretchStart = t;
      afterTimers(closeStretch);
      return true;
    }
    return t - stretchStart < budgetMs;
  };
  // Queued from a poll callback it runs at the end of this turn; queued from itself, in the next.
  const startHead = () => {
    if (waiting.length === 0) return;
    if (mayStart()) waiting.shift()!();
    else setImmediate(startHead);
  };

  return {
    /** Undefined when the request may start now; otherwise resolves when its turn comes, in arrival order. */
    admit(): Promise<void> | undefined {
      if (waiting.length === 0 && mayStart()) return undefined;
      const turn = new Promise<void>((resolve) => waiting.push(resolve));
      setImmediate(startHead);
      return turn;
    },
    /** Requests waiting for a turn. */
    waiting: () => waiting.length,
  };
}

export type TurnQueue = ReturnType<typeof createTurnQueue>;
