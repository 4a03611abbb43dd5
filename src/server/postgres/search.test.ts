import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import * as lite from '../../../db/schema.sqlite';
import * as pgs from '../../../db/schema.pg';
import { openDatabase, type Database, type SqliteDialect } from '../db';
import { createConversationSearch } from '../services/chat/search';
import { chunkText } from '../services/documents/chunk';
import { createPassageFinder } from '../services/documents/search';
import type { PostgresDatabase } from './connect';
import { postgresDialect } from './dialect';
import { postgresConversationMatcher } from './search';

// Each engine's half of the search under the shared whole, as the services put them together.
const createSqliteSearch = (s: Database<SqliteDialect>) => createConversationSearch(s.dialect.conversations);
const createPostgresSearch = (db: PostgresDatabase) => createConversationSearch(postgresConversationMatcher(db));
const sqlitePassagesFor = (s: Database<SqliteDialect>, userId: number, conversationId: number, q: string, limit?: number) =>
  createPassageFinder(s.db, s.dialect.rankPassages)(userId, conversationId, q, limit);
const passagesFor = (db: PostgresDatabase, userId: number, conversationId: number, q: string, limit?: number) => {
  const shared = postgresDialect(db);
  return createPassageFinder(shared.db, shared.dialect.rankPassages)(userId, conversationId, q, limit);
};
import { postgresForTests, type PostgresForTests } from './test-support';

const setup = await postgresForTests();
const pg = 'unavailable' in setup ? undefined : (setup as PostgresForTests);
afterAll(() => pg?.stop());

let db: PostgresDatabase;
let sqlite: Database<SqliteDialect> | undefined;
let drop: (() => Promise<void>) | undefined;
const fresh = async () => {
  const made = await pg!.freshDatabase();
  db = made.db;
  drop = made.drop;
  sqlite = openDatabase(':memory:');
};
afterEach(async () => {
  await drop?.();
  drop = undefined;
  sqlite?.dialect.client.close();
  sqlite = undefined;
});

interface Rows {
  users: Array<{ id: number; username: string }>;
  conversations: Array<{ id: number; userId: number; title: string; at: number }>;
  messages: Array<{ id: number; conversationId: number; role: 'user' | 'assistant'; content: string; at: number }>;
  /** A document's text is cut into passages as uploads are, unless `passages` gives them. */
  documents: Array<{ id: number; userId: number; conversationId: number; filename: string; text: string; passages?: string[] }>;
}

/** The same rows, with the same ids, in SQLite and in PostgreSQL. */
async function insertBoth(rows: Partial<Rows>) {
  const users = (rows.users ?? []).map((u) => ({ ...u, email: `${u.username}@news.example`, passwordHash: 'not-a-hash' }));
  const conversations = (rows.conversations ?? []).map(({ at, ...c }) => ({ ...c, createdAt: new Date(at), updatedAt: new Date(at) }));
  const messages = (rows.messages ?? []).map(({ at, ...m }) => ({ ...m, createdAt: new Date(at) }));
  const documents = (rows.documents ?? []).map(({ text, passages: _, ...d }) => ({
    ...d,
    kind: 'txt',
    sizeBytes: Buffer.byteLength(text),
    chars: text.length,
    createdAt: new Date(Date.UTC(2026, 2, 2)),
  }));
  let chunkId = 0;
  const chunks = (rows.documents ?? []).flatMap((d) =>
    (d.passages ?? chunkText(d.text)).map((content, ordinal) => ({ id: ++chunkId, documentId: d.id, ordinal, content })),
  );
  for (const [liteTable, pgTable, values] of [
    [lite.users, pgs.users, users],
    [lite.conversations, pgs.conversations, conversations],
    [lite.messages, pgs.messages, messages],
    [lite.documents, pgs.documents, documents],
    [lite.documentChunks, pgs.documentChunks, chunks],
  ] as const) {
    if (!values.length) continue;
    // One loop over five tables: each table's rows suit both of its declarations.
    await sqlite!.db.insert(liteTable).values(values as never);
    await db.insert(pgTable).values(values as never);
  }
}

