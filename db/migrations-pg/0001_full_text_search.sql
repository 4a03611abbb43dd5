-- Full-text search as FTS5 does it on SQLite (db/migrations 0004-0006): message text for the
-- sidebar search, document passages for retrieval, each as a stored tsvector with a GIN index.
--
-- Words are read as FTS5's unicode61 reads them: runs of letters and digits, folded to lower case
-- without diacritics; everything else separates words. PostgreSQL's own parser would keep
-- '4.2', 'bob@news.example' or a URL whole and drop '<b>' as a tag, so the text is first cut to
-- words by copydesk_search_text(), with ICU's classes and case rules (the same whatever the
-- database's locale), after NFC normalisation (an 'é' typed as 'e' plus an accent is one letter).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE FUNCTION copydesk_search_text(content text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(regexp_replace(normalize(content, NFC) COLLATE "und-x-icu", '[^[:alnum:]]+', ' ', 'g'));
--> statement-breakpoint
-- How many words FTS5 would count in the text: bm25 weighs a passage by its length in words.
CREATE FUNCTION copydesk_search_length(content text) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN CASE WHEN btrim(copydesk_search_text(content)) = '' THEN 0
    ELSE length(btrim(copydesk_search_text(content))) - length(replace(btrim(copydesk_search_text(content)), ' ', '')) + 1 END;
--> statement-breakpoint
-- Messages: every word as typed, no stemming and no stop words (FTS5 'unicode61 remove_diacritics 2').
CREATE TEXT SEARCH CONFIGURATION copydesk_messages (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION copydesk_messages
  ALTER MAPPING FOR word, numword, hword, numhword, hword_part, hword_numpart WITH unaccent, simple;
--> statement-breakpoint
-- Passages: the Porter stemmer (FTS5 'porter unicode61 remove_diacritics 2'), without stop words:
-- the query side drops its own few common words, and a word it keeps must still be found.
CREATE TEXT SEARCH DICTIONARY copydesk_porter (TEMPLATE = snowball, Language = porter);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION copydesk_documents (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION copydesk_documents
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart WITH copydesk_porter;
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION copydesk_documents
  ALTER MAPPING FOR word, hword, hword_part WITH unaccent, copydesk_porter;
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION copydesk_documents
  ALTER MAPPING FOR numword, numhword, hword_numpart WITH unaccent, simple;
--> statement-breakpoint
-- Generated columns stay in step with every insert, update and delete, as FTS5's triggers do. They
-- are not in db/schema.pg.ts: the services never read them, and rows keep SQLite's shape.
ALTER TABLE "messages" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('copydesk_messages'::regconfig, copydesk_search_text("content"))) STORED;
--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('copydesk_documents'::regconfig, copydesk_search_text("content"))) STORED;
--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "search_length" integer
  GENERATED ALWAYS AS (copydesk_search_length("content")) STORED;
--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("search_vector");
