-- The owner token of 0005 ('owner' and the id) shared its first letters with words people
-- type: "own" or "owner" expanded over every message's owner token, and a caller's own
-- messages all passed the prefix before the column filter dropped them. The token now
-- starts with U+E000, a private-use character: unicode61 keeps it in the token and a
-- typed search never contains one (ftsQuery keeps letters and digits only).
DROP TRIGGER `messages_fts_conversation_delete`;
--> statement-breakpoint
DROP TRIGGER `messages_fts_conversation_owner`;
--> statement-breakpoint
DROP TRIGGER `messages_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `messages_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `messages_fts_update`;
--> statement-breakpoint
DROP TABLE `messages_fts`;
--> statement-breakpoint
DROP VIEW `message_search_source`;
--> statement-breakpoint
CREATE VIEW `message_search_source` AS
  SELECT m.`id`, m.`content`, char(57344) || c.`user_id` AS `owner`
  FROM `messages` m JOIN `conversations` c ON c.`id` = m.`conversation_id`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_fts` USING fts5(`content`, `owner`, content='message_search_source', content_rowid='id', prefix='1 2 3', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `messages_fts`(`messages_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `messages_fts_insert` AFTER INSERT ON `messages` BEGIN
  INSERT INTO `messages_fts`(rowid, `content`, `owner`)
    SELECT new.`id`, new.`content`, char(57344) || `user_id` FROM `conversations` WHERE `id` = new.`conversation_id`;
END;
--> statement-breakpoint
-- A conversation's messages leave the index before the conversation goes: by the time its
-- cascade deletes them, the owner they were indexed under can no longer be read.
CREATE TRIGGER `messages_fts_conversation_delete` BEFORE DELETE ON `conversations` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`, `owner`)
    SELECT 'delete', `id`, `content`, char(57344) || old.`user_id` FROM `messages` WHERE `conversation_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`, `owner`)
    SELECT 'delete', old.`id`, old.`content`, char(57344) || `user_id` FROM `conversations` WHERE `id` = old.`conversation_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_update` AFTER UPDATE OF `content`, `conversation_id` ON `messages` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`, `owner`)
    SELECT 'delete', old.`id`, old.`content`, char(57344) || `user_id` FROM `conversations` WHERE `id` = old.`conversation_id`;
  INSERT INTO `messages_fts`(rowid, `content`, `owner`)
    SELECT new.`id`, new.`content`, char(57344) || `user_id` FROM `conversations` WHERE `id` = new.`conversation_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_conversation_owner` AFTER UPDATE OF `user_id` ON `conversations` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, `content`, `owner`)
    SELECT 'delete', `id`, `content`, char(57344) || old.`user_id` FROM `messages` WHERE `conversation_id` = old.`id`;
  INSERT INTO `messages_fts`(rowid, `content`, `owner`)
    SELECT `id`, `content`, char(57344) || new.`user_id` FROM `messages` WHERE `conversation_id` = new.`id`;
END;
