import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support';
import { startProxy, type RunningProxy } from './scale-proxy';

// The scale bench's figures for two instances are only the instances' if this proxy spreads the
// requests, streams replies as they are written, and stays up when an instance is gone.
describe('scale bench proxy', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function upstream(handler: http.RequestListener) {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    return { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
  }

  async function proxyTo(...upstreams: Array<{ host: string; port: number }>): Promise<RunningProxy> {
    const proxy = await startProxy({ upstreams });
    closers.push(() => proxy.close());
    return proxy;
  }

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => resolve(body));
    });

  it('sends requests to the upstreams in turn, with the body and the client address passed on', async () => {
    const named = (name: string) =>
      upstream((req, res) => {
        void readBody(req).then((body) => {
          res.setHeader('content-type', 'application/json');
          res.setHeader('set-cookie', ['a=1', 'b=2']);
          res.end(JSON.stringify({ name, method: req.method, body, forwardedFor: req.headers['x-forwarded-for'] }));
        });
      });
    const proxy = await proxyTo(await named('first'), await named('second'));

    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxy.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
        body: `{"n":${i}}`,
      });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      answers.push((await res.json()) as { name: string; method: string; body: string; forwardedFor: string });
    }
    expect(answers.map((a) => a.name)).toEqual(['first', 'second', 'first', 'second']);
    expect(answers.map((a) => a.body)).toEqual(['{"n":0}', '{"n":1}', '{"n":2}', '{"n":3}']);
    expect(answers.every((a) => a.method === 'POST')).toBe(true);
    // The hop the proxy appends is the one an instance with TRUST_PROXY=1 believes.
    expect(answers[0]!.forwardedFor).toBe('203.0.113.7, 127.0.0.1');
    expect(proxy.served).toEqual([2, 2]);
  });

  it('passes a streamed reply on as it is written, not when it ends', async () => {
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const streaming = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: delta\ndata: {"text":"Hello"}\n\n');
      // The rest is written only once the client has seen the first event through the proxy.
      void rest.then(() => res.end('event: done\ndata: {}\n\n'));
    });
    const proxy = await proxyTo(streaming);

    const res = await fetch(`${proxy.url}/api/conversations/1/messages`, { method: 'POST', headers: { accept: 'text/event-stream' } });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('event: delta\ndata: {"text":"Hello"}\n\n');
    finish();
    let after = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) after += decoder.decode(chunk.value);
    expect(after).toBe('event: done\ndata: {}\n\n');
  });

  it('ends the upstream request when the client leaves mid-reply, as a Stop does', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    const endless = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: delta\ndata: {}\n\n');
      res.on('close', () => upstreamClosed());
    });
    const proxy = await proxyTo(endless);

    const controller = new AbortController();
    const res = await fetch(`${proxy.url}/reply`, { signal: controller.signal });
    await res.body!.getReader().read();
    controller.abort();
    await closed;
  });

  it('answers 502 for an upstream that is down, and goes on serving the one that is up', async () => {
    const down = { host: '127.0.0.1', port: await freePort() };
    const up = await upstream((_req, res) => res.end('up'));
    const proxy = await proxyTo(down, up);

    const first = await fetch(`${proxy.url}/readyz`);
    expect(first.status).toBe(502);
    expect(await first.json()).toEqual({ message: 'The server could not be reached.' });
    const posted = await fetch(`${proxy.url}/api/login`, { method: 'POST', body: 'x'.repeat(100_000) });
    expect(await posted.text()).toBe('up');
    const again = await fetch(`${proxy.url}/api/login`, { method: 'POST', body: 'x'.repeat(100_000) });
    expect(again.status).toBe(502);
    expect((await fetch(`${proxy.url}/readyz`)).status).toBe(200);
    expect(proxy.served).toEqual([0, 2]);
    expect(proxy.failed).toBe(2);
  });
});
