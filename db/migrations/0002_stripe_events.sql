CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `users_subscription_idx` ON `users` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `users_customer_idx` ON `users` (`stripe_customer_id`);