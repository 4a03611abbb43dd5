import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '../../shared/uploads';
import { loadConfig } from '../config';
import { stopEditor } from '../editor';
import { startServer } from '../server';
import { SESSION_COOKIE } from '../services/auth/sessions';
import type { ReceivedFile } from '../services/documents/upload-file';
import type { BytePacer } from './byte-pacer';
import { MULTIPART_WORKERS, UPLOADS_READ_AT_ONCE, readMultipartFile, stopMultipartWorkers, uploadReadingState } from './multipart';

// The temporary files uploads are written to, so a test can see that each is removed.
const created = vi.hoisted(() => [] as string[]);
vi.mock('../services/documents/upload-file', async (importOriginal) => {
  const real = await importOriginal<typeof import('../services/documents/upload-file')>();
  return {
    ...real,
    temporaryUpload: () => {
      const t = real.temporaryUpload();
      created.push(t.path);
      return t;
    },
  };
});

afterAll(() => Promise.all([stopMultipartWorkers(), stopEditor()]));

const MB = 1024 * 1024;
const CRLF = '\r\n';
const BOUNDARY = '----multipartTest';

function partHead(filename: string, field = 'file') {
  return Buffer.from(`--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${field}"; filename="${filename}"${CRLF}${CRLF}`);
}
const closing = Buffer.from(`${CRLF}--${BOUNDARY}--${CRLF}`);

/** A request whose body arrives in the given pieces; `fail` errors the stream after them, as a connection cut mid-body does. */
function requestOf(pieces: Uint8Array[], o: { fail?: boolean; wait?: Promise<void>; contentLength?: number } = {}) {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i === pieces.length - 1 && o.wait) await o.wait;
      if (i < pieces.length) return controller.enqueue(pieces[i++]!);
      if (o.fail) controller.error(new Error('connection reset'));
      else controller.close();
    },
  });
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (o.contentLength !== undefined) headers['content-length'] = String(o.contentLength);
  return new Request('http://copydesk.test/api/files/upload', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

/**
 * `bytes` cut into pieces of varied sizes, some a few bytes, some larger than the hand-off window.
 * The pieces are views of one buffer that holds them in reverse order, as a connection's chunks
 * share memory with its other bytes: only each view's own bytes may reach the file.
 */
function pieces(bytes: Buffer, seed: number): Buffer[] {
  const cuts: Buffer[] = [];
  let at = 0;
  let x = seed;
  while (at < bytes.length) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const size = [3, 1000, 64 * 1024, 700 * 1024, 2 * MB][x % 5]!;
    cuts.push(bytes.subarray(at, at + size));
    at += size;
  }
  const shared = Buffer.concat([...cuts].reverse());
  let end = shared.length;
  return cuts.map((cut) => {
    end -= cut.length;
    return shared.subarray(end, end + cut.length);
  });
}

const gone = (file: string) => vi.waitFor(() => expect(fs.existsSync(file)).toBe(false));

