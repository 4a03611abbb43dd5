import type { DB } from '../../db';
import type { ConversationMatch, ConversationMatcher, MessageMatch } from './search';

/**
 * Restricts an `ftsQuery` to one user's messages: their owner token, and the words in the
 * message text only. The token starts with a private-use character (migration 0006), which
 * no `ftsQuery` contains, so no typed word matches or expands over owner tokens.
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
export function sqliteConversationMatcher(db: DB): ConversationMatcher {
  const sqlite = db.$client;
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
    byTitle: (userId, query, limit) => db.$raw(() => titleMatches.all(userId, query, limit).map(toMatch)),

    async byMessage(userId, fts, limit): Promise<MessageMatch[]> {
      const rows = await db.$raw(() => messageMatches.all(ownedFtsQuery(userId, fts), userId, limit));
      return rows.map((r) => ({ ...toMatch(r), messageId: r.message_id, role: r.role, snippet: r.snippet }));
    },
  };
}
