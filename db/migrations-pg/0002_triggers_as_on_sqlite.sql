-- The rules SQLite keeps in triggers (db/migrations 0008 and 0011), so they hold on PostgreSQL too.
-- users.team_id has no foreign key on either engine: a deleted team, by any path, releases its members.
CREATE FUNCTION teams_release_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "team_id" = NULL WHERE "team_id" = OLD."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "teams_release_members" AFTER DELETE ON "teams"
  FOR EACH ROW EXECUTE FUNCTION teams_release_members();
--> statement-breakpoint
-- The audit log is append-only: no path in the application (or a stray query) may rewrite or erase it.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_delete" BEFORE DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- TRUNCATE skips row triggers; SQLite has no such statement, so this closes PostgreSQL's own way round.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
