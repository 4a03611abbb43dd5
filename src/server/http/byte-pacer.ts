/**
 * Paces bytes taken by many readers together to a rate: each call counts its bytes and answers
 * how long its reader should wait before taking more. Up to `burstBytes` go without a wait, so
 * a short body is not held up; past that the readers share `bytesPerSecond` between them.
 */
export function createBytePacer(o: { bytesPerSecond: number; burstBytes: number; now?: () => number }) {
  const now = o.now ?? (() => performance.now());
  const burstMs = (o.burstBytes / o.bytesPerSecond) * 1000;
  /** When the bytes taken so far are paid for at the rate; never further back than one burst. */
  let paidUntil = -Infinity;
  return {
    /** Counts `bytes` taken; the answer is the milliseconds to wait before taking more (0: go on). */
    take(bytes: number): number {
      const t = now();
      paidUntil = Math.max(paidUntil, t - burstMs) + (bytes / o.bytesPerSecond) * 1000;
      return Math.max(0, paidUntil - t);
    },
  };
}

export type BytePacer = ReturnType<typeof createBytePacer>;
