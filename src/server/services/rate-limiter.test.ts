import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { openDatabase, type OpenedDatabase as Database } from '../db';
import { errorDetails } from '../errors';
import { connectPostgres } from '../postgres/connect';
import { postgresDialect } from '../postgres/dialect';
import { openTestPostgres, testEngine } from '../postgres/test-engine';
import { addressKey, createRateLimiter, type RateLimiter, type RateRule } from './rate-limiter';

const rule = { max: 3, windowMs: 60_000 };

const opened: Database[] = [];
const dirs: string[] = [];

afterEach(async () => {
  // the second connections first: closing the first PostgreSQL one drops the database
  for (const { dialect } of opened.splice(0).reverse()) await dialect.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh database of the run's engine. */
function freshDatabase(): Database {
  let db: Database;
  if (testEngine() === 'postgres') db = openTestPostgres();
  else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-limits-'));
    dirs.push(dir);
    db = openDatabase(path.join(dir, 'app.db'));
  }
  opened.push(db);
  return db;
}

/** A connection of its own to `db`'s database, as a second Copydesk process opens it: a pool of its own, or the file again. */
async function secondConnection({ dialect }: Database): Promise<Database> {
  let other: Database;
  if (dialect.name === 'postgres') {
    await dialect.ping(); // the test database exists once it answers
    const url = dialect.pool.options.connectionString!;
    // pool.end() lets go of its connections before the server has closed them, so the drop may cut them
    other = postgresDialect(await connectPostgres({ url, poolSize: 4, onError: () => {} }));
  } else if (dialect.name === 'sqlite') {
    other = openDatabase(dialect.client.name);
  } else throw new Error('no such engine');
  opened.push(other);
  return other;
}

const limiterOf = (clock = fixedClock()) => {
  const { db, dialect } = freshDatabase();
  return { clock, limiter: createRateLimiter(db, dialect, clock) };
};

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof TRPCError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('rate limiter', () => {
  it('lets a key through until it has max hits in the window, then names the wait in seconds', async () => {
    const { clock, limiter } = limiterOf();
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfter('k', rule)).toBe(0);
      await limiter.hit('k', rule);
    }
    expect(await limiter.retryAfter('k', rule)).toBe(60);
    clock.advance(45_000);
    expect(await limiter.retryAfter('k', rule)).toBe(15);
  });

  it('frees the key as the oldest hit ages out (a sliding window)', async () => {
    const { clock, limiter } = limiterOf();
    await limiter.hit('k', rule);
    clock.advance(10_000);
    await limiter.hit('k', rule);
    await limiter.hit('k', rule);
    clock.advance(49_999);
    expect(await limiter.retryAfter('k', rule)).toBe(1);
    clock.advance(1);
    expect(await limiter.retryAfter('k', rule)).toBe(0);
    await limiter.hit('k', rule);
    expect(await limiter.retryAfter('k', rule)).toBe(10);
  });

  it('keeps keys apart', async () => {
    const { limiter } = limiterOf();
    for (let i = 0; i < 3; i++) await limiter.hit('a', rule);
    expect(await limiter.retryAfter('a', rule)).toBeGreaterThan(0);
    expect(await limiter.retryAfter('b', rule)).toBe(0);
  });

  it('reset clears a key and forget takes back exactly one hit', async () => {
    const { limiter } = limiterOf();
    for (let i = 0; i < 3; i++) await limiter.hit('a', rule);
    await limiter.reset('a');
    expect(await limiter.retryAfter('a', rule)).toBe(0);

    // three hits at the same instant: forgetting one leaves two
    await limiter.hit('b', rule);
    await limiter.hit('b', rule);
    const at = await limiter.hit('b', rule);
    expect(await limiter.retryAfter('b', rule)).toBeGreaterThan(0);
    await limiter.forget(at);
    expect(await limiter.retryAfter('b', rule)).toBe(0);
    await limiter.hit('b', rule);
    expect(await limiter.retryAfter('b', rule)).toBeGreaterThan(0);
  });

  it('does not keep keys whose hits have all aged out', async () => {
    const { clock, limiter } = limiterOf();
    for (let i = 0; i < 50; i++) await limiter.hit(`reset:user${i}@example.com`, rule);
    expect(await limiter.size()).toBe(50);
    clock.advance(rule.windowMs + 60_000);
    await limiter.hit('fresh', rule);
    expect(await limiter.size()).toBe(1);
  });

  it('take counts a hit on every key, or none when one of them is full, and names the longest wait', async () => {
    const { limiter } = limiterOf();
    const long = { max: 1, windowMs: 600_000 };
    await limiter.take([['b', long]], 'busy');
    for (let i = 0; i < 2; i++) await limiter.take([['a', rule]], 'busy');
    const refused = await refusal(
      limiter.take(
        [
          ['a', rule],
          ['b', long],
        ],
        'Too many tries',
        { success: false },
      ),
    );
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toBe('Too many tries');
    expect(errorDetails(refused)).toEqual({ success: false, retryAfter: 600 });
    // The refused call counted nothing: 'a' still has room for one.
    expect(await limiter.retryAfter('a', rule)).toBe(0);
  });

  it('take returns each key’s own hit, so forgetting them takes back exactly what it counted', async () => {
    const { limiter } = limiterOf();
    const hits = await limiter.take(
      [
        ['a', rule],
        ['b', rule],
      ],
      'busy',
    );
    await limiter.hit('a', rule);
    await limiter.forget(hits[1]!);
    expect(await limiter.size()).toBe(1);
    await limiter.forget(hits[0]!);
    expect(await limiter.size()).toBe(1);
    expect(await limiter.retryAfter('a', { max: 1, windowMs: 60_000 })).toBe(60);
  });
});