describe('readMultipartFile, with busboy and the file in a worker thread', () => {
  it('writes every byte of the file, in order, for several uploads at once', async () => {
    // Bytes that resemble the framing: CRLFs and dashes sit in the file without ending it.
    const files = Array.from({ length: MULTIPART_WORKERS * 3 }, (_, n) =>
      Buffer.concat([randomBytes(n * 400_000 + 17), Buffer.from(`${CRLF}--${BOUNDARY.slice(0, -1)}${CRLF}--`), randomBytes(5000)]),
    );
    const read = await Promise.all(
      files.map((file, n) =>
        readMultipartFile(requestOf(pieces(Buffer.concat([partHead(`story-${n}.txt`), file, closing]), n + 1)), 20 * MB),
      ),
    );
    for (const [n, received] of read.entries()) {
      expect(received).toMatchObject({ filename: `story-${n}.txt`, sizeBytes: files[n]!.length });
      expect(fs.readFileSync(received.path).equals(files[n]!)).toBe(true);
      await received.dispose();
    }
  });

  it('accepts a file of exactly the limit, streamed without a declared length', async () => {
    const file = randomBytes(2 * MB);
    const received = await readMultipartFile(requestOf(pieces(Buffer.concat([partHead('exact.bin'), file, closing]), 7)), 2 * MB);
    expect(received.sizeBytes).toBe(2 * MB);
    await received.dispose();
  });

  it('refuses a file past the limit with 413 and removes what was written', async () => {
    const before = created.length;
    const body = Buffer.concat([partHead('big.bin'), randomBytes(2 * MB + 1), closing]);
    await expect(readMultipartFile(requestOf(pieces(body, 3)), 2 * MB)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: UPLOAD_MESSAGES.tooLarge(2),
    });
    expect(created.length).toBe(before + 1);
    await gone(created.at(-1)!);
  });

  it('answers 400 to a body without its closing boundary, or with the file in another field, and removes the file', async () => {
    const before = created.length;
    const cut = Buffer.concat([partHead('a.txt'), randomBytes(300_000)]);
    const otherField = Buffer.concat([partHead('a.txt', 'document'), randomBytes(1000), closing]);
    const garbage = Buffer.from(`--${BOUNDARY}${CRLF}no headers here${CRLF}${CRLF}`);
    for (const body of [cut, otherField, garbage]) {
      await expect(readMultipartFile(requestOf([body]), 2 * MB)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: UPLOAD_MESSAGES.noFile,
      });
    }
    expect(created.length).toBe(before + 3);
    for (const file of created.slice(before)) await gone(file);
  });

  it('answers 400 to a body cut off mid-file, and removes the file once the worker has let it go', async () => {
    const before = created.length;
    const half = Buffer.concat([partHead('cut.bin'), randomBytes(3 * MB)]);
    await expect(readMultipartFile(requestOf(pieces(half, 5), { fail: true }), 20 * MB)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: UPLOAD_MESSAGES.noFile,
    });
    await gone(created[before]!);
  });

  it('reads two large bodies at a time: a third waits its turn with its body unread, a small one does not', async () => {
    const holds = [0, 1].map(() => {
      let release!: () => void;
      return { wait: new Promise<void>((resolve) => (release = resolve)), release: () => release() };
    });
    const upload = (name: string, wait?: Promise<void>) =>
      readMultipartFile(requestOf([Buffer.concat([partHead(name), randomBytes(64 * 1024)]), closing], { wait }), MB);
    const first = upload('first.bin', holds[0]!.wait);
    const second = upload('second.bin', holds[1]!.wait);
    let thirdSettled = false;
    const third = upload('third.bin').finally(() => (thirdSettled = true));
    await vi.waitFor(() => expect(uploadReadingState()).toEqual({ reading: UPLOADS_READ_AT_ONCE, waiting: 1 }));
    expect(thirdSettled).toBe(false);
    // A body declared small is read at once, beside the turns.
    const smallBody = Buffer.concat([partHead('small.txt'), Buffer.from('A short brief.'), closing]);
    const small = await readMultipartFile(requestOf([smallBody], { contentLength: smallBody.length }), MB);
    expect(small).toMatchObject({ filename: 'small.txt', sizeBytes: 14 });
    await small.dispose();
    expect(thirdSettled).toBe(false);

    holds[0]!.release();
    await (await first).dispose();
    expect(await third).toMatchObject({ filename: 'third.bin', sizeBytes: 64 * 1024 });
    holds[1]!.release();
    await (await second).dispose();
    await (await third).dispose();
    expect(uploadReadingState()).toEqual({ reading: 0, waiting: 0 });
  });

  it('fails the uploads of a worker that dies, removes their files, and reads the next upload in a new worker', async () => {
    const before = created.length;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pending = readMultipartFile(
      requestOf([Buffer.concat([partHead('held.bin'), randomBytes(100_000)]), closing], { wait: held }),
      2 * MB,
    );
    await vi.waitFor(() => expect(fs.existsSync(created[before] ?? '')).toBe(true));
    const refused = expect(pending).rejects.toThrow(/multipart worker/);
    await stopMultipartWorkers();
    await refused;
    await gone(created[before]!);
    release();

    const file = randomBytes(50_000);
    const next = await readMultipartFile(requestOf([Buffer.concat([partHead('next.bin'), file, closing])]), 2 * MB);
    expect(fs.readFileSync(next.path).equals(file)).toBe(true);
    await next.dispose();
  });
});

/**
 * A bare Node server whose requests are read by readMultipartFile straight from the connection, as
 * the app's upload route does; `read` resolves with what the first request's read came to.
 */
