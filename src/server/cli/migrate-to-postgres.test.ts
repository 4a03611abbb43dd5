import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import * as lite from '../../../db/schema.sqlite';
import * as pgs from '../../../db/schema.pg';
import { stopEditor } from '../editor';
import { connectPostgres, type PostgresDatabase } from '../postgres/connect';
import { COPIED_TABLES, copyTables, verifyTables, type SqliteSource } from '../postgres/copy-from-sqlite';
import { postgresDialect } from '../postgres/dialect';
import { postgresConversationMatcher } from '../postgres/search';
import { createConversationSearch } from '../services/chat/search';
import { postgresForTests, type PostgresForTests } from '../postgres/test-support';
import { createPassageFinder } from '../services/documents/search';
import { upload } from '../services/documents/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { get, login, post, registerUser, send } from '../test-http';
import { commands } from './commands';

const setup = await postgresForTests();
const pg = 'unavailable' in setup ? undefined : (setup as PostgresForTests);
afterAll(async () => {
  await pg?.stop();
  await stopEditor();
});

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const c of cleanups.splice(0).reverse()) await c();
});

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SQLITE_MIGRATIONS = path.join(ROOT, 'db/migrations');

/** Runs `npm run cli -- <name> ...` in-process: its exit code and what it printed. */
async function cli(name: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  try {
    const code = (await commands[name]!.run(args)) ?? 0;
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const migrateToPostgres = (from: string, to: string) => cli('migrate-to-postgres', '--from', from, '--to', to);

/** The same command as a process, as an operator runs it. */
function migrateInAProcess(from: string, to: string) {
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli.ts', 'migrate-to-postgres', '--from', from, '--to', to],
    { cwd: ROOT },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.url} answered ${r.status}: ${await r.text()}`);
  return (await r.json()) as T;
}

interface Person {
  name: string;
  token: string;
  id: number;
}

/** An app on a fresh SQLite file, used through its REST API as a newsroom uses it. */
function install(): TestApp & {
  file: string;
  person: (username: string, email?: string) => Promise<Person>;
  personNamedWithNul: () => Promise<Person>;
} {
  const t = createTestApp({ start: '2026-03-02T09:00:00Z' });
  cleanups.push(() => t.close());
  vi.stubEnv('DATA_DIR', t.config.dataDir);
  return Object.assign(t, {
    file: path.join(t.config.dataDir, 'app.db'),
    async person(username: string, email = `${username}@news.example`): Promise<Person> {
      const token = await registerUser(t, username, email);
      return { name: username, token, id: (await json<{ id: number }>(get(t, '/api/user', { token }))).id };
    },
    /** A name with a NUL in it, as an older build let one be registered (names now refuse control characters). */
    async personNamedWithNul(): Promise<Person> {
      const person = await this.person('nulbyte', 'nul@news.example');
      await t.db.update(lite.users).set({ username: 'nul\u0000byte' }).where(eq(lite.users.id, person.id));
      return { ...person, name: 'nul\u0000byte' };
    },
  });
}

async function signedInAdmin(t: TestApp) {
  expect((await cli('create-admin', '--email', 'chief@news.example', '--password', 'chief-pass-1')).code).toBe(0);
  const { token } = await login(t, 'chief@news.example', 'chief-pass-1');
  return token!;
}

/** Reads a SQLite file as the command does: read-only, through db/schema.ts. */
function readSqlite(file: string): SqliteSource {
  const db = drizzle(new Database(file, { readonly: true }), { schema: lite, casing: 'snake_case' });
  cleanups.push(() => db.$client.close());
  return db;
}

async function readPostgres(url: string): Promise<PostgresDatabase> {
  const db = await connectPostgres({ url, poolSize: 2, migrate: false });
  cleanups.push(() => db.$close());
  return db;
}

const tablesIn = async (db: PostgresDatabase) =>
  (await db.execute<{ name: string }>(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`)).rows;

type Row = Record<string, unknown>;
const inKeyOrder = (rows: Row[], key: string) =>
  [...rows].sort((a, b) =>
    typeof a[key] === 'number' ? (a[key] as number) - (b[key] as number) : String(a[key]) < String(b[key]) ? -1 : 1,
  );