const ids = (hits: Array<{ conversation: { id: number } }>) => hits.map((h) => h.conversation.id).sort((a, b) => a - b);
const DAY = Date.UTC(2026, 2, 2);

const REPLY = [
  '## Budget',
  '',
  '- **Council** approved the *riverfront* budget of $4.2 million.',
  '- The vote was 7-2: a narrow win.',
  '',
  'Engineers said the flood barrier was delayed again because the steel arrived late, and the budget for next year',
  'will include a second barrier near the harbour. Residents asked questions until midnight.',
].join('\n');

/** Twelve desks as in the SQLite search test, and two reporters with richer conversations. */
function newsroom(): Partial<Rows> {
  const users: Rows['users'] = [];
  const conversations: Rows['conversations'] = [];
  const messages: Rows['messages'] = [];
  let messageId = 0;
  const add = (userId: number, id: number, title: string, texts: Array<string | [string, 'user' | 'assistant']>, at = DAY) => {
    conversations.push({ id, userId, title, at });
    for (const t of texts) {
      const [content, role] = typeof t === 'string' ? [t, 'user' as const] : t;
      messages.push({ id: ++messageId, conversationId: id, role, content, at });
    }
  };
  for (let u = 1; u <= 12; u++) {
    users.push({ id: u, username: `reporter${u}` });
    add(u, u, `Desk ${u} story`, [`alpha bravo ${u} amended budget`, 'owner notes']);
  }
  users.push({ id: 13, username: 'mariana' }, { id: 14, username: 'olusegun' });
  add(13, 13, 'Harbour', ['regatta cancelled', 'ferry timetable'], DAY + 1000);
  add(13, 14, 'Council', ['regatta budget', ['Budget: the council said yes.', 'assistant']], DAY + 2000);
  add(
    13,
    15,
    'Zürich café',
    [
      'Le CAFÉ était fermé à Zürich; naïve readers agree.',
      'The budget is $4.2 million — see https://news.example/budget or write to desk@news.example.',
    ],
    DAY + 3000,
  );
  add(13, 16, 'ÉTÉ Festival', ['well-known <b>tags</b> and the U.S. economy', ['Summer festival (été) notes', 'assistant']], DAY + 3000);
  add(13, 17, 'Riverfront', [['Here is the edit.\n\n' + REPLY, 'assistant'], 'Flood barrier steel delayed?'], DAY + 4000);
  add(
    13,
    18,
    'Many drafts',
    Array.from({ length: 12 }, (_, i) => `Draft ${i + 1} of the budget story`),
    DAY + 5000,
  );
  add(14, 19, 'Theirs', ['regatta secrets', 'budget leak', 'café society'], DAY + 6000);
  return { users, conversations, messages };
}

const QUERIES = [
  'regat',
  'regatta',
  'budget',
  'budg',
  'b',
  'zurich',
  'Zürich',
  'cafe',
  'CAFÉ',
  'naive',
  'été',
  'ete',
  'ÉTÉ',
  'fest',
  '4',
  '4 2',
  '4.2',
  'news',
  'example',
  'desk',
  'https',
  'well',
  'known',
  'well-known',
  'tags',
  'u s',
  'U.S.',
  'economy',
  'council budg',
  'flood barrier',
  'steel arr',
  'draft',
  'owner',
  'alpha bravo',
  '1',
  '',
  ' ',
  '"',
  'NEAR(',
  'the',
  'a',
  'x',
  'riverfront',
  'midnight',
];

