import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTRPCClient, httpBatchStreamLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterEach, describe, expect, it } from 'vitest';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../../../../tests/support/openai-server';
import { loadConfig } from '../../config';
import type { AppRouter } from '../../routers';
import { startServer } from '../../server';
import { parseSse } from './test-support';

/** Over real sockets: a client that goes away must stop the model, and the reply must be kept as stopped. */

let fake: FakeOpenAiServer | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await fake?.close();
  fake = undefined;
});

const many = (n: number) => Array.from({ length: n }, (_, i) => ` w${i}`);

async function start(behaviour: Parameters<typeof startFakeOpenAi>[0]) {
  fake = await startFakeOpenAi(behaviour);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-chat-http-'));
  const clientDir = path.join(dir, 'no-client');
  fs.mkdirSync(clientDir);
  const logs: string[] = [];
  const config = { ...loadConfig({ DATA_DIR: dir, OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: OPENAI_TEST_KEY }), port: 0 };
  const server = await startServer({ config, clientDir, log: (l) => logs.push(l) });
  cleanups.push(
    () => fs.rmSync(dir, { recursive: true, force: true }),
    () => server.close(),
  );
  const url = `http://127.0.0.1:${server.port}`;

  const call = (p: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(url + p, {
      ...init,
      headers: {
        origin: config.appOrigin,
        'content-type': 'application/json',
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.headers as object),
      },
    });
  const reg = await call('/api/register', {
    method: 'POST',
    body: JSON.stringify({ username: 'mariana', email: 'mariana@news.example', password: 'deadline-7!' }),
  });
  const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
  await call('/api/create-subscription', { method: 'POST', body: '{}', cookie });
  const created = await call('/api/conversations', { method: 'POST', body: '{}', cookie });
  const { id } = (await created.json()) as { id: number };
  const messages = async () =>
    (await (await call(`/api/conversations/${id}`, { cookie })).json()) as Array<{ role: string; content: string; status: string }>;
  return { url, origin: config.appOrigin, cookie, id, call, messages, logs };
}

/** Refetches until the stopped exchange is saved (the server saves it when it notices the client left). */
async function settled<T>(read: () => Promise<T[]>, count: number): Promise<T[]> {
  for (;;) {
    const list = await read();
    if (list.length >= count) return list;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('streaming replies over HTTP', () => {
  it('SSE: a client that disconnects ends the model request; the partial reply is saved as stopped', async () => {
    const s = await start({ tokens: many(2000), tokenIntervalMs: 5 });
    const abort = new AbortController();
    const res = await s.call(`/api/conversations/${s.id}/messages`, {
      method: 'POST',
      body: JSON.stringify({ content: 'Rewrite the story' }),
      cookie: s.cookie,
      headers: { accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let raw = '';
    while (!raw.includes(' w5')) raw += decoder.decode((await reader.read()).value, { stream: true });
    abort.abort();

    await fake!.clientLeft(0);
    expect(fake!.requests[0]!.finishedAt).toBeUndefined();
    const saved = await settled(s.messages, 2);
    expect(saved.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'stopped'],
    ]);
    const received = parseSse(raw.slice(0, raw.lastIndexOf('\n\n') + 2))
      .map((e) => (e.data as { text: string }).text)
      .join('');
    expect(saved[1]!.content.startsWith(received)).toBe(true);
    expect(saved[1]!.content.length).toBeLessThan(many(2000).join('').length);

    // The server carries on.
    fake!.behave({ tokens: ['All', ' good'], tokenIntervalMs: 0 });
    const next = await s.call(`/api/conversations/${s.id}/messages`, {
      method: 'POST',
      body: JSON.stringify({ content: 'Again' }),
      cookie: s.cookie,
    });
    expect(((await next.json()) as { assistantMessage: { content: string } }).assistantMessage.content).toBe('All good');
  });

  it('tRPC over httpBatchStreamLink: deltas then done; aborting the call stops the model and keeps the reply as stopped', async () => {
    const s = await start({ tokens: ['Tight', 'er', ' lede'] });
    const client = createTRPCClient<AppRouter>({
      links: [
        httpBatchStreamLink({ url: `${s.url}/trpc`, maxItems: 1, transformer: superjson, headers: { origin: s.origin, cookie: s.cookie } }),
      ],
    });

    const events = [];
    for await (const event of await client.chat.send.mutate({ conversationId: s.id, content: 'Fix the lede' })) events.push(event);
    expect(events.slice(0, 3)).toEqual([
      { type: 'delta', text: 'Tight' },
      { type: 'delta', text: 'er' },
      { type: 'delta', text: ' lede' },
    ]);
    expect(events[3]).toMatchObject({
      type: 'done',
      userMessage: { content: 'Fix the lede' },
      assistantMessage: { content: 'Tighter lede', status: 'complete' },
    });

    fake!.behave({ tokens: many(2000), tokenIntervalMs: 5 });
    const abort = new AbortController();
    let text = '';
    try {
      for await (const event of await client.chat.send.mutate(
        { conversationId: s.id, content: 'Longer please' },
        { signal: abort.signal },
      )) {
        if (event.type === 'delta') text += event.text;
        if (text.includes(' w5')) abort.abort();
      }
    } catch {
      // The client rejects the stream it aborted.
      expect(abort.signal.aborted).toBe(true);
    }
    await fake!.clientLeft(1);
    const read = async () => (await client.chat.get.query({ id: s.id })).messages;
    const saved = await settled(read, 4);
    expect(saved.slice(2).map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'stopped'],
    ]);
    expect(saved[3]!.content.startsWith(text)).toBe(true);
  });

  it('tRPC: a refusal fails the call with its code before anything streams', async () => {
    const s = await start({});
    const client = createTRPCClient<AppRouter>({
      links: [
        httpBatchStreamLink({ url: `${s.url}/trpc`, maxItems: 1, transformer: superjson, headers: { origin: s.origin, cookie: s.cookie } }),
      ],
    });
    const error = await client.chat.send.mutate({ conversationId: s.id + 1, content: 'hi' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('NOT_FOUND');
    const blank = await client.chat.send.mutate({ conversationId: s.id, content: ' ' }).then(
      () => null,
      (e: unknown) => e as TRPCClientError<AppRouter>,
    );
    expect(blank?.message).toBe('Type a message first');
    expect(fake!.requests).toHaveLength(0);
    // The start-up line names the model in use, never its key.
    expect(s.logs).toContain(`ai: OpenAI-compatible model gpt-4o-mini at ${fake!.url} (API key set)`);
    expect(s.logs.join('\n')).not.toContain(OPENAI_TEST_KEY);
  });
});
