CREATE TABLE `team_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_id` integer NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`invited_by_id` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_invitations_tokenHash_unique` ON `team_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `team_invitations_team_idx` ON `team_invitations` (`team_id`,`status`);--> statement-breakpoint
CREATE INDEX `team_invitations_email_idx` ON `team_invitations` (`email`,`status`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`owner_id` integer NOT NULL,
	`subscription_status` text DEFAULT 'inactive' NOT NULL,
	`subscription_plan` text,
	`max_seats` integer DEFAULT 5 NOT NULL,
	`subscription_renewal_date` integer,
	`billing_customer_id` text,
	`billing_subscription_id` text,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teams_owner_id_unique` ON `teams` (`owner_id`);--> statement-breakpoint
CREATE INDEX `teams_billing_customer_id_idx` ON `teams` (`billing_customer_id`);--> statement-breakpoint
CREATE INDEX `teams_billing_subscription_id_idx` ON `teams` (`billing_subscription_id`);