describe('rate limits shared by processes on one database', () => {
  /** Two limiters as two Copydesk processes have them: their own connections to one database, one clock. */
  async function twoProcesses() {
    const clock = fixedClock();
    const db = freshDatabase();
    const other = await secondConnection(db);
    return { clock, db, one: createRateLimiter(db.db, db.dialect, clock), two: createRateLimiter(other.db, other.dialect, clock) };
  }

  it('count the same hits for a key, free it together, and either may reset it', async () => {
    const { clock, one, two } = await twoProcesses();
    await one.take([['login:ip:203.0.113.9', rule]], 'busy');
    await two.take([['login:ip:203.0.113.9', rule]], 'busy');
    clock.advance(20_000);
    await one.take([['login:ip:203.0.113.9', rule]], 'busy');
    const refused = await refusal(two.take([['login:ip:203.0.113.9', rule]], 'busy'));
    expect(errorDetails(refused).retryAfter).toBe(40);
    expect(await one.retryAfter('login:ip:203.0.113.9', rule)).toBe(40);

    // the first two hits age out together
    clock.advance(40_000);
    await two.take([['login:ip:203.0.113.9', rule]], 'busy');
    const [hit] = await one.take([['login:ip:203.0.113.9', rule]], 'busy');
    expect(await two.retryAfter('login:ip:203.0.113.9', rule)).toBe(20);
    await two.forget(hit!);
    expect(await one.retryAfter('login:ip:203.0.113.9', rule)).toBe(0);
    await one.hit('login:ip:203.0.113.9', rule);
    expect(await two.retryAfter('login:ip:203.0.113.9', rule)).toBe(20);
    await two.reset('login:ip:203.0.113.9');
    expect(await one.retryAfter('login:ip:203.0.113.9', rule)).toBe(0);
  });

  it('let exactly max of many simultaneous takes through, however they are spread over the processes', async () => {
    const { db, one, two } = await twoProcesses();
    // On SQLite one process serves the file (the transaction gate orders its takes); two
    // better-sqlite3 connections in one thread cannot wait for each other's lock, so all go through one.
    const limiters: RateLimiter[] = db.dialect.name === 'postgres' ? [one, two] : [one];
    const max: RateRule = { max: 5, windowMs: 60_000 };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        limiters[i % limiters.length]!.take(
          // half name the keys the other way round: the locks must still be taken without a deadlock
          i % 4 < 2
            ? [
                ['chat-send:7', max],
                ['promo:ip:203.0.113.9', max],
              ]
            : [
                ['promo:ip:203.0.113.9', max],
                ['chat-send:7', max],
              ],
          'busy',
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason as unknown);
    expect(refused).toHaveLength(19);
    for (const e of refused) expect(e instanceof TRPCError && e.code === 'TOO_MANY_REQUESTS', String(e)).toBe(true);
    const { rateLimitHits } = db.db.tables;
    expect(await db.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'chat-send:7'))).toHaveLength(5);
  });
});

describe('addressKey', () => {
  it('keeps an IPv4 address, unwraps an IPv4-mapped one, and takes an IPv6 address to its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:7:1::1')).toBe('2001:db8:7:1::/64');
    expect(addressKey('2001:0db8:0007:0001:ffff:1:2:3')).toBe('2001:db8:7:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
