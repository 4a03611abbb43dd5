import { and, asc, desc, eq } from 'drizzle-orm';
import { documentChunks, documents } from '../../../../db/schema';
import type { DB } from '../../db';

export interface Passage {
  documentId: number;
  filename: string;
  content: string;
}

/** The dialect's ranking: the user's passages in the conversation holding any word of `match` (an `ftsQuery`), best first. */
export type PassageRanker = (db: DB, userId: number, conversationId: number, match: string, limit: number) => Promise<Passage[]>;

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
export async function passagesFor(
  db: DB,
  rank: PassageRanker,
  userId: number,
  conversationId: number,
  query: string,
  limit = 5,
): Promise<Passage[]> {
  const n = Math.max(0, Math.min(Math.trunc(limit), 50));
  if (n === 0) return [];
  const match = ftsQuery(query);
  const trimmed = (rows: Passage[]) => rows.map((r) => ({ ...r, content: r.content.trim() }));
  if (match) {
    const ranked = await rank(db, userId, conversationId, match, n);
    if (ranked.length) return trimmed(ranked);
  }
  return trimmed(
    await db
      .select({ documentId: documentChunks.documentId, filename: documents.filename, content: documentChunks.content })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.id, documentChunks.documentId))
      .where(and(eq(documents.userId, userId), eq(documents.conversationId, conversationId)))
      .orderBy(asc(documentChunks.ordinal), desc(documents.id))
      .limit(n),
  );
}
