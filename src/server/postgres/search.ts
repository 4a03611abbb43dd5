import { and, desc, eq, sql } from 'drizzle-orm';
import { conversations, messages } from '../../../db/schema.pg';
import type { PassageQuery } from '../database/dialect';
import type { ConversationMatcher } from '../services/chat/search';
import type { Passage } from '../services/documents/search';
import type { PostgresDatabase } from './connect';
import { fts5Snippet } from './fts5-snippet';

// PostgreSQL's side of the sidebar search and of document retrieval, answering as SQLite's FTS5
// queries do (src/server/sqlite: same rows, order and excerpts). Which words a query holds is
// decided once, by services/chat/search.ts searchTerms and services/documents/search.ts passageTerms.

/** A passage as the queries return it (a type, not an interface, as `execute` asks). */
type PassageRow = { documentId: number; filename: string; content: string };

/**
 * A term as tsquery text: letters and digits only (so nothing in it is tsquery syntax), in NFC
 * and lower case as copydesk_search_text() leaves the indexed text; the text search
 * configuration then drops the accents (and stems, for passages).
 */
const tsqueryWord = (term: string) =>
  `'${term
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')}'`;

/** Every term, the last as a prefix: the tsquery for `searchTerms`. */
export const messageTsquery = (terms: readonly string[]) =>
  terms.map((t, i) => tsqueryWord(t) + (i === terms.length - 1 ? ':*' : '')).join(' & ');

interface ConversationFound {
  id: number;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The caller's conversations whose title holds `query`, ignoring the case of ASCII letters only,
 * as SQLite's lower() does (a C-collation lower() is ASCII-only too).
 */
export function titleMatches(db: PostgresDatabase, userId: number, query: string, limit: number): Promise<ConversationFound[]> {
  return db
    .select({ id: conversations.id, title: conversations.title, createdAt: conversations.createdAt, updatedAt: conversations.updatedAt })
    .from(conversations)
    .where(
      and(eq(conversations.userId, userId), sql`strpos(lower(${conversations.title} COLLATE "C"), lower(${query}::text COLLATE "C")) > 0`),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit);
}

/** The caller's messages holding every term (the last as a prefix), newest first, with their conversation. */
export function messageMatches(db: PostgresDatabase, userId: number, terms: readonly string[], limit: number) {
  return db
    .select({
      id: conversations.id,
      title: conversations.title,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
      messageId: messages.id,
      role: messages.role,
      content: messages.content,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(eq(conversations.userId, userId), sql`"messages"."search_vector" @@ to_tsquery('copydesk_messages', ${messageTsquery(terms)})`),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
}

/** The sidebar search's two lookups on PostgreSQL: a substring of the title, and the messages' tsvector. */
export function postgresConversationMatcher(db: PostgresDatabase): ConversationMatcher {
  return {
    byTitle: (userId, query, limit) => titleMatches(db, userId, query, limit),
    async byMessage(userId, terms, limit) {
      if (!terms.length) return [];
      const rows = await messageMatches(db, userId, terms, limit);
      return rows.map(({ content, ...r }) => ({ ...r, snippet: fts5Snippet(content, terms) }));
    },
  };
}

/**
 * The passages of a conversation's documents (the caller's own) holding any of the terms, best
 * first by bm25 as FTS5 computes it (k1 = 1.2, b = 0.75, an idf below zero raised to 1e-6), then by
 * document and position. The statistics (passages, their mean length in words, how many hold each
 * term) are those of the passages searched: FTS5's come from every passage in the table, so the
 * two orders agree where a conversation's documents are the only ones with those words.
 */
export async function rankedPassages(db: PostgresDatabase, o: PassageQuery): Promise<Passage[]> {
  if (!o.terms.length || o.limit <= 0) return [];
  const terms = sql.join(
    o.terms.map((t, i) => sql`(${i}::int, ${t}::text)`),
    sql`, `,
  );
  const anyTerm = o.terms.map(tsqueryWord).join(' | ');
  const result = await db.execute<PassageRow>(sql`
    WITH terms (i, word) AS (VALUES ${terms}),
    term_lexemes AS (
      SELECT t.i, array_agg(u.lexeme) AS lexemes
      FROM terms t CROSS JOIN LATERAL unnest(to_tsvector('copydesk_documents', copydesk_search_text(t.word))) AS u
      GROUP BY t.i
    ),
    candidates AS MATERIALIZED (
      SELECT c.id, c.document_id, c.ordinal, c.search_vector, c.search_length::float8 AS length
      FROM document_chunks c JOIN documents d ON d.id = c.document_id
      WHERE d.user_id = ${o.userId} AND d.conversation_id = ${o.conversationId}
    ),
    stats AS (SELECT count(*)::float8 AS n, sum(length)::float8 / count(*)::float8 AS avgdl FROM candidates),
    frequencies AS (
      SELECT c.id, l.i, min(array_length(u.positions, 1))::float8 AS f
      FROM candidates c
      CROSS JOIN LATERAL unnest(c.search_vector) AS u
      JOIN term_lexemes l ON u.lexeme = ANY (l.lexemes)
      WHERE c.search_vector @@ to_tsquery('copydesk_documents', ${anyTerm})
      GROUP BY c.id, l.i, l.lexemes
      HAVING count(*) = cardinality(l.lexemes)
    ),
    idf AS (
      SELECT f.i, ln((s.n - count(*)::float8 + 0.5::float8) / (count(*)::float8 + 0.5::float8)) AS raw
      FROM frequencies f CROSS JOIN stats s
      GROUP BY f.i, s.n
    ),
    scores AS (
      SELECT f.id,
        sum(
          (CASE WHEN idf.raw <= 0 THEN 1e-6::float8 ELSE idf.raw END)
          * ((f.f * (1.2::float8 + 1.0::float8))
             / (f.f + 1.2::float8 * (1::float8 - 0.75::float8 + 0.75::float8 * c.length / s.avgdl)))
          ORDER BY f.i
        ) AS score
      FROM frequencies f
      JOIN idf ON idf.i = f.i
      JOIN candidates c ON c.id = f.id
      CROSS JOIN stats s
      GROUP BY f.id
    )
    SELECT c.document_id AS "documentId", d.filename, c.content
    FROM scores
    JOIN document_chunks c ON c.id = scores.id
    JOIN documents d ON d.id = c.document_id
    ORDER BY scores.score DESC, c.document_id, c.ordinal
    LIMIT ${o.limit}`);
  return result.rows;
}