async function connectionReader(maxBytes: number, pacer?: BytePacer) {
  let settle!: (outcome: PromiseSettledResult<ReceivedFile>) => void;
  const read = new Promise<PromiseSettledResult<ReceivedFile>>((resolve) => (settle = resolve));
  const server = http.createServer((incoming, res) => {
    const request = new Request('http://copydesk.test/api/files/upload', {
      method: 'POST',
      headers: { 'content-type': incoming.headers['content-type'] ?? '' },
    });
    readMultipartFile(request, maxBytes, { incoming, pacer }).then(
      (value) => {
        settle({ status: 'fulfilled', value });
        res.end('read');
      },
      (reason: unknown) => {
        settle({ status: 'rejected', reason });
        res.end('refused');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, read, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('readMultipartFile, straight from the connection', () => {
  it('writes every byte of a file larger than the hand-off window, each counted against the upload pace', async () => {
    let paced = 0;
    const reader = await connectionReader(20 * MB, { take: (bytes) => ((paced += bytes), 0) });
    const file = randomBytes(5 * MB + 3);
    const body = Buffer.concat([partHead('long.bin'), file, closing]);
    const answer = await fetch(`http://127.0.0.1:${reader.port}/`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    });
    expect(await answer.text()).toBe('read');
    const outcome = await reader.read;
    expect(outcome.status).toBe('fulfilled');
    const received = (outcome as PromiseFulfilledResult<ReceivedFile>).value;
    expect(received).toMatchObject({ filename: 'long.bin', sizeBytes: file.length });
    expect(fs.readFileSync(received.path).equals(file)).toBe(true);
    expect(paced).toBe(body.length);
    await received.dispose();
    await reader.close();
  });

  it('refuses a streamed file past the limit with 413, and a connection cut mid-file with 400, removing both files', async () => {
    const before = created.length;
    const over = await connectionReader(MB);
    await fetch(`http://127.0.0.1:${over.port}/`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: Buffer.concat([partHead('big.bin'), randomBytes(MB + 1), closing]),
    });
    expect(await over.read).toMatchObject({
      status: 'rejected',
      reason: { code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge(1) },
    });
    await over.close();

    const cut = await connectionReader(20 * MB);
    const socket = net.connect(cut.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${4 * MB}\r\n\r\n`,
    );
    socket.write(Buffer.concat([partHead('cut.bin'), randomBytes(2 * MB)]));
    await vi.waitFor(() => expect(fs.statSync(created[before + 1] ?? '', { throwIfNoEntry: false })?.size ?? 0).toBeGreaterThan(MB));
    socket.destroy();
    expect(await cut.read).toMatchObject({ status: 'rejected', reason: { code: 'BAD_REQUEST', message: UPLOAD_MESSAGES.noFile } });
    await cut.close();
    for (const file of created.slice(before)) await gone(file);
  });
});

describe('an upload over a real socket', () => {
  const running: Array<{ close(): Promise<void>; dir: string }> = [];
  afterEach(async () => {
    for (const s of running.splice(0)) {
      await s.close();
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  });

  it('lets other requests through while its body arrives, and removes its file when the client goes away', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-multipart-'));
    fs.mkdirSync(path.join(dir, 'no-client'));
    const config = { ...loadConfig({ DATA_DIR: dir }), port: 0 };
    const server = await startServer({ config, log: () => {}, clientDir: path.join(dir, 'no-client') });
    running.push({ close: server.close, dir });
    const base = `http://127.0.0.1:${server.port}`;
    const register = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { origin: config.appOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mariana', email: 'mariana@news.example', password: 'newsroom-pass-1' }),
    });
    const cookie = `${SESSION_COOKIE}=${/copydesk_session=([^;]+)/.exec(register.headers.get('set-cookie') ?? '')![1]!}`;
    expect(
      (
        await fetch(`${base}/api/create-subscription`, {
          method: 'POST',
          headers: { origin: config.appOrigin, cookie, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(200);

    const before = created.length;
    const head = partHead('story.txt');
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST /api/files/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${config.appOrigin}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${head.length + 4 * MB + closing.length}\r\n\r\n`,
    );
    socket.write(Buffer.concat([head, Buffer.alloc(2 * MB, 'The council voted. ')]));
    // Half the file is on disk: the upload is mid-body.
    await vi.waitFor(() => expect(fs.statSync(created[before] ?? '', { throwIfNoEntry: false })?.size ?? 0).toBeGreaterThan(MB));
    expect((await fetch(`${base}/api/user`, { headers: { cookie } })).status).toBe(200);

    socket.destroy();
    await gone(created[before]!);
    expect((await fetch(`${base}/api/user`, { headers: { cookie } })).status).toBe(200);
  });
});
