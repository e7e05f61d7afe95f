CREATE TABLE `saved_spots` (
	`user_id` integer NOT NULL,
	`spot_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `spot_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`spot_id`) REFERENCES `spots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_spots_user_idx` ON `saved_spots` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`email` text,
	`name` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_provider_subject_idx` ON `users` (`provider`,`subject`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_user_engagements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`spot_id` integer NOT NULL,
	`session_id` text,
	`engagement_type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`spot_id`) REFERENCES `spots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- user_id pointed at subscribers and was never filled; it now means the signed-in user.
INSERT INTO `__new_user_engagements`("id", "user_id", "spot_id", "session_id", "engagement_type", "created_at") SELECT "id", NULL, "spot_id", "session_id", "engagement_type", "created_at" FROM `user_engagements`;--> statement-breakpoint
DROP TABLE `user_engagements`;--> statement-breakpoint
ALTER TABLE `__new_user_engagements` RENAME TO `user_engagements`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `user_engagements_spot_idx` ON `user_engagements` (`spot_id`);--> statement-breakpoint
CREATE INDEX `user_engagements_session_idx` ON `user_engagements` (`session_id`,`engagement_type`);--> statement-breakpoint
CREATE INDEX `user_engagements_user_idx` ON `user_engagements` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_engagements_once_idx` ON `user_engagements` (`session_id`,`spot_id`,`engagement_type`) WHERE engagement_type in ('love', 'visit');