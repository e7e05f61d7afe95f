DROP INDEX `subscribers_email_unique`;--> statement-breakpoint
DROP INDEX `subscribers_subscription_idx`;--> statement-breakpoint
CREATE INDEX `subscribers_email_idx` ON `subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_subscription_unique` ON `subscribers` (`stripe_subscription_id`);--> statement-breakpoint
ALTER TABLE `checkout_activations` ADD `stripe_customer_id` text;--> statement-breakpoint
ALTER TABLE `checkout_activations` ADD `stripe_subscription_id` text;