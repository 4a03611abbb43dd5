import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelFetch } from './model-fetch';

interface Seen {
  method: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
  remotePort: number | undefined;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A local HTTP server; `answer` writes the response, after the request's body was read. */
async function serve(answer: (res: http.ServerResponse, seen: Seen) => void) {
  const seen: Seen[] = [];
  const closed: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const one = { method: req.method, headers: req.headers, body, remotePort: req.socket.remotePort };
      seen.push(one);
      res.on('close', () => closed.splice(0).forEach((notify) => notify()));
      answer(res, one);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, closed: () => new Promise<void>((resolve) => closed.push(resolve)) };
}

describe('the model client fetch', () => {
  it('sends the method, headers and body, and answers with the status, headers and body', async () => {
    const server = await serve((res, seen) => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Request-Id': 'req_1' });
      res.end(JSON.stringify({ echoed: seen.body }));
    });
    const modelFetch = createModelFetch();
    const res = await modelFetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-test', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'm' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('req_1');
    expect(await res.json()).toEqual({ echoed: '{"model":"m"}' });
    expect(server.seen[0]).toMatchObject({ method: 'POST', body: '{"model":"m"}' });
    expect(server.seen[0]!.headers).toMatchObject({ authorization: 'Bearer sk-test', 'content-type': 'application/json' });
  });

  it('sends the headers of a Headers object, as the SDK hands them over', async () => {
    const server = await serve((res) => res.end('{}'));
    const headers = new Headers({ Authorization: 'Bearer sk-test', 'X-Stainless-Retry-Count': '0' });
    headers.append('Accept', 'application/json');
    await (await createModelFetch()(`${server.url}/v1/models`, { method: 'GET', headers })).text();
    expect(server.seen[0]!.headers).toMatchObject({
      authorization: 'Bearer sk-test',
      'x-stainless-retry-count': '0',
      accept: 'application/json',
    });
  });

  it('hands over each piece of a streamed answer as it arrives, before the answer ends', async () => {
    let finish = () => {};
    const server = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: first\n\n');
      finish = () => res.end('data: [DONE]\n\n');
    });
    const res = await createModelFetch()(server.url, { method: 'POST', body: '{}' });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    finish();
    let rest = '';
    for (let step = await reader.read(); !step.done; step = await reader.read()) rest += new TextDecoder().decode(step.value);
    expect(rest).toBe('data: [DONE]\n\n');
  });

  it('says when the request is on its way, before the answer, on a new and on a kept connection', async () => {
    let answer = () => {};
    const server = await serve((res) => (answer = () => res.end('ok')));
    const modelFetch = createModelFetch();
    for (let i = 0; i < 2; i++) {
      let sent = 0;
      const answered = modelFetch(server.url, { method: 'POST', body: `{"n":${i}}`, onSent: () => sent++ });
      await expect.poll(() => server.seen.length).toBe(i + 1);
      expect(sent).toBe(1);
      answer();
      expect(await (await answered).text()).toBe('ok');
    }
    expect(new Set(server.seen.map((s) => s.remotePort)).size).toBe(1);

    let sentByFetch = 0;
    const form = new FormData();
    form.set('purpose', 'assistants');
    const viaFetch = modelFetch(server.url, { method: 'POST', body: form, onSent: () => sentByFetch++ });
    expect(sentByFetch).toBe(1);
    await expect.poll(() => server.seen.length).toBe(3);
    answer();
    await (await viaFetch).text();
  });

  it('keeps the connection for the next request', async () => {
    const server = await serve((res) => res.end('ok'));
    const modelFetch = createModelFetch();
    for (let i = 0; i < 3; i++) expect(await (await modelFetch(server.url, { method: 'POST', body: '{}' })).text()).toBe('ok');
    expect(new Set(server.seen.map((s) => s.remotePort)).size).toBe(1);
  });

  it('ends the request when its signal aborts, before the answer or while it streams', async () => {
    const silent = await serve(() => {});
    const before = new AbortController();
    const waiting = createModelFetch()(silent.url, { method: 'POST', body: '{}', signal: before.signal });
    await expect.poll(() => silent.seen.length).toBe(1);
    const closed = silent.closed();
    before.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    await closed;

    const streaming = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: first\n\n');
    });
    const during = new AbortController();
    const res = await createModelFetch()(streaming.url, { method: 'POST', body: '{}', signal: during.signal });
    const reader = res.body!.getReader();
    await reader.read();
    const streamClosed = streaming.closed();
    during.abort();
    await expect(reader.read()).rejects.toBeDefined();
    await streamClosed;

    const aborted = new AbortController();
    aborted.abort();
    await expect(createModelFetch()(streaming.url, { method: 'POST', body: '{}', signal: aborted.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects when nothing listens, and answers a bodiless status without a body', async () => {
    const server = await serve((res) => {
      res.writeHead(204);
      res.end();
    });
    const res = await createModelFetch()(server.url, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();

    const gone = await serve(() => {});
    const port = new URL(gone.url).port;
    servers.pop()!.close();
    await expect(createModelFetch()(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(Error);
  });

  it('leaves a form body to the global fetch', async () => {
    const server = await serve((res) => res.end('ok'));
    const form = new FormData();
    form.set('purpose', 'assistants');
    const res = await createModelFetch()(server.url, { method: 'POST', body: form });
    expect(await res.text()).toBe('ok');
    expect(server.seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.seen[0]!.body).toContain('name="purpose"');
  });
});
