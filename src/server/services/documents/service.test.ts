import fs from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../shared/uploads';
import { MAX_TEXT_CHARS, stopEditor } from '../../editor';
import { createTestApp, type TestApp } from '../../test-app';
import { failure, subscriber } from '../chat/test-support';
import { createDocumentService, type AssistantMessages, type DocumentServiceOptions } from './index';
import { DOCUMENT_LIMITS } from './limits';
import { passageFtsQuery } from '../../sqlite/passage-search';
import { passageTerms } from './search';
import { fileOf, fixture, receivedFile } from './test-support';
import { SQLITE_INTERNALS } from '../../test-engine';

let t: TestApp;
afterEach(() => t?.close());
afterAll(() => stopEditor());

const filler = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    `Paragraph ${i} of the ${topic} file repeats ordinary words about the city, its people and its weather so the passage is long enough. `
      .repeat(4)
      .trim(),
  ).join('\n\n');

const BUDGET = `${filler('budget', 3)}\n\nThe council approved the riverfront budget of $4.2 million after a long debate over taxes.\n\n${filler('budget', 3)}`;
const FLOOD = `${filler('flood', 4)}\n\nEngineers said the flood barrier was delayed again because the steel arrived late.\n\n${filler('flood', 2)}`;

async function setup() {
  t = createTestApp();
  const owner = await subscriber(t, 'mariana');
  const user = (await t.services.users.findById(owner.userId))!;
  const conversation = await owner.api.chat.create({ title: 'Riverfront' });
  const add = async (filename: string, text: string, conversationId: number | undefined = conversation.id) =>
    (await t.services.documents.upload(user, { conversationId, file: fileOf(filename, text) })).document;
  return { owner, user, conversationId: conversation.id, add };
}

describe('upload into storage', () => {
  it.skipIf(SQLITE_INTERNALS)('stores the text in consecutive passages indexed for search, and gives it back whole', async () => {
    const { owner, add } = await setup();
    const { documentChunks } = t.db.tables;
    const doc = await add('flood.txt', FLOOD);
    const chunks = await t.db
      .select({ ordinal: documentChunks.ordinal, content: documentChunks.content })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, doc.id))
      .orderBy(asc(documentChunks.ordinal));
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
    expect(chunks.map((c) => c.content).join('')).toBe(FLOOD);
    expect(await t.services.documents.textFor(owner.userId, doc.id)).toBe(FLOOD);
    expect(doc.chars).toBe(FLOOD.length);
    const indexed = t
      .sqliteClient()
      .prepare(`SELECT count(*) AS n FROM document_chunks_fts WHERE document_chunks_fts MATCH '"steel"'`)
      .get();
    expect(indexed).toEqual({ n: 1 });
  });

  it.skipIf(SQLITE_INTERNALS)('lists a conversation’s documents and deletes one with its passages and index entries', async () => {
    const { owner, conversationId, add } = await setup();
    const { documentChunks } = t.db.tables;
    const budget = await add('budget.txt', BUDGET);
    const flood = await add('flood.txt', FLOOD);
    expect(await t.services.documents.list(owner.userId, conversationId)).toEqual([
      {
        id: budget.id,
        conversationId,
        filename: 'budget.txt',
        kind: 'txt',
        sizeBytes: Buffer.byteLength(BUDGET),
        chars: BUDGET.length,
        createdAt: '2026-03-02T09:00:00.000Z',
      },
      expect.objectContaining({ id: flood.id, filename: 'flood.txt' }),
    ]);
    expect(await t.services.documents.remove(owner.userId, flood.id)).toEqual({ success: true });
    expect((await t.services.documents.list(owner.userId, conversationId)).map((d) => d.id)).toEqual([budget.id]);
    expect(await t.db.select({ id: documentChunks.id }).from(documentChunks).where(eq(documentChunks.documentId, flood.id))).toEqual([]);
    expect(t.sqliteClient().prepare(`SELECT rowid FROM document_chunks_fts WHERE document_chunks_fts MATCH '"steel"'`).all()).toEqual([]);
  });

  it('refuses too many uploads in an hour with 429 and a retry time', async () => {
    const { user } = await setup();
    for (let i = 0; i < DOCUMENT_LIMITS.uploadsPerUser.max; i++)
      await t.services.limiter.hit(`upload:${user.id}`, DOCUMENT_LIMITS.uploadsPerUser);
    const refused = await failure(t.services.documents.upload(user, { file: fileOf('story.txt', fixture('story.txt')) }));
    expect(refused).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: UPLOAD_MESSAGES.tooMany,
      details: { success: false, retryAfter: 3600 },
    });
    t.clock.advance(DOCUMENT_LIMITS.uploadsPerUser.windowMs + 1);
    await expect(t.services.documents.upload(user, { file: fileOf('story.txt', fixture('story.txt')) })).resolves.toMatchObject({
      success: true,
    });
  });

  it('keeps each account within its storage quota, counting what it has uploaded, and frees room on delete', async () => {
    t = createTestApp({ env: { STORAGE_QUOTA_MB: '1' } });
    const owner = await subscriber(t, 'mariana');
    const user = (await t.services.users.findById(owner.userId))!;
    const sixHundredKb = BUDGET.repeat(Math.ceil(600_000 / BUDGET.length)).slice(0, 600_000);
    const first = await t.services.documents.upload(user, { file: fileOf('first.txt', sixHundredKb) });
    const refused = await failure(t.services.documents.upload(user, { file: fileOf('second.txt', sixHundredKb) }));
    expect(refused).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.quotaFull(1), details: { success: false } });
    // Another account has a quota of its own.
    const other = await subscriber(t, 'olusegun');
    await expect(
      t.services.documents.upload((await t.services.users.findById(other.userId))!, { file: fileOf('second.txt', sixHundredKb) }),
    ).resolves.toMatchObject({ success: true });

    await t.services.documents.remove(owner.userId, first.document.id);
    await expect(t.services.documents.upload(user, { file: fileOf('second.txt', sixHundredKb) })).resolves.toMatchObject({ success: true });
  });

  it('removes the temporary file of an upload, whether it is stored or refused', async () => {
    const { user } = await setup();
    for (const [name, content] of [
      ['story.txt', 'The council voted on Tuesday.'],
      ['story.pdf', 'not a pdf'],
    ] as const) {
      const file = receivedFile(name, content);
      await t.services.documents.upload(user, { file: { read: async () => file } }).catch(() => undefined);
      expect(fs.existsSync(file.path), name).toBe(false);
    }
  });
});