/** Several paragraphs on different subjects, so retrieval has passages to rank. */
const REPORT = [
  'Council approves riverfront budget',
  'The Millbrook City Council voted 7-2 on Tuesday to approve a $4.2 million budget for the riverfront park, Mayor Dana Ortiz said. '.repeat(
    6,
  ),
  'Construction of the café pavilion and a naïve-art mural wall begins in May, pending a final environmental review. '.repeat(14),
  'The harbour ferry will run every twenty minutes during construction, and the regatta moves to the north basin. '.repeat(14),
  'Residents questioned the flood barrier: engineers said the steel arrived late and the barrier is delayed until autumn. '.repeat(14),
].join('\n\n');

describe.skipIf(!pg)('migrate-to-postgres on a populated install', () => {
  it('moves every row, keeps every search result, and PostgreSQL numbers new rows after the last SQLite gave', async () => {
    const t = install();
    const admin = await signedInAdmin(t);
    expect((await cli('promo', 'create', '--code', 'NEWSROOM', '--percent', '25')).code).toBe(0);

    const mariana = await t.person('mariana');
    await json(post(t, '/api/create-subscription', {}, { token: mariana.token }));
    const olusegun = await t.person('olusegun');
    await json(post(t, '/api/create-subscription', { promoCode: 'NEWSROOM' }, { token: olusegun.token }));
    const zoe = await t.person('Zoë', 'zoe@news.example');
    const ines = await t.person('ines');
    const leaving = await t.person('leaving');

    // An admin gives Zoë a plan and removes an account: both land in the audit log.
    await json(post(t, `/api/admin/users/${zoe.id}/gift-subscription`, undefined, { token: admin }));
    await json(send(t, 'DELETE', `/api/admin/users/${leaving.id}`, undefined, { token: admin }));

    // A team with a member who joined by invitation, and an invitation still pending.
    const team = await json<{ id: number }>(post(t, '/api/team', { name: 'Metro Desk' }, { token: mariana.token }), 201);
    const invitation = await json<{ inviteUrl: string }>(
      post(t, '/api/team/invite', { email: 'ines@news.example' }, { token: mariana.token }),
      201,
    );
    const inviteToken = new URL(invitation.inviteUrl).searchParams.get('token')!;
    await json(post(t, `/api/team/accept-invitation/${inviteToken}`, undefined, { token: ines.token }));
    await json(post(t, '/api/team/invite', { email: 'freelancer@news.example' }, { token: mariana.token }), 201);
    await json(post(t, '/api/forgot-password', { email: 'olusegun@news.example' }));
    // A script's token, and a revoked one: their hashes, scopes and dates move too.
    const revoked = await json<{ apiToken: { id: string } }>(
      post(t, '/api/tokens', { name: 'Old export', scope: 'read', expiresInDays: null }, { token: mariana.token }),
      201,
    );
    await json(post(t, '/api/tokens', { name: 'CMS hook', scope: 'write', expiresInDays: 90 }, { token: mariana.token }), 201);
    await json(send(t, 'DELETE', `/api/tokens/${revoked.apiToken.id}`, undefined, { token: mariana.token }));
    // The team's stylebook, with a variant list and a rule the council story trips (a hit counted).
    await json(
      post(
        t,
        '/api/stylebook',
        { type: 'avoid', term: 'riverfront', replacement: 'waterfront', note: 'The desk writes waterfront.' },
        { token: mariana.token },
      ),
      201,
    );
    await json(
      post(t, '/api/stylebook', { type: 'prefer', term: 'Zürich', variants: ['Zurich', 'Zuerich'] }, { token: mariana.token }),
      201,
    );

    const conversation = async (who: Person, title: string, messages: string[]) => {
      const { id } = await json<{ id: number }>(post(t, '/api/conversations', { title }, { token: who.token }), 201);
      for (const content of messages) {
        t.clock.advance(60_000);
        await json(post(t, `/api/conversations/${id}/messages`, { content }, { token: who.token }));
      }
      return id;
    };
    const council = await conversation(mariana, 'Council budget', [
      'The council approved the riverfront budget of $4.2 million on Tuesday.',
      'Tighten this lede: residents of the Zürich café district asked questions until midnight.',
    ]);
    await conversation(mariana, 'Harbour regatta', [
      'The regatta was cancelled because of the storm.',
      'Ferry timetable changes start in May.',
    ]);
    await conversation(mariana, 'Élection municipale', ['Le maire a été réélu avec 54 % des voix.']);
    await conversation(olusegun, 'Transit desk', [
      'The transit authority raised fares by 5 percent.',
      'Budget hearings for the transit authority begin next week.',
    ]);
    await conversation(zoe, 'Café notes', ['Notes from the café meeting about the budget and the harbour.']);
    const uploaded = await upload(t, { token: mariana.token, filename: 'council-report.txt', bytes: REPORT, conversationId: council });
    expect(uploaded.status).toBe(200);
    // The newest conversation and messages are deleted: SQLite never gives their ids again, nor may PostgreSQL.
    const scratch = await conversation(mariana, 'Scratch', ['A draft nobody needs.']);
    await json(send(t, 'DELETE', `/api/conversations/${scratch}`, undefined, { token: mariana.token }));

    const target = await pg!.emptyDatabase();
    const run = await migrateToPostgres(t.file, target.url);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    for (const table of COPIED_TABLES) expect(run.out).toMatch(new RegExp(`^${table.name} +[\\d,]+  ok$`, 'm'));
    expect(run.out).toMatch(/^Copied [\d,]+ rows in \d+\.\d s \([\d,]+ rows a second\); every table matches/m);
    expect(run.out).not.toContain(new URL(target.url).password);

    // Every row of every table, read back through each engine's schema.
    const source = readSqlite(t.file);
    const db = await readPostgres(target.url);
    const counts: Record<string, number> = {};
    for (const table of COPIED_TABLES) {
      // the SQLite file read directly, as the command reads it
      // eslint-disable-next-line no-restricted-syntax
      const onSqlite = inKeyOrder(source.select().from(table.lite).all() as Row[], table.key);
      const onPostgres = inKeyOrder((await db.select().from(table.pg)) as Row[], table.key);
      expect(onPostgres, table.name).toEqual(onSqlite);
      counts[table.name] = onSqlite.length;
    }
    // Only Stripe's webhooks fill billing_events, and this install bills locally.
    expect(Object.keys(counts).filter((name) => !counts[name])).toEqual(['billing_events']);
    expect(counts).toMatchObject({ users: 5, teams: 1, team_invitations: 2, promo_redemptions: 1, documents: 1 });
    expect(counts.document_chunks).toBeGreaterThan(3);
    expect((await db.select().from(pgs.users).where(eq(pgs.users.id, ines.id)))[0]!.teamId).toBe(team.id);

    // The sidebar search answers the same on both engines, for every user.
    const search = createConversationSearch(postgresConversationMatcher(db));
    const queries = ['budget', 'Budget council', 'caf', 'café', 'zurich', 'ZÜRICH', 'regatta', 'transit fares', 'élection', 'ELECTION'];
    queries.push('harbour', 'rég', 'mil', 'riverfront park', 'nothing like this', 'the');
    let hits = 0;
    for (const who of [mariana, olusegun, zoe, ines]) {
      for (const q of queries) {
        const onSqlite = await json<unknown[]>(get(t, `/api/conversations/search?q=${encodeURIComponent(q)}`, { token: who.token }));
        expect(JSON.parse(JSON.stringify(await search(who.id, q))), `${who.name} searching "${q}"`).toEqual(onSqlite);
        hits += onSqlite.length;
      }
    }
    expect(hits).toBeGreaterThan(20);

    // And a conversation's documents give the same passages, in the same order.
    for (const q of [
      'riverfront budget',
      'mural',
      'environmental review',
      'harbour ferry',
      'flood barrier steel',
      'the',
      'unrelated words',
    ]) {
      const onSqlite = await createPassageFinder(t.db, t.dialect.rankPassages)(mariana.id, council, q);
      expect(onSqlite.length).toBeGreaterThan(0);
      const shared = postgresDialect(db);
      expect(await createPassageFinder(shared.db, shared.dialect.rankPassages)(mariana.id, council, q), q).toEqual(onSqlite);
    }

    // New rows continue where SQLite would have: after the highest id it ever gave, deleted rows included.
    const lastGiven = (table: string) =>
      Number(source.$client.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table));
    expect(lastGiven('users')).toBe(leaving.id);
    expect(lastGiven('conversations')).toBe(scratch);
    const now = new Date();
    const [newcomer] = await db
      .insert(pgs.users)
      .values({ username: 'newcomer', email: 'newcomer@news.example', passwordHash: 'x' })
      .returning();
    expect(newcomer!.id).toBe(leaving.id + 1);
    const [next] = await db
      .insert(pgs.conversations)
      .values({ userId: mariana.id, title: 'After the move', createdAt: now, updatedAt: now })
      .returning();
    expect(next!.id).toBe(scratch + 1);
    const [message] = await db
      .insert(pgs.messages)
      .values({ conversationId: next!.id, role: 'user', content: 'First words written on PostgreSQL', createdAt: now })
      .returning();
    expect(message!.id).toBe(lastGiven('messages') + 1);
    const [entry] = await db
      .insert(pgs.auditLog)
      .values({ adminId: 1, adminUsername: 'chief', action: 'user.update', ip: '127.0.0.1', createdAt: now })
      .returning();
    expect(entry!.id).toBe(lastGiven('audit_log') + 1);
    expect((await search(mariana.id, 'postgres')).map((h) => h.conversation.id)).toEqual([next!.id]);
  });

  it('refuses a target that already holds data or other tables, and leaves it as it was', async () => {
    const t = install();
    await t.person('mariana');
    const target = await pg!.emptyDatabase();
    const first = await migrateInAProcess(t.file, target.url);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/^users +1 {2}ok$/m);

    await t.person('tomas');
    const again = await migrateInAProcess(t.file, target.url);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds Copydesk data \(in .*users.*\)\. Point --to at an empty database/);
    expect(again.stderr + again.stdout).not.toContain(new URL(target.url).password);
    const db = await readPostgres(target.url);
    expect((await db.select({ username: pgs.users.username }).from(pgs.users)).map((u) => u.username)).toEqual(['mariana']);

    const other = await pg!.emptyDatabase();
    const otherDb = await readPostgres(other.url);
    await otherDb.execute(sql`CREATE TABLE invoices (id integer PRIMARY KEY)`);
    const refused = await migrateToPostgres(t.file, other.url);
    expect(refused).toMatchObject({ code: 1, out: '' });
    expect(refused.err).toMatch(/is not empty: it holds other tables \(invoices\)\. Point --to at an empty database/);
    expect((await tablesIn(otherDb)).map((r) => r.name)).toEqual(['invoices']);

    // A database Copydesk was started on once (migrated, no rows) is empty enough.
    const migrated = await pg!.freshDatabase();
    cleanups.push(migrated.drop);
    expect((await migrateToPostgres(t.file, migrated.url)).code).toBe(0);
  });

  it('reports rows PostgreSQL would refuse by id before writing anything, and goes through once they are fixed', async () => {
    const t = install();
    const admin = await signedInAdmin(t);
    // SQLite's lower() folds ASCII only, so these were two names to it; PostgreSQL's folds every letter.
    const elodie = await t.person('Élodie', 'elodie@news.example');
    const twin = await t.person('élodie', 'elodie.b@news.example');
    await t.person('Ana', 'ana@news.example');
    await t.personNamedWithNul();

    const target = await pg!.emptyDatabase();
    const refused = await migrateToPostgres(t.file, target.url);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err.split('\n')).toEqual([
      `PostgreSQL would refuse these rows of ${t.file}, so nothing was written:`,
      `  users ${elodie.id} and ${twin.id}: the usernames "Élodie" and "élodie" differ only in the case of non-ASCII letters, which PostgreSQL counts as the same name; rename all but one (Admin → Users) and run this again`,
    ]);
    expect(await tablesIn(await readPostgres(target.url))).toEqual([]);

    await json(send(t, 'PUT', `/api/admin/users/${twin.id}`, { username: 'elodie-b', email: 'elodie.b@news.example' }, { token: admin }));
    const fixed = await migrateToPostgres(t.file, target.url);
    expect(fixed.err).toBe('');
    expect(fixed.code).toBe(0);
    const db = await readPostgres(target.url);
    expect((await db.select({ username: pgs.users.username }).from(pgs.users).orderBy(pgs.users.id)).map((u) => u.username)).toEqual([
      'chief',
      'Élodie',
      'elodie-b',
      'Ana',
      'nul\uFFFDbyte',
    ]);
  });

  it('reports rows whose references lead nowhere and numbers too large for PostgreSQL', async () => {
    const t = install();
    const mariana = await t.person('mariana');
    // What a file written with foreign keys off (by hand, or by a tool) can hold; the app itself never writes these.
    const raw = new Database(t.file);
    raw.pragma('foreign_keys = OFF');
    const at = Date.UTC(2026, 2, 2);
    const orphan = raw
      .prepare(`INSERT INTO messages (conversation_id, role, content, status, created_at) VALUES (999, 'user', 'Lost', 'complete', ?)`)
      .run(at).lastInsertRowid;
    const huge = raw
      .prepare(
        `INSERT INTO documents (user_id, filename, kind, size_bytes, chars, created_at) VALUES (?, 'huge.txt', 'txt', 3000000000, 10, ?)`,
      )
      .run(mariana.id, at).lastInsertRowid;
    raw.close();

    const target = await pg!.emptyDatabase();
    const refused = await migrateToPostgres(t.file, target.url);
    expect(refused.code).toBe(1);
    expect(refused.err.split('\n').slice(1)).toEqual([
      `  messages ${orphan}: conversation_id 999 names no row of conversations; delete the row or point it at one that exists`,
      `  documents ${huge}: size_bytes is 3000000000, beyond PostgreSQL's integer (±2,147,483,647)`,
    ]);
    expect(await tablesIn(await readPostgres(target.url))).toEqual([]);
  });

  it('copies a NUL character, which PostgreSQL cannot store, as U+FFFD and says where', async () => {
    const t = install();
    const admin = await signedInAdmin(t);
    const nul = await t.personNamedWithNul();
    // Deleting the account writes its name into the audit log, which nothing may edit afterwards.
    await json(send(t, 'DELETE', `/api/admin/users/${nul.id}`, undefined, { token: admin }));
    const target = await pg!.emptyDatabase();
    const run = await migrateToPostgres(t.file, target.url);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const db = await readPostgres(target.url);
    const [entry] = await db.select().from(pgs.auditLog).where(eq(pgs.auditLog.action, 'user.delete'));
    expect(entry).toMatchObject({ targetId: nul.id, targetLabel: 'nul\uFFFDbyte <nul@news.example>' });
    expect(run.out).toContain(
      `Changed on the way:\n  audit_log ${entry!.id}: target_label holds a NUL character (U+0000), which PostgreSQL cannot store: it is copied as U+FFFD (�)\n`,
    );
  });

  it('finds a copy that differs from the SQLite file, table by table, naming the first row that differs', async () => {
    const t = install();
    const mariana = await t.person('mariana');
    await t.person('tomas');
    await json(post(t, '/api/create-subscription', {}, { token: mariana.token }));
    const { id: conversationId } = await json<{ id: number }>(
      post(t, '/api/conversations', { title: 'Budget' }, { token: mariana.token }),
      201,
    );
    await json(post(t, `/api/conversations/${conversationId}/messages`, { content: 'The council voted.' }, { token: mariana.token }));
    const target = await pg!.emptyDatabase();
    expect((await migrateToPostgres(t.file, target.url)).code).toBe(0);

    const source = readSqlite(t.file);
    const db = await readPostgres(target.url);
    expect((await verifyTables(source, db)).every((c) => c.ok)).toBe(true);

    const [reply] = await db.select().from(pgs.messages).where(eq(pgs.messages.role, 'assistant'));
    await db
      .update(pgs.messages)
      .set({ content: `${reply!.content} ` })
      .where(eq(pgs.messages.id, reply!.id));
    const [session] = await db.select().from(pgs.sessions).limit(1);
    await db.delete(pgs.sessions).where(eq(pgs.sessions.id, session!.id));
    await db.update(pgs.users).set({ cancelAtPeriodEnd: true }).where(eq(pgs.users.id, mariana.id));

    const checks = Object.fromEntries((await verifyTables(source, db)).map((c) => [c.table, c]));
    expect(checks.messages).toEqual({ table: 'messages', sqliteRows: 2, postgresRows: 2, ok: false, firstDifference: String(reply!.id) });
    expect(checks.sessions).toMatchObject({ ok: false, sqliteRows: 2, postgresRows: 1 });
    expect(checks.users).toMatchObject({ ok: false, firstDifference: String(mariana.id) });
    expect(checks.conversations).toMatchObject({ ok: true, sqliteRows: 1, postgresRows: 1 });
  });

  it('rolls the copy back when its check fails, leaving the target without rows', async () => {
    const t = install();
    await t.person('mariana');
    const target = await pg!.freshDatabase();
    cleanups.push(target.drop);
    // Read outside a transaction (the command reads in one), so a row written after its table was copied shows in the check.
    const source = readSqlite(t.file);
    const writer = new Database(t.file);
    cleanups.push(() => writer.close());
    const result = await copyTables(source, target.db, (table, _rows, done) => {
      if (table === 'users' && done)
        writer.prepare(`INSERT INTO users (username, email, password_hash, created_at) VALUES ('late', 'late@news.example', 'x', 0)`).run();
    });
    expect(result.committed).toBe(false);
    expect(result.checks.find((c) => c.table === 'users')).toMatchObject({ ok: false, sqliteRows: 2, postgresRows: 1 });
    expect(result.checks.filter((c) => !c.ok).map((c) => c.table)).toEqual(['users']);
    expect(await target.db.select().from(pgs.users)).toEqual([]);
    expect(await target.db.select().from(pgs.sessions)).toEqual([]);
  });

  it('refuses a target it cannot reach or sign in to, without showing the password', async () => {
    const t = install();
    await t.person('mariana');
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const unreachable = await migrateToPostgres(t.file, `postgres://copydesk:sekret-pw-42@127.0.0.1:${closedPort}/copydesk`);
    expect(unreachable).toMatchObject({ code: 1, out: '' });
    expect(unreachable.err).toMatch(
      new RegExp(`^Cannot connect to PostgreSQL at postgres://copydesk:\\*\\*\\*@127\\.0\\.0\\.1:${closedPort}/copydesk: `),
    );
    expect(unreachable.err).not.toContain('sekret-pw-42');

    const target = new URL((await pg!.emptyDatabase()).url);
    target.password = 'not-the-password-9';
    const refused = await migrateToPostgres(t.file, target.href);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^Cannot connect to PostgreSQL at .*: password authentication failed/);
    expect(refused.err).not.toContain('not-the-password-9');
  });
});

