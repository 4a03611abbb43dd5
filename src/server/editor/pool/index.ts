import type { StylebookEntry } from '../../../shared/schemas/stylebook';
import type { MessagePort } from 'node:worker_threads';
import type { ChangeSummary, DiffOp } from '../compare';
import { connectHarperPort, grammarCheckerState } from '../harper/client';
import type { RespondInput } from '../respond/respond';
import type { Analysis, UploadedDocument } from '../types';
import type { EditorJobKind, EditorJobs } from './jobs';
import { WorkerPool, type PoolFailure, type RunOptions } from './pool';

export { PoolError as EditorPoolError, type PoolFailure as EditorPoolFailure } from './pool';

export const EDITOR_POOL_DEFAULTS = {
  /** Worker threads running the engine (EDITOR_WORKERS). */
  size: 2,
  /** Jobs that may wait for a free worker; past it the editor answers busy. Each holds only references to its input. */
  maxQueue: 100,
  /** A reply that takes longer is given up and its worker replaced. */
  timeoutMs: 60_000,
  /** Old-space heap of one worker: a runaway job kills its worker, not the server. */
  maxHeapMb: 512,
} as const;

export const EDITOR_POOL_MESSAGES: Record<PoolFailure, string> = {
  busy: 'The editor is busy with other copy. Try again in a moment.',
  timeout: 'The editor took too long on this copy. Try again, or send it in shorter parts.',
  crashed: 'The editor stopped while checking this copy. Try again in a moment.',
  aborted: 'The editor’s work was stopped.',
  stopped: 'The editor is restarting. Try again in a moment.',
};

/** EDITOR_WORKERS: how many worker threads run the engine. */
export function editorWorkersFrom(env: Record<string, string | undefined> = process.env): number {
  const raw = env.EDITOR_WORKERS?.trim();
  if (!raw) return EDITOR_POOL_DEFAULTS.size;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`EDITOR_WORKERS must be a positive integer, got "${raw}"`);
  return n;
}

let pool: WorkerPool | null = null;

function editorPool(): WorkerPool {
  pool ??= new WorkerPool({
    url: new URL('./editor-pool-worker.mjs', import.meta.url),
    size: editorWorkersFrom(),
    maxQueue: EDITOR_POOL_DEFAULTS.maxQueue,
    timeoutMs: EDITOR_POOL_DEFAULTS.timeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: EDITOR_POOL_DEFAULTS.maxHeapMb },
    workerData: () => ({ data: { harperReady: grammarCheckerState() === 'ready' } }),
    onMessage: (msg) => {
      const m = msg as { type?: string; port?: MessagePort };
      if (m?.type === 'harper-port' && m.port) connectHarperPort(m.port);
    },
    messages: EDITOR_POOL_MESSAGES,
  });
  return pool;
}

function run<K extends EditorJobKind>(
  kind: K,
  payload: Parameters<EditorJobs[K]>[0],
  options?: RunOptions,
): Promise<Awaited<ReturnType<EditorJobs[K]>>> {
  return editorPool().run(kind, payload, options);
}

/**
 * The engine's chat reply, computed in a worker thread. Rejects with an
 * EditorPoolError (a user-facing message) when the editor is busy, too slow,
 * stopped by `signal`, or its worker died.
 */
export function respondOffThread(input: RespondInput, options?: RunOptions): Promise<string> {
  return run('respond', input, options);
}

/** The engine's findings and stats on a text, in a worker thread, with the stylebook entries the text touches. */
export function analyzeOffThread(text: string, options?: RunOptions & { stylebook?: readonly StylebookEntry[] }): Promise<Analysis> {
  return run('analyze', { text, stylebook: options?.stylebook }, options);
}

/** editorGrounding in a worker thread. */
export function groundingOffThread(text: string, options?: RunOptions): Promise<string> {
  return run('grounding', text, options);
}

/** The writer's quotations looked up in the conversation's documents, as a note for a model's answer, in a worker thread. */
export function sourcesNoteOffThread(copy: string, documents: readonly UploadedDocument[], options?: RunOptions): Promise<string | null> {
  return run('sourcesNote', { copy, documents }, options);
}

/** The side-by-side comparison of two drafts (changes linked to the findings on `before`), in a worker thread. */
export function compareOffThread(
  before: string,
  after: string,
  options?: RunOptions,
): Promise<{ ops: DiffOp[]; summary: ChangeSummary[] }> {
  return run('compareDrafts', { before, after }, options);
}

/** Stops the pool's workers (graceful shutdown, tests); the next job starts a new pool. */
export async function stopEditorPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}
