import { describe, expect, it } from 'vitest';
import { MB } from '../services/documents/limits';
import { createBytePacer } from './byte-pacer';

/** A pacer on a clock the test moves. */
function pacedAt(bytesPerSecond: number, burstBytes: number) {
  let t = 1_000;
  const pacer = createBytePacer({ bytesPerSecond, burstBytes, now: () => t });
  return { take: pacer.take, advance: (ms: number) => (t += ms) };
}

describe('createBytePacer', () => {
  it('lets a burst through without a wait, then asks for the time the rest costs at the rate', () => {
    const p = pacedAt(10 * MB, 2 * MB);
    expect(p.take(MB)).toBe(0);
    expect(p.take(MB)).toBe(0);
    expect(p.take(MB)).toBeCloseTo(100);
    expect(p.take(MB)).toBeCloseTo(200);
  });

  it('shares the rate between readers: what one takes, the next waits for', () => {
    const p = pacedAt(10 * MB, 0);
    expect(p.take(MB)).toBeCloseTo(100);
    expect(p.take(MB)).toBeCloseTo(200);
    p.advance(200);
    expect(p.take(MB)).toBeCloseTo(100);
  });

  it('forgives idle time only up to one burst', () => {
    const p = pacedAt(10 * MB, MB);
    p.advance(60_000);
    expect(p.take(MB)).toBe(0);
    expect(p.take(MB)).toBeCloseTo(100);
  });
});
