import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turn-queue';

/** Runs `work` as a request would once admitted, recording its name. */
async function request(queue: ReturnType<typeof createTurnQueue>, name: string, order: string[]) {
  const turn = queue.admit();
  if (turn) await turn;
  order.push(name);
}

describe('createTurnQueue', () => {
  it('starts requests at once while the stretch is under its budget', async () => {
    let clock = 0;
    const queue = createTurnQueue(10, () => clock);
    expect(queue.admit()).toBeUndefined();
    clock = 9;
    expect(queue.admit()).toBeUndefined();
    expect(queue.waiting()).toBe(0);
    await nextTurn();
  });

  it('queues requests once the budget is spent, and starts them in arrival order', async () => {
    let clock = 0;
    const queue = createTurnQueue(10, () => clock);
    const order: string[] = [];
    void request(queue, 'first', order);
    clock = 12;
    const queued = ['a', 'b', 'c'].map((name) => request(queue, name, order));
    expect(queue.waiting()).toBe(3);
    await Promise.resolve();
    expect(order).toEqual(['first']);
    await Promise.all(queued);
    expect(order).toEqual(['first', 'a', 'b', 'c']);
    expect(queue.waiting()).toBe(0);
  });

  it('lets a due timer run before the next queued request', async () => {
    let clock = 0;
    const queue = createTurnQueue(10, () => clock);
    const order: string[] = [];
    const timerRan = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('timer');
        resolve();
      }, 1),
    );
    // the timer is due before anything below yields
    const until = performance.now() + 5;
    while (performance.now() < until);
    void request(queue, 'first', order);
    clock = 12;
    const queued = ['a', 'b', 'c'].map((name) => request(queue, name, order));
    await Promise.all([...queued, timerRan]);
    // however the test's own turn lines up, the timer does not wait for the whole queue
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('b'));
  });

  it('counts the work of each started request against the turn: past the budget the next waits for the timers', async () => {
    let clock = 0;
    const order: string[] = [];
    // the stretch closes on a real timer, recorded, so the runs between closes are what the queue allowed
    const queue = createTurnQueue(
      10,
      () => clock,
      (closeStretch) =>
        setTimeout(() => {
          order.push('close');
          closeStretch();
        }, 0),
    );
    // each request costs 6 ms of the turn once it starts
    const costly = async (name: string) => {
      const turn = queue.admit();
      if (turn) await turn;
      order.push(name);
      clock += 6;
    };
    void costly('first');
    void costly('second');
    const queued = ['a', 'b', 'c', 'd', 'e'].map((name) => costly(name));
    await Promise.all(queued);
    // 'first' and 'second' fill the first stretch (12 ms); after each close no more than two start
    expect(order).toEqual(['first', 'second', 'close', 'a', 'b', 'close', 'c', 'd', 'close', 'e']);
  });

  it('admits newcomers behind those already waiting', async () => {
    let clock = 0;
    const queue = createTurnQueue(10, () => clock);
    const order: string[] = [];
    void request(queue, 'first', order);
    clock = 12;
    const a = request(queue, 'a', order);
    clock = 0;
    const b = request(queue, 'b', order);
    await Promise.all([a, b]);
    expect(order).toEqual(['first', 'a', 'b']);
  });
});
