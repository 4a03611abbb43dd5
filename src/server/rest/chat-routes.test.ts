import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../../../tests/support/openai-server';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../shared/schemas/chat';
import { MINUTE_MS } from '../../shared/limits';
import { stopEditor } from '../editor';
import { inSuspendedTeam, parseSse, subscriber, visitor } from '../services/chat/test-support';
import type { AiProvider } from '../services/ai';
import { createTestApp, type TestApp } from '../test-app';
import { get, post, send } from '../test-http';

let t: TestApp;
let fake: FakeOpenAiServer | undefined;
afterEach(async () => {
  await t?.close();
  await fake?.close();
  fake = undefined;
});
afterAll(() => stopEditor());

const SSE = { accept: 'text/event-stream' };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts
const json = async (res: Response) => (await res.json()) as any;

async function newConversation(token: string, title?: string): Promise<number> {
  const res = await post(t, '/api/conversations', title === undefined ? undefined : { title }, { token });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

describe('REST: conversations', () => {
  it('POST /api/conversations answers 201 with the Conversation; GET lists them newest first', async () => {
    t = createTestApp();
    const { token } = await visitor(t, 'mariana');
    const res = await post(t, '/api/conversations', undefined, { token });
    expect(res.status).toBe(201);
    const first = await json(res);
    expect(first).toEqual({
      id: expect.any(Number),
      title: 'New Conversation',
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T09:00:00.000Z',
    });
    t.clock.advance(MINUTE_MS);
    await newConversation(token, 'Budget story');

    const list = await get(t, '/api/conversations', { token });
    expect(list.status).toBe(200);
    expect((await json(list)).map((c: { title: string }) => c.title)).toEqual(['Budget story', 'New Conversation']);
    expect(list.headers.get('x-next-cursor')).toBeNull();

    const bad = await post(t, '/api/conversations', { title: 'x'.repeat(201) }, { token });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ message: CHAT_MESSAGES.titleTooLong });
  });

  it('pages the list: 50 by default, the next page through ?cursor= from X-Next-Cursor', async () => {
    t = createTestApp();
    const { token } = await visitor(t, 'mariana');
    for (let i = 0; i < 53; i++) {
      await newConversation(token, `c${i}`);
      t.clock.advance(1000);
    }
    const page1 = await get(t, '/api/conversations', { token });
    const items1 = await json(page1);
    expect(items1).toHaveLength(50);
    expect(items1[0].title).toBe('c52');
    const cursor = page1.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^\d+\.\d+$/);

    const page2 = await get(t, `/api/conversations?cursor=${cursor}`, { token });
    expect((await json(page2)).map((c: { title: string }) => c.title)).toEqual(['c2', 'c1', 'c0']);
    expect(page2.headers.get('x-next-cursor')).toBeNull();

    const small = await get(t, '/api/conversations?limit=2', { token });
    expect(await json(small)).toHaveLength(2);
    expect((await get(t, '/api/conversations?limit=0', { token })).status).toBe(400);
    expect((await get(t, '/api/conversations?cursor=abc', { token })).status).toBe(400);
  });

  it('GET /api/conversations/:id gives the messages oldest first; 404 for another user’s, 400 for a bad id', async () => {
    t = createTestApp();
    const owner = await subscriber(t, 'mariana');
    const stranger = await subscriber(t, 'olusegun');
    const id = await newConversation(owner.token);
    const sent = await post(t, `/api/conversations/${id}/messages`, { content: 'Write a headline' }, { token: owner.token });
    expect(sent.status).toBe(200);

    const res = await get(t, `/api/conversations/${id}`, { token: owner.token });
    expect(res.status).toBe(200);
    const list = await json(res);
    expect(list.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(Object.keys(list[0]).sort()).toEqual(['content', 'conversationId', 'createdAt', 'id', 'role', 'status']);

    const hidden = await get(t, `/api/conversations/${id}`, { token: stranger.token });
    const missing = await get(t, `/api/conversations/${id + 99}`, { token: stranger.token });
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    expect(await json(hidden)).toEqual(await json(missing));
    expect((await get(t, '/api/conversations/abc', { token: owner.token })).status).toBe(400);
  });

  it('DELETE /api/conversations/:id removes it for its owner only', async () => {
    t = createTestApp();
    const owner = await visitor(t, 'mariana');
    const stranger = await visitor(t, 'olusegun');
    const id = await newConversation(owner.token);
    const refused = await send(t, 'DELETE', `/api/conversations/${id}`, undefined, { token: stranger.token });
    expect(refused.status).toBe(404);
    expect(await json(refused)).toEqual({ message: 'Conversation not found' });
    const res = await send(t, 'DELETE', `/api/conversations/${id}`, undefined, { token: owner.token });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ success: true });
    expect((await get(t, `/api/conversations/${id}`, { token: owner.token })).status).toBe(404);
    expect(await json(await get(t, '/api/conversations', { token: owner.token }))).toEqual([]);
  });

  it('GET /api/conversations/search?q= finds titles and messages', async () => {
    t = createTestApp();
    const { token } = await subscriber(t, 'mariana');
    const id = await newConversation(token, 'Harbour');
    await post(t, `/api/conversations/${id}/messages`, { content: 'The regatta was cancelled' }, { token });
    const res = await get(t, '/api/conversations/search?q=regat', { token });
    expect(res.status).toBe(200);
    const hits = await json(res);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ conversation: { id, title: 'Harbour' }, titleMatch: false });
    expect(hits[0].messages.length).toBeGreaterThan(0);
    expect((await get(t, '/api/conversations/search?q=', { token })).status).toBe(400);
  });

  it('every row answers 401 without a session', async () => {
    t = createTestApp();
    const calls = [
      get(t, '/api/conversations'),
      post(t, '/api/conversations', {}),
      get(t, '/api/conversations/1'),
      send(t, 'DELETE', '/api/conversations/1'),
      post(t, '/api/conversations/1/messages', { content: 'hi' }),
      get(t, '/api/conversations/search?q=x'),
      get(t, '/api/assistant/capabilities'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ message: 'Authentication required' });
    }
  });
});

