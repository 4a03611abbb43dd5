import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

/** Why a job did not give a result; `crashed` also covers a worker that ran out of memory. */
export type PoolFailure = 'busy' | 'timeout' | 'crashed' | 'aborted' | 'stopped';

export class PoolError extends Error {
  constructor(
    readonly reason: PoolFailure,
    message: string,
    /** For the server log: what the worker reported. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'PoolError';
  }
}

/** What a pool worker posts back for a job. */
export type JobReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export interface WorkerPoolOptions {
  /** The worker script; it answers `{ id, kind, payload }` with a JobReply. */
  url: URL;
  size: number;
  /** Jobs that may wait for a worker; past it `run` fails with `busy`. */
  maxQueue: number;
  /** From submission, queue time included. */
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
  /** Data (and its transferables) for each new worker. */
  workerData?: () => { data: unknown; transfer?: Transferable[] };
  /** Messages from a worker that are not job replies. */
  onMessage?: (message: unknown) => void;
  messages?: Partial<Record<PoolFailure, string>>;
}

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

interface Job {
  id: number;
  kind: string;
  payload: unknown;
  resolve: (value: unknown) => void;
  reject: (error: PoolError | Error) => void;
  signal?: AbortSignal;
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
  slot?: Slot;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  error?: Error;
}

const DEFAULT_MESSAGES: Record<PoolFailure, string> = {
  busy: 'Too much work is waiting. Try again in a moment.',
  timeout: 'The work took too long.',
  crashed: 'The worker stopped unexpectedly.',
  aborted: 'The work was cancelled.',
  stopped: 'The pool is shutting down.',
};

/**
 * A few worker threads that run CPU-heavy jobs one at a time each, so the
 * caller's event loop keeps turning. A job that is aborted or times out while
 * it runs has its worker terminated (its work cannot be interrupted otherwise);
 * a worker that dies fails only its own job, and a new one starts on demand.
 */
export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly messages: Record<PoolFailure, string>;

  constructor(private readonly o: WorkerPoolOptions) {
    if (!(Number.isInteger(o.size) && o.size > 0)) throw new Error(`pool size must be a positive integer, got ${o.size}`);
    this.messages = { ...DEFAULT_MESSAGES, ...o.messages };
  }

  /** Workers alive now (busy or idle). */
  get workers(): number {
    return this.slots.size;
  }

  get waiting(): number {
    return this.queue.length;
  }

  run<T>(kind: string, payload: unknown, options: RunOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(this.failure('stopped'));
    if (options.signal?.aborted) return Promise.reject(this.failure('aborted'));
    const canStart = this.idleSlot() !== undefined || this.slots.size < this.o.size;
    if (!canStart && this.queue.length >= this.o.maxQueue) return Promise.reject(this.failure('busy'));
    return new Promise<T>((resolve, reject) => {
      const job: Job = { id: this.nextId++, kind, payload, resolve: resolve as (v: unknown) => void, reject, signal: options.signal };
      job.timer = setTimeout(() => this.cancel(job, 'timeout'), options.timeoutMs ?? this.o.timeoutMs);
      job.timer.unref();
      if (job.signal) {
        job.onAbort = () => this.cancel(job, 'aborted');
        job.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Terminates every worker; running and waiting jobs fail with `stopped`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, this.failure('stopped'));
    const ending: Promise<number>[] = [];
    for (const slot of [...this.slots]) {
      this.slots.delete(slot);
      if (slot.job) this.settle(slot.job, this.failure('stopped'));
      ending.push(slot.worker.terminate());
    }
    await Promise.allSettled(ending);
  }

  private failure(reason: PoolFailure, detail?: string) {
    return new PoolError(reason, this.messages[reason], detail);
  }

  private idleSlot(): Slot | undefined {
    for (const slot of this.slots) if (!slot.job) return slot;
    return undefined;
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const slot = this.idleSlot() ?? (this.slots.size < this.o.size ? this.spawn() : undefined);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      job.slot = slot;
      slot.worker.ref();
      try {
        slot.worker.postMessage({ id: job.id, kind: job.kind, payload: job.payload });
      } catch (e) {
        // an input that cannot be cloned fails its own job only
        slot.job = null;
        slot.worker.unref();
        this.settle(job, e instanceof Error ? e : new Error(String(e)));
      }
    }
  }

  private spawn(): Slot {
    const init = this.o.workerData?.();
    const worker = new Worker(this.o.url, {
      workerData: init?.data,
      transferList: init?.transfer as never,
      resourceLimits: this.o.resourceLimits,
    });
    const slot: Slot = { worker, job: null };
    this.slots.add(slot);
    worker.unref();
    worker.on('message', (msg: JobReply | { id?: undefined }) => {
      if (msg?.id === undefined) return this.o.onMessage?.(msg);
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = null;
      worker.unref();
      this.settle(job, null, msg);
      this.dispatch();
    });
    worker.on('error', (e) => {
      slot.error = e;
    });
    worker.on('exit', (code) => {
      if (!this.slots.delete(slot)) return;
      const job = slot.job;
      slot.job = null;
      if (job) this.settle(job, this.failure('crashed', slot.error?.stack ?? slot.error?.message ?? `worker exited with code ${code}`));
      this.dispatch();
    });
    return slot;
  }

  /** Abort and timeout: a waiting job leaves the queue; a running one takes its worker down with it. */
  private cancel(job: Job, reason: 'aborted' | 'timeout') {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = job.slot;
    if (slot && slot.job === job && this.slots.delete(slot)) {
      slot.job = null;
      void slot.worker.terminate();
    }
    this.settle(job, this.failure(reason));
    this.dispatch();
  }

  private settle(job: Job, error: Error | null, reply?: JobReply) {
    clearTimeout(job.timer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    job.slot = undefined;
    if (error) job.reject(error);
    else if (reply?.ok) job.resolve(reply.value);
    else job.reject(new Error(reply?.ok === false ? reply.error : 'no reply'));
  }
}
