import { describe, expect, it } from 'vitest';
import { LockTimeoutError, processKeyedLock } from './keyed-lock';

/** A promise and the function that settles it, so a test decides when a lock holder finishes. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("SQLite's keyed lock (one process owns the file)", () => {
  it('runs the holders of one key one after another, in the order they came, and other keys alongside', async () => {
    const lock = processKeyedLock();
    const steps: string[] = [];
    const first = gate();
    const a = lock('payer:7', async () => {
      steps.push('a in');
      await first.opened;
      steps.push('a out');
      return 'a';
    });
    const b = lock('payer:7', async () => {
      steps.push('b in');
      return 'b';
    });
    const c = lock('payer:7', async () => {
      steps.push('c in');
      return 'c';
    });
    const other = lock('payer:8', async () => {
      steps.push('other in');
      return 'other';
    });
    expect(await other).toBe('other');
    await settled();
    expect(steps).toEqual(['a in', 'other in']);
    first.open();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(steps).toEqual(['a in', 'other in', 'a out', 'b in', 'c in']);
  });

  it('lets go when the body throws, and the error reaches the caller', async () => {
    const lock = processKeyedLock();
    await expect(
      lock('payer:7', async () => {
        throw new Error('Stripe said no');
      }),
    ).rejects.toThrow('Stripe said no');
    expect(await lock('payer:7', async () => 'next', { timeoutMs: 1 })).toBe('next');
  });

  it('a waiter that gives up leaves the queue: its body never runs and the next waiter still gets its turn', async () => {
    const lock = processKeyedLock();
    const first = gate();
    const ran: string[] = [];
    const a = lock('payer:7', async () => {
      await first.opened;
      ran.push('a');
    });
    const impatient = lock('payer:7', async () => void ran.push('impatient'), { timeoutMs: 5 });
    const patient = lock('payer:7', async () => void ran.push('patient'));
    await expect(impatient).rejects.toBeInstanceOf(LockTimeoutError);
    first.open();
    await Promise.all([a, patient]);
    expect(ran).toEqual(['a', 'patient']);
  });
});
