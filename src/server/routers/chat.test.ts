import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../shared/schemas/chat';
import { MINUTE_MS } from '../../shared/limits';
import { stopEditor } from '../editor';
import { SEND_RATE, TOO_MANY_SENDS } from '../services/chat/reply';
import { collect, failure, inSuspendedTeam, subscriber, visitor } from '../services/chat/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { SQLITE_INTERNALS } from '../test-engine';

let t: TestApp;
afterEach(() => t?.close());
afterAll(() => stopEditor());

const STORY =
  'The city council voted 7-2 on Tuesday to approve a $4.2 million budget for road repairs, officials said. ' +
  'Council member Dana Ortiz said the plan "will finally fix the worst streets in the east side." ' +
  'Critics said the vote was rushed and that residents had little time to comment before the meeting.';

describe('chat router: conversations', () => {
  it('creates a conversation titled New Conversation by default, or with the given title', async () => {
    t = createTestApp();
    const { api } = await visitor(t, 'mariana');
    const plain = await api.chat.create();
    expect(plain).toEqual({
      id: expect.any(Number),
      title: 'New Conversation',
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T09:00:00.000Z',
    });
    expect((await api.chat.create({ title: '  Budget story  ' })).title).toBe('Budget story');
    expect((await api.chat.create({ title: '' })).title).toBe('New Conversation');
    expect(await failure(api.chat.create({ title: 'x'.repeat(CHAT_LIMITS.titleMaxChars + 1) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: CHAT_MESSAGES.titleTooLong,
    });
  });

  it('lists only the caller’s conversations, newest updatedAt first, in keyset pages', async () => {
    t = createTestApp();
    const { api } = await visitor(t, 'mariana');
    const other = await visitor(t, 'olusegun');
    await other.api.chat.create({ title: 'not yours' });
    const made: number[] = [];
    for (let i = 0; i < 7; i++) {
      made.push((await api.chat.create({ title: `story ${i}` })).id);
      t.clock.advance(MINUTE_MS);
    }
    // Two share a timestamp: id breaks the tie, so no page repeats or skips one.
    t.clock.advance(-MINUTE_MS);
    made.push((await api.chat.create({ title: 'story 7' })).id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: Array<{ title: string }>; nextCursor: string | null } = await api.chat.list({ cursor, limit: 3 });
      seen.push(...page.items.map((c) => c.title));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['story 7', 'story 6', 'story 5', 'story 4', 'story 3', 'story 2', 'story 1', 'story 0']);

    const first = await api.chat.list();
    expect(first.items).toHaveLength(8);
    expect(first.nextCursor).toBeNull();
    expect(await failure(api.chat.list({ cursor: 'drop table' }))).toMatchObject({ code: 'BAD_REQUEST', message: CHAT_MESSAGES.cursor });
    expect(await failure(api.chat.list({ limit: 1000 }))).toMatchObject({ code: 'BAD_REQUEST', message: CHAT_MESSAGES.limit });
  });

  it('a new message moves its conversation to the top', async () => {
    t = createTestApp();
    const { api } = await subscriber(t, 'mariana');
    const older = await api.chat.create({ title: 'older' });
    t.clock.advance(MINUTE_MS);
    await api.chat.create({ title: 'newer' });
    t.clock.advance(MINUTE_MS);
    await collect(await api.chat.send({ conversationId: older.id, content: 'hello' }));
    const list = await api.chat.list();
    expect(list.items.map((c) => c.title)).toEqual(['older', 'newer']);
    expect(list.items[0]!.updatedAt).toBe('2026-03-02T09:02:00.000Z');
  });

  it('get returns the messages oldest first, and 404 for another user’s conversation or a missing one', async () => {
    t = createTestApp();
    const owner = await subscriber(t, 'mariana');
    const stranger = await subscriber(t, 'olusegun');
    const { id } = await owner.api.chat.create();
    await collect(await owner.api.chat.send({ conversationId: id, content: 'Can you write a headline?' }));
    await collect(await owner.api.chat.send({ conversationId: id, content: 'And a caption, please.' }));

    const { conversation, messages: list } = await owner.api.chat.get({ id });
    expect(conversation.id).toBe(id);
    expect(list.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(list[0]).toMatchObject({ conversationId: id, content: 'Can you write a headline?', status: 'complete' });
    expect(list.map((m) => m.id)).toEqual([...list.map((m) => m.id)].sort((a, b) => a - b));

    const hidden = await failure(stranger.api.chat.get({ id }));
    const missing = await failure(stranger.api.chat.get({ id: id + 1000 }));
    expect(hidden).toEqual(missing);
    expect(hidden).toMatchObject({ code: 'NOT_FOUND', message: 'Conversation not found' });
    expect(await failure(stranger.api.chat.delete({ id }))).toEqual(missing);
    expect(await failure(stranger.api.chat.send({ conversationId: id, content: 'mine now' }))).toEqual(missing);
    expect((await owner.api.chat.get({ id })).messages).toHaveLength(4);
  });

  it.skipIf(SQLITE_INTERNALS)(
    'delete removes the conversation with its messages, documents, passages and their search entries',
    async () => {
      t = createTestApp();
      const { api, userId } = await subscriber(t, 'mariana');
      const keep = await api.chat.create({ title: 'keep' });
      const gone = await api.chat.create({ title: 'gone' });
      await collect(await api.chat.send({ conversationId: gone.id, content: 'zanzibar budget story' }));
      await collect(await api.chat.send({ conversationId: keep.id, content: 'zanzibar ferry story' }));
      const { documentChunks, documents, messages } = t.db.tables;
      const [doc] = await t.db
        .insert(documents)
        .values({ userId, conversationId: gone.id, filename: 'notes.txt', kind: 'txt', sizeBytes: 10, chars: 10, createdAt: t.clock() })
        .returning();
      await t.db.insert(documentChunks).values({ documentId: doc!.id, ordinal: 0, content: 'quokka passage' });

      expect(await api.chat.delete({ id: gone.id })).toEqual({ success: true });
      expect(await failure(api.chat.get({ id: gone.id }))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await t.db.select().from(messages).where(eq(messages.conversationId, gone.id))).toEqual([]);
      expect(await t.db.select().from(documents).where(eq(documents.id, doc!.id))).toEqual([]);
      expect(await t.db.select().from(documentChunks)).toEqual([]);
      const ftsChunks = t
        .sqliteClient()
        .prepare(`SELECT count(*) AS n FROM document_chunks_fts WHERE document_chunks_fts MATCH 'quokka'`)
        .get() as { n: number };
      expect(ftsChunks.n).toBe(0);
      expect((await api.chat.search({ query: 'zanzibar' })).map((h) => h.conversation.title)).toEqual(['keep']);
      expect(await failure(api.chat.delete({ id: gone.id }))).toMatchObject({ code: 'NOT_FOUND' });
      expect((await api.chat.get({ id: keep.id })).messages).toHaveLength(2);
    },
  );

  it('rejects an id that is not a positive integer', async () => {
    t = createTestApp();
    const { api } = await visitor(t, 'mariana');
    expect(await failure(api.chat.get({ id: 'abc' as never }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: CHAT_MESSAGES.conversationId,
    });
    expect(await failure(api.chat.get({ id: -1 }))).toMatchObject({ code: 'BAD_REQUEST', message: CHAT_MESSAGES.conversationId });
  });

  it('needs a login for every call', async () => {
    t = createTestApp();
    const { api } = t.caller();
    for (const call of [
      () => api.chat.list(),
      () => api.chat.create(),
      () => api.chat.get({ id: 1 }),
      () => api.chat.search({ query: 'x' }),
      () => api.chat.capabilities(),
    ]) {
      expect(await failure(call())).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('chat router: search', () => {
  it('finds titles and message text of the caller’s conversations, with the matching message ids', async () => {
    t = createTestApp();
    const { api } = await subscriber(t, 'mariana');
    const other = await subscriber(t, 'olusegun');
    const budget = await api.chat.create({ title: 'Council budget' });
    const ferry = await api.chat.create({ title: 'Ferries' });
    const sent = await collect(
      await api.chat.send({ conversationId: ferry.id, content: 'The ferry budget was cut by the council’s committee.' }),
    );
    await collect(await api.chat.send({ conversationId: ferry.id, content: 'Another note on timetables.' }));
    const theirs = await other.api.chat.create({ title: 'Budget secrets' });
    await collect(await other.api.chat.send({ conversationId: theirs.id, content: 'budget budget budget' }));

    const hits = await api.chat.search({ query: 'BUDGET' });
    expect(hits.map((h) => h.conversation.id).sort()).toEqual([budget.id, ferry.id].sort());
    const ferryHit = hits.find((h) => h.conversation.id === ferry.id)!;
    expect(ferryHit.titleMatch).toBe(false);
    // The editor's reply quotes the copy, so it matches too; the other message does not.
    const withBudget = (await api.chat.get({ id: ferry.id })).messages.filter((m) => /budget/i.test(m.content)).map((m) => m.id);
    expect(withBudget).toContain(sent.done!.userMessage.id);
    expect(ferryHit.messages.map((m) => m.id)).toEqual(withBudget);
    expect(ferryHit.messages[0]!.snippet).toContain('budget');
    expect(hits.find((h) => h.conversation.id === budget.id)).toMatchObject({ titleMatch: true, messages: [] });

    // The last word is a prefix (typing), and every word must appear.
    expect((await api.chat.search({ query: 'ferry budg' })).map((h) => h.conversation.id)).toEqual([ferry.id]);
    expect(await api.chat.search({ query: 'ferry zebra' })).toEqual([]);
  });

  it('treats search syntax as plain text', async () => {
    t = createTestApp();
    const { api } = await subscriber(t, 'mariana');
    const { id } = await api.chat.create();
    await collect(await api.chat.send({ conversationId: id, content: 'NEAR the "river" bank' }));
    for (const query of ['"', 'NEAR(', 'content:river', '*', 'river OR', "'; DROP TABLE messages; --"]) {
      await expect(api.chat.search({ query })).resolves.toBeInstanceOf(Array);
    }
    expect((await api.chat.search({ query: '"river' })).map((h) => h.conversation.id)).toEqual([id]);
    expect((await api.chat.search({ query: 'NEAR(' })).map((h) => h.conversation.id)).toEqual([id]);
    expect(await failure(api.chat.search({ query: '   ' }))).toMatchObject({ code: 'BAD_REQUEST', message: CHAT_MESSAGES.searchRequired });
  });
});

describe('chat router: send with the embedded editor', () => {
  it('streams the reply in pieces, then both saved messages', async () => {
    t = createTestApp();
    const { api } = await subscriber(t, 'mariana');
    const { id } = await api.chat.create();
    const reply = await collect(await api.chat.send({ conversationId: id, content: STORY }));
    expect(reply.error).toBeUndefined();
    expect(reply.deltas.length).toBeGreaterThan(5);
    expect(reply.text).toContain('Editor’s review');
    expect(reply.done!.userMessage).toMatchObject({ conversationId: id, role: 'user', content: STORY, status: 'complete' });
    expect(reply.done!.assistantMessage).toMatchObject({ conversationId: id, role: 'assistant', content: reply.text, status: 'complete' });
    expect((await api.chat.get({ id })).messages).toEqual([reply.done!.userMessage, reply.done!.assistantMessage]);
  });

  it('names a New Conversation from its first message, and only from the first', async () => {
    t = createTestApp();
    const { api } = await subscriber(t, 'mariana');
    const { id } = await api.chat.create();
    await collect(await api.chat.send({ conversationId: id, content: STORY }));
    const title = (await api.chat.get({ id })).conversation.title;
    expect(title.length).toBeLessThanOrEqual(CHAT_LIMITS.autoTitleMaxChars);
    expect(title).toBe('The city council voted 7-2 on Tuesday to approve a $4.2…');
    await collect(await api.chat.send({ conversationId: id, content: 'Now write a headline' }));
    expect((await api.chat.get({ id })).conversation.title).toBe(title);

    const named = await api.chat.create({ title: 'My title' });
    await collect(await api.chat.send({ conversationId: named.id, content: 'Short one' }));
    expect((await api.chat.get({ id: named.id })).conversation.title).toBe('My title');

    const short = await api.chat.create();
    await collect(await api.chat.send({ conversationId: short.id, content: '  Write a\nheadline  ' }));
    expect((await api.chat.get({ id: short.id })).conversation.title).toBe('Write a headline');
  });

  it('refuses blank and oversized messages before saving anything', async () => {
    t = createTestApp();
    const { api } = await subscriber(t, 'mariana');
    const { id } = await api.chat.create();
    for (const content of ['', '   ', '\n\t ']) {
      expect(await failure(api.chat.send({ conversationId: id, content }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: CHAT_MESSAGES.contentRequired,
      });
    }
    const huge = 'a'.repeat(CHAT_LIMITS.messageMaxChars + 1);
    expect(await failure(api.chat.send({ conversationId: id, content: huge }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: CHAT_MESSAGES.contentTooLong,
    });
    expect((await api.chat.get({ id })).messages).toEqual([]);
  });

  it('needs a subscription to send but only a login to read', async () => {
    t = createTestApp();
    const { api, userId, token } = await subscriber(t, 'mariana');
    const { id } = await api.chat.create();
    await collect(await api.chat.send({ conversationId: id, content: 'hello' }));

    const lapsed = await visitor(t, 'olusegun');
    const theirs = await lapsed.api.chat.create();
    expect(await failure(lapsed.api.chat.send({ conversationId: theirs.id, content: 'hello' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'An active subscription is required',
      details: { code: 'SUBSCRIPTION_REQUIRED' },
    });

    await inSuspendedTeam(t, userId, 'Metro Desk');
    const suspended = t.caller({ token }).api;
    expect(await failure(suspended.chat.send({ conversationId: id, content: 'hello again' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Team "Metro Desk" subscription is currently suspended. Get in touch with your team owner.',
      details: { code: 'TEAM_SUSPENDED', teamName: 'Metro Desk' },
    });
    expect((await suspended.chat.get({ id })).messages).toHaveLength(2);
    expect((await suspended.chat.list()).items).toHaveLength(1);
  });

  it('limits how fast one user sends, and frees them as the window passes', async () => {
    t = createTestApp();
    const { api } = await subscriber(t, 'mariana');
    const other = await subscriber(t, 'olusegun');
    const { id } = await api.chat.create();
    for (let i = 0; i < SEND_RATE.max; i++) await collect(await api.chat.send({ conversationId: id, content: `note ${i}` }));
    const refused = await failure(api.chat.send({ conversationId: id, content: 'one more' }));
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_SENDS, details: { retryAfter: expect.any(Number) } });
    expect((await api.chat.get({ id })).messages).toHaveLength(2 * SEND_RATE.max);

    const theirs = await other.api.chat.create();
    expect((await collect(await other.api.chat.send({ conversationId: theirs.id, content: 'hi' }))).done).toBeDefined();

    t.clock.advance(SEND_RATE.windowMs);
    expect((await collect(await api.chat.send({ conversationId: id, content: 'later' }))).done).toBeDefined();
  });
});

describe('chat router: capabilities and posted reviews', () => {
  it('describes the embedded editor', async () => {
    t = createTestApp();
    const { api } = await visitor(t, 'mariana');
    const caps = await api.chat.capabilities();
    expect(caps.assistantId).toBe('copydesk-editor');
    expect(caps.message).toContain('headlines');
    // Until the documents service is wired in, retrieval is off.
    expect(caps.hasVectorCapabilities).toBe('documents' in t.services);
  });

  it('addAssistantMessage posts to the owner’s conversation and moves it to the top; 404 for anyone else', async () => {
    t = createTestApp();
    const owner = await subscriber(t, 'mariana');
    const stranger = await subscriber(t, 'olusegun');
    const doc = await owner.api.chat.create({ title: 'doc' });
    t.clock.advance(MINUTE_MS);
    await owner.api.chat.create({ title: 'newer' });
    t.clock.advance(MINUTE_MS);

    const posted = await t.services.chat.addAssistantMessage(owner.userId, doc.id, '## Editor’s review\n\nStrong lede.');
    expect(posted).toMatchObject({
      conversationId: doc.id,
      role: 'assistant',
      content: '## Editor’s review\n\nStrong lede.',
      status: 'complete',
    });
    expect((await owner.api.chat.list()).items[0]).toMatchObject({ id: doc.id, updatedAt: '2026-03-02T09:02:00.000Z' });
    expect((await owner.api.chat.get({ id: doc.id })).messages).toEqual([posted]);

    await expect(t.services.chat.addAssistantMessage(stranger.userId, doc.id, 'mine')).rejects.toThrow('Conversation not found');
    expect((await owner.api.chat.get({ id: doc.id })).messages).toHaveLength(1);
    const count = (await t.db.select({ n: sql<number>`count(*)` }).from(t.db.tables.conversations))[0]!.n;
    expect(count).toBe(2);
  });
});