describe.skipIf(!pg)('PostgreSQL sidebar search', () => {
  it('returns what the SQLite search returns for the same rows: conversations, order, title matches and excerpts', async () => {
    await fresh();
    await insertBoth(newsroom());
    const onSqlite = createSqliteSearch(sqlite!);
    const onPostgres = createPostgresSearch(db);
    let withMessages = 0;
    for (const userId of [1, 11, 12, 13, 14]) {
      for (const q of QUERIES) {
        const expected = await onSqlite(userId, q);
        withMessages += expected.filter((h) => h.messages.length).length;
        expect(await onPostgres(userId, q), `user ${userId} searching "${q}"`).toEqual(expected);
      }
    }
    // The comparison covered message matches, not only titles.
    expect(withMessages).toBeGreaterThan(50);
  });

  it('never returns another user’s conversations, whatever the words, numbers or prefixes', async () => {
    await fresh();
    await insertBoth(newsroom());
    const search = createPostgresSearch(db);
    for (let userId = 1; userId <= 12; userId++) {
      for (const q of ['a', 'al', 'alpha', 'alpha bravo', 'amen', 'budget', 'story', 'desk', 'notes', 'owner']) {
        expect(ids(await search(userId, q)), `${userId} searching "${q}"`).toEqual([userId]);
      }
      for (const q of ['1', '2', `${userId}`]) {
        expect(ids(await search(userId, q)), `${userId} searching "${q}"`).toEqual(`${userId}`.includes(q) ? [userId] : []);
      }
    }
    expect(ids(await search(13, 'regatta'))).toEqual([13, 14]);
    expect(ids(await search(14, 'regatta'))).toEqual([19]);
    expect(ids(await search(14, 'zurich'))).toEqual([]);
  });

  it('matches prefixes of the last word only, and every word', async () => {
    await fresh();
    await insertBoth(newsroom());
    const search = createPostgresSearch(db);
    expect(ids(await search(13, 'regat'))).toEqual([13, 14]);
    expect(ids(await search(13, 'regatta cancel'))).toEqual([13]);
    expect(ids(await search(13, 'cancelled regat'))).toEqual([13]);
    // Only the last word is a prefix.
    expect(ids(await search(13, 'regat cancelled'))).toEqual([]);
    expect(await search(13, 'café zur')).toMatchObject([
      { conversation: { id: 15 }, titleMatch: false, messages: [{ snippet: 'Le CAFÉ était fermé à Zürich; naïve readers agree.' }] },
    ]);
  });

  it('keeps the index in step as messages change and conversations and accounts go', async () => {
    await fresh();
    await insertBoth({
      users: [
        { id: 1, username: 'mariana' },
        { id: 2, username: 'olusegun' },
      ],
      conversations: [
        { id: 1, userId: 1, title: 'Harbour', at: DAY },
        { id: 2, userId: 1, title: 'Council', at: DAY },
        { id: 3, userId: 2, title: 'Theirs', at: DAY },
      ],
      messages: [
        { id: 1, conversationId: 1, role: 'user', content: 'regatta cancelled', at: DAY },
        { id: 2, conversationId: 1, role: 'user', content: 'ferry timetable', at: DAY },
        { id: 3, conversationId: 2, role: 'user', content: 'regatta budget', at: DAY },
        { id: 4, conversationId: 3, role: 'user', content: 'regatta secrets', at: DAY },
      ],
    });
    const search = async (userId: number, q: string) => ids(await createPostgresSearch(db)(userId, q));
    expect(await search(1, 'regat')).toEqual([1, 2]);

    await db.update(pgs.messages).set({ content: 'lighthouse keeper' }).where(eq(pgs.messages.id, 1));
    await db.update(pgs.messages).set({ status: 'stopped' }).where(eq(pgs.messages.conversationId, 2));
    expect(await search(1, 'lighth')).toEqual([1]);
    expect(await search(1, 'regat')).toEqual([2]);

    await db.delete(pgs.messages).where(eq(pgs.messages.id, 1));
    expect(await search(1, 'lighth')).toEqual([]);

    await db.delete(pgs.conversations).where(eq(pgs.conversations.id, 2));
    expect(await search(1, 'regat')).toEqual([]);

    await db.update(pgs.conversations).set({ userId: 1 }).where(eq(pgs.conversations.id, 3));
    expect(await search(1, 'secr')).toEqual([3]);
    expect(await search(2, 'secr')).toEqual([]);

    await db.delete(pgs.users).where(eq(pgs.users.id, 1));
    const left = await db.execute<{ n: number }>(
      sql`SELECT count(*) AS n FROM messages WHERE search_vector @@ to_tsquery('copydesk_messages', 'regatta')`,
    );
    expect(left.rows).toEqual([{ n: 0 }]);
  });

  it('keeps the newest conversations when more messages match than one search returns', async () => {
    await fresh();
    const conversations = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, userId: 1, title: `Story ${i}`, at: DAY + i * 60_000 }));
    const messages = conversations.flatMap((c, i) =>
      Array.from({ length: 6 }, (_, j) => ({
        id: i * 6 + j + 1,
        conversationId: c.id,
        role: 'user' as const,
        content: i < 30 ? 'budget budget budget' : 'The budget vote was delayed again, and the committee said it would meet next week.',
        at: c.at,
      })),
    );
    await insertBoth({ users: [{ id: 1, username: 'mariana' }], conversations, messages });
    const hits = await createPostgresSearch(db)(1, 'budg');
    expect(hits.map((h) => h.conversation.id)).toEqual(
      conversations
        .slice(10)
        .map((c) => c.id)
        .reverse(),
    );
    expect(hits.every((h) => h.messages.length === 6)).toBe(true);
    expect(hits).toEqual(await createSqliteSearch(sqlite!)(1, 'budg'));
  });

  it('can read matches from the GIN index rather than every message', async () => {
    await fresh();
    await insertBoth(newsroom());
    // A table this small is cheaper to scan, so the planner is told not to.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT m.id FROM messages m WHERE m.search_vector @@ to_tsquery('copydesk_messages', 'budg:*')`,
      );
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on messages_search_idx/);
  });
});

