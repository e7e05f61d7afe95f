CREATE TABLE `gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`months` integer NOT NULL,
	`recipient_email` text NOT NULL,
	`buyer_email` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`checkout_session_id` text NOT NULL,
	`payment_intent_id` text,
	`state` text DEFAULT 'pending' NOT NULL,
	`paid_at` integer,
	`redeemed_at` integer,
	`subscriber_id` integer,
	`extended_subscription_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_checkout_unique` ON `gifts` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `gifts_state_idx` ON `gifts` (`state`,`paid_at`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`percent_off` integer,
	`amount_off` integer,
	`currency` text,
	`duration` text,
	`duration_months` integer,
	`trial_days` integer,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`max_redemptions` integer,
	`stripe_coupon_id` text,
	`stripe_promotion_code_id` text,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_code_unique` ON `offers` (`code`);--> statement-breakpoint
ALTER TABLE `subscribers` ADD `offer_code` text;