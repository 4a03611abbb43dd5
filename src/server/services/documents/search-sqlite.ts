import type Database from 'better-sqlite3';
import type { Passage, PassageRanker } from './search';

const RANKED_SQL = `SELECT c.document_id AS documentId, d.filename AS filename, c.content AS content
FROM document_chunks_fts
JOIN document_chunks c ON c.id = document_chunks_fts.rowid
JOIN documents d ON d.id = c.document_id
WHERE document_chunks_fts MATCH ? AND d.user_id = ? AND d.conversation_id = ?
ORDER BY bm25(document_chunks_fts), d.id, c.ordinal
LIMIT ?`;

type RankedStatement = Database.Statement<[string, number, number, number], Passage>;
/** Compiled once per connection: every reply asks. */
const ranked = new WeakMap<Database.Database, RankedStatement>();

/** FTS5's bm25 over the passages of the user's documents in the conversation. */
export const sqliteRankedPassages: PassageRanker = (db, userId, conversationId, match, limit) =>
  db.$raw((sqlite) => {
    let statement = ranked.get(sqlite);
    if (!statement) ranked.set(sqlite, (statement = sqlite.prepare<[string, number, number, number], Passage>(RANKED_SQL)));
    return statement.all(match, userId, conversationId, limit);
  });
