// A worker thread that reads multipart/form-data bodies for the request thread (see
// multipart.ts): busboy's boundary search and the writes of the file part cost it
// nothing but handing the chunks over. Plain JavaScript, so it runs as it is under tsx
// and beside the server bundle (scripts/build-server.mjs copies it there).
//
// Receives, per upload `id`:
//   { type: 'start', id, contentType, path, field, limits }
//   { type: 'chunk', id, chunk: ArrayBuffer }   (transferred)
//   { type: 'end', id }                         (the body ended)
//   { type: 'abort', id }                       (the request thread gave up on it)
// Posts { type: 'ack', id, bytes } as it consumes chunks, and one { type: 'result', id, ... }
// per upload once it no longer writes the file: `ok` with the file's name and size, or the
// failure (`too-large` or `no-file`); after an abort the result only says the file is let go.

import fs from 'node:fs';
import os from 'node:os';
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import busboy from 'busboy';

// On a busy machine the request thread runs first (Linux, nice 19, as editor/pool/priority.ts explains).
try {
  os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // not Linux
}

/**
 * The file part, written from this thread. fs.createWriteStream would hand each write to
 * libuv's thread pool, whose threads run at the request thread's priority: a burst of uploads
 * then took CPU from it in the kernel's write work. A page-cache write of one chunk is short.
 * @param {string} path
 */
function fileWriter(path) {
  const fd = fs.openSync(path, 'w', 0o600);
  let open = true;
  const close = () => {
    if (open) fs.closeSync(fd);
    open = false;
  };
  return new Writable({
    write(/** @type {Buffer} */ chunk, _encoding, done) {
      try {
        for (let at = 0; at < chunk.length;) at += fs.writeSync(fd, chunk, at);
        done();
      } catch (e) {
        done(/** @type {Error} */ (e));
      }
    },
    destroy(error, done) {
      try {
        close();
      } catch (e) {
        return done(error ?? /** @type {Error} */ (e));
      }
      done(error);
    },
  });
}

/** Bytes consumed before they are acknowledged, so the request thread reads on. */
const ACK_BYTES = 256 * 1024;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/**
 * @typedef {{
 *   id: number;
 *   parser: import('busboy').Busboy;
 *   out?: Writable;
 *   received?: { filename: string; size: number };
 *   written?: Promise<void>;
 *   done: boolean;
 *   unacked: number;
 * }} Job
 */

/** @type {Map<number, Job>} */
const jobs = new Map();

/** @param {number} id @param {Record<string, unknown>} answer */
const answer = (id, answer) => port.postMessage({ type: 'result', id, ...answer });

/**
 * Ends an upload: the file stream is closed before the answer goes, so the request
 * thread may remove the file as soon as it reads it.
 * @param {Job} job @param {Record<string, unknown>} result
 */
function finish(job, result) {
  if (job.done) return;
  job.done = true;
  jobs.delete(job.id);
  job.parser.removeAllListeners('file');
  const out = job.out;
  if (!out || out.closed) return answer(job.id, result);
  out.once('close', () => answer(job.id, result));
  if (!result.ok) out.destroy();
}

/** @param {Job} job */
const noFile = (job) => finish(job, { ok: false, error: 'no-file' });

/** @param {{ id: number; contentType: string; path: string; field: string; limits: import('busboy').Limits }} m */
function start(m) {
  /** @type {import('busboy').Busboy} */
  let parser;
  try {
    parser = busboy({ headers: { 'content-type': m.contentType }, defParamCharset: 'utf8', limits: m.limits });
  } catch {
    return answer(m.id, { ok: false, error: 'no-file' });
  }
  /** @type {Job} */
  const job = { id: m.id, parser, done: false, unacked: 0 };
  jobs.set(m.id, job);

  parser.on('file', (name, stream, info) => {
    stream.on('error', () => noFile(job));
    if (name !== m.field || job.out) {
      stream.resume();
      return;
    }
    /** @type {Writable} */
    let file;
    try {
      file = fileWriter(m.path);
    } catch {
      stream.resume();
      return noFile(job);
    }
    job.out = file;
    let size = 0;
    stream.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
    });
    stream.on('limit', () => finish(job, { ok: false, error: 'too-large' }));
    job.written = new Promise((resolveWrite, rejectWrite) => {
      file.on('error', rejectWrite);
      file.on('finish', resolveWrite);
    });
    job.written.catch(() => noFile(job));
    stream.on('end', () => {
      if (!job.done && !stream.truncated) job.received = { filename: info.filename ?? '', size };
    });
    stream.pipe(file);
  });
  parser.on('error', () => noFile(job));
  parser.on('close', () => {
    if (job.done) return;
    const { received, written } = job;
    if (!received || !written) return noFile(job);
    written.then(
      () => finish(job, { ok: true, filename: received.filename, sizeBytes: received.size }),
      () => noFile(job),
    );
  });
}

/** @param {Job} job @param {ArrayBuffer} chunk */
function write(job, chunk) {
  job.parser.write(Buffer.from(chunk), () => {
    job.unacked += chunk.byteLength;
    if (job.unacked < ACK_BYTES) return;
    port.postMessage({ type: 'ack', id: job.id, bytes: job.unacked });
    job.unacked = 0;
  });
}

port.on('message', (/** @type {{ type: string; id: number; chunk?: ArrayBuffer }} */ m) => {
  if (m.type === 'start') return start(/** @type {never} */ (m));
  const job = jobs.get(m.id);
  if (m.type === 'abort') {
    if (job) finish(job, { ok: false, error: 'aborted' });
    else answer(m.id, { ok: false, error: 'aborted' });
    return;
  }
  if (!job || job.done) return;
  if (m.type === 'chunk' && m.chunk) write(job, m.chunk);
  else if (m.type === 'end') job.parser.end();
});
