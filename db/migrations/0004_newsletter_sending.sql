CREATE TABLE `app_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `newsletter_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`week_start` integer NOT NULL,
	`subscriber_id` integer NOT NULL,
	`email` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`message_id` text,
	`claimed_until` integer,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `newsletter_subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_week_subscriber_unique` ON `newsletter_deliveries` (`week_start`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_week_status_idx` ON `newsletter_deliveries` (`week_start`,`status`);--> statement-breakpoint
CREATE TABLE `newsletter_runs` (
	`week_start` integer PRIMARY KEY NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`sent` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL
);
