import type { Passage, PassageRanker } from './search';

const RANKED_SQL = `SELECT c.document_id AS documentId, d.filename AS filename, c.content AS content
FROM document_chunks_fts
JOIN document_chunks c ON c.id = document_chunks_fts.rowid
JOIN documents d ON d.id = c.document_id
WHERE document_chunks_fts MATCH ? AND d.user_id = ? AND d.conversation_id = ?
ORDER BY bm25(document_chunks_fts), d.id, c.ordinal
LIMIT ?`;

/** FTS5's bm25 over the passages of the user's documents in the conversation. */
export const sqliteRankedPassages: PassageRanker = (db, userId, conversationId, match, limit) =>
  db.$raw((sqlite) => sqlite.prepare<[string, number, number, number], Passage>(RANKED_SQL).all(match, userId, conversationId, limit));
