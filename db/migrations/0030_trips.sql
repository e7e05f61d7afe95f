CREATE TABLE `trips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` integer,
	`owner_visitor` text,
	`title` text NOT NULL,
	`start_day` text NOT NULL,
	`day_count` integer NOT NULL,
	`pace` text DEFAULT 'relaxed' NOT NULL,
	`base` text NOT NULL,
	`items` text NOT NULL,
	`layout` text,
	`share_token` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trips_owner_user_idx` ON `trips` (`owner_user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `trips_owner_visitor_idx` ON `trips` (`owner_visitor`,`updated_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `trips_share_token_idx` ON `trips` (`share_token`);