describe('the editor’s review of an upload', () => {
  /** A document service over the test app's database and limits, posting reviews through `chat`. */
  const documentsWith = (o: Pick<DocumentServiceOptions, 'chat' | 'log'>) =>
    createDocumentService({ db: t.db, dialect: t.dialect, clock: t.clock, config: t.config, limiter: t.services.limiter, ...o });

  it('answers with the review even when no chat service can take it', async () => {
    const { user, conversationId } = await setup();
    const documents = documentsWith({ chat: () => undefined });
    const result = await documents.upload(user, { conversationId, file: fileOf('story.docx', fixture('story.docx')) });
    expect(result).toMatchObject({ success: true, reviewPosted: false });
    expect(result.review).toMatch(/^## Editor’s review/);
    expect(result.review).toContain('story.docx');
    expect((await t.services.chat.get(user, conversationId)).messages).toEqual([]);
  });

  it('keeps the upload when posting the review fails, and logs why', async () => {
    const { user, conversationId } = await setup();
    const logs: string[] = [];
    const broken: AssistantMessages = {
      addAssistantMessage: () => {
        throw new Error('database is locked');
      },
    };
    const documents = documentsWith({ chat: () => broken, log: (l) => logs.push(l) });
    const result = await documents.upload(user, { conversationId, file: fileOf('story.txt', fixture('story.txt')) });
    expect(result).toMatchObject({ success: true, reviewPosted: false });
    expect(await documents.list(user.id, conversationId)).toHaveLength(1);
    expect(logs.join('\n')).toContain('database is locked');
  });

  it('reviews the first part of a document longer than the editor checks at once, and says so', async () => {
    const { user } = await setup();
    const long = Array.from(
      { length: 1_400 },
      (_, i) => `The council met on day ${i + 1} and voted to approve the riverfront plan, the clerk said.`,
    ).join('\n\n');
    expect(long.length).toBeGreaterThan(MAX_TEXT_CHARS);
    const result = await t.services.documents.upload(user, { file: fileOf('minutes.txt', long) });
    expect(result.document.chars).toBe(long.length);
    expect(result.review).not.toContain('characters long; the editor checks at most');
    expect(result.review).toMatch(/This review covers the first [\d,]+ of [\d,]+ characters/);
  }, 60_000);
});

describe('passagesFor', () => {
  it('ranks the passage holding the query’s words first, stems included', async () => {
    const { owner, conversationId, add } = await setup();
    const budget = await add('budget.txt', BUDGET);
    const flood = await add('flood.txt', FLOOD);
    const [top] = await t.services.documents.passagesFor(owner.userId, conversationId, 'Why are the flood barriers delayed?');
    expect(top).toMatchObject({ documentId: flood.id, filename: 'flood.txt' });
    expect(top!.content).toContain('flood barrier was delayed again');
    expect(top!.content).toBe(top!.content.trim());

    const [budgetTop] = await t.services.documents.passagesFor(owner.userId, conversationId, 'taxes debate');
    expect(budgetTop).toMatchObject({ documentId: budget.id });
    expect(budgetTop!.content).toContain('long debate over taxes');
  });

  it('returns at most `limit` passages, five by default', async () => {
    const { owner, conversationId, add } = await setup();
    await add('budget.txt', BUDGET);
    await add('flood.txt', FLOOD);
    expect(await t.services.documents.passagesFor(owner.userId, conversationId, 'city people weather')).toHaveLength(5);
    expect(await t.services.documents.passagesFor(owner.userId, conversationId, 'city', 2)).toHaveLength(2);
    expect(await t.services.documents.passagesFor(owner.userId, conversationId, 'city', 0)).toEqual([]);
  });

  it('falls back to the opening passages when no word of the query occurs', async () => {
    const { owner, conversationId, add } = await setup();
    const budget = await add('budget.txt', BUDGET);
    const flood = await add('flood.txt', FLOOD);
    const openings = await t.services.documents.passagesFor(owner.userId, conversationId, 'zeppelin quasar', 2);
    expect(openings.map((p) => p.documentId)).toEqual([flood.id, budget.id]);
    expect(openings.map((p) => p.content)).toEqual([
      (await t.services.documents.textFor(owner.userId, flood.id)).slice(0, openings[0]!.content.length),
      (await t.services.documents.textFor(owner.userId, budget.id)).slice(0, openings[1]!.content.length),
    ]);
    expect(await t.services.documents.passagesFor(owner.userId, conversationId, '', 1)).toHaveLength(1);
  });

  it('searches only the caller’s documents in that conversation', async () => {
    const { owner, conversationId, add } = await setup();
    const budget = await add('budget.txt', BUDGET);
    const elsewhere = await owner.api.chat.create({ title: 'Other story' });
    await add('flood-elsewhere.txt', FLOOD, elsewhere.id);
    const stranger = await subscriber(t, 'olusegun');
    const theirs = await stranger.api.chat.create();
    await t.services.documents.upload((await t.services.users.findById(stranger.userId))!, {
      conversationId: theirs.id,
      file: fileOf('flood.txt', FLOOD),
    });

    const found = await t.services.documents.passagesFor(owner.userId, conversationId, 'flood barrier steel', 10);
    expect(new Set(found.map((p) => p.documentId))).toEqual(new Set([budget.id]));
    expect(await t.services.documents.passagesFor(owner.userId, theirs.id, 'flood barrier steel')).toEqual([]);
    const empty = await owner.api.chat.create({ title: 'No documents' });
    expect(await t.services.documents.passagesFor(owner.userId, empty.id, 'flood barrier steel')).toEqual([]);
  });

  it('never lets the query be FTS syntax', async () => {
    const { owner, conversationId, add } = await setup();
    await add('flood.txt', FLOOD);
    const hostile = [
      '"',
      '""',
      'NEAR(',
      'NEAR(flood barrier',
      '*',
      'flood*',
      '^flood',
      'content:flood',
      'flood AND',
      'OR',
      'NOT',
      '(',
      ')',
      "'",
      '-flood',
      '{content} : steel',
      'fl"ood',
      '+',
      '\u0000',
    ];
    for (const q of hostile)
      await expect(t.services.documents.passagesFor(owner.userId, conversationId, q), q).resolves.toBeInstanceOf(Array);
    for (const q of ['flood*', '^flood', 'content:flood', 'NEAR(flood barrier', '-flood']) {
      expect((await t.services.documents.passagesFor(owner.userId, conversationId, q, 1))[0]!.content, q).toContain(
        'flood barrier was delayed',
      );
    }
  });
});

describe('passageTerms', () => {
  it('keeps each distinct word in lower case, dropping punctuation and common words', () => {
    expect(passageTerms('NEAR(flood, "barrier") * AND the Flood')).toEqual(['near', 'flood', 'barrier']);
    expect(passageTerms('Café naïve 4.2 a')).toEqual(['café', 'naïve', '4', '2']);
  });

  it('is null when nothing searchable is left', () => {
    expect(passageTerms('"*()" - ^ :')).toBeNull();
    expect(passageTerms('the of to')).toBeNull();
    expect(passageTerms('to be or not')).toEqual(['not']);
  });

  it('become an FTS5 query of quoted words joined by OR on SQLite', () => {
    expect(passageFtsQuery(passageTerms('NEAR(flood, "barrier") * AND the Flood')!)).toBe('"near" OR "flood" OR "barrier"');
  });
});

describe('owner checks', () => {
  it('answers 404 for another user’s document or conversation', async () => {
    const { owner, conversationId, add } = await setup();
    const doc = await add('budget.txt', BUDGET);
    const stranger = await subscriber(t, 'olusegun');
    expect(await failure(t.services.documents.textFor(stranger.userId, doc.id))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Document not found',
    });
    expect(await failure(t.services.documents.remove(stranger.userId, doc.id))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await failure(t.services.documents.list(stranger.userId, conversationId))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Conversation not found',
    });
    expect(await t.services.documents.textFor(owner.userId, doc.id)).toBe(BUDGET);
  });
});
