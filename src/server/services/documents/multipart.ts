import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { UPLOAD_FIELD, UPLOAD_MESSAGES } from '../../../shared/uploads';
import { fail } from '../../errors';
import { DOCUMENT_LIMITS, MB } from './limits';

export interface ReceivedFile {
  filename: string;
  bytes: Uint8Array;
}

/** An upload not yet read: the service reads it only after the caller may upload there. */
export interface IncomingFile {
  read(maxBytes: number): Promise<ReceivedFile>;
}

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
const tooLarge = (maxBytes: number) =>
  fail('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge(Math.round(maxBytes / MB)), { success: false });

/**
 * Streams a multipart/form-data request and keeps the one file in `field`, refusing
 * with 413 as soon as it (or the whole body) passes the limit, without reading on.
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
        limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 50 },
      });
    } catch {
      return badRequest(UPLOAD_MESSAGES.noFile);
    }
    const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    let received: ReceivedFile | undefined;
    let done = false;
    const stop = (error: unknown) => {
      if (done) return;
      done = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    const refuse = (run: () => never) => {
      try {
        run();
      } catch (e) {
        stop(e);
      }
    };

    let bodyBytes = 0;
    source.on('data', (chunk: Uint8Array) => {
      bodyBytes += chunk.byteLength;
      if (bodyBytes > maxBody) refuse(() => tooLarge(maxBytes));
    });
    source.on('error', () => refuse(() => badRequest(UPLOAD_MESSAGES.noFile)));

    parser.on('file', (name, stream, info) => {
      if (name !== field) {
        stream.resume();
        return;
      }
      const parts: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => parts.push(chunk));
      stream.on('limit', () => refuse(() => tooLarge(maxBytes)));
      stream.on('end', () => {
        if (!done) received = { filename: cleanFilename(info.filename ?? ''), bytes: new Uint8Array(Buffer.concat(parts)) };
      });
    });
    parser.on('error', () => refuse(() => badRequest(UPLOAD_MESSAGES.noFile)));
    parser.on('close', () => {
      if (done) return;
      if (!received) return refuse(() => badRequest(UPLOAD_MESSAGES.noFile));
      done = true;
      resolve(received);
    });
    source.pipe(parser);
  });
}

/** The upload in a request, read when the service asks for it. */
export const multipartFile = (request: Request): IncomingFile => ({ read: (maxBytes) => readMultipartFile(request, maxBytes) });
