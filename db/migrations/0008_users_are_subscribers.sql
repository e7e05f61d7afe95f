-- The table of Stripe subscribers was called `users`; it is renamed so `users` can mean the people
-- who sign in. SQLite carries the rename into user_engagements' foreign key.
ALTER TABLE `users` RENAME TO `subscribers`;--> statement-breakpoint
DROP INDEX `users_email_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
DROP INDEX `users_subscription_idx`;--> statement-breakpoint
CREATE INDEX `subscribers_subscription_idx` ON `subscribers` (`stripe_subscription_id`);--> statement-breakpoint
DROP INDEX `users_customer_idx`;--> statement-breakpoint
CREATE INDEX `subscribers_customer_idx` ON `subscribers` (`stripe_customer_id`);
