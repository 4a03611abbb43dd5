import type Database from 'better-sqlite3';
import type { ConversationMatch, ConversationMatcher, MessageMatch } from '../services/chat/search';

type Raw = <T>(use: (client: Database.Database) => T) => Promise<T>;

/** `terms` (letters and digits only) as an FTS5 query: every word, quoted, the last as a prefix. */
export function messageFtsQuery(terms: readonly string[]): string {
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}

/**
 * Restricts an FTS5 query to one user's messages: their owner token, and the words in the
 * message text only. The token starts with a private-use character (migration 0006), which
 * no search term contains, so no typed word matches or expands over owner tokens.
 */
export function ownedFtsQuery(userId: number, fts: string): string {
  return `owner : "\u{E000}${userId}" AND content : (${fts})`;
}

interface ConversationRowRaw {
  id: number;
  title: string;
  created_at: number;
  updated_at: number;
}

const toMatch = (r: ConversationRowRaw): ConversationMatch => ({
  id: r.id,
  title: r.title,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/**
 * The caller's messages matching an `ownedFtsQuery`. The owner token in the MATCH keeps
 * FTS5 to the caller's messages (migrations 0005, 0006); newest first is the index's own order,
 * so the scan stops at the limit instead of ranking every match.
 */
export const MESSAGE_MATCHES_SQL = `SELECT c.id, c.title, c.created_at, c.updated_at, m.id AS message_id, m.role,
       snippet(messages_fts, 0, '', '', '…', 16) AS snippet
FROM messages_fts
JOIN messages m ON m.id = messages_fts.rowid
JOIN conversations c ON c.id = m.conversation_id
WHERE messages_fts MATCH ? AND c.user_id = ?
ORDER BY messages_fts.rowid DESC LIMIT ?`;

/** The sidebar search's two lookups on SQLite: a substring of the title, and FTS5 over the messages. */
export function sqliteConversationMatcher(sqlite: Database.Database, raw: Raw): ConversationMatcher {
  const titleMatches = sqlite.prepare<[number, string, number], ConversationRowRaw>(
    `SELECT id, title, created_at, updated_at FROM conversations
     WHERE user_id = ? AND instr(lower(title), lower(?)) > 0
     ORDER BY updated_at DESC, id DESC LIMIT ?`,
  );
  const messageMatches = sqlite.prepare<
    [string, number, number],
    ConversationRowRaw & { message_id: number; role: 'user' | 'assistant'; snippet: string }
  >(MESSAGE_MATCHES_SQL);

  return {
    byTitle: (userId, query, limit) => raw(() => titleMatches.all(userId, query, limit).map(toMatch)),

    async byMessage(userId, terms, limit): Promise<MessageMatch[]> {
      if (!terms.length) return [];
      const rows = await raw(() => messageMatches.all(ownedFtsQuery(userId, messageFtsQuery(terms)), userId, limit));
      return rows.map((r) => ({ ...toMatch(r), messageId: r.message_id, role: r.role, snippet: r.snippet }));
    },
  };
}
