import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerBeforeClosing, type LingerLimits } from './unread-body';

const servers: http.Server[] = [];
const clients: net.Socket[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server that refuses every request at once, unread, as Copydesk refuses an upload it will not take. */
async function refusing(limits: LingerLimits) {
  let closed: (bytesRead: number) => void = () => {};
  const serverClosed = new Promise<number>((resolve) => (closed = resolve));
  const server = http.createServer((req, res) => {
    lingerBeforeClosing(req, limits);
    req.socket.once('close', () => closed(req.socket.bytesRead));
    res.writeHead(401, { 'content-type': 'application/json', connection: 'close' });
    res.end('{"message":"Authentication required"}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, serverClosed };
}

/** A client that declares `declared` bytes of body and sends them a megabyte at a time, keeping its side open; what it has read. */
function sending(port: number, declared: number, send: number) {
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  clients.push(socket);
  let answer = '';
  let written = 0;
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  socket.on('error', () => {});
  socket.write(`POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${declared}\r\n\r\n`);
  const more = () => {
    while (!socket.destroyed && written < send) {
      written += chunk.length;
      if (!socket.write(chunk)) return void socket.once('drain', more);
    }
  };
  more();
  return { answer: () => answer };
}

// Node's fetch against a server in another process: tests/e2e/early-answers.test.ts.
describe('lingerBeforeClosing', () => {
  it('closes on a client that goes on sending past the byte limit', async () => {
    const { port, serverClosed } = await refusing({ maxBytes: 2 * 1024 * 1024, maxMs: 60_000 });
    const client = sending(port, 512 * 1024 * 1024, 512 * 1024 * 1024);
    expect(await serverClosed).toBeLessThan(64 * 1024 * 1024);
    expect(client.answer()).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('closes on a client that stops sending mid-body once the time limit passes', async () => {
    const { port, serverClosed } = await refusing({ maxBytes: 64 * 1024 * 1024, maxMs: 200 });
    const client = sending(port, 64 * 1024 * 1024, 1024 * 1024);
    expect(await serverClosed).toBeLessThan(2 * 1024 * 1024);
    expect(client.answer()).toMatch(/^HTTP\/1\.1 401 /);
  });
});
