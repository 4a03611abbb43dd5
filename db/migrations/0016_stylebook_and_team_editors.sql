CREATE TABLE `stylebook_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_key` text NOT NULL,
	`team_id` integer,
	`user_id` integer,
	`type` text NOT NULL,
	`term` text NOT NULL,
	`term_key` text NOT NULL,
	`variants` text NOT NULL,
	`replacement` text DEFAULT '' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`case_sensitive` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stylebook_entries_owner_term_unique` ON `stylebook_entries` (`owner_key`,`type`,`term_key`);--> statement-breakpoint
CREATE INDEX `stylebook_entries_team_id_idx` ON `stylebook_entries` (`team_id`);--> statement-breakpoint
CREATE INDEX `stylebook_entries_user_id_idx` ON `stylebook_entries` (`user_id`);--> statement-breakpoint
CREATE TABLE `stylebook_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`day` integer NOT NULL,
	`count` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `stylebook_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stylebook_hits_entry_day_unique` ON `stylebook_hits` (`entry_id`,`day`);--> statement-breakpoint
ALTER TABLE `team_invitations` ADD `replaced_by_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `team_role` text DEFAULT 'member' NOT NULL;