CREATE TABLE `funnel_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`session_id` text,
	`source_kind` text,
	`source_id` text,
	`checkout_session_id` text,
	`stripe_subscription_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `funnel_events_kind_created_idx` ON `funnel_events` (`kind`,`created_at`);--> statement-breakpoint
CREATE INDEX `funnel_events_session_idx` ON `funnel_events` (`session_id`);--> statement-breakpoint
CREATE INDEX `funnel_events_checkout_idx` ON `funnel_events` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `funnel_events_subscription_idx` ON `funnel_events` (`stripe_subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `funnel_events_once_idx` ON `funnel_events` (`stripe_subscription_id`,`kind`) WHERE kind in ('paid', 'cancelled', 'refunded');--> statement-breakpoint
CREATE INDEX `funnel_events_created_idx` ON `funnel_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `subscription_payments` (
	`invoice_id` text PRIMARY KEY NOT NULL,
	`stripe_subscription_id` text NOT NULL,
	`stripe_customer_id` text,
	`payment_intent_id` text,
	`amount_paid` integer NOT NULL,
	`amount_refunded` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`paid_at` integer NOT NULL,
	`refunded_at` integer
);
--> statement-breakpoint
CREATE INDEX `subscription_payments_subscription_idx` ON `subscription_payments` (`stripe_subscription_id`,`paid_at`);--> statement-breakpoint
CREATE INDEX `subscription_payments_intent_idx` ON `subscription_payments` (`payment_intent_id`);--> statement-breakpoint
ALTER TABLE `subscribers` ADD `price_id` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `amount` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `currency` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `interval` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `interval_count` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `discount_percent_off` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `discount_amount_off` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `discount_duration` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `stripe_status` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `cancel_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `canceled_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `ended_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `comp_until` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `source_kind` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `source_id` text;--> statement-breakpoint
CREATE INDEX `subscribers_started_idx` ON `subscribers` (`started_at`);--> statement-breakpoint
CREATE INDEX `subscribers_ended_idx` ON `subscribers` (`ended_at`);