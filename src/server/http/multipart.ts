import { Worker } from 'node:worker_threads';
import busboy from 'busboy';
import { UPLOAD_FIELD, UPLOAD_MESSAGES } from '../../shared/uploads';
import { fail } from '../errors';
import { DOCUMENT_LIMITS, MB } from '../services/documents/limits';
import { temporaryUpload, type IncomingFile, type ReceivedFile } from '../services/documents/upload-file';

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

/**
 * Streams a multipart/form-data request and writes the one file in `field` to a
 * temporary file, refusing with 413 as soon as it (or the whole body) passes the
 * limit. Every stream's error ends in a 400 or 413: a truncated, malformed or
 * aborted body never escapes as an unhandled error.
 *
 * busboy and the file's writes run in a worker thread: this thread only hands it the
 * body's chunks, so a large upload does not hold up other requests while it is parsed.
 */
export function readMultipartFile(request: Request, maxBytes: number, field = UPLOAD_FIELD): Promise<ReceivedFile> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) badRequest(UPLOAD_MESSAGES.noFile);
  const maxBody = maxBytes + DOCUMENT_LIMITS.multipartOverheadBytes;
  if (Number(request.headers.get('content-length') ?? 0) > maxBody) tooLarge(maxBytes);

  return new Promise<ReceivedFile>((resolve, reject) => {
    // busboy signals `limit` on reaching fileSize, so a file of exactly maxBytes needs one byte more.
    const limits = { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 };
    try {
      // Only its reading of the content type (a boundary is needed), so a header busboy refuses is answered unread.
      busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits });
    } catch {
      return badRequest(UPLOAD_MESSAGES.noFile);
    }
    const body = (request.body as ReadableStream<Uint8Array>).getReader();
    const target = temporaryUpload();
    const id = nextUploadId++;
    const w = workerForUpload();
    let done = false;
    let workerEnded = false;
    let inFlight = 0;
    let readOn: (() => void) | undefined;

    const stop = (error: unknown) => {
      if (done) return;
      done = true;
      body.cancel().catch(() => {});
      readOn?.();
      reject(error);
      // The file goes once the worker has let go of it, or it could write it again after its removal.
      if (workerEnded) void target.dispose();
      else w.worker.postMessage({ type: 'abort', id });
    };

    w.uploads.set(id, {
      consumed(bytes) {
        inFlight -= bytes;
        if (inFlight >= IN_FLIGHT_BYTES || !readOn) return;
        const next = readOn;
        readOn = undefined;
        next();
      },
      ended(result) {
        workerEnded = true;
        if (done) return void target.dispose();
        if (result instanceof Error) return stop(result);
        if (!result.ok) return stop(thrown(() => (result.error === 'too-large' ? tooLarge(maxBytes) : badRequest(UPLOAD_MESSAGES.noFile))));
        done = true;
        resolve({ filename: cleanFilename(result.filename), path: target.path, sizeBytes: result.sizeBytes, dispose: target.dispose });
      },
    });
    w.worker.ref();
    w.worker.postMessage({ type: 'start', id, contentType, path: target.path, field, limits });

    void (async () => {
      let bodyBytes = 0;
      try {
        for (;;) {
          const chunk = await body.read();
          if (done) return;
          if (chunk.done) return w.worker.postMessage({ type: 'end', id });
          bodyBytes += chunk.value.byteLength;
          if (bodyBytes > maxBody) return stop(thrown(() => tooLarge(maxBytes)));
          // A copy of its own to transfer: the chunk may share its memory with the connection's other bytes.
          const own = new Uint8Array(chunk.value).buffer;
          inFlight += own.byteLength;
          w.worker.postMessage({ type: 'chunk', id, chunk: own }, [own]);
          if (inFlight >= IN_FLIGHT_BYTES) await new Promise<void>((resume) => (readOn = resume));
        }
      } catch {
        stop(thrown(() => badRequest(UPLOAD_MESSAGES.noFile)));
      }
    })();
  });
}

/** The upload in a request, read when the service asks for it. */
export const multipartFile = (request: Request): IncomingFile => ({ read: (maxBytes) => readMultipartFile(request, maxBytes) });
