-- users.team_id carries no foreign key (adding one would rebuild `users` inside the
-- migrator's transaction, where the rebuild's DROP TABLE cascades), so this trigger
-- does what ON DELETE SET NULL would: a deleted team, by any path, releases its members.
CREATE TRIGGER `teams_release_members` AFTER DELETE ON `teams` BEGIN
  UPDATE `users` SET `team_id` = NULL WHERE `team_id` = OLD.`id`;
END;
