import { isIPv4, isIPv6 } from 'node:net';
import type { Clock } from '../clock';
import { fail } from '../errors';

export interface RateRule {
  max: number;
  windowMs: number;
}

interface Entry {
  times: number[];
  windowMs: number;
}

/** Keys whose hits have all aged out are dropped at most this often, so unseen keys cannot pile up. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Sliding-window counters kept in memory (one box, one process). A key is
 * blocked while `max` hits fall inside the window; it frees itself as the
 * oldest hit ages out, so a lock never outlives its window.
 */
export function createRateLimiter(clock: Clock) {
  const hits = new Map<string, Entry>();
  let lastSweep = clock().getTime();

  function live(key: string, rule: RateRule): number[] {
    const now = clock().getTime();
    const times = (hits.get(key)?.times ?? []).filter((t) => t > now - rule.windowMs);
    if (times.length === 0) hits.delete(key);
    else hits.set(key, { times, windowMs: rule.windowMs });
    return times;
  }

  function sweep(now: number) {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    for (const [key, entry] of hits) {
      if (entry.times.every((t) => t <= now - entry.windowMs)) hits.delete(key);
    }
  }

  const limiter = {
    /** Seconds until the key may try again, or 0 when it is not blocked. */
    retryAfter(key: string, rule: RateRule): number {
      const times = live(key, rule);
      if (times.length < rule.max) return 0;
      const oldest = times[times.length - rule.max]!;
      return Math.max(1, Math.ceil((oldest + rule.windowMs - clock().getTime()) / 1000));
    },

    /** Records a hit; returns its time so `forget` can take back exactly this one. */
    hit(key: string, rule: RateRule): number {
      const now = clock().getTime();
      const times = live(key, rule);
      times.push(now);
      hits.set(key, { times, windowMs: rule.windowMs });
      sweep(now);
      return now;
    },

    /** Takes back one hit recorded at `at` (an attempt that turned out to be legitimate). */
    forget(key: string, at: number) {
      const entry = hits.get(key);
      if (!entry) return;
      const i = entry.times.lastIndexOf(at);
      if (i >= 0) entry.times.splice(i, 1);
      if (entry.times.length === 0) hits.delete(key);
    },

    /**
     * Refuses with 429 and the longest Retry-After when any key is at its limit;
     * otherwise counts one hit on each, before any await, so parallel calls cannot
     * all pass. Returns the hits' times, for `forget`.
     */
    take(checks: ReadonlyArray<readonly [key: string, rule: RateRule]>, message: string): number[] {
      const wait = Math.max(0, ...checks.map(([key, rule]) => limiter.retryAfter(key, rule)));
      if (wait > 0) fail('TOO_MANY_REQUESTS', message, { retryAfter: wait });
      return checks.map(([key, rule]) => limiter.hit(key, rule));
    },

    reset(key: string) {
      hits.delete(key);
    },

    /** How many keys are tracked (bounded by the live windows, not by history). */
    size(): number {
      return hits.size;
    },
  };
  return limiter;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The part of a client address one party controls: an IPv4 address, or the /64
 * of an IPv6 one (a single host is routinely handed a whole /64 to rotate through).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
