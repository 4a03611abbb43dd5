import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import * as schema from '../../../../db/schema.sqlite';
import { openDatabase, type DB } from '../../db';
import { MESSAGE_MATCHES_SQL, messageFtsQuery, ownedFtsQuery } from '../../sqlite/conversation-search';
import { createTestApp, type TestApp } from '../../test-app';
import { createConversationSearch, searchTerms } from './search';
import { SQLITE_INTERNALS } from '../../test-engine';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../db/migrations');

let t: TestApp | undefined;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const c of cleanups.splice(0)) c();
});

async function addUser(db: DB, name: string): Promise<number> {
  const { users } = db.tables;
  const [row] = await db
    .insert(users)
    .values({ username: name, email: `${name}@news.example`, passwordHash: 'not-a-hash' })
    .returning();
  return row!.id;
}

async function addConversation(db: DB, userId: number, title: string, texts: string[], at = Date.UTC(2026, 2, 2)): Promise<number> {
  const { conversations, messages } = db.tables;
  const [row] = await db
    .insert(conversations)
    .values({ userId, title, createdAt: new Date(at), updatedAt: new Date(at) })
    .returning();
  for (const content of texts)
    await db.insert(messages).values({ conversationId: row!.id, role: 'user', content, createdAt: new Date(at) });
  return row!.id;
}

const ids = (hits: Array<{ conversation: { id: number } }>) => hits.map((h) => h.conversation.id).sort((a, b) => a - b);

/** FTS5's own check of the message index against the messages it was built from; throws when they disagree. */
function checkIndex(sqlite: Database.Database) {
  sqlite.prepare(`INSERT INTO messages_fts(messages_fts, rank) VALUES ('integrity-check', 1)`).run();
}

