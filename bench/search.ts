/**
 * `npm run bench -- search [--others 200000] [--users 1000] [--mine 20000] [--queries 80]`
 *
 * The sidebar search against a database holding `--others` messages of `--users`
 * other accounts, for two callers: an empty account, and an archivist with `--mine`
 * messages of their own spread among the others'. Every query string is run once per
 * caller and implementation (one letter, two, three, words, word pairs), so no result
 * is reused; which implementation goes first alternates.
 *
 * Baseline: the search as it was before migrations 0005 and 0006, kept here: the unscoped
 * `messages_fts` (0004's definition, built in the same file as `baseline_messages_fts`),
 * matched over every user's messages, filtered to the caller by the join, ordered by
 * rank. Copydesk: `createConversationSearch`, the service behind
 * GET /api/conversations/search. Both run in this process on the same SQLite file.
 *
 * Targets: p95 under 50 ms for each caller.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type Database from 'better-sqlite3';
import { openDatabase } from '../src/server/db';
import { createConversationSearch, searchTerms } from '../src/server/services/chat/search';
import { messageFtsQuery } from '../src/server/sqlite/conversation-search';

const here = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.join(here, '../../shared/editor-corpus/dev.jsonl');
const TARGET_P95_MS = 50;

function sentences(): string[] {
  let texts: string[];
  try {
    texts = fs
      .readFileSync(CORPUS, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { text: string }).text);
  } catch {
    texts = [fs.readFileSync(path.join(here, '../src/server/editor/fixtures/clean-stories.txt'), 'utf8')];
  }
  return texts
    .join(' ')
    .split(/(?<=[.!?]["”]?)\s+/)
    .filter((s) => s.length > 20);
}

/** A deterministic generator, so every run seeds the same messages. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'den', 'bar', 'quin', 'ster', 'am', 'al', 'or', 'ul', 'ex'];

/** Copy from the corpus plus made-up names and numbers, so the vocabulary grows with the data as real copy does. */
function messageWriter(rnd: () => number) {
  const all = sentences();
  const name = () => {
    let s = '';
    for (let i = 2 + Math.floor(rnd() * 3); i > 0; i--) s += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
    return s[0]!.toUpperCase() + s.slice(1);
  };
  return {
    name,
    message: () => {
      const parts: string[] = [];
      for (let i = 1 + Math.floor(rnd() * 3); i > 0; i--) parts.push(all[Math.floor(rnd() * all.length)]!);
      parts.push(`${name()} ${name()} said ${Math.floor(rnd() * 100_000)}.`);
      return parts.join(' ');
    },
    words: () => [
      ...new Set(
        all
          .join(' ')
          .toLowerCase()
          .match(/\p{L}+/gu) ?? [],
      ),
    ],
  };
}

interface Seeded {
  emptyUser: number;
  archivist: number;
  seedMs: number;
}

function seed(sqlite: Database.Database, o: { others: number; users: number; mine: number }): Seeded {
  const started = performance.now();
  const rnd = random(20260302);
  const write = messageWriter(rnd);
  const addUser = sqlite.prepare<[string, string]>(`INSERT INTO users (username, email, password_hash) VALUES (?, ?, 'not-a-hash')`);
  const addConversation = sqlite.prepare<[number, string, number, number]>(
    `INSERT INTO conversations (user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?)`,
  );
  const addMessage = sqlite.prepare<[number, string, string, number]>(
    `INSERT INTO messages (conversation_id, role, content, status, created_at) VALUES (?, ?, ?, 'complete', ?)`,
  );
  const touch = sqlite.prepare<[number, number]>(`UPDATE conversations SET updated_at = ? WHERE id = ?`);
  const newId = (r: Database.RunResult) => Number(r.lastInsertRowid);
  let emptyUser = 0;
  let archivist = 0;
  sqlite.transaction(() => {
    emptyUser = newId(addUser.run('newcomer', 'newcomer@bench.example'));
    archivist = newId(addUser.run('archivist', 'archivist@bench.example'));
    const others = Array.from({ length: o.users }, (_, i) => newId(addUser.run(`reporter${i}`, `reporter${i}@bench.example`)));
    let at = Date.now() - (o.others + o.mine) * 1000;
    const conversation = (userId: number) => newId(addConversation.run(userId, `${write.name()} story`, at, at));
    const perConversation = 20;
    let theirs = 0;
    let mine = 0;
    let theirsLeft = 0;
    let mineLeft = 0;
    let written = 0;
    for (let i = 0; i < o.others + o.mine; i++) {
      at += 1000;
      // The archivist's messages are spread evenly through the others'.
      const own = written < o.mine && (i + 1) * o.mine >= (written + 1) * (o.others + o.mine);
      if (own) {
        if (mineLeft-- <= 0) [mine, mineLeft] = [conversation(archivist), perConversation - 1];
        addMessage.run(mine, i % 2 ? 'assistant' : 'user', write.message(), at);
        touch.run(at, mine);
        written++;
      } else {
        if (theirsLeft-- <= 0) [theirs, theirsLeft] = [conversation(others[Math.floor(rnd() * others.length)]!), perConversation - 1];
        addMessage.run(theirs, i % 2 ? 'assistant' : 'user', write.message(), at);
        touch.run(at, theirs);
      }
    }
  })();
  return { emptyUser, archivist, seedMs: performance.now() - started };
}

