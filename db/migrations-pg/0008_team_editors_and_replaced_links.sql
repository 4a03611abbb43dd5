ALTER TABLE "team_invitations" ADD COLUMN "replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_role" text DEFAULT 'member' NOT NULL;