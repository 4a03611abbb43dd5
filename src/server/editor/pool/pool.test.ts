import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolError, WorkerPool, type WorkerPoolOptions } from './pool';

const pools: WorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(o: Partial<WorkerPoolOptions> = {}) {
  const p = new WorkerPool({ url: new URL('./test-worker.mjs', import.meta.url), size: 1, maxQueue: 4, timeoutMs: 60_000, ...o });
  pools.push(p);
  return p;
}

type Echo = { payload: unknown; threadId: number };

async function failureOf(work: Promise<unknown>): Promise<PoolError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PoolError);
  return error as PoolError;
}

describe('worker pool', () => {
  it('runs jobs in another thread, each answered with its own result, more than one at a time up to its size', async () => {
    const p = pool({ size: 2 });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => p.run<Echo>('echo', { n })));
    expect(answers.map((a) => a.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    expect(answers.every((a) => a.threadId !== threadId)).toBe(true);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
    expect(p.workers).toBe(2);
  });

  it('passes a job’s own error on and keeps the worker', async () => {
    const p = pool();
    const first = await p.run<Echo>('echo', 1);
    await expect(p.run('throw', 'bad input')).rejects.toThrow('bad input');
    expect((await p.run<Echo>('echo', 2)).threadId).toBe(first.threadId);
  });

  it('fails only the job whose worker crashed, and runs the next one on a new worker', async () => {
    const p = pool();
    const before = await p.run<Echo>('echo', 0);
    // an uncaught exception, then a process.exit() inside the worker
    for (const kind of ['crash', 'exit']) {
      const crash = await failureOf(p.run(kind, null));
      expect(crash.reason).toBe('crashed');
      expect(crash.detail).toContain(kind === 'crash' ? 'worker blew up' : 'code 3');
    }
    const after = await p.run<Echo>('echo', 'again');
    expect(after.payload).toBe('again');
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('keeps the caller alive when a job runs its worker out of memory', async () => {
    const p = pool({ resourceLimits: { maxOldGenerationSizeMb: 32 } });
    const oom = await failureOf(p.run('hog', null));
    expect(oom.reason).toBe('crashed');
    expect((await p.run<Echo>('echo', 'still here')).payload).toBe('still here');
  });

  it('cancels a running job when its signal aborts, replacing the worker it was stuck in', async () => {
    const p = pool();
    const before = await p.run<Echo>('echo', 0);
    const stop = new AbortController();
    const stuck = p.run('spin', null, { signal: stop.signal });
    const queued = p.run<Echo>('echo', 'next');
    setTimeout(() => stop.abort(), 20);
    expect((await failureOf(stuck)).reason).toBe('aborted');
    const next = await queued;
    expect(next.payload).toBe('next');
    expect(next.threadId).not.toBe(before.threadId);
  });

  it('drops a waiting job whose signal aborts, without touching the running one', async () => {
    const p = pool();
    const stop = new AbortController();
    const running = p.run('spin', null, { timeoutMs: 300 });
    const waiting = p.run('echo', 'never', { signal: stop.signal });
    expect(p.waiting).toBe(1);
    stop.abort();
    expect((await failureOf(waiting)).reason).toBe('aborted');
    expect(p.waiting).toBe(0);
    expect((await failureOf(running)).reason).toBe('timeout');
    await expect(p.run('echo', 1, { signal: AbortSignal.abort() })).rejects.toMatchObject({ reason: 'aborted' });
  });

  it('gives up a job that takes too long, with the worker it ran in', async () => {
    const p = pool();
    expect((await failureOf(p.run('spin', null, { timeoutMs: 50 }))).reason).toBe('timeout');
    expect((await p.run<Echo>('echo', 'ok')).payload).toBe('ok');
  });

  it('answers busy past its queue bound instead of queueing without end', async () => {
    const p = pool({ maxQueue: 2, timeoutMs: 500 });
    const running = p.run('spin', null);
    const waiting = [p.run('echo', 1), p.run('echo', 2)];
    const refused = await failureOf(p.run('echo', 3));
    expect(refused.reason).toBe('busy');
    expect(refused.message).toBe('Too much work is waiting. Try again in a moment.');
    await Promise.allSettled([running, ...waiting]);
  });

  it('fails running and waiting jobs with stopped when closed, and refuses new ones', async () => {
    const p = pool({ messages: { stopped: 'Shutting down.' } });
    const running = failureOf(p.run('spin', null));
    const waiting = failureOf(p.run('echo', 1));
    await p.close();
    for (const job of [running, waiting, failureOf(p.run('echo', 2))]) {
      const e = await job;
      expect([e.reason, e.message]).toEqual(['stopped', 'Shutting down.']);
    }
    expect(p.workers).toBe(0);
  });
});
