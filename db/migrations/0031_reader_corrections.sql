CREATE TABLE `reader_corrections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`spot_id` integer NOT NULL,
	`kind` text NOT NULL,
	`field` text,
	`proposed` text,
	`note` text,
	`email` text,
	`state` text DEFAULT 'open' NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`thanks` text DEFAULT 'none' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`spot_id`) REFERENCES `spots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `staff`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reader_corrections_state_idx` ON `reader_corrections` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `reader_corrections_spot_idx` ON `reader_corrections` (`spot_id`,`state`);