const filler = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    `Paragraph ${i} of the ${topic} file repeats ordinary words about the city, its people and its weather so the passage is long enough. `
      .repeat(4)
      .trim(),
  ).join('\n\n');

const BUDGET = `${filler('budget', 3)}\n\nThe council approved the riverfront budget of $4.2 million after a long debate over taxes.\n\n${filler('budget', 3)}`;
const FLOOD = `${filler('flood', 4)}\n\nEngineers said the flood barrier was delayed again because the steel arrived late.\n\n${filler('flood', 2)}`;
const NOTES = 'Délai: the Zürich café’s naïve owners said the barriers were “delayed”. Flooding, floods and a flooded cellar.';

const HOSTILE = [
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

describe.skipIf(!pg)('PostgreSQL document retrieval', () => {
  const desk = (): Partial<Rows> => ({
    users: [
      { id: 1, username: 'mariana' },
      { id: 2, username: 'olusegun' },
    ],
    conversations: [{ id: 1, userId: 1, title: 'Riverfront', at: DAY }],
    documents: [
      { id: 1, userId: 1, conversationId: 1, filename: 'budget.txt', text: BUDGET },
      { id: 2, userId: 1, conversationId: 1, filename: 'flood.txt', text: FLOOD },
      { id: 3, userId: 1, conversationId: 1, filename: 'notes.txt', text: NOTES },
    ],
  });

  it('returns the passages SQLite returns for the same documents, in the same order', async () => {
    await fresh();
    await insertBoth(desk());
    const queries: Array<[string, number?]> = [
      ['Why are the flood barriers delayed?'],
      ['taxes debate'],
      ['city people weather'],
      ['city', 2],
      ['city', 0],
      ['zeppelin quasar', 2],
      ['', 1],
      ['flood barrier steel', 10],
      ['riverfront budget million', 10],
      ['engineers delaying steel', 3],
      ['cafe zurich delai', 5],
      ['flooding', 10],
      ['4.2 million', 10],
      ['paragraph file passage', 50],
      ...HOSTILE.map((q) => [q, 3] as [string, number]),
    ];
    // The notes' 'barriers were delayed', 'Flooding, floods and a flooded cellar' outrank the flood report.
    expect((await passagesFor(db, 1, 1, 'Why are the flood barriers delayed?'))[0]).toMatchObject({ documentId: 3 });
    expect((await passagesFor(db, 1, 1, 'cafe zurich'))[0]).toMatchObject({ documentId: 3 });
    for (const [q, limit] of queries) {
      const expected = await sqlitePassagesFor(sqlite!, 1, 1, q, limit);
      expect(await passagesFor(db, 1, 1, q, limit), `"${q}" (${limit ?? 'default'})`).toEqual(expected);
    }
  });

  it('orders passages by bm25 as FTS5 does: term frequency, passage length, rarer words weighing more', async () => {
    await fresh();
    // Passages of 3 to 60 words drawn (with a fixed seed) from a small vocabulary, so words repeat
    // within and across passages and many passages match, each scored differently.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const vocabulary = [
      'council',
      'budget',
      'flood',
      'barrier',
      'steel',
      'harbour',
      'taxes',
      'vote',
      'city',
      'weather',
      'engineers',
      'delayed',
    ];
    const passage = () =>
      Array.from({ length: 3 + Math.floor(random() * 58) }, () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)]).join(' ') +
      '.';
    const documents = [1, 2, 3].map((id) => {
      const passages = Array.from({ length: 20 }, passage);
      return { id, userId: 1, conversationId: 1, filename: `doc${id}.txt`, text: passages.join(''), passages };
    });
    await insertBoth({ ...desk(), documents });
    for (const q of [
      'steel',
      'engineers delayed',
      'harbour taxes vote',
      'council budget',
      'weather barrier flood city',
      'delayed steel harbour',
    ]) {
      const expected = await sqlitePassagesFor(sqlite!, 1, 1, q, 50);
      expect(expected.length, q).toBeGreaterThan(5);
      expect(await passagesFor(db, 1, 1, q, 50), q).toEqual(expected);
    }
  });

  it('ranks the passage holding the query’s words first, stems included', async () => {
    await fresh();
    await insertBoth({ ...desk(), documents: desk().documents!.slice(0, 2) });
    const [top] = await passagesFor(db, 1, 1, 'Why are the flood barriers delayed?');
    expect(top).toMatchObject({ documentId: 2, filename: 'flood.txt' });
    expect(top!.content).toContain('flood barrier was delayed again');
    const [budgetTop] = await passagesFor(db, 1, 1, 'taxes debate');
    expect(budgetTop).toMatchObject({ documentId: 1 });
    expect(budgetTop!.content).toContain('long debate over taxes');
  });

  it('searches only the caller’s documents in that conversation', async () => {
    await fresh();
    await insertBoth({
      users: [
        { id: 1, username: 'mariana' },
        { id: 2, username: 'olusegun' },
      ],
      conversations: [
        { id: 1, userId: 1, title: 'Riverfront', at: DAY },
        { id: 2, userId: 1, title: 'Other story', at: DAY },
        { id: 3, userId: 2, title: 'Theirs', at: DAY },
      ],
      documents: [
        { id: 1, userId: 1, conversationId: 1, filename: 'budget.txt', text: BUDGET },
        { id: 2, userId: 1, conversationId: 2, filename: 'flood-elsewhere.txt', text: FLOOD },
        { id: 3, userId: 2, conversationId: 3, filename: 'flood.txt', text: FLOOD },
      ],
    });
    const found = await passagesFor(db, 1, 1, 'flood barrier steel', 10);
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((p) => p.documentId))).toEqual(new Set([1]));
    expect(await passagesFor(db, 1, 3, 'flood barrier steel')).toEqual([]);
    expect((await passagesFor(db, 2, 3, 'flood barrier steel'))[0]!.content).toContain('flood barrier was delayed');
    for (const q of ['flood*', '^flood', 'content:flood', 'NEAR(flood barrier', '-flood']) {
      expect((await passagesFor(db, 1, 2, q, 1))[0]!.content, q).toContain('flood barrier was delayed');
    }
  });
});
