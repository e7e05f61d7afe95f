CREATE TABLE `member_labels` (
	`email` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`email`, `label`)
);
--> statement-breakpoint
CREATE INDEX `member_labels_label_idx` ON `member_labels` (`label`,`email`);--> statement-breakpoint
DROP INDEX `funnel_events_kind_created_idx`;--> statement-breakpoint
CREATE INDEX `funnel_events_kind_created_session_idx` ON `funnel_events` (`kind`,`created_at`,`session_id`);--> statement-breakpoint
CREATE INDEX `subscribers_email_lower_idx` ON `subscribers` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_email_lower_idx` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_email_lower_idx` ON `newsletter_subscribers` (lower("email"));