/**
 * `npm run bench -- migrate-to-postgres [--messages 20000] [--users 200]`
 *
 * Times `npm run cli -- migrate-to-postgres` on an install seeded straight into SQLite: `--users`
 * accounts with sessions, a conversation per ten messages, every tenth account with an uploaded
 * document of 20 passages, an audit log line per account, and `--messages` messages of newsroom
 * copy (a user's text and the editor's longer reply, in turns). The target is a fresh database
 * on a throwaway PostgreSQL (or TEST_DATABASE_URL's server). Prints the command's own report,
 * then rows a second and the process's peak memory, which stays flat as the install grows
 * because the copy and its check go a batch at a time. Most of the copy's time is PostgreSQL
 * computing the messages' generated search vectors as they arrive (measured: the same inserts
 * into the table without that column take about a fifth of the time).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { createDatabase, startPostgres } from '../scripts/postgres-cluster.mjs';
import { commands } from '../src/server/cli/commands';
import { rng, STORY_TOPICS } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));

function seed(file: string, o: { users: number; messages: number }) {
  const client = new Database(file);
  client.pragma('journal_mode = WAL');
  migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: path.join(here, '../db/migrations') });
  const r = rng(14);
  const sentences = fs
    .readFileSync(path.join(here, '../src/server/editor/fixtures/clean-stories.txt'), 'utf8')
    .split(/(?<=[.!?]["”]?)\s+/)
    .filter((s) => s.length > 20);
  const text = (n: number) => Array.from({ length: n }, () => r.pick(sentences)).join(' ');
  const start = Date.UTC(2026, 0, 5);
  const insert = {
    user: client.prepare('INSERT INTO users (username, email, password_hash, subscription_status, created_at) VALUES (?, ?, ?, ?, ?)'),
    session: client.prepare(
      'INSERT INTO sessions (id, user_id, secret_hash, remember_me, created_at, expires_at) VALUES (?, ?, ?, 1, ?, ?)',
    ),
    conversation: client.prepare('INSERT INTO conversations (user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?)'),
    message: client.prepare('INSERT INTO messages (conversation_id, role, content, status, created_at) VALUES (?, ?, ?, ?, ?)'),
    document: client.prepare(
      'INSERT INTO documents (user_id, conversation_id, filename, kind, size_bytes, chars, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    chunk: client.prepare('INSERT INTO document_chunks (document_id, ordinal, content) VALUES (?, ?, ?)'),
    audit: client.prepare(
      'INSERT INTO audit_log (admin_id, admin_username, action, target_type, target_id, target_label, changes, ip, created_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
  };
  client.transaction(() => {
    for (let u = 1; u <= o.users; u++) {
      const at = start + u * 60_000;
      insert.user.run(`reporter${u}`, `reporter${u}@news.example`, 'not-a-hash', u % 3 ? 'active' : 'trialing', at);
      insert.session.run(`s${u.toString(36).padStart(8, '0')}`, u, 'not-a-hash', at, at + 30 * 86_400_000);
      insert.audit.run(
        'admin',
        'user.update',
        'user',
        u,
        `reporter${u}`,
        JSON.stringify({ subscriptionStatus: { before: 'inactive', after: 'active' } }),
        '127.0.0.1',
        at,
      );
    }
    let conversation = 0;
    for (let m = 0; m < o.messages; m++) {
      const at = start + 86_400_000 + m * 1000;
      if (m % 10 === 0) {
        const owner = 1 + r.int(o.users);
        insert.conversation.run(owner, `${r.pick(STORY_TOPICS)} ${m / 10}`, at, at);
        conversation++;
        if (owner % 10 === 0 && m % 100 === 0) {
          const passages = Array.from({ length: 20 }, () => text(8));
          const chars = passages.join('\n\n').length;
          const { lastInsertRowid } = insert.document.run(owner, conversation, `story-${m}.txt`, 'txt', chars, chars, at);
          passages.forEach((p, i) => insert.chunk.run(lastInsertRowid, i, p));
        }
      }
      const user = m % 2 === 0;
      insert.message.run(conversation, user ? 'user' : 'assistant', text(user ? 3 : 8), 'complete', at);
    }
  })();
  client.close();
}

export async function run(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { messages: { type: 'string', default: '20000' }, users: { type: 'string', default: '200' } },
  });
  const messages = Number(values.messages);
  const users = Number(values.users);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-migrate-'));
  const server = await startPostgres();
  try {
    const file = path.join(dir, 'app.db');
    const seeding = performance.now();
    seed(file, { users, messages });
    console.log(
      `Seeded ${messages.toLocaleString('en-US')} messages for ${users} users in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const target = await createDatabase(server.url);
    try {
      const started = performance.now();
      const code = await commands['migrate-to-postgres']!.run(['--from', file, '--to', target.url]);
      const seconds = (performance.now() - started) / 1000;
      console.log(`\nmigrate-to-postgres exited ${code ?? 0} after ${seconds.toFixed(1)} s (migrations, checks, copy and verification)`);
      console.log(
        `SQLite file ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
      );
      return code ?? 0;
    } finally {
      await target.drop();
    }
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
