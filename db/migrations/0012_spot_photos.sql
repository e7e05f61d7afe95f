CREATE TABLE `uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`widths` text NOT NULL,
	`placeholder` text NOT NULL,
	`source_format` text NOT NULL,
	`source_bytes` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `spots` ADD `photo` text;