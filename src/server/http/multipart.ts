import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
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

/**
 * Streams a multipart/form-data request and writes the one file in `field` to a
 * temporary file, refusing with 413 as soon as it (or the whole body) passes the
 * limit. Every stream's error ends in a 400 or 413: a truncated, malformed or
 * aborted body never escapes as an unhandled error.
 */
export function readMultipartFile(request: Request, maxBytes: number, field = UPLOAD_FIELD): Promise<ReceivedFile> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) badRequest(UPLOAD_MESSAGES.noFile);
  const maxBody = maxBytes + DOCUMENT_LIMITS.multipartOverheadBytes;
  if (Number(request.headers.get('content-length') ?? 0) > maxBody) tooLarge(maxBytes);

  return new Promise<ReceivedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        // busboy signals `limit` on reaching fileSize, so a file of exactly maxBytes needs one byte more.
        limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 },
      });
    } catch {
      return badRequest(UPLOAD_MESSAGES.noFile);
    }
    const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    const target = temporaryUpload();
    let out: fs.WriteStream | undefined;
    let received: Omit<ReceivedFile, 'dispose'> | undefined;
    let written: Promise<void> | undefined;
    let done = false;

    const stop = (error: unknown) => {
      if (done) return;
      done = true;
      source.unpipe(parser);
      source.destroy();
      parser.removeAllListeners('file');
      out?.destroy();
      void target.dispose();
      reject(error);
    };

    let bodyBytes = 0;
    source.on('data', (chunk: Uint8Array) => {
      bodyBytes += chunk.byteLength;
      if (bodyBytes > maxBody) stop(thrown(() => tooLarge(maxBytes)));
    });
    source.on('error', () => stop(thrown(() => badRequest(UPLOAD_MESSAGES.noFile))));

    parser.on('file', (name, stream, info) => {
      stream.on('error', () => stop(thrown(() => badRequest(UPLOAD_MESSAGES.noFile))));
      if (name !== field || out) {
        stream.resume();
        return;
      }
      const file = fs.createWriteStream(target.path, { mode: 0o600 });
      out = file;
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      stream.on('limit', () => stop(thrown(() => tooLarge(maxBytes))));
      written = new Promise<void>((resolveWrite, rejectWrite) => {
        file.on('error', rejectWrite);
        file.on('finish', resolveWrite);
      });
      written.catch(() => stop(thrown(() => badRequest(UPLOAD_MESSAGES.noFile))));
      stream.on('end', () => {
        if (!done && !stream.truncated) received = { filename: cleanFilename(info.filename ?? ''), path: target.path, sizeBytes: size };
      });
      stream.pipe(file);
    });
    parser.on('error', () => stop(thrown(() => badRequest(UPLOAD_MESSAGES.noFile))));
    parser.on('close', () => {
      if (done) return;
      if (!received || !written) return stop(thrown(() => badRequest(UPLOAD_MESSAGES.noFile)));
      const file = received;
      written.then(
        () => {
          if (done) return;
          done = true;
          resolve({ ...file, dispose: target.dispose });
        },
        () => stop(thrown(() => badRequest(UPLOAD_MESSAGES.noFile))),
      );
    });
    source.pipe(parser);
  });
}

/** The upload in a request, read when the service asks for it. */
export const multipartFile = (request: Request): IncomingFile => ({ read: (maxBytes) => readMultipartFile(request, maxBytes) });
