DROP INDEX `funnel_events_kind_created_idx`;--> statement-breakpoint
CREATE INDEX `funnel_events_kind_created_session_idx` ON `funnel_events` (`kind`,`created_at`,`session_id`);--> statement-breakpoint
CREATE INDEX `subscribers_email_lower_idx` ON `subscribers` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_email_lower_idx` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_email_lower_idx` ON `newsletter_subscribers` (lower("email"));