import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './transaction-awaits-queries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const here = import.meta.dirname;
// Not a file on disk: the project service reads it as given, in its default project.
const filename = path.join(here, 'transaction-body.ts');

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { projectService: { allowDefaultProject: ['transaction-body.ts'] }, tsconfigRootDir: here },
  },
});

const DECLARATIONS = `
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
const notes = sqliteTable('notes', { id: integer('id').primaryKey(), body: text('body') });
declare const db: SqliteRemoteDatabase;
type Database = typeof db;
declare function sendMail(to: string): Promise<void>;
declare const audit: { record(what: string, tx: Database): Promise<void> };
`;

const lines = (code: string) => `${DECLARATIONS}${code}`;
/** Where a line of a case's own code is, as the rule names it. */
const line = (n: number) => `${path.relative(process.cwd(), filename)}:${DECLARATIONS.split('\n').length - 1 + n}`;
const valid = (code: string) => ({ code: lines(code), filename });
const invalid = (code: string, errors: Array<{ messageId: string; data?: Record<string, string> }>) => ({
  code: lines(code),
  filename,
  errors,
});

tester.run('transaction-awaits-queries', rule, {
  valid: [
    // Drizzle's builders, awaited or returned, through the transaction or the database.
    valid(`await db.transaction(async (tx) => {
      await tx.insert(notes).values({ body: 'a' });
      const rows = await db.select().from(notes);
      if (rows.length > 1) return tx.update(notes).set({ body: 'b' }).returning();
      return (await tx.select().from(notes).limit(1))[0];
    });`),
    // A helper of ours whose own waits are queries, handed the transaction or not.
    valid(`async function count(tx: Database) { return (await tx.select().from(notes)).length; }
      const latest = async () => (await db.select().from(notes).limit(1))[0];
      await db.transaction(async (tx) => { await count(tx); await latest(); });`),
    // A nested transaction (a savepoint), its failure caught; queries side by side.
    valid(`await db.transaction(async (tx) => {
      await tx.transaction(async (inner) => { await inner.delete(notes); }).catch(() => undefined);
      await Promise.all([tx.select().from(notes), tx.delete(notes)]);
    });`),
    // A prepared statement, also picked from an object as a Pick of it.
    valid(`const byId = db.select().from(notes).prepare();
      const picked: Pick<typeof byId, 'execute'> = byId;
      await db.transaction(async () => { await byId.execute(); await picked.execute(); });`),
    // A helper that cannot be read counts when it is handed the transaction.
    valid(`await db.transaction(async (tx) => { await audit.record('note.delete', tx); });`),
    // An async generator of ours that pages through a table.
    valid(`async function* pages(tx: Database) { for (let n = 0; ; n += 10) yield await tx.select().from(notes).limit(10).offset(n); }
      await db.transaction(async (tx) => {
        const paging = pages(tx);
        await paging.next();
        for await (const page of pages(tx)) if (page.length === 0) break;
      });`),
    // Mail after the transaction; a value that is not a promise.
    valid(`const note = await db.transaction(async (tx) => { const n = await 1; return (await tx.select().from(notes))[n]; });
      await sendMail(String(note?.body));`),
    // Some other object's transaction is not the database's.
    valid(`declare const queue: { transaction(body: () => Promise<void>): Promise<void> };
      await queue.transaction(async () => { await sendMail('desk@example.com'); });`),
  ],
  invalid: [
    invalid(`await db.transaction(async (tx) => { await tx.delete(notes); await sendMail('desk@example.com'); });`, [
      { messageId: 'notQuery', data: { wait: "sendMail('desk@example.com')" } },
    ]),
    invalid(`await db.transaction(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });`, [{ messageId: 'notQuery' }]),
    // What the body returns is waited for too.
    invalid(`await db.transaction(async () => fetch('https://example.com'));`, [{ messageId: 'notQuery' }]),
    // Only Drizzle's prepared statements: another object's \`execute\` is not a query.
    invalid(
      `declare const job: { execute(): Promise<void> };
      await db.transaction(async () => { await job.execute(); });`,
      [{ messageId: 'notQuery' }],
    ),
    invalid(`await db.transaction(async (tx) => { return Promise.all([tx.delete(notes), sendMail('a@example.com')]); });`, [
      { messageId: 'notQuery', data: { wait: "sendMail('a@example.com')" } },
    ]),
    // A helper handed the transaction is still read: here it mails.
    invalid(
      `async function welcome(tx: Database) { await tx.insert(notes).values({ body: 'hi' }); await sendMail('new@example.com'); }
      await db.transaction(async (tx) => { await welcome(tx); });`,
      [
        {
          messageId: 'notQueryInside',
          data: { wait: 'welcome(tx)', inner: "sendMail('new@example.com')", where: line(1) },
        },
      ],
    ),
    // Through two helpers, and in a body given by name.
    invalid(
      `const pause = () => new Promise((resolve) => setImmediate(resolve));
      const settle = async () => { await pause(); };
      const body = async (tx: Database) => { await tx.delete(notes); await settle(); };
      await db.transaction(body);`,
      [
        {
          messageId: 'notQueryInside',
          data: {
            wait: 'settle()',
            inner: 'new Promise((resolve) => setImmediate(resolve))',
            where: line(1),
          },
        },
      ],
    ),
    // Neither ours to read nor handed the transaction.
    invalid(
      `declare const billing: { charge(id: number): Promise<void> };
      await db.transaction(async (tx) => { await tx.delete(notes); await billing.charge(1); });`,
      [{ messageId: 'notQuery' }],
    ),
    invalid(
      `declare const feed: AsyncIterable<string>;
      await db.transaction(async () => { for await (const item of feed) await sendMail(item); });`,
      [{ messageId: 'notQuery', data: { wait: 'for await (... of feed)' } }, { messageId: 'notQuery' }],
    ),
  ],
});
