-- The message index carries each message's owner as a token of its own column, so a
-- search matches only the caller's messages inside FTS5 instead of matching every
-- user's and filtering after; prefix indexes serve the 1-3 character last word
-- without expanding it over every user's terms. See docs/decisions/011.
DROP TRIGGER `messages_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `messages_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `messages_fts_update`;
--> statement-breakpoint
DROP TABLE `messages_fts`;
--> statement-breakpoint
CREATE VIEW `message_search_source` AS
  SELECT m.`id`, m.`content`, 'owner' || c.`user_id` AS `owner`
  FROM `messages` m JOIN `conversations` c ON c.`id` = m.`conversation_id`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_fts` USING fts5(`content`, `owner`, content='message_search_source', content_rowid='id', prefix='1 2 3', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `messages_fts`(`messages_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `messages_fts_insert` AFTER INSERT ON `messages` BEGIN
  INSERT INTO `messages_fts`(rowid, `content`, `owner`)
    SELECT new.`id`, new.`content`, 'owner' || `user_id` FROM `conversations` WHERE `id` = new.`conversation_id`;
END;
--> statement-breakpoint
-- A conversation's messages leave the index before the conversation goes: by the time its
-- cascade deletes them, the owner they were indexed under can no longer be read.
CREATE TRIGGER `messages_fts_conversation_delete` BEFORE DELETE ON `conversations` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`, `owner`)
    SELECT 'delete', `id`, `content`, 'owner' || old.`user_id` FROM `messages` WHERE `conversation_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`, `owner`)
    SELECT 'delete', old.`id`, old.`content`, 'owner' || `user_id` FROM `conversations` WHERE `id` = old.`conversation_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_update` AFTER UPDATE OF `content`, `conversation_id` ON `messages` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`, `owner`)
    SELECT 'delete', old.`id`, old.`content`, 'owner' || `user_id` FROM `conversations` WHERE `id` = old.`conversation_id`;
  INSERT INTO `messages_fts`(rowid, `content`, `owner`)
    SELECT new.`id`, new.`content`, 'owner' || `user_id` FROM `conversations` WHERE `id` = new.`conversation_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_conversation_owner` AFTER UPDATE OF `user_id` ON `conversations` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`, `owner`)
    SELECT 'delete', `id`, `content`, 'owner' || old.`user_id` FROM `messages` WHERE `conversation_id` = old.`id`;
  INSERT INTO `messages_fts`(rowid, `content`, `owner`)
    SELECT `id`, `content`, 'owner' || new.`user_id` FROM `messages` WHERE `conversation_id` = new.`id`;
END;
