import { isIPv4, isIPv6 } from 'node:net';
import { and, asc, countDistinct, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { preparedPer } from '../database/prepared';
import type { Clock } from '../clock';
import type { DB, Dialect } from '../db';
import { fail } from '../errors';

export interface RateRule {
  max: number;
  windowMs: number;
}

/** One key and the rule it is counted by. */
export type RateCheck = readonly [key: string, rule: RateRule];

/** A counted hit, as `forget` takes it back. */
export type Hit = number;

/** Hits whose windows have all passed are deleted at most this often (per process), so the table stays bounded. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Sliding-window counters in the database, so every process on it counts the same hits. A key is
 * blocked while `max` hits fall inside the window; it frees itself as the oldest hit ages out, so
 * a lock never outlives its window. See docs/decisions/023-rate-limits-in-the-database.md.
 */
export function createRateLimiter(db: DB, dialect: Pick<Dialect, 'lockRateLimitKeys'>, clock: Clock) {
  const { rateLimitHits } = db.tables;
  let lastSweep = clock().getTime();
  // Most takes count one key (each send, each new conversation): that case is prepared.
  const sinceParam = sql`${sql.param(sql.placeholder('since'), rateLimitHits.at)}`;
  const oneKeyHits = preparedPer(
    (q) =>
      q
        .select({ key: rateLimitHits.key, at: rateLimitHits.at })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, sql.placeholder('key')), gt(rateLimitHits.at, sinceParam)))
        .orderBy(asc(rateLimitHits.at)),
    'rate_limit_live_one',
  );
  const oneHit = preparedPer(
    (q) =>
      q
        .insert(rateLimitHits)
        .values({ key: sql.placeholder('key'), at: sql.placeholder('at'), expiresAt: sql.placeholder('expiresAt') })
        .returning({ id: rateLimitHits.id, key: rateLimitHits.key }),
    'rate_limit_hit_one',
  );

  /** Each key's hits inside its rule's window, oldest first, in milliseconds. */
  async function live(q: DB, checks: readonly RateCheck[], now: number): Promise<Map<string, number[]>> {
    const [only] = checks;
    const rows =
      checks.length === 1 && only
        ? await oneKeyHits(q).execute({ key: only[0], since: new Date(now - only[1].windowMs) })
        : await q
            .select({ key: rateLimitHits.key, at: rateLimitHits.at })
            .from(rateLimitHits)
            .where(or(...checks.map(([key, rule]) => and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, new Date(now - rule.windowMs))))))
            .orderBy(asc(rateLimitHits.at));
    const times = new Map<string, number[]>();
    for (const row of rows) times.set(row.key, [...(times.get(row.key) ?? []), row.at.getTime()]);
    return times;
  }

  /** Seconds until there is room under `rule` beside `times` (live hits, oldest first), or 0 when there is room now. */
  function wait(times: readonly number[], rule: RateRule, now: number): number {
    if (times.length < rule.max) return 0;
    const oldest = times[times.length - rule.max]!;
    return Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000));
  }

  /** One hit on each key, at `now`; the hits in the checks' order. */
  async function record(q: DB, checks: readonly RateCheck[], now: number): Promise<Hit[]> {
    const values = checks.map(([key, rule]) => ({ key, at: new Date(now), expiresAt: new Date(now + rule.windowMs) }));
    const rows =
      values.length === 1
        ? await oneHit(q).execute(values[0]!)
        : await q.insert(rateLimitHits).values(values).returning({ id: rateLimitHits.id, key: rateLimitHits.key });
    // RETURNING promises no order; a key named twice gets its rows in turn
    const ids = new Map<string, Hit[]>();
    for (const row of rows) ids.set(row.key, [...(ids.get(row.key) ?? []), row.id]);
    return checks.map(([key]) => ids.get(key)!.shift()!);
  }

  async function sweep(q: DB, now: number) {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await q.delete(rateLimitHits).where(lte(rateLimitHits.expiresAt, new Date(now)));
  }

  /** Checks and counts inside the transaction `tx`, whose end releases the keys' locks. */
  async function countIn(tx: DB, checks: readonly RateCheck[], now: number): Promise<{ retryAfter: number } | { hits: Hit[] }> {
    await dialect.lockRateLimitKeys(
      tx,
      checks.map(([key]) => key),
    );
    const times = await live(tx, checks, now);
    const retryAfter = Math.max(0, ...checks.map(([key, rule]) => wait(times.get(key) ?? [], rule, now)));
    return retryAfter > 0 ? { retryAfter } : { hits: await record(tx, checks, now) };
  }

  const refuseOrHits = (outcome: { retryAfter: number } | { hits: Hit[] }, message: string, details?: Record<string, unknown>) =>
    'retryAfter' in outcome ? fail('TOO_MANY_REQUESTS', message, { ...details, retryAfter: outcome.retryAfter }) : outcome.hits;

  /**
   * `take`, inside the caller's transaction `tx`: its hits are undone if that transaction rolls
   * back, and the keys stay locked until it ends. No savepoint of its own: a refusal throws, and
   * the caller's transaction rolls back whole.
   */
  async function takeIn(tx: DB, checks: readonly RateCheck[], message: string, details?: Record<string, unknown>): Promise<Hit[]> {
    if (checks.length === 0) return [];
    const now = clock().getTime();
    await sweep(tx, now);
    return refuseOrHits(await countIn(tx, checks, now), message, details);
  }

  return {
    /** Seconds until the key may try again, or 0 when it is not blocked. */
    async retryAfter(key: string, rule: RateRule): Promise<number> {
      const now = clock().getTime();
      return wait((await live(db, [[key, rule]], now)).get(key) ?? [], rule, now);
    },

    /** Counts a hit whatever the count (a failure to add to a limit checked elsewhere). */
    async hit(key: string, rule: RateRule): Promise<Hit> {
      const now = clock().getTime();
      await sweep(db, now);
      const [hit] = await record(db, [[key, rule]], now);
      return hit!;
    },

    /** Takes back exactly these hits (attempts that turned out to be legitimate). */
    async forget(...hits: Hit[]): Promise<void> {
      if (hits.length) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hits));
    },

    /**
     * Refuses with 429 and the longest Retry-After (beside `details`) when any key is at its limit;
     * otherwise counts one hit on each. Checking and counting are one transaction holding the keys'
     * locks, so parallel calls, in this process or another, cannot all pass. Returns the hits, for `forget`.
     */
    async take(checks: readonly RateCheck[], message: string, details?: Record<string, unknown>): Promise<Hit[]> {
      if (checks.length === 0) return [];
      const now = clock().getTime();
      await sweep(db, now);
      return refuseOrHits(await db.transaction((tx) => countIn(tx, checks, now)), message, details);
    },

    takeIn,

    /** Forgets every hit of these keys. */
    async reset(...keys: string[]): Promise<void> {
      if (keys.length) await db.delete(rateLimitHits).where(inArray(rateLimitHits.key, keys));
    },

    /** How many keys have hits stored (bounded by the live windows, not by history). */
    async size(): Promise<number> {
      const [row] = await db.select({ keys: countDistinct(rateLimitHits.key) }).from(rateLimitHits);
      return row?.keys ?? 0;
    },
  };
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
