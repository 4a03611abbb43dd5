import type Database from 'better-sqlite3';
import type { PassageQuery } from '../database/dialect';
import type { Passage } from '../services/documents/search';

type Raw = <T>(use: (client: Database.Database) => T) => Promise<T>;

const RANKED_SQL = `SELECT c.document_id AS documentId, d.filename AS filename, c.content AS content
FROM document_chunks_fts
JOIN document_chunks c ON c.id = document_chunks_fts.rowid
JOIN documents d ON d.id = c.document_id
WHERE document_chunks_fts MATCH ? AND d.user_id = ? AND d.conversation_id = ?
ORDER BY bm25(document_chunks_fts), d.id, c.ordinal
LIMIT ?`;

/** `terms` (letters and digits only) as an FTS5 query: any of the words, each quoted. */
export function passageFtsQuery(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"`).join(' OR ');
}

/** FTS5's bm25 over the passages of the user's documents in the conversation; compiled once per connection, as every reply asks. */
export function sqliteRankedPassages(sqlite: Database.Database, raw: Raw): (query: PassageQuery) => Promise<Passage[]> {
  const ranked = sqlite.prepare<[string, number, number, number], Passage>(RANKED_SQL);
  return async ({ userId, conversationId, terms, limit }) =>
    terms.length && limit > 0 ? raw(() => ranked.all(passageFtsQuery(terms), userId, conversationId, limit)) : [];
}
