import os from 'node:os';
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

/** One harper worker (or, in an editor pool worker, a port to one the main thread runs) and what it is linting. */
interface Lane {
  worker: Worker | MessagePort;
  pending: Map<number, Pending>;
}

/**
 * EDITOR_GRAMMAR_WORKERS: how many harper.js workers lint. A long text is split between them at
 * paragraph or sentence ends, so a 1,000-word story is linted on two cores at once; each costs about 300 MB.
 */
export function grammarWorkersFrom(env: Record<string, string | undefined> = process.env): number {
  const raw = env.EDITOR_GRAMMAR_WORKERS?.trim();
  if (!raw) return Math.min(2, os.availableParallelism());
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0 || n > 16) throw new Error(`EDITOR_GRAMMAR_WORKERS must be an integer from 1 to 16, got "${raw}"`);
  return n;
}

/** Below this many characters a text is linted whole: splitting it would cost more than it saves. */
export const SPLIT_MIN_CHARS = 2500;

let lanes: Lane[] = [];
let connector: (() => MessagePort) | null = null;
let state: GrammarCheckerState = 'cold';
let warming: Promise<void> | null = null;
let failure: string | null = null;
let loadMs = 0;
let nextId = 1;
let nextConnection = 0;

/** Keeps the process alive only while a worker has work, so one-shot scripts exit by themselves. */
function updateRef() {
  for (const lane of lanes) {
    if (lane.pending.size > 0 || state === 'warming') lane.worker.ref();
    else lane.worker.unref();
  }
}

function close(worker: Worker | MessagePort) {
  if (worker instanceof Worker) void worker.terminate();
  else worker.close();
}

function reset(error: string) {
  failure = error;
  state = 'failed';
  const stopped = lanes;
  lanes = [];
  warming = null;
  for (const lane of stopped) {
    for (const p of lane.pending.values()) p.reject(new Error(error));
    lane.pending.clear();
    close(lane.worker);
  }
}

/**
 * Makes this thread lint through ports to harper workers that run elsewhere
 * (an editor pool worker uses the main thread's), so harper's 300 MB is loaded once per lane.
 */
export function lintThroughPort(connect: () => MessagePort): void {
  connector = connect;
}

/** Hands `port` to one of this thread's harper workers (starting them if needed), in turn: the other end lints through it. */
export function connectHarperPort(port: MessagePort): void {
  void warmHarper();
  const lane = lanes[nextConnection++ % Math.max(1, lanes.length)];
  if (lane?.worker instanceof Worker) lane.worker.postMessage({ type: 'connect', port }, [port]);
  else port.close();
}

function startLane(): { lane: Lane; ready: Promise<number> } {
  const w = connector ? connector() : new Worker(new URL('./worker.mjs', import.meta.url));
  const lane: Lane = { worker: w, pending: new Map() };
  const ready = new Promise<number>((resolve, reject) => {
    w.on('message', (msg: { type: string; id?: number; lints?: RawLint[]; error?: string; ms?: number }) => {
      if (msg.type === 'ready') resolve(msg.ms ?? 0);
      else if (msg.type === 'failed') {
        const error = msg.error ?? 'harper.js failed to load';
        if (lanes.includes(lane)) reset(error);
        reject(new Error(error));
      } else if (msg.type === 'result' && msg.id !== undefined) {
        const p = lane.pending.get(msg.id);
        lane.pending.delete(msg.id);
        updateRef();
        if (!p) return;
        if (msg.error) p.reject(new Error(msg.error));
        else p.resolve(msg.lints ?? []);
      }
    });
    w.on('error', (e) => {
      if (lanes.includes(lane)) reset(e.message);
      reject(e);
    });
    w.on('exit', (code) => {
      if (lanes.includes(lane)) reset(`harper.js worker exited with code ${code}`);
    });
    // a port closes when the thread running harper stops
    w.on('close', () => {
      if (!lanes.includes(lane)) return;
      reset('harper.js worker stopped');
      reject(new Error('harper.js worker stopped'));
    });
  });
  return { lane, ready };
}

/**
 * Starts harper.js in its worker threads (once) and resolves when each has linted
 * a first sentence. Safe to call many times; a failed start can be retried.
 */
