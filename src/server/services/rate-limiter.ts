import type { Clock } from '../clock';

export interface RateRule {
  max: number;
  windowMs: number;
}

/**
 * Sliding-window counters kept in memory (one box, one process). A key is
 * blocked while `max` hits fall inside the window; it frees itself as the
 * oldest hit ages out, so a lock never outlives its window.
 */
export function createRateLimiter(clock: Clock) {
  const hits = new Map<string, number[]>();

  function live(key: string, rule: RateRule): number[] {
    const now = clock().getTime();
    const list = (hits.get(key) ?? []).filter((t) => t > now - rule.windowMs);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  }

  return {
    /** Seconds until the key may try again, or 0 when it is not blocked. */
    retryAfter(key: string, rule: RateRule): number {
      const list = live(key, rule);
      if (list.length < rule.max) return 0;
      const oldest = list[list.length - rule.max]!;
      return Math.max(1, Math.ceil((oldest + rule.windowMs - clock().getTime()) / 1000));
    },
    hit(key: string, rule: RateRule) {
      const list = live(key, rule);
      list.push(clock().getTime());
      hits.set(key, list);
    },
    reset(key: string) {
      hits.delete(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
