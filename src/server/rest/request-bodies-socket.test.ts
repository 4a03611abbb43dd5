import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../shared/uploads';
import { loadConfig } from '../config';
import { stopEditor } from '../editor';
import { startServer } from '../server';
import { SESSION_COOKIE } from '../services/auth/sessions';

const running: Array<{ close(): Promise<void>; dir: string }> = [];
afterEach(async () => {
  for (const s of running.splice(0)) {
    await s.close();
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
});
afterAll(() => stopEditor());

async function start(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-upload-socket-'));
  const config = { ...loadConfig({ DATA_DIR: dir, ...env }), port: 0 };
  fs.mkdirSync(path.join(dir, 'no-client'));
  const server = await startServer({ config, log: () => {}, clientDir: path.join(dir, 'no-client') });
  running.push({ close: server.close, dir });
  const base = `http://127.0.0.1:${server.port}`;
  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { origin: config.appOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'mariana', email: 'mariana@news.example', password: 'newsroom-pass-1' }),
  });
  const token = /copydesk_session=([^;]+)/.exec(register.headers.get('set-cookie') ?? '')![1]!;
  const cookie = `${SESSION_COOKIE}=${token}`;
  const trial = await fetch(`${base}/api/create-subscription`, {
    method: 'POST',
    headers: { origin: config.appOrigin, cookie, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(trial.status).toBe(200);
  return { port: server.port, base, cookie, origin: config.appOrigin };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server ended the connection after answering. */
  closed: boolean;
}

/**
 * Sends raw bytes on one connection and reads the first answer: once it is complete, or
 * (`waitForClose`) once the server ends the connection. `end` half-closes after writing.
 */
function raw(port: number, request: string | Buffer, o: { end?: boolean; waitForClose?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let closed = false;
    const parse = (): RawAnswer | undefined => {
      const head = data.indexOf('\r\n\r\n');
      if (head < 0) return undefined;
      const [statusLine, ...lines] = data.slice(0, head).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = data.slice(head + 4);
      if (!closed && Buffer.byteLength(body) < Number(headers['content-length'] ?? Infinity)) return undefined;
      return { status: Number(statusLine!.split(' ')[1]), headers, body, closed };
    };
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
      const answer = o.waitForClose ? undefined : parse();
      if (answer) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      const answer = parse();
      if (answer) resolve(answer);
      else reject(new Error(`no answer: ${JSON.stringify(data)}`));
    });
    socket.write(request, () => {
      if (o.end) socket.end();
    });
  });
}

const multipartHead = (s: { port: number; origin: string }, cookie: string, length: string) =>
  `POST /api/files/upload HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nOrigin: ${s.origin}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=----x\r\n${length}\r\n`;

describe('uploads over a real socket', () => {
  it('answers 400 to a multipart body that ends before its closing boundary, and goes on serving', async () => {
    const s = await start();
    const { port, base, cookie } = s;
    const body = '------x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunterminated';
    const answer = await raw(port, `${multipartHead(s, cookie, `Content-Length: ${body.length}`)}\r\n${body}`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, message: UPLOAD_MESSAGES.noFile });
    expect((await fetch(`${base}/api/user`, { headers: { cookie } })).status).toBe(200);
  });

  it('answers 400 to a chunked body that stops early and to a connection that goes away mid-body', async () => {
    const s = await start();
    const { port, base, cookie } = s;
    const chunk = '------x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf of it';
    const cut = await raw(
      port,
      `${multipartHead(s, cookie, 'Transfer-Encoding: chunked')}\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n`,
      { end: true },
    );
    expect(cut.status).toBe(400);

    const declared = await raw(port, `${multipartHead(s, cookie, 'Content-Length: 5000')}\r\n${chunk}`, { end: true });
    expect(declared.status).toBe(400);
    expect((await fetch(`${base}/api/user`, { headers: { cookie } })).status).toBe(200);
  });

  it('closes the connection after refusing a body it did not read, so no keep-alive request is sent on it', async () => {
    const s = await start({ MAX_UPLOAD_MB: '1' });
    const { port, base, cookie } = s;
    const tooLarge = await raw(port, `${multipartHead(s, cookie, `Content-Length: ${5 * 1024 * 1024}`)}\r\n------x\r\n`, {
      waitForClose: true,
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.connection).toBe('close');
    expect(tooLarge.closed).toBe(true);

    const unauthorised = await raw(port, `${multipartHead(s, 'nobody=1', 'Content-Length: 100000')}\r\n------x\r\n`);
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.connection).toBe('close');

    expect((await fetch(`${base}/api/user`, { headers: { cookie } })).status).toBe(200);
  });

  it('accepts a file of exactly MAX_UPLOAD_MB and refuses one byte more', async () => {
    const { base, cookie, origin } = await start({ MAX_UPLOAD_MB: '1' });
    const line = 'The council met on Tuesday and approved the budget for the riverfront park.\n';
    const exact = line.repeat(Math.ceil((1024 * 1024) / line.length)).slice(0, 1024 * 1024);
    const send = (text: string) => {
      const form = new FormData();
      form.append('file', new Blob([text]), 'story.txt');
      return fetch(`${base}/api/files/upload`, { method: 'POST', headers: { origin, cookie }, body: form });
    };
    const accepted = await send(exact);
    expect(accepted.status).toBe(200);
    const refused = await send(`${exact}x`);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ message: UPLOAD_MESSAGES.tooLarge(1) });
  });
});

describe('JSON bodies over a real socket', () => {
  it('answers 400 to a JSON body that ends before its declared length, and goes on serving', async () => {
    const s = await start();
    const { port, base, cookie } = s;
    const answer = await raw(
      port,
      `POST /api/conversations HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${s.origin}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"title":"Bud`,
      { end: true },
    );
    expect(answer.status).toBe(400);
    expect((await fetch(`${base}/api/conversations`, { headers: { cookie } })).status).toBe(200);
  });
});
