import net from 'node:net';

export interface RawAnswer {
  /** Undefined when the server sent no status line before the socket closed or the wait ran out. */
  status?: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * How the client ends its side: `wait` keeps the socket open and reads the answer,
 * `half-close` sends FIN after the bytes (a body that stops early), `abort` resets
 * the connection right after writing.
 */
export type RawEnding = 'wait' | 'half-close' | 'abort';

function parseAnswer(data: Buffer): { answer: RawAnswer; complete: boolean } {
  const text = data.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) {
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
    return { answer: { status: status ? Number(status) : undefined, headers: {}, body: '' }, complete: false };
  }
  const [statusLine, ...headerLines] = text.slice(0, headEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]) || undefined;
  const rest = data.subarray(Buffer.byteLength(text.slice(0, headEnd + 4), 'latin1'));
  let body = rest;
  let complete = false;
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    complete = rest.length >= length;
    body = rest.subarray(0, length);
  } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n', at);
      if (lineEnd < 0) break;
      const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) break;
      if (size === 0) {
        complete = true;
        break;
      }
      if (rest.length < lineEnd + 2 + size + 2) break;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else if (status === 204 || status === 304) {
    complete = true;
  }
  return { answer: { status, headers, body: body.toString('utf8') }, complete };
}

/**
 * Sends bytes exactly as given over a fresh TCP connection (no client-side framing,
 * so truncated, over-long and malformed requests reach the server as written) and
 * reads one answer, for at most `waitMs`.
 */
export function rawExchange(
  port: number,
  chunks: ReadonlyArray<string | Uint8Array>,
  o: { ending?: RawEnding; waitMs?: number } = {},
): Promise<RawAnswer> {
  const ending = o.ending ?? 'wait';
  const waitMs = o.waitMs ?? 5_000;
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(received)).answer);
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (parseAnswer(Buffer.concat(received)).complete) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    // Nothing in here throws: a write to a closed socket reports on 'error', which finishes.
    const write = async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
        // Separate writes arrive as separate reads more often than not: the server sees a body that trickles in.
        if (chunks.length > 1) await new Promise((r) => setImmediate(r));
      }
      if (ending === 'half-close') socket.end();
      if (ending === 'abort') {
        socket.resetAndDestroy();
        finish();
      }
    };
    socket.on('connect', () => void write());
  });
}

/** A request head: the request line, the headers (Host included) and the blank line. */
export function requestHead(method: string, target: string, headers: Record<string, string | number | undefined>): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}