/** The search before migrations 0005 and 0006, over 0004's unscoped index (rebuilt here under another name). */
function baselineSearch(sqlite: Database.Database) {
  const started = performance.now();
  sqlite.exec(`CREATE VIRTUAL TABLE baseline_messages_fts USING fts5(content, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
    INSERT INTO baseline_messages_fts(baseline_messages_fts) VALUES ('rebuild');`);
  const buildMs = performance.now() - started;
  const titleMatches = sqlite.prepare<[number, string], { id: number; updated_at: number }>(
    `SELECT id, title, created_at, updated_at FROM conversations
     WHERE user_id = ? AND instr(lower(title), lower(?)) > 0
     ORDER BY updated_at DESC, id DESC LIMIT 50`,
  );
  const messageMatches = sqlite.prepare<[string, number], { id: number; updated_at: number; message_id: number; snippet: string }>(
    `SELECT c.id, c.title, c.created_at, c.updated_at, m.id AS message_id,
            snippet(baseline_messages_fts, 0, '', '', '…', 16) AS snippet
     FROM baseline_messages_fts
     JOIN messages m ON m.id = baseline_messages_fts.rowid
     JOIN conversations c ON c.id = m.conversation_id
     WHERE baseline_messages_fts MATCH ? AND c.user_id = ?
     ORDER BY rank LIMIT 300`,
  );
  return {
    buildMs,
    search(userId: number, query: string): number {
      const hits = new Map<number, number>();
      for (const r of titleMatches.all(userId, query)) hits.set(r.id, r.updated_at);
      const terms = searchTerms(query);
      if (terms) for (const r of messageMatches.all(messageFtsQuery(terms), userId)) hits.set(r.id, r.updated_at);
      return Math.min(hits.size, 50);
    },
  };
}

