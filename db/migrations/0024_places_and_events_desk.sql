ALTER TABLE `events` ADD `source_id` text;--> statement-breakpoint
ALTER TABLE `events` ADD `edited_fields` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `updated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `events_source_id_unique` ON `events` (`source`,`source_id`);--> statement-breakpoint
ALTER TABLE `places` ADD `spot_id` integer REFERENCES spots(id);--> statement-breakpoint
ALTER TABLE `places` ADD `reservation_url` text;--> statement-breakpoint
ALTER TABLE `places` ADD `archived_at` integer;--> statement-breakpoint
ALTER TABLE `places` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `places_spot_idx` ON `places` (`spot_id`);