ALTER TABLE `team_invitations` ADD `replaced_by_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `team_role` text DEFAULT 'member' NOT NULL;