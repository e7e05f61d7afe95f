CREATE TABLE `browse_ai_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'in-progress' NOT NULL,
	`error` text,
	`imported` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`imported_at` integer
);
--> statement-breakpoint
CREATE INDEX `browse_ai_tasks_created_idx` ON `browse_ai_tasks` (`created_at`);