import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../../../tests/support/openai-server';
import { stopEditor } from '../editor';
import { MAX_REPLIES_IN_FLIGHT, TOO_MANY_REPLIES } from '../services/chat/reply';
import { collect, subscriber } from '../services/chat/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { createContext } from '../trpc/context';
import { createCaller } from '.';

let t: TestApp;
let fake: FakeOpenAiServer;
afterEach(async () => {
  await t?.close();
  await fake?.close();
});
afterAll(() => stopEditor());

const many = (n: number) => Array.from({ length: n }, (_, i) => ` w${i}`);

async function withModel(behaviour: Parameters<typeof startFakeOpenAi>[0] = {}, env: Record<string, string> = {}) {
  fake = await startFakeOpenAi(behaviour);
  t = createTestApp({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: OPENAI_TEST_KEY, ...env } });
  const user = await subscriber(t, 'mariana');
  const { id } = await user.api.chat.create();
  return { ...user, id };
}

/** A caller whose calls carry an abort signal, as the HTTP adapter's calls do. */
function callerWithSignal(token: string, signal: AbortSignal) {
  const deps = { db: t.db, dialect: t.dialect, clock: t.clock, config: t.config, services: t.services };
  return createCaller(() => createContext(deps, { cookie: `copydesk_session=${token}`, ip: '127.0.0.1', setCookie: () => {} }), { signal });
}