/** Distinct queries as a user types them: one letter, two, three, whole words and word pairs with the last one cut. */
function queries(words: string[], count: number, rnd: () => number): string[] {
  const long = words.filter((w) => w.length >= 4);
  const pick = (xs: string[]) => xs[Math.floor(rnd() * xs.length)]!;
  const out = new Set<string>(['a', 'th', 'the', 's', 'co']);
  const makers = [
    () => pick(words)[0]!,
    () => pick(long).slice(0, 2),
    () => pick(long).slice(0, 3),
    () => pick(long).slice(0, 4 + Math.floor(rnd() * 3)),
    () => pick(long),
    () => `${pick(long)} ${pick(long).slice(0, 2 + Math.floor(rnd() * 3))}`,
  ];
  for (let i = 0; out.size < count && i < count * 50; i++) out.add(makers[i % makers.length]!());
  return [...out];
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const fmt = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;

function indexMb(sqlite: Database.Database, prefix: string): number {
  const row = sqlite.prepare(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name LIKE ? || '%'`).get(prefix) as { bytes: number };
  return row.bytes / 2 ** 20;
}

export async function run(args: string[]): Promise<number> {
  const { values: v } = parseArgs({
    args,
    options: {
      others: { type: 'string', default: '200000' },
      users: { type: 'string', default: '1000' },
      mine: { type: 'string', default: '20000' },
      queries: { type: 'string', default: '80' },
    },
  });
  const o = { others: Number(v.others), users: Number(v.users), mine: Number(v.mine), queries: Number(v.queries) };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-search-'));
  const { dialect } = openDatabase(path.join(dir, 'app.db'));
  try {
    const sqlite = dialect.client;
    console.log(`Seeding ${o.others} messages of ${o.users} other users, ${o.mine} of the archivist's…`);
    const seeded = seed(sqlite, o);
    const rebuildStarted = performance.now();
    sqlite.exec(`INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')`);
    const rebuildMs = performance.now() - rebuildStarted;
    const baseline = baselineSearch(sqlite);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.exec('ANALYZE');
    const copydesk = createConversationSearch(dialect.conversations);
    console.log(
      `Seeded in ${(seeded.seedMs / 1000).toFixed(1)} s. Message index: ${indexMb(sqlite, 'messages_fts').toFixed(1)} MB (baseline's ${indexMb(sqlite, 'baseline_messages_fts').toFixed(1)} MB, messages ${indexMb(sqlite, 'messages').toFixed(1)} MB); ` +
        `rebuilding it, as migrations 0005 and 0006 do, took ${(rebuildMs / 1000).toFixed(1)} s (baseline's ${(baseline.buildMs / 1000).toFixed(1)} s).\n`,
    );

    const rnd = random(7);
    const words = messageWriter(random(1)).words();
    // Not measured: first use of each statement and of the index pages.
    for (const q of ['zq', 'xylophone']) {
      for (const user of [seeded.emptyUser, seeded.archivist]) {
        await copydesk(user, q);
        baseline.search(user, q);
      }
    }

    const callers = [
      { name: 'empty account', userId: seeded.emptyUser },
      { name: `archivist (${o.mine} own messages)`, userId: seeded.archivist },
    ];
    const rows: string[][] = [];
    let missed = 0;
    for (const caller of callers) {
      const list = queries(words, o.queries, rnd);
      const times = { baseline: [] as number[], copydesk: [] as number[] };
      const perQuery: Array<{ q: string; baseline: number; copydesk: number }> = [];
      for (const [i, q] of list.entries()) {
        const timeOne = async (fn: () => unknown) => {
          const t0 = performance.now();
          await fn();
          return performance.now() - t0;
        };
        let b: number;
        let c: number;
        if (i % 2) [c, b] = [await timeOne(() => copydesk(caller.userId, q)), await timeOne(() => baseline.search(caller.userId, q))];
        else [b, c] = [await timeOne(() => baseline.search(caller.userId, q)), await timeOne(() => copydesk(caller.userId, q))];
        times.baseline.push(b);
        times.copydesk.push(c);
        perQuery.push({ q, baseline: b, copydesk: c });
      }
      const p95 = quantile(times.copydesk, 0.95);
      const ok = p95 < TARGET_P95_MS;
      if (!ok) missed++;
      for (const q of ['a', 'th', 'the']) {
        const r = perQuery.find((p) => p.q === q)!;
        rows.push([`${caller.name}: "${q}"`, fmt(r.baseline), fmt(r.copydesk), `${(r.baseline / r.copydesk).toFixed(0)}×`, '']);
      }
      for (const [label, q] of [
        ['median', 0.5],
        ['p95', 0.95],
        ['max', 1],
      ] as const) {
        const b = quantile(times.baseline, q);
        const c = quantile(times.copydesk, q);
        const target = label === 'p95' ? `< ${TARGET_P95_MS} ms ${ok ? 'ok' : 'MISS'}` : '';
        rows.push([`${caller.name}: ${label} of ${list.length} queries`, fmt(b), fmt(c), `${(b / c).toFixed(0)}×`, target]);
      }
      const slowest = [...perQuery].sort((a, b) => b.copydesk - a.copydesk).slice(0, 3);
      rows.push([`${caller.name}: slowest for Copydesk`, '', slowest.map((s) => `"${s.q}" ${s.copydesk.toFixed(1)}`).join(', '), '', '']);
    }

    const header = ['search', 'baseline', 'Copydesk', 'baseline/Copydesk', 'target'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) =>
      r.map((c, i) => (i === 0 || (i === 2 && c.includes('"')) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(header));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const r of rows) console.log(line(r));
    console.log(missed ? `\n${missed} target(s) missed.` : '\nAll targets met.');
    return missed ? 1 : 0;
  } finally {
    await dialect.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
