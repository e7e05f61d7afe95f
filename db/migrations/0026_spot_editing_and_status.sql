ALTER TABLE `spots` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `spots` ADD `closed_until` text;--> statement-breakpoint
ALTER TABLE `spots` ADD `status_note` text;--> statement-breakpoint
ALTER TABLE `spots` ADD `moved_to_id` integer;--> statement-breakpoint
ALTER TABLE `spots` ADD `verified_at` integer;--> statement-breakpoint
ALTER TABLE `spots` ADD `draft` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `spots` ADD `no_fixed_hours` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `spots` ADD `featured_order` integer;--> statement-breakpoint
CREATE INDEX `spots_verified_idx` ON `spots` (`verified_at`);--> statement-breakpoint
ALTER TABLE `history` ADD `public_line` text;--> statement-breakpoint
CREATE INDEX `history_public_line_idx` ON `history` (`kind`,`subject_id`,`at`) WHERE public_line IS NOT NULL;