export function warmHarper(): Promise<void> {
  if (warming) return warming;
  state = 'warming';
  failure = null;
  const started = Array.from({ length: grammarWorkersFrom() }, startLane);
  lanes = started.map((s) => s.lane);
  const current = Promise.all(started.map((s) => s.ready)).then((ms) => {
    if (warming !== current) return;
    state = 'ready';
    loadMs = Math.max(...ms);
    updateRef();
  });
  warming = current;
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

/** A sentence's end followed by the next one's start, in one paragraph. */
const SENTENCE_GAP = /(?<=[.!?]["”’)]*)[ \t]+(?=["“‘(]?[A-Z0-9])/g;

/**
 * Where to cut `text` into `parts` pieces of about equal length: at paragraph breaks
 * when there are any near each ideal cut, else between sentences. Each cut is the
 * [start, end) of the white space between two pieces, which no lint can span.
 */
export function splitPoints(text: string, parts: number): [number, number][] {
  if (parts < 2 || text.length < SPLIT_MIN_CHARS) return [];
  const gaps = (re: RegExp) => [...text.matchAll(re)].map((m) => [m.index, m.index + m[0].length] as [number, number]);
  const paragraphs = gaps(/\s*\n\s*/g).filter(([s, e]) => s > 0 && e < text.length);
  const sentences = gaps(SENTENCE_GAP);
  const cuts: [number, number][] = [];
  const slack = text.length / parts / 3;
  for (let i = 1; i < parts; i++) {
    const ideal = (text.length * i) / parts;
    const nearest = (candidates: [number, number][]) =>
      candidates.reduce<[number, number] | null>(
        (best, c) => (Math.abs(c[0] - ideal) < slack && (!best || Math.abs(c[0] - ideal) < Math.abs(best[0] - ideal)) ? c : best),
        null,
      );
    const cut = nearest(paragraphs) ?? nearest(sentences);
    if (cut && (cuts.length === 0 || cut[0] > cuts[cuts.length - 1]![1])) cuts.push(cut);
  }
  return cuts;
}

function idlest(): Lane | undefined {
  return lanes.reduce<Lane | undefined>((best, lane) => (!best || lane.pending.size < best.pending.size ? lane : best), undefined);
}

function lintOn(lane: Lane, text: string): Promise<RawLint[]> {
  const id = nextId++;
  return new Promise<RawLint[]>((resolve, reject) => {
    lane.pending.set(id, { resolve, reject });
    updateRef();
    lane.worker.postMessage({ id, text });
  });
}

/**
 * Lints with harper.js; waits for the workers to be ready (starting them if needed).
 * A long text is split between the workers and linted on them at once.
 */
export async function lintWithHarper(text: string): Promise<HarperLint[]> {
  if (state !== 'ready') await warmHarper();
  if (lanes.length === 0) throw new Error(failure ?? 'harper.js is not running');
  const cuts = splitPoints(text, lanes.length);
  if (cuts.length === 0) return convert(text, await lintOn(idlest()!, text));
  const pieces: { from: number; to: number }[] = [];
  let from = 0;
  for (const [gapStart, gapEnd] of cuts) {
    pieces.push({ from, to: gapStart });
    from = gapEnd;
  }
  pieces.push({ from, to: text.length });
  const linted = await Promise.all(pieces.map((p, i) => lintOn(lanes[i % lanes.length]!, text.slice(p.from, p.to))));
  const raw = linted.flatMap((lints, i) => lints.map((l) => ({ ...l, start: l.start + pieces[i]!.from, end: l.end + pieces[i]!.from })));
  return convert(text, raw);
}

/** Stops the workers (tests and scripts); the next warm-up starts new ones. */
export async function stopHarper(): Promise<void> {
  const stopped = lanes;
  lanes = [];
  warming = null;
  state = 'cold';
  for (const lane of stopped) {
    for (const p of lane.pending.values()) p.reject(new Error('harper.js stopped'));
    lane.pending.clear();
  }
  await Promise.all(
    stopped.map(async (lane) => {
      if (lane.worker instanceof Worker) await lane.worker.terminate();
      else lane.worker.close();
    }),
  );
}