describe('chat.send with an OpenAI-compatible model', () => {
  it('streams the model’s tokens as deltas and saves the reply; the model sees the conversation', async () => {
    const { api, id } = await withModel({ tokens: ['Lead', ' with', ' the', ' vote.'] });
    await collect(await api.chat.send({ conversationId: id, content: 'First question' }));
    fake.behave({ tokens: ['Second', ' answer'] });
    const reply = await collect(await api.chat.send({ conversationId: id, content: 'Follow-up' }));
    expect(reply.deltas).toEqual(['Second', ' answer']);
    expect(reply.done!.assistantMessage).toMatchObject({ content: 'Second answer', status: 'complete' });
    expect(fake.requests[1]!.body.messages!.slice(1)).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'Lead with the vote.' },
      { role: 'user', content: 'Follow-up' },
    ]);
    expect(await api.chat.capabilities()).toMatchObject({ assistantId: 'openai:gpt-4o-mini' });
  });

  it('the call’s abort signal stops the reply: the model request ends, the partial reply is saved as stopped, no error', async () => {
    const { token, id, api, userId } = await withModel({ tokens: many(500), tokenIntervalMs: 10 });
    const stop = new AbortController();
    const caller = callerWithSignal(token, stop.signal);
    const reply = await collect(await caller.chat.send({ conversationId: id, content: 'Rewrite this' }), {
      count: 3,
      stop: () => stop.abort(),
    });
    await fake.clientLeft(0);
    expect(reply.error).toBeUndefined();
    expect(reply.done!.assistantMessage).toMatchObject({ status: 'stopped', content: reply.text });
    expect(reply.text.startsWith(' w0 w1 w2')).toBe(true);
    expect(fake.requests[0]!.finishedAt).toBeUndefined();
    const saved = (await api.chat.get({ id })).messages;
    expect(saved.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'stopped'],
    ]);
    expect(saved[1]!.content).toBe(reply.text);
    expect(t.services.chat.repliesInFlight(userId)).toBe(0);
  });

  it('a reader that leaves stops the reply the same way', async () => {
    const { id, api, userId } = await withModel({ tokens: many(500), tokenIntervalMs: 10 });
    let text = '';
    for await (const event of await api.chat.send({ conversationId: id, content: 'Rewrite this' })) {
      if (event.type === 'delta') text += event.text;
      if (text.includes('w4')) break;
    }
    await fake.clientLeft(0);
    const saved = (await api.chat.get({ id })).messages;
    expect(saved[1]).toMatchObject({ role: 'assistant', status: 'stopped', content: text });
    expect(t.services.chat.repliesInFlight(userId)).toBe(0);
  });

  it('chat.stop ends the conversation’s reply wherever it streams and keeps what arrived as stopped', async () => {
    const { id, api, userId } = await withModel({ tokens: many(500), tokenIntervalMs: 10 });
    const reply = await collect(await api.chat.send({ conversationId: id, content: 'Rewrite this' }), {
      count: 3,
      stop: () => void api.chat.stop({ id }),
    });
    await fake.clientLeft(0);
    expect(reply.error).toBeUndefined();
    expect(reply.done!.assistantMessage).toMatchObject({ status: 'stopped', content: reply.text });
    expect(reply.text.length).toBeLessThan(many(500).join('').length);
    expect(t.services.chat.repliesInFlight(userId)).toBe(0);
    expect(t.services.chat.streaming()).toBe(0);
  });

  it('chat.stop answers 404 for another user’s conversation and leaves its reply running', async () => {
    const { id, api } = await withModel({ tokens: many(40), tokenIntervalMs: 5 });
    const other = await subscriber(t, 'olusegun');
    let refused: Promise<unknown> = Promise.resolve('not sent');
    const reply = await collect(await api.chat.send({ conversationId: id, content: 'Rewrite this' }), {
      count: 2,
      stop: () => {
        refused = other.api.chat.stop({ id }).then(
          () => 'stopped',
          (e: { code?: string }) => e.code,
        );
      },
    });
    expect(await refused).toBe('NOT_FOUND');
    expect(reply.done!.assistantMessage).toMatchObject({ status: 'complete', content: many(40).join('') });
  });

  it('a model failing mid-reply keeps the user’s message and what arrived, reports the error, and the next message works', async () => {
    const { api, id, userId } = await withModel({ tokens: ['Part', ' one', ' and', ' more'], failAfterTokens: 2 });
    const broken = await collect(await api.chat.send({ conversationId: id, content: 'Check this' }));
    expect(broken.text).toBe('Part one');
    expect(broken.done).toBeUndefined();
    expect(broken.error).toMatchObject({ code: 'BAD_GATEWAY', message: 'The AI model failed to answer. Try again in a moment.' });
    const saved = (await api.chat.get({ id })).messages;
    expect(saved.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'Check this', 'complete'],
      ['assistant', 'Part one', 'error'],
    ]);
    expect(t.logs.some((l) => l.startsWith(`ai: reply failed in conversation ${id} (failed)`))).toBe(true);

    fake.behave({ failAfterTokens: undefined, tokens: ['Fine', ' now'] });
    const next = await collect(await api.chat.send({ conversationId: id, content: 'Try again' }));
    expect(next.done!.assistantMessage).toMatchObject({ content: 'Fine now', status: 'complete' });
    expect(t.services.chat.repliesInFlight(userId)).toBe(0);
  });

  it('keeps a model’s answer that holds NUL characters, without them', async () => {
    const { api, id } = await withModel({ tokens: ['Lead\0 with', ' the\0 vote.'] });
    const reply = await collect(await api.chat.send({ conversationId: id, content: 'Rewrite this' }));
    expect(reply.done!.assistantMessage).toMatchObject({ status: 'complete', content: 'Lead with the vote.' });
    expect((await api.chat.get({ id })).messages[1]).toMatchObject({ role: 'assistant', content: 'Lead with the vote.' });
  });

  it('maps a rejected key to a clear error, never the key', async () => {
    const { api, id } = await withModel({}, { OPENAI_API_KEY: 'sk-wrong-and-secret' });
    const rejected = await collect(await api.chat.send({ conversationId: id, content: 'Hello' }));
    expect(rejected.error).toMatchObject({ code: 'BAD_GATEWAY', message: 'The AI model rejected the API key. Check OPENAI_API_KEY.' });
    expect(t.logs.join('\n')).not.toContain('sk-wrong');
    expect((await api.chat.get({ id })).messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'error'],
    ]);
  });

  it('maps the model’s rate limit to a busy error', async () => {
    const { api, id } = await withModel({ status: 429 });
    const busy = await collect(await api.chat.send({ conversationId: id, content: 'Hello again' }));
    expect(busy.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The AI model is busy (rate limited). Try again in a moment.',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('a conversation deleted while its reply streams ends the reply with 404, and nothing is saved to it', async () => {
    const { api, id } = await withModel({ tokens: many(500), tokenIntervalMs: 10 });
    const reply = await collect(await api.chat.send({ conversationId: id, content: 'Hello' }), {
      count: 1,
      stop: () => void api.chat.delete({ id }),
    });
    // the model is let go at once, not read to its end
    await fake.clientLeft(0);
    expect(fake.requests[0]!.finishedAt).toBeUndefined();
    expect(reply.error).toMatchObject({ code: 'NOT_FOUND', message: 'The conversation was deleted while the editor was answering.' });
    expect(await api.chat.list()).toEqual({ items: [], nextCursor: null });
    fake.behave({ tokens: ['Yes.'], tokenIntervalMs: 0 });
    const next = await api.chat.create();
    expect((await collect(await api.chat.send({ conversationId: next.id, content: 'Still there?' }))).done).toBeDefined();
  });

  it('a silent model times out with a clear error', async () => {
    const { api, id } = await withModel({ hang: true }, { OPENAI_TIMEOUT_MS: '200' });
    const reply = await collect(await api.chat.send({ conversationId: id, content: 'Hello' }));
    expect(reply.error).toMatchObject({ code: 'GATEWAY_TIMEOUT', message: 'The AI model did not answer in time. Try again in a moment.' });
    await fake.clientLeft(0);
  });

  it('limits the replies one user has running at once', async () => {
    const { api, id, userId } = await withModel({ hang: true });
    const running = [];
    for (let i = 0; i < MAX_REPLIES_IN_FLIGHT; i++) {
      const stream = await api.chat.send({ conversationId: id, content: `q${i}` });
      const iterator = stream[Symbol.asyncIterator]();
      running.push({ iterator, first: iterator.next() });
    }
    await fake.received(MAX_REPLIES_IN_FLIGHT);
    await expect(api.chat.send({ conversationId: id, content: 'one too many' })).rejects.toThrow(TOO_MANY_REPLIES);
    // Refused with its checks, in the transaction that would have saved it: nothing of it is kept.
    expect((await api.chat.get({ id })).messages.map((m) => m.content)).not.toContain('one too many');
    for (const r of running) await r.iterator.return!();
    expect(t.services.chat.repliesInFlight(userId)).toBe(0);
    const accepted = await api.chat.send({ conversationId: id, content: 'now it fits' });
    expect(t.services.chat.repliesInFlight(userId)).toBe(1);
    await accepted[Symbol.asyncIterator]().return!();
    expect(t.services.chat.repliesInFlight(userId)).toBe(0);
  });
});
