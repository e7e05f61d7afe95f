CREATE TABLE `story_redirects` (
	`old_slug` text PRIMARY KEY NOT NULL,
	`story_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `story_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`story_id` integer NOT NULL,
	`version` integer NOT NULL,
	`at` integer NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`event` text NOT NULL,
	`title` text NOT NULL,
	`excerpt` text,
	`content` text NOT NULL,
	FOREIGN KEY (`story_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `story_revisions_story_idx` ON `story_revisions` (`story_id`,`id`);--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `status` text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `scheduled_for` integer;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `author_id` integer;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `seo_title` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `seo_description` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `social_image` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `revised_at` integer;--> statement-breakpoint
CREATE INDEX `blog_posts_schedule_idx` ON `blog_posts` (`status`,`scheduled_for`);