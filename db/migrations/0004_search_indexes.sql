-- Full-text indexes drizzle-kit cannot express: FTS5 tables over document passages
-- (retrieval for the model) and message text (sidebar search), kept in step by triggers.
CREATE VIRTUAL TABLE `document_chunks_fts` USING fts5(`content`, content='document_chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `document_chunks_fts_insert` AFTER INSERT ON `document_chunks` BEGIN
  INSERT INTO `document_chunks_fts`(rowid, `content`) VALUES (new.`id`, new.`content`);
END;
--> statement-breakpoint
CREATE TRIGGER `document_chunks_fts_delete` AFTER DELETE ON `document_chunks` BEGIN
  INSERT INTO `document_chunks_fts`(`document_chunks_fts`, rowid, `content`) VALUES ('delete', old.`id`, old.`content`);
END;
--> statement-breakpoint
CREATE TRIGGER `document_chunks_fts_update` AFTER UPDATE ON `document_chunks` BEGIN
  INSERT INTO `document_chunks_fts`(`document_chunks_fts`, rowid, `content`) VALUES ('delete', old.`id`, old.`content`);
  INSERT INTO `document_chunks_fts`(rowid, `content`) VALUES (new.`id`, new.`content`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_fts` USING fts5(`content`, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `messages_fts_insert` AFTER INSERT ON `messages` BEGIN
  INSERT INTO `messages_fts`(rowid, `content`) VALUES (new.`id`, new.`content`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`) VALUES ('delete', old.`id`, old.`content`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_update` AFTER UPDATE ON `messages` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`) VALUES ('delete', old.`id`, old.`content`);
  INSERT INTO `messages_fts`(rowid, `content`) VALUES (new.`id`, new.`content`);
END;