describe('REST: POST /api/conversations/:id/messages', () => {
  it('answers {userMessage, assistantMessage} as JSON by default', async () => {
    t = createTestApp();
    const { token } = await subscriber(t, 'mariana');
    const id = await newConversation(token);
    const res = await post(t, `/api/conversations/${id}/messages`, { content: 'Write a headline' }, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await json(res);
    expect(body.userMessage).toMatchObject({ conversationId: id, role: 'user', content: 'Write a headline', status: 'complete' });
    expect(body.assistantMessage).toMatchObject({ conversationId: id, role: 'assistant', status: 'complete' });
    expect(body.assistantMessage.content.length).toBeGreaterThan(0);
    expect(await json(await get(t, `/api/conversations/${id}`, { token }))).toEqual([body.userMessage, body.assistantMessage]);
  });

  it('answers a message of the longest length allowed, 100,000 characters of copy, with a review of all of it', async () => {
    t = createTestApp();
    const { token } = await subscriber(t, 'mariana');
    const id = await newConversation(token);
    const story = 'The council voted 7-2 on Tuesday to approve the $4.2 million budget, officials said. ';
    const content = story.repeat(Math.ceil(CHAT_LIMITS.messageMaxChars / story.length)).slice(0, CHAT_LIMITS.messageMaxChars);
    const res = await post(t, `/api/conversations/${id}/messages`, { content }, { token });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.userMessage.content).toHaveLength(100_000);
    expect(body.assistantMessage).toMatchObject({ status: 'complete' });
    expect(body.assistantMessage.content).toMatch(/^## Editor’s review\n\n_1[5-9],?\d{3} words/);
  }, 60_000);

  it('streams SSE with Accept: text/event-stream: delta events, then one done event with both messages', async () => {
    t = createTestApp();
    const { token } = await subscriber(t, 'mariana');
    const id = await newConversation(token);
    const res = await post(t, `/api/conversations/${id}/messages`, { content: 'Write a headline' }, { token, headers: SSE });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = parseSse(await res.text());
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)!.event).toBe('done');
    expect(events.slice(0, -1).every((e) => e.event === 'delta')).toBe(true);
    const done = events.at(-1)!.data as { userMessage: { id: number }; assistantMessage: { content: string } };
    expect(done.assistantMessage.content).toBe(deltas.map((e) => (e.data as { text: string }).text).join(''));
    expect(await json(await get(t, `/api/conversations/${id}`, { token }))).toEqual([done.userMessage, done.assistantMessage]);
  });

  it('streams SSE from a model that never says its request went out, from its first piece', async () => {
    // A provider double: one piece, then silence until the reply is stopped.
    const silentAfterOne: AiProvider = {
      kind: 'openai',
      assistantId: 'openai:double',
      describe: () => 'ai: a provider double',
      capabilities: () => '',
      async *stream({ signal }) {
        yield 'Council backs road plan';
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      },
    };
    t = createTestApp({ ai: silentAfterOne });
    const { token } = await subscriber(t, 'mariana');
    const id = await newConversation(token);
    const res = await post(t, `/api/conversations/${id}/messages`, { content: 'Write a headline' }, { token, headers: SSE });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(parseSse(first)[0]).toMatchObject({ event: 'delta', data: { text: 'Council backs road plan' } });
    await reader.cancel();
    await expect
      .poll(async () => (await json(await get(t, `/api/conversations/${id}`, { token }))).map((m: { status: string }) => m.status))
      .toEqual(['complete', 'stopped']);
  });

  it('refuses blank content (400), others’ conversations (404), and users without access (403 with code)', async () => {
    t = createTestApp();
    const owner = await subscriber(t, 'mariana');
    const id = await newConversation(owner.token);
    for (const body of [{ content: '   ' }, {}, { content: 42 }]) {
      const res = await post(t, `/api/conversations/${id}/messages`, body, { token: owner.token });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ message: CHAT_MESSAGES.contentRequired });
    }
    const tooLong = await post(t, `/api/conversations/${id}/messages`, { content: 'a'.repeat(100_001) }, { token: owner.token });
    expect(tooLong.status).toBe(400);
    expect(await json(tooLong)).toEqual({ message: CHAT_MESSAGES.contentTooLong });
    expect(CHAT_MESSAGES.contentTooLong).toMatch(/^A message can be at most 100,000 characters\./);

    const stranger = await subscriber(t, 'olusegun');
    const notYours = await post(t, `/api/conversations/${id}/messages`, { content: 'hi' }, { token: stranger.token, headers: SSE });
    expect(notYours.status).toBe(404);
    expect(await json(notYours)).toEqual({ message: 'Conversation not found' });

    const lapsed = await visitor(t, 'kwame');
    const theirs = await newConversation(lapsed.token);
    const noPlan = await post(t, `/api/conversations/${theirs}/messages`, { content: 'hi' }, { token: lapsed.token });
    expect(noPlan.status).toBe(403);
    expect(await json(noPlan)).toEqual({ message: 'An active subscription is required', code: 'SUBSCRIPTION_REQUIRED' });

    await inSuspendedTeam(t, owner.userId, 'Metro Desk');
    const suspended = await post(t, `/api/conversations/${id}/messages`, { content: 'hi' }, { token: owner.token, headers: SSE });
    expect(suspended.status).toBe(403);
    expect(await json(suspended)).toEqual({
      message: 'Team "Metro Desk" subscription is currently suspended. Get in touch with your team owner.',
      code: 'TEAM_SUSPENDED',
      teamName: 'Metro Desk',
    });
    expect(await json(await get(t, `/api/conversations/${id}`, { token: owner.token }))).toEqual([]);
  });

  it('answers 429 with Retry-After when one user sends too fast', async () => {
    fake = await startFakeOpenAi();
    t = createTestApp({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: OPENAI_TEST_KEY } });
    const { token } = await subscriber(t, 'mariana');
    const id = await newConversation(token);
    let res: Response | undefined;
    for (let i = 0; i < 31; i++) res = await post(t, `/api/conversations/${id}/messages`, { content: `note ${i}` }, { token });
    expect(res!.status).toBe(429);
    expect(Number(res!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a model failure is an SSE error event after what arrived, or a 502 as JSON; the partial reply is kept', async () => {
    fake = await startFakeOpenAi({ tokens: ['Half', ' a', ' reply', ' here'], failAfterTokens: 2 });
    t = createTestApp({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: OPENAI_TEST_KEY } });
    const { token } = await subscriber(t, 'mariana');
    const id = await newConversation(token);

    const streamed = await post(t, `/api/conversations/${id}/messages`, { content: 'Edit this' }, { token, headers: SSE });
    expect(streamed.status).toBe(200);
    const events = parseSse(await streamed.text());
    expect(events).toEqual([
      { event: 'delta', data: { text: 'Half' } },
      { event: 'delta', data: { text: ' a' } },
      { event: 'error', data: { message: 'The AI model failed to answer. Try again in a moment.', code: 'AI_FAILED' } },
    ]);

    fake.behave({ status: 401 });
    const plain = await post(t, `/api/conversations/${id}/messages`, { content: 'Again' }, { token });
    expect(plain.status).toBe(502);
    expect(await json(plain)).toEqual({ message: 'The AI model rejected the API key. Check OPENAI_API_KEY.', code: 'AI_AUTH' });

    const saved = await json(await get(t, `/api/conversations/${id}`, { token }));
    expect(saved.map((m: { role: string; content: string; status: string }) => [m.role, m.content, m.status])).toEqual([
      ['user', 'Edit this', 'complete'],
      ['assistant', 'Half a', 'error'],
      ['user', 'Again', 'complete'],
      ['assistant', '', 'error'],
    ]);

    fake.behave({ status: undefined, failAfterTokens: undefined, tokens: ['Back'] });
    const healthy = await post(t, `/api/conversations/${id}/messages`, { content: 'Once more' }, { token });
    expect(healthy.status).toBe(200);
    expect((await json(healthy)).assistantMessage.content).toBe('Back');
  });
});

describe('REST: GET /api/assistant/capabilities', () => {
  it('describes the editor to a signed-in user', async () => {
    t = createTestApp();
    const { token } = await visitor(t, 'mariana');
    const res = await get(t, '/api/assistant/capabilities', { token });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      assistantId: 'copydesk-editor',
      hasVectorCapabilities: expect.any(Boolean),
      message: expect.stringContaining('AP style'),
    });
  });

  it('names the configured model', async () => {
    t = createTestApp({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'llama3.1:8b' } });
    const { token } = await visitor(t, 'mariana');
    expect(await json(await get(t, '/api/assistant/capabilities', { token }))).toMatchObject({ assistantId: 'openai:llama3.1:8b' });
  });
});
