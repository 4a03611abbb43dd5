import type { SearchHit } from '../../../shared/schemas/chat';
import type { DB } from '../../db';
import { toConversation } from './shapes';
import { searchSnippet } from './snippet';

const MAX_CONVERSATIONS = 50;
const MAX_MESSAGE_HITS = 300;
const MAX_MESSAGES_PER_CONVERSATION = 10;
const MAX_TERMS = 8;

/**
 * An FTS5 query from what the user typed: every word must appear, the last as a
 * prefix (they may still be typing). Words are quoted, so FTS syntax typed into
 * the box (NEAR, *, column filters, quotes) is plain text. Null when no word is left.
 */
export function ftsQuery(input: string): string | null {
  const terms = input.match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_TERMS);
  if (!terms?.length) return null;
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
}

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

const toDates = (r: ConversationRowRaw) => ({
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
ORDER BY messages_fts.rowid DESC LIMIT ${MAX_MESSAGE_HITS}`;

/** The sidebar search: conversations whose title contains the query or whose messages match it, newest first. */
export function createConversationSearch(db: DB) {
  const sqlite = db.$client;
  const titleMatches = sqlite.prepare<[number, string], ConversationRowRaw>(
    `SELECT id, title, created_at, updated_at FROM conversations
     WHERE user_id = ? AND instr(lower(title), lower(?)) > 0
     ORDER BY updated_at DESC, id DESC LIMIT ${MAX_CONVERSATIONS}`,
  );
  const messageMatches = sqlite.prepare<
    [string, number],
    ConversationRowRaw & { message_id: number; role: 'user' | 'assistant'; snippet: string }
  >(MESSAGE_MATCHES_SQL);

  return function search(userId: number, query: string): SearchHit[] {
    const hits = new Map<number, { row: ConversationRowRaw; titleMatch: boolean; messages: Array<{ id: number; snippet: string }> }>();
    for (const row of titleMatches.all(userId, query)) hits.set(row.id, { row, titleMatch: true, messages: [] });
    const fts = ftsQuery(query);
    if (fts) {
      for (const r of messageMatches.all(ownedFtsQuery(userId, fts), userId)) {
        const hit = hits.get(r.id) ?? { row: r, titleMatch: false, messages: [] };
        hits.set(r.id, hit);
        hit.messages.push({ id: r.message_id, snippet: searchSnippet(r.snippet, r.role) });
      }
    }
    return [...hits.values()]
      .sort((a, b) => b.row.updated_at - a.row.updated_at || b.row.id - a.row.id)
      .slice(0, MAX_CONVERSATIONS)
      .map((h) => ({
        conversation: toConversation(toDates(h.row)),
        titleMatch: h.titleMatch,
        messages: h.messages.sort((a, b) => a.id - b.id).slice(0, MAX_MESSAGES_PER_CONVERSATION),
      }));
  };
}
