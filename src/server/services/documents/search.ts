import { sql } from 'drizzle-orm';
import type { DB } from '../../db';

export interface Passage {
  documentId: number;
  filename: string;
  content: string;
}

/** Words too common to tell one passage from another. */
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have he her his i if in into is it its me my of on or our she so than that the their them then there these they this to was we were what when where which who will with you your'.split(
    ' ',
  ),
);

const MAX_TERMS = 32;

/**
 * The user's words as an FTS5 query: each a quoted string of letters and digits, joined
 * by OR. Nothing the user types can become FTS syntax (quotes, NEAR, *, column filters).
 * Null when no word is left.
 */
export function ftsQuery(text: string): string | null {
  const words =
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const terms = [...new Set(words)].filter((w) => (w.length > 1 || /\d/.test(w)) && !STOP_WORDS.has(w)).slice(0, MAX_TERMS);
  return terms.length ? terms.map((t) => `"${t}"`).join(' OR ') : null;
}

/**
 * The passages of a conversation's documents most relevant to `query` (bm25), or the
 * opening passages of its documents when none of the query's words occurs. Only the
 * user's own documents are searched.
 */
export function passagesFor(db: DB, userId: number, conversationId: number, query: string, limit = 5): Passage[] {
  const n = Math.max(0, Math.min(Math.trunc(limit), 50));
  if (n === 0) return [];
  const match = ftsQuery(query);
  const trimmed = (rows: Passage[]) => rows.map((r) => ({ ...r, content: r.content.trim() }));
  if (match) {
    const ranked = db.all<Passage>(sql`
      SELECT c.document_id AS documentId, d.filename AS filename, c.content AS content
      FROM document_chunks_fts
      JOIN document_chunks c ON c.id = document_chunks_fts.rowid
      JOIN documents d ON d.id = c.document_id
      WHERE document_chunks_fts MATCH ${match} AND d.user_id = ${userId} AND d.conversation_id = ${conversationId}
      ORDER BY bm25(document_chunks_fts), d.id, c.ordinal
      LIMIT ${n}`);
    if (ranked.length) return trimmed(ranked);
  }
  return trimmed(
    db.all<Passage>(sql`
      SELECT c.document_id AS documentId, d.filename AS filename, c.content AS content
      FROM document_chunks c
      JOIN documents d ON d.id = c.document_id
      WHERE d.user_id = ${userId} AND d.conversation_id = ${conversationId}
      ORDER BY c.ordinal, d.id DESC
      LIMIT ${n}`),
  );
}