describe('conversation search, scoped to its caller', () => {
  it('never returns another user’s conversations, whatever the words, numbers or prefixes', async () => {
    t = createTestApp();
    const db = t.db;
    // Twelve users, so ids 1 and 11 share a prefix and 1, 11 and 12 all start with "1".
    const desks: Array<{ userId: number; id: number }> = [];
    for (let i = 0; i < 12; i++) {
      const userId = await addUser(db, `reporter${i + 1}`);
      const id = await addConversation(db, userId, `Desk ${userId} story`, [`alpha bravo ${userId} amended budget`, 'owner notes']);
      desks.push({ userId, id });
    }
    const search = (userId: number, q: string) => t!.services.chat.search({ id: userId }, q);

    for (const { userId, id } of desks) {
      for (const q of ['a', 'al', 'alpha', 'alpha bravo', 'amen', 'budget', 'story', 'desk', 'notes', 'owner']) {
        expect(ids(await search(userId, q)), `${userId} searching "${q}"`).toEqual([id]);
      }
      // The id is in the title (found as a substring) and in a message (as a word prefix).
      for (const q of ['1', '2', `${userId}`]) {
        expect(ids(await search(userId, q)), `${userId} searching "${q}"`).toEqual(`${userId}`.includes(q) ? [id] : []);
      }
      // What the index stores to tell owners apart is not text a user can find.
      for (const q of [`owner${userId}`, 'owner1', `owner : owner${userId}`]) {
        expect(
          ids(await search(userId, q)).filter((c) => c !== id),
          `${userId} searching "${q}"`,
        ).toEqual([]);
        if (!q.includes(':')) expect(await search(userId, q), `${userId} searching "${q}"`).toEqual([]);
      }
    }
  });

  it.skipIf(SQLITE_INTERNALS)('keeps the index in step as messages change and conversations and accounts go', async () => {
    t = createTestApp();
    const db = t.db;
    const { conversations, messages, users } = db.tables;
    const mariana = await addUser(db, 'mariana');
    const olusegun = await addUser(db, 'olusegun');
    const harbour = await addConversation(db, mariana, 'Harbour', ['regatta cancelled', 'ferry timetable']);
    const council = await addConversation(db, mariana, 'Council', ['regatta budget']);
    const theirs = await addConversation(db, olusegun, 'Theirs', ['regatta secrets']);
    const search = async (userId: number, q: string) => ids(await t!.services.chat.search({ id: userId }, q));
    checkIndex(t.sqliteClient());
    expect(await search(mariana, 'regat')).toEqual([harbour, council]);

    const [first] = await db.select().from(messages).where(eq(messages.conversationId, harbour));
    await db.update(messages).set({ content: 'lighthouse keeper' }).where(eq(messages.id, first!.id));
    await db.update(messages).set({ status: 'stopped' }).where(eq(messages.conversationId, council));
    checkIndex(t.sqliteClient());
    expect(await search(mariana, 'lighth')).toEqual([harbour]);
    expect(await search(mariana, 'regat')).toEqual([council]);

    await db.delete(messages).where(eq(messages.id, first!.id));
    checkIndex(t.sqliteClient());
    expect(await search(mariana, 'lighth')).toEqual([]);

    await t.services.chat.remove({ id: mariana }, council);
    checkIndex(t.sqliteClient());
    expect(await search(mariana, 'regat')).toEqual([]);

    // A conversation handed to another account is found by its new owner only.
    await db.update(conversations).set({ userId: mariana }).where(eq(conversations.id, theirs));
    checkIndex(t.sqliteClient());
    expect(await search(mariana, 'secr')).toEqual([theirs]);
    expect(await search(olusegun, 'secr')).toEqual([]);

    await db.delete(users).where(eq(users.id, mariana));
    checkIndex(t.sqliteClient());
    expect(t.sqliteClient().prepare(`SELECT count(*) AS n FROM messages_fts`).get()).toEqual({ n: 0 });
  });

  it('indexes the messages of a database that existed before the scoped index', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-search-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    // The migrations as they were before 0005, applied to a file that then gets data.
    const before = path.join(dir, 'migrations');
    fs.mkdirSync(path.join(before, 'meta'), { recursive: true });
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ idx: number; tag: string }>;
    };
    journal.entries = journal.entries.filter((e) => e.idx <= 4);
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
    for (const e of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
    const file = path.join(dir, 'app.db');
    const sqlite = new Database(file);
    sqlite.pragma('foreign_keys = ON');
    migrate(drizzle(sqlite, { schema, casing: 'snake_case' }), { migrationsFolder: before });
    // Rows as that schema had them: today's Drizzle schema names columns added since.
    const oldRow = (statement: string, ...values: unknown[]) => Number(sqlite.prepare(statement).run(...values).lastInsertRowid);
    const oldUser = (name: string) =>
      oldRow('INSERT INTO users (username, email, password_hash) VALUES (?, ?, ?)', name, `${name}@news.example`, 'x');
    const oldConversation = (userId: number, title: string, text: string) => {
      const id = oldRow('INSERT INTO conversations (user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?)', userId, title, 1, 1);
      oldRow("INSERT INTO messages (conversation_id, role, content, created_at) VALUES (?, 'user', ?, ?)", id, text, 1);
      return id;
    };
    const mariana = oldUser('mariana');
    const olusegun = oldUser('olusegun');
    const hers = oldConversation(mariana, 'Harbour', 'The regatta was cancelled');
    oldConversation(olusegun, 'Theirs', 'regatta secrets');
    sqlite.close();

    const { dialect } = openDatabase(file);
    cleanups.unshift(() => void dialect.close());
    checkIndex(dialect.client);
    const search = createConversationSearch(dialect.conversations);
    expect(await search(mariana, 'regat')).toMatchObject([
      { conversation: { id: hers }, titleMatch: false, messages: [{ snippet: 'The regatta was cancelled' }] },
    ]);
    expect(ids(await search(olusegun, 'cancel'))).toEqual([]);
  });

  it('keeps the newest conversations when more messages match than one search returns', async () => {
    t = createTestApp();
    const db = t.db;
    const mariana = await addUser(db, 'mariana');
    // 60 conversations of 6 matching messages each: more than the 300 message hits a search
    // reads. The oldest ones match best by relevance (short, the word repeated).
    const made: number[] = [];
    for (let i = 0; i < 60; i++) {
      made.push(
        await addConversation(
          db,
          mariana,
          `Story ${i}`,
          Array.from({ length: 6 }, () =>
            i < 30 ? 'budget budget budget' : 'The budget vote was delayed again, and the committee said it would meet next week.',
          ),
          Date.UTC(2026, 2, 2) + i * 60_000,
        ),
      );
    }
    const hits = await t.services.chat.search({ id: mariana }, 'budg');
    expect(hits.map((h) => h.conversation.id)).toEqual(made.slice(10).reverse());
    expect(hits.every((h) => h.messages.length === 6)).toBe(true);
  });

  it.skipIf(SQLITE_INTERNALS)('restricts the full-text match itself to the caller’s messages, read newest first', async () => {
    t = createTestApp();
    const db = t.db;
    const mine = await addUser(db, 'mariana');
    const others = [await addUser(db, 'olusegun'), await addUser(db, 'priya')];
    await addConversation(db, mine, 'Mine', ['apple', 'avocado', 'banana']);
    for (const o of others) await addConversation(db, o, 'Theirs', ['apple', 'apricot', 'almond']);
    const mineMatching = t
      .sqliteClient()
      .prepare(
        `SELECT m.id FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.user_id = ? AND m.content LIKE 'a%' ORDER BY m.id`,
      )
      .pluck()
      .all(mine);

    // The index alone, with no join to conversations, yields none of the other users' rows.
    const matched = t
      .sqliteClient()
      .prepare(`SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid`)
      .pluck()
      .all(ownedFtsQuery(mine, messageFtsQuery(searchTerms('a')!)));
    expect(matched).toEqual(mineMatching);
    // The search is driven by that match and reads it in the index's order: no sort of every match first.
    const plan = t
      .sqliteClient()
      .prepare(`EXPLAIN QUERY PLAN ${MESSAGE_MATCHES_SQL}`)
      .all(ownedFtsQuery(mine, messageFtsQuery(searchTerms('a')!)), mine, 300)
      .map((r) => (r as { detail: string }).detail);
    expect(plan[0]).toMatch(/^SCAN messages_fts VIRTUAL TABLE INDEX \d+:M/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});
