import { Worker, type MessagePort } from 'node:worker_threads';

/** A harper.js lint as the worker reports it, with offsets already in UTF-16 code units. */
export interface HarperLint {
  start: number;
  end: number;
  kind: string;
  /** The harper rule that reported it ("SpellCheck", "SentenceCapitalization"). */
  rule: string;
  message: string;
  /** Replacement texts for [start, end); an empty string removes the span. */
  suggestions: string[];
}

export type GrammarCheckerState = 'cold' | 'warming' | 'ready' | 'failed';

interface RawLint {
  start: number;
  end: number;
  kind: string;
  rule?: string;
  message: string;
  suggestions: { kind: number; text: string }[];
}

type Pending = { resolve: (lints: RawLint[]) => void; reject: (e: Error) => void };

/** harper's worker, or (in an editor pool worker) a port to the one the main thread runs. */
let worker: Worker | MessagePort | null = null;
let connector: (() => MessagePort) | null = null;
let state: GrammarCheckerState = 'cold';
let warming: Promise<void> | null = null;
let failure: string | null = null;
let loadMs = 0;
let nextId = 1;
const pending = new Map<number, Pending>();

/** Keeps the process alive only while the worker has work, so one-shot scripts exit by themselves. */
function updateRef() {
  if (!worker) return;
  if (pending.size > 0 || state === 'warming') worker.ref();
  else worker.unref();
}

function reset(error: string) {
  failure = error;
  state = 'failed';
  for (const p of pending.values()) p.reject(new Error(error));
  pending.clear();
  worker = null;
  warming = null;
}

/**
 * Makes this thread lint through ports to a harper worker that runs elsewhere
 * (an editor pool worker uses the main thread's), so harper's 300 MB is loaded once.
 */
export function lintThroughPort(connect: () => MessagePort): void {
  connector = connect;
}

/** Hands `port` to this thread's harper worker (starting it if needed): the other end lints through it. */
export function connectHarperPort(port: MessagePort): void {
  void warmHarper();
  if (worker instanceof Worker) worker.postMessage({ type: 'connect', port }, [port]);
  else port.close();
}

/**
 * Starts harper.js in a worker thread (once) and resolves when it has linted a
 * first sentence. Safe to call many times; a failed start can be retried.
 */
export function warmHarper(): Promise<void> {
  if (warming) return warming;
  state = 'warming';
  failure = null;
  const w = connector ? connector() : new Worker(new URL('./worker.mjs', import.meta.url));
  worker = w;
  warming = new Promise<void>((resolve, reject) => {
    w.on('message', (msg: { type: string; id?: number; lints?: RawLint[]; error?: string; ms?: number }) => {
      if (msg.type === 'ready') {
        state = 'ready';
        loadMs = msg.ms ?? 0;
        updateRef();
        resolve();
      } else if (msg.type === 'failed') {
        reset(msg.error ?? 'harper.js failed to load');
        if (w instanceof Worker) void w.terminate();
        else w.close();
        reject(new Error(failure ?? 'harper.js failed to load'));
      } else if (msg.type === 'result' && msg.id !== undefined) {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        updateRef();
        if (!p) return;
        if (msg.error) p.reject(new Error(msg.error));
        else p.resolve(msg.lints ?? []);
      }
    });
    w.on('error', (e) => {
      reset(e.message);
      reject(e);
    });
    w.on('exit', (code) => {
      if (worker === w) reset(`harper.js worker exited with code ${code}`);
    });
    // a port closes when the thread running harper stops
    w.on('close', () => {
      if (worker !== w) return;
      reset('harper.js worker stopped');
      reject(new Error('harper.js worker stopped'));
    });
  });
  updateRef();
  // callers that do not await still must not see an unhandled rejection
  warming.catch(() => {});
  return warming;
}

export function grammarCheckerState(): GrammarCheckerState {
  return state;
}

export function grammarCheckerInfo() {
  return { state, loadMs: Math.round(loadMs), error: failure };
}

// harper.js already reports spans in UTF-16 code units (checked with emoji in client.test.ts)
function convert(text: string, raw: RawLint[]): HarperLint[] {
  return raw.map((l) => {
    const { start, end } = l;
    const problem = text.slice(start, end);
    return {
      start,
      end,
      kind: l.kind,
      rule: l.rule ?? '',
      message: l.message,
      // SuggestionKind: 0 replace, 1 remove, 2 insert after
      suggestions: l.suggestions.map((s) => (s.kind === 1 ? '' : s.kind === 2 ? problem + s.text : s.text)),
    };
  });
}

/** Lints with harper.js; waits for the worker to be ready (starting it if needed). */
export async function lintWithHarper(text: string): Promise<HarperLint[]> {
  if (state !== 'ready') await warmHarper();
  const w = worker;
  if (!w) throw new Error(failure ?? 'harper.js is not running');
  const id = nextId++;
  const raw = await new Promise<RawLint[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    updateRef();
    w.postMessage({ id, text });
  });
  return convert(text, raw);
}

/** Stops the worker (tests and scripts); the next warm-up starts a new one. */
export async function stopHarper(): Promise<void> {
  const w = worker;
  worker = null;
  warming = null;
  state = 'cold';
  for (const p of pending.values()) p.reject(new Error('harper.js stopped'));
  pending.clear();
  if (w instanceof Worker) await w.terminate();
  else w?.close();
}
