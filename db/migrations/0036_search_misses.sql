CREATE TABLE `search_misses` (
	`query` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `search_misses_count_idx` ON `search_misses` (`count`,`last_at`);