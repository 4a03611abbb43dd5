import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { UPLOAD_MESSAGES } from '../../../shared/uploads';
import { fail } from '../../errors';
import type { CheckedFile } from './file-type';
import { CHUNK, DOCUMENT_LIMITS } from './limits';
import { DocumentProblem, type ProblemReason } from './problem';

const BUSY_RETRY_SECONDS = 5;
const TEXT_KINDS = new Set(['txt', 'csv', 'md']);
const SPAWNER_SCRIPT = fileURLToPath(new URL('./extract-spawner.mjs', import.meta.url));
const SPAWNER_GRACE_MS = 5_000;

export interface ExtractOptions {
  timeoutMs?: number;
  maxChars?: number;
  maxPages?: number;
  /** Everything the extracting process may allocate, in MB (the kernel enforces it). */
  memoryMb?: number;
}

export interface Extracted {
  text: string;
  /** The text in passages (joined, they give back `text`), cut in the extraction process. */
  chunks: string[];
  /** Pages, for a PDF. */
  pages?: number;
}

type ChildAnswer = { ok: true; chunks: string[]; pages?: number } | { ok: false; reason: ProblemReason; pages?: number };

/** A fixed number of extractions at once, machine-wide; a few more may wait, the rest are turned away. */
function createSlots(size: number, queueMax: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async acquire(): Promise<() => void> {
      if (running >= size) {
        if (waiting.length >= queueMax) fail('TOO_MANY_REQUESTS', UPLOAD_MESSAGES.busy, { success: false, retryAfter: BUSY_RETRY_SECONDS });
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else running--;
      };
    },
  };
}

let slots = createSlots(DOCUMENT_LIMITS.concurrentExtractions, DOCUMENT_LIMITS.queuedExtractions);

/** Sets how many extractions run at once machine-wide (`MAX_EXTRACTIONS`); the queue holds eight times as many. */
export function setConcurrentExtractions(size: number) {
  slots = createSlots(size, size * 8);
}

interface Spawner {
  child: ChildProcess;
  pending: Map<number, (answer: ChildAnswer) => void>;
}

let spawner: Spawner | undefined;
let nextJobId = 1;

/** The process that starts extraction processes, started once (see extract-spawner.mjs for why). */
function currentSpawner(): Spawner {
  if (spawner && spawner.child.connected) return spawner;
  const child = fork(SPAWNER_SCRIPT, [], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  const started: Spawner = { child, pending: new Map() };
  const failAll = () => {
    if (spawner === started) spawner = undefined;
    for (const answer of started.pending.values()) answer({ ok: false, reason: 'too-complex' });
    started.pending.clear();
  };
  child.on('message', (m: { id: number; answer: ChildAnswer }) => {
    started.pending.get(m.id)?.(m.answer);
  });
  child.on('error', failAll);
  child.once('close', failAll);
  // Idle, it must not keep the server (or a test run) alive.
  child.unref();
  child.channel?.unref();
  spawner = started;
  return started;
}

/** Starts the spawner now, so the first upload does not pay for it. */
export function warmExtraction() {
  currentSpawner();
}

/** Ends the spawner and with it any extraction still running. */
export function stopExtraction() {
  spawner?.child.kill();
  spawner = undefined;
}

/**
 * Runs the parser in a child process: a timeout or a crash (out of memory, a parser
 * bug) kills only that process, and the file is refused as too complex.
 */
async function inChildProcess(job: Record<string, unknown>, timeoutMs: number, memoryMb: number): Promise<ChildAnswer> {
  const release = await slots.acquire();
  try {
    const s = currentSpawner();
    const id = nextJobId++;
    const heapMb = Math.min(DOCUMENT_LIMITS.extractionHeapMb, Math.floor(memoryMb / 2));
    return await new Promise<ChildAnswer>((resolve) => {
      // The spawner keeps its own time limit; this one only covers a spawner that stopped answering.
      const timer = setTimeout(() => finish({ ok: false, reason: 'too-complex' }), timeoutMs + SPAWNER_GRACE_MS);
      const finish = (answer: ChildAnswer) => {
        if (!s.pending.delete(id)) return;
        clearTimeout(timer);
        if (s.pending.size === 0) s.child.channel?.unref();
        resolve(answer);
      };
      s.pending.set(id, finish);
      s.child.channel?.ref();
      s.child.send({ id, job, timeoutMs, memoryMb, heapMb }, (error) => {
        if (error) finish({ ok: false, reason: 'too-complex' });
      });
    });
  } finally {
    release();
  }
}

export { normalizeText } from './text-prep.mjs';

function problemFor(reason: ProblemReason, file: CheckedFile, pages: number | undefined, o: Required<ExtractOptions>): DocumentProblem {
  switch (reason) {
    case 'encrypted':
      return new DocumentProblem(reason, UPLOAD_MESSAGES.encrypted);
    case 'too-many-pages':
      return new DocumentProblem(reason, UPLOAD_MESSAGES.tooManyPages(pages ?? 0, o.maxPages));
    case 'too-much-text':
      return new DocumentProblem(reason, UPLOAD_MESSAGES.tooMuchText(o.maxChars));
    case 'too-complex':
      return new DocumentProblem(reason, UPLOAD_MESSAGES.tooComplex);
    case 'not-utf8':
      return new DocumentProblem(reason, UPLOAD_MESSAGES.notUtf8);
    case 'no-text':
      return new DocumentProblem(reason, UPLOAD_MESSAGES.noText);
    default:
      return new DocumentProblem('unreadable', UPLOAD_MESSAGES.unreadable(file.kind));
  }
}

/**
 * The plain text of a checked file, normalised and cut into passages, all in the
 * extraction process: a long text costs the server's thread nothing but the copy back.
 * Throws `DocumentProblem` for a file that yields none or too much.
 */
export async function extractText(file: CheckedFile, options: ExtractOptions = {}): Promise<Extracted> {
  const o: Required<ExtractOptions> = {
    timeoutMs: options.timeoutMs ?? DOCUMENT_LIMITS.extractionTimeoutMs,
    maxChars: options.maxChars ?? DOCUMENT_LIMITS.maxChars,
    maxPages: options.maxPages ?? DOCUMENT_LIMITS.maxPdfPages,
    memoryMb: options.memoryMb ?? DOCUMENT_LIMITS.extractionMemoryMb,
  };
  // UTF-8 text has at least one byte a character: a text file this large holds too much, unread.
  if (TEXT_KINDS.has(file.kind) && file.sizeBytes > o.maxChars * 2 * 4) throw problemFor('too-much-text', file, undefined, o);
  const job = {
    kind: file.kind,
    path: file.path,
    maxPages: o.maxPages,
    maxChars: o.maxChars,
    maxInflatedBytes: DOCUMENT_LIMITS.maxPdfInflatedBytes,
    chunk: CHUNK,
  };
  const answer = await inChildProcess(job, o.timeoutMs, o.memoryMb);
  if (!answer.ok) throw problemFor(answer.reason, file, answer.pages, o);
  const text = answer.chunks.join('');
  return answer.pages === undefined ? { text, chunks: answer.chunks } : { text, chunks: answer.chunks, pages: answer.pages };
}