describe('migrate-to-postgres refuses', () => {
  const nowhere = 'postgres://copydesk:pw@127.0.0.1:1/copydesk';
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-migrate-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it('missing or unknown flags, and a --to that is not a PostgreSQL URL, with its usage', async () => {
    const usage = /Usage: npm run cli -- migrate-to-postgres --from data\/app\.db --to postgres:\/\//;
    for (const [args, message] of [
      [[], /^--from is required\./],
      [['--from', 'data/app.db'], /^--to is required\./],
      [['--form', 'data/app.db', '--to', nowhere], /^Unknown option '--form'\./],
      [['--from', 'data/app.db', '--to', nowhere, 'extra'], /^Unexpected argument 'extra'\./],
      [['--from', 'data/app.db', '--to', 'mysql://db/copydesk'], /^--to must be a PostgreSQL URL/],
      [['--from', 'data/app.db', '--to', 'not a url at all'], /^--to must be a PostgreSQL URL/],
    ] as Array<[string[], RegExp]>) {
      const run = await cli('migrate-to-postgres', ...args);
      expect({ args, code: run.code, out: run.out }).toEqual({ args, code: 2, out: '' });
      expect(run.err).toMatch(message);
      expect(run.err).toMatch(usage);
    }
  });

  it('a --from that does not exist, is not SQLite, or is not a current Copydesk database', async () => {
    const dir = folder();
    const missing = await migrateToPostgres(path.join(dir, 'app.db'), nowhere);
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toBe(
      `${path.join(dir, 'app.db')} does not exist. --from takes a Copydesk install's SQLite file: app.db in its data folder (DATA_DIR, ./data by default).`,
    );
    expect((await migrateToPostgres(dir, nowhere)).err).toMatch(/is not a file\./);

    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'The council voted 7-2.\n'.repeat(100));
    expect(await migrateToPostgres(text, nowhere)).toMatchObject({
      code: 1,
      err: `${text} is not a SQLite database, so it is not a Copydesk one.`,
    });

    const otherApp = path.join(dir, 'other.db');
    const other = new Database(otherApp);
    other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    other.close();
    expect(await migrateToPostgres(otherApp, nowhere)).toMatchObject({
      code: 1,
      err: `${otherApp} is not a Copydesk database: it does not hold Copydesk's tables.`,
    });

    // A file an older Copydesk made: its last two migrations were never applied.
    const older = path.join(dir, 'older');
    fs.cpSync(SQLITE_MIGRATIONS, older, { recursive: true });
    const journalFile = path.join(older, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    const known = journal.entries.length;
    fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, known - 2) }));
    const olderFile = path.join(dir, 'older.db');
    const olderDb = drizzle(new Database(olderFile), { casing: 'snake_case' });
    migrate(olderDb, { migrationsFolder: older });
    olderDb.$client.close();
    expect(await migrateToPostgres(olderFile, nowhere)).toMatchObject({
      code: 1,
      err:
        `${olderFile} was made by an older Copydesk: 2 of its ${known} database migrations are not applied. ` +
        'Start the current Copydesk on it once (npm start, with DATA_DIR set to its folder) so it brings the file up to date, stop it, then run this again.',
    });
  });
});
