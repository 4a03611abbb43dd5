import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DB, PassageQuery } from '../../database/dialect';
import { prepared } from '../../database/prepared';

export interface Passage {
  documentId: number;
  filename: string;
  content: string;
}

/** The dialect's ranking: the user's passages in the conversation holding any of the terms (from `passageTerms`), best first. */
export type PassageRanker = (query: PassageQuery) => Promise<Passage[]>;

/** Words too common to tell one passage from another. */
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have he her his i if in into is it its me my of on or our she so than that the their them then there these they this to was we were what when where which who will with you your'.split(
    ' ',
  ),
);

const MAX_TERMS = 32;

/**
 * The distinct words of a retrieval query, in lower case, common words left out: letters and
 * digits only, so nothing the user types becomes search syntax (quotes, NEAR, *, column filters).
 * A passage is a candidate when it holds any of them. Null when no word is left.
 */
export function passageTerms(text: string): string[] | null {
  const words =
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const terms = [...new Set(words)].filter((w) => (w.length > 1 || /\d/.test(w)) && !STOP_WORDS.has(w)).slice(0, MAX_TERMS);
  return terms.length ? terms : null;
}

/**
 * The passages of a conversation's documents most relevant to a query (bm25), or the opening
 * passages of its documents when none of the query's words occurs. Only the user's own documents
 * are searched. Every reply asks, and most conversations hold no document: the openings, read
 * first with a prepared statement, answer that case with one cheap lookup and no ranking.
 */
export function createPassageFinder(db: DB, rank: PassageRanker) {
  const { documentChunks, documents } = db.tables;
  const openings = prepared(
    db
      .select({ documentId: documentChunks.documentId, filename: documents.filename, content: documentChunks.content })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.id, documentChunks.documentId))
      .where(and(eq(documents.userId, sql.placeholder('userId')), eq(documents.conversationId, sql.placeholder('conversationId'))))
      .orderBy(asc(documentChunks.ordinal), desc(documents.id))
      .limit(sql.placeholder('limit')),
    'passage_openings',
  );
  const trimmed = (rows: Passage[]) => rows.map((r) => ({ ...r, content: r.content.trim() }));

  return async function passagesFor(userId: number, conversationId: number, query: string, limit = 5): Promise<Passage[]> {
    const n = Math.max(0, Math.min(Math.trunc(limit), 50));
    if (n === 0) return [];
    const first = await openings.execute({ userId, conversationId, limit: n });
    if (first.length === 0) return [];
    const terms = passageTerms(query);
    const ranked = terms ? await rank({ userId, conversationId, terms, limit: n }) : [];
    return trimmed(ranked.length ? ranked : first);
  };
}
