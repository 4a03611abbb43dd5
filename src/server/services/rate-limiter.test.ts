import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { TRPCError } from '@trpc/server';
import { errorDetails } from '../errors';
import { addressKey, createRateLimiter } from './rate-limiter';

const rule = { max: 3, windowMs: 60_000 };

describe('rate limiter', () => {
  it('lets a key through until it has max hits in the window, then names the wait in seconds', () => {
    const clock = fixedClock();
    const limiter = createRateLimiter(clock);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('k', rule)).toBe(0);
      limiter.hit('k', rule);
    }
    expect(limiter.retryAfter('k', rule)).toBe(60);
    clock.advance(45_000);
    expect(limiter.retryAfter('k', rule)).toBe(15);
  });

  it('frees the key as the oldest hit ages out (a sliding window)', () => {
    const clock = fixedClock();
    const limiter = createRateLimiter(clock);
    limiter.hit('k', rule);
    clock.advance(10_000);
    limiter.hit('k', rule);
    limiter.hit('k', rule);
    clock.advance(49_999);
    expect(limiter.retryAfter('k', rule)).toBe(1);
    clock.advance(1);
    expect(limiter.retryAfter('k', rule)).toBe(0);
    limiter.hit('k', rule);
    expect(limiter.retryAfter('k', rule)).toBe(10);
  });

  it('keeps keys apart', () => {
    const limiter = createRateLimiter(fixedClock());
    for (let i = 0; i < 3; i++) limiter.hit('a', rule);
    expect(limiter.retryAfter('a', rule)).toBeGreaterThan(0);
    expect(limiter.retryAfter('b', rule)).toBe(0);
  });

  it('reset clears a key and forget takes back one hit', () => {
    const limiter = createRateLimiter(fixedClock());
    for (let i = 0; i < 3; i++) limiter.hit('a', rule);
    limiter.reset('a');
    expect(limiter.retryAfter('a', rule)).toBe(0);

    limiter.hit('b', rule);
    limiter.hit('b', rule);
    const at = limiter.hit('b', rule);
    expect(limiter.retryAfter('b', rule)).toBeGreaterThan(0);
    limiter.forget('b', at);
    expect(limiter.retryAfter('b', rule)).toBe(0);
  });

  it('does not keep keys whose hits have all aged out', () => {
    const clock = fixedClock();
    const limiter = createRateLimiter(clock);
    for (let i = 0; i < 500; i++) limiter.hit(`reset:user${i}@example.com`, rule);
    expect(limiter.size()).toBe(500);
    clock.advance(rule.windowMs + 60_000);
    limiter.hit('fresh', rule);
    expect(limiter.size()).toBe(1);
  });

  it('take counts a hit on every key, or none when one of them is full, and names the longest wait', () => {
    const clock = fixedClock();
    const limiter = createRateLimiter(clock);
    const long = { max: 1, windowMs: 600_000 };
    limiter.take([['b', long]], 'busy');
    for (let i = 0; i < 2; i++) limiter.take([['a', rule]], 'busy');
    let refused: unknown;
    try {
      limiter.take(
        [
          ['a', rule],
          ['b', long],
        ],
        'Too many tries',
      );
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(TRPCError);
    expect((refused as TRPCError).code).toBe('TOO_MANY_REQUESTS');
    expect((refused as TRPCError).message).toBe('Too many tries');
    expect(errorDetails(refused as TRPCError).retryAfter).toBe(600);
    // The refused call counted nothing: 'a' still has room for one.
    expect(limiter.retryAfter('a', rule)).toBe(0);
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
