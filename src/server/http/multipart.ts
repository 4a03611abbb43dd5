import type { IncomingMessage } from 'node:http';
import { Worker } from 'node:worker_threads';
import busboy from 'busboy';
import { UPLOAD_FIELD, UPLOAD_MESSAGES } from '../../shared/uploads';
import { fail } from '../errors';
import { DOCUMENT_LIMITS, MB } from '../services/documents/limits';
import { temporaryUpload, type IncomingFile, type ReceivedFile } from '../services/documents/upload-file';
import { createBytePacer, type BytePacer } from './byte-pacer';

const MAX_FILENAME_CHARS = 200;

/** The file's own name (no folders, no control characters), short enough to show and store. */
export function cleanFilename(raw: string): string {
  const name = (raw.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .normalize('NFC')
    .trim();
  if (name.length <= MAX_FILENAME_CHARS) return name;
  const ext = /\.[a-z0-9]{1,8}$/i.exec(name)?.[0] ?? '';
  return name.slice(0, MAX_FILENAME_CHARS - ext.length) + ext;
}

const badRequest = (message: string) => fail('BAD_REQUEST', message, { success: false });
const tooLarge = (maxBytes: number) => fail('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge(Math.round(maxBytes / MB)), { success: false });
const thrown = (run: () => never): unknown => {
  try {
    run();
  } catch (e) {
    return e;
  }
};

/** What the worker (multipart-worker.mjs) posts about an upload. */
type WorkerMessage =
  | { type: 'ack'; id: number; bytes: number }
  | { type: 'result'; id: number; ok: true; filename: string; sizeBytes: number }
  | { type: 'result'; id: number; ok: false; error: 'too-large' | 'no-file' | 'aborted' };
type WorkerResult = Extract<WorkerMessage, { type: 'result' }>;

interface UploadInWorker {
  consumed(bytes: number): void;
  /** The worker no longer writes the file: it answered, or it died. */
  ended(result: WorkerResult | Error): void;
}

interface MultipartWorker {
  worker: Worker;
  uploads: Map<number, UploadInWorker>;
}

const WORKER_URL = new URL('./multipart-worker.mjs', import.meta.url);
/** Worker threads reading bodies; each reads many at once (its work is mostly waiting for chunks and the disk). */
export const MULTIPART_WORKERS = 2;
/** Body bytes handed to a worker and not yet consumed; past it the request thread stops reading that body until the worker catches up. */
const IN_FLIGHT_BYTES = 1024 * 1024;
/** busboy's state is small; its chunks live outside the heap, in flight at most IN_FLIGHT_BYTES per upload. */
const WORKER_HEAP_MB = 64;

const workers: MultipartWorker[] = [];
let nextUploadId = 1;

/**
 * Upload bodies read at once. The others wait their turn with their connections paused (the
 * kernel's buffers then hold their senders back), so a burst of large uploads takes a bounded
 * share of the machine's cores from the requests beside it instead of all of them.
 */
export const UPLOADS_READ_AT_ONCE = 2;
/** Bodies declared this small are read at once, without a turn or pacing. */
const SMALL_BODY_BYTES = 1024 * 1024;
/**
 * The rate at which the request thread takes the bytes of large bodies, all of them together.
 * At full loopback speed two bodies took a fifth of the request thread and as much again of the
 * kernel's and the sender's time, and the requests beside them waited for a CPU; 32 MB/s (256
 * Mbit/s, more than most newsrooms' uplinks) costs a few per cent. Past it a body's connection is
 * paused, so the kernel's buffers hold the sender back.
 */
export const LARGE_UPLOADS_BYTES_PER_SECOND = 32 * MB;
/**
 * How far ahead of the pace a body reads before it is paused, until the pace catches up. Pausing
 * a connection for every chunk cost the request thread as much as reading it.
 */
const PACE_AHEAD_MS = 50;
const largeUploadPacer = createBytePacer({ bytesPerSecond: LARGE_UPLOADS_BYTES_PER_SECOND, burstBytes: 2 * MB });
let uploadsReading = 0;
const uploadTurns: Array<() => void> = [];

/** How many upload bodies are being read, and how many wait their turn. */
export const uploadReadingState = () => ({ reading: uploadsReading, waiting: uploadTurns.length });

/** Calls `start` when a reading turn is free; the answer gives the turn back (or leaves the queue) once. */
function takeReadingTurn(start: () => void): () => void {
  let state: 'waiting' | 'reading' | 'done' = 'waiting';
  const go = () => {
    state = 'reading';
    uploadsReading++;
    start();
  };
  if (uploadsReading < UPLOADS_READ_AT_ONCE) go();
  else uploadTurns.push(go);
  return () => {
    if (state === 'waiting') uploadTurns.splice(uploadTurns.indexOf(go), 1);
    else if (state === 'reading') {
      uploadsReading--;
      uploadTurns.shift()?.();
    }
    state = 'done';
  };
}

function spawnWorker(): MultipartWorker {
  const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  const w: MultipartWorker = { worker, uploads: new Map() };
  let failure: Error | undefined;
  worker.unref();
  worker.on('message', (m: WorkerMessage) => {
    const upload = w.uploads.get(m.id);
    if (!upload) return;
    if (m.type === 'ack') return upload.consumed(m.bytes);
    w.uploads.delete(m.id);
    if (w.uploads.size === 0) worker.unref();
    upload.ended(m);
  });
  worker.on('error', (e) => {
    failure = e;
  });
  worker.on('exit', (code) => {
    const at = workers.indexOf(w);
    if (at >= 0) workers.splice(at, 1);
    const error = failure ?? new Error(`the multipart worker exited with code ${code}`);
    for (const upload of w.uploads.values()) upload.ended(error);
    w.uploads.clear();
  });
  workers.push(w);
  return w;
}

/** The worker with the fewest uploads, or a new one while one is busy and fewer than MULTIPART_WORKERS run. */
function workerForUpload(): MultipartWorker {
  let best = workers[0];
  for (const w of workers) if (w.uploads.size < best!.uploads.size) best = w;
  if (!best || (best.uploads.size > 0 && workers.length < MULTIPART_WORKERS)) return spawnWorker();
  return best;
}

/** Ends the workers (graceful shutdown, tests); uploads they were reading fail, and the next upload starts a new one. */
export async function stopMultipartWorkers(): Promise<void> {
  await Promise.allSettled(workers.splice(0).map((w) => w.worker.terminate()));
}

interface BodyHandlers {
  /** `owned`: the chunk's memory is its own alone, so it may be transferred as it is. */
  chunk(bytes: Uint8Array, owned: boolean): void;
  end(): void;
  fail(): void;
}

interface BodyFlow {
  pause(): void;
  resume(): void;
  /** Reads no more; what is left of the body is the server's to drain or close after the answer. */
  stop(): void;
}

/**
 * The body straight from the connection: the HTTP parser hands each chunk over in memory of its
 * own, so it goes to the worker without a copy, and without the two web streams the Request's body
 * passes it through (each copying or queueing every chunk on this thread).
 */
function flowFromIncoming(incoming: IncomingMessage, on: BodyHandlers): BodyFlow {
  const data = (chunk: Buffer) => on.chunk(chunk, chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength);
  const close = () => {
    if (!incoming.readableEnded) on.fail();
  };
  incoming.on('data', data);
  incoming.on('end', on.end);
  incoming.on('error', on.fail);
  incoming.on('close', close);
  return {
    pause: () => incoming.pause(),
    resume: () => incoming.resume(),
    stop() {
      incoming.off('data', data);
      incoming.off('end', on.end);
      incoming.off('error', on.fail);
      incoming.off('close', close);
      incoming.pause();
    },
  };
}

/** The Request's own body (app.request in tests, or a connection already read from). */
function flowFromStream(body: ReadableStream<Uint8Array>, on: BodyHandlers): BodyFlow {
  const reader = body.getReader();
  let stopped = false;
  let pausing = false;
  let paused: (() => void) | undefined;
  const resume = () => {
    pausing = false;
    const go = paused;
    paused = undefined;
    go?.();
  };
  void (async () => {
    try {
      for (;;) {
        if (pausing) await new Promise<void>((go) => (paused = go));
        const chunk = await reader.read();
        if (stopped) return;
        if (chunk.done) return on.end();
        on.chunk(chunk.value, false);
      }
    } catch {
      if (!stopped) on.fail();
    }
  })();
  return {
    pause: () => {
      pausing = true;
    },
    resume,
    stop() {
      stopped = true;
      reader.cancel().catch(() => {});
      resume();
    },
  };
}

/**
 * Streams a multipart/form-data request and writes the one file in `field` to a
 * temporary file, refusing with 413 as soon as it (or the whole body) passes the
 * limit. Every stream's error ends in a 400 or 413: a truncated, malformed or
 * aborted body never escapes as an unhandled error.
 *
 * busboy and the file's writes run in a worker thread: this thread only hands it the
 * body's chunks, so a large upload does not hold up other requests while it is parsed.
 * `incoming`, the request's connection when it has one, is read directly.
 */
export function readMultipartFile(
  request: Request,
  maxBytes: number,
  o: { incoming?: IncomingMessage; field?: string; pacer?: BytePacer } = {},
): Promise<ReceivedFile> {
  const pacer = o.pacer ?? largeUploadPacer;
  const field = o.field ?? UPLOAD_FIELD;
  // Whether the connection is still unread, before the Request's body (a stream reading it) is touched.
  const incoming = o.incoming && !o.incoming.readableDidRead && !o.incoming.destroyed ? o.incoming : undefined;
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType) || !(incoming || request.body)) badRequest(UPLOAD_MESSAGES.noFile);
  const maxBody = maxBytes + DOCUMENT_LIMITS.multipartOverheadBytes;
  const declaredLength = Number(request.headers.get('content-length') ?? 0) || 0;
  if (declaredLength > maxBody) tooLarge(maxBytes);
  // A small body (a document of a page or two) costs little to read, and waiting behind 20 MB ones would cost it seconds.
  const small = declaredLength > 0 && declaredLength <= SMALL_BODY_BYTES;

  return new Promise<ReceivedFile>((resolve, reject) => {
    // busboy signals `limit` on reaching fileSize, so a file of exactly maxBytes needs one byte more.
    const limits = { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 };
    try {
      // Only its reading of the content type (a boundary is needed), so a header busboy refuses is answered unread.
      busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits });
    } catch {
      return badRequest(UPLOAD_MESSAGES.noFile);
    }
    const target = temporaryUpload();
    const id = nextUploadId++;
    const w = workerForUpload();
    let done = false;
    let workerEnded = false;
    let inFlight = 0;
    let bodyBytes = 0;
    /** Why the body is not being read: the worker has enough in flight, its turn has not come, or it is ahead of the pace. */
    const holds = new Set<'in-flight' | 'turn' | 'pace'>(small ? [] : ['turn']);
    let paceTimer: ReturnType<typeof setTimeout> | undefined;
    const hold = (why: 'in-flight' | 'turn' | 'pace') => {
      if (holds.size === 0) flow.pause();
      holds.add(why);
    };
    const release = (why: 'in-flight' | 'turn' | 'pace') => {
      if (!holds.delete(why) || holds.size > 0 || done) return;
      flow.resume();
    };

    const stop = (error: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(paceTimer);
      flow.stop();
      releaseTurn();
      reject(error);
      // The file goes once the worker has let go of it, or it could write it again after its removal.
      if (workerEnded) void target.dispose();
      else w.worker.postMessage({ type: 'abort', id });
    };

    w.uploads.set(id, {
      consumed(bytes) {
        inFlight -= bytes;
        if (inFlight < IN_FLIGHT_BYTES) release('in-flight');
      },
      ended(result) {
        workerEnded = true;
        if (done) return void target.dispose();
        if (result instanceof Error) return stop(result);
        if (!result.ok) return stop(thrown(() => (result.error === 'too-large' ? tooLarge(maxBytes) : badRequest(UPLOAD_MESSAGES.noFile))));
        done = true;
        clearTimeout(paceTimer);
        releaseTurn();
        resolve({ filename: cleanFilename(result.filename), path: target.path, sizeBytes: result.sizeBytes, dispose: target.dispose });
      },
    });
    w.worker.ref();
    w.worker.postMessage({ type: 'start', id, contentType, path: target.path, field, limits });

    const handlers: BodyHandlers = {
      chunk(bytes, owned) {
        if (done) return;
        // Measured before the transfer, which leaves `bytes` and its buffer empty.
        const size = bytes.byteLength;
        bodyBytes += size;
        if (bodyBytes > maxBody) return stop(thrown(() => tooLarge(maxBytes)));
        // A chunk that shares its memory (with the connection's other bytes, or the caller's) goes as a copy.
        const chunk = owned ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer;
        inFlight += size;
        w.worker.postMessage({ type: 'chunk', id, chunk }, [chunk]);
        if (inFlight >= IN_FLIGHT_BYTES) hold('in-flight');
        const wait = small ? 0 : pacer.take(size);
        if (wait > PACE_AHEAD_MS && !holds.has('pace')) {
          hold('pace');
          paceTimer = setTimeout(() => release('pace'), wait);
        }
      },
      end() {
        if (!done) w.worker.postMessage({ type: 'end', id });
      },
      fail: () => stop(thrown(() => badRequest(UPLOAD_MESSAGES.noFile))),
    };
    const flow = incoming ? flowFromIncoming(incoming, handlers) : flowFromStream(request.body as ReadableStream<Uint8Array>, handlers);
    if (!small) flow.pause();
    const releaseTurn = small ? () => {} : takeReadingTurn(() => release('turn'));
  });
}

/** The upload in a request (and its connection, under the Node server), read when the service asks for it. */
export const multipartFile = (request: Request, incoming?: IncomingMessage): IncomingFile => ({
  read: (maxBytes) => readMultipartFile(request, maxBytes, { incoming }),
});
