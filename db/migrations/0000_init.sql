CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`author` text NOT NULL,
	`hero_image` text,
	`content` text NOT NULL,
	`excerpt` text,
	`category` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_published` integer DEFAULT false NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`is_published`,`published_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_category_idx` ON `blog_posts` (`category`,`is_published`,`published_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_featured_idx` ON `blog_posts` (`is_featured`,`is_published`,`published_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`start_date` integer NOT NULL,
	`end_date` integer,
	`location` text,
	`link` text,
	`event_type` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_trending` integer DEFAULT false NOT NULL,
	`is_new_this_week` integer DEFAULT false NOT NULL,
	`source` text DEFAULT 'browse_ai' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_start_idx` ON `events` (`start_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `events_title_start_unique` ON `events` (`title`,`start_date`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE TABLE `places` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`rating` real NOT NULL,
	`location` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`link` text NOT NULL,
	`image` text NOT NULL,
	`price_range` text NOT NULL,
	`opening_status` text NOT NULL,
	`review_count` text NOT NULL,
	`highlight` text NOT NULL,
	`reservation_available` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `places_kind_rating_idx` ON `places` (`kind`,`rating`);--> statement-breakpoint
CREATE TABLE `spots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`image_url` text NOT NULL,
	`thumbnail_url` text,
	`maps_url` text NOT NULL,
	`website` text,
	`featured` integer DEFAULT 0 NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`loved_count` integer DEFAULT 0 NOT NULL,
	`visited_count` integer DEFAULT 0 NOT NULL,
	`suggestion_count` integer DEFAULT 0 NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`score` integer GENERATED ALWAYS AS (max(0,
  "view_count"
  + 5 * (instr("tags", '"Hidden Gem"') > 0)
  + 3 * (instr("tags", '"New"') > 0)
  - 3 * (instr("tags", '"Overrated"') > 0)
  + 3 * "loved_count"
  + "visited_count")) STORED,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `spots_featured_idx` ON `spots` (`featured`,`created_at`);--> statement-breakpoint
CREATE INDEX `spots_score_idx` ON `spots` (`score`,`id`);--> statement-breakpoint
CREATE INDEX `spots_category_idx` ON `spots` (`category`,`created_at`);--> statement-breakpoint
CREATE INDEX `spots_views_idx` ON `spots` (`view_count`);--> statement-breakpoint
CREATE INDEX `spots_created_idx` ON `spots` (`created_at`);--> statement-breakpoint
CREATE TABLE `user_engagements` (
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
CREATE INDEX `user_engagements_spot_idx` ON `user_engagements` (`spot_id`);--> statement-breakpoint
CREATE INDEX `user_engagements_session_idx` ON `user_engagements` (`session_id`,`engagement_type`);--> statement-breakpoint
CREATE INDEX `user_engagements_user_idx` ON `user_engagements` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_suggestions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`spot_name` text NOT NULL,
	`description` text NOT NULL,
	`link` text,
	`submitter_name` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `user_suggestions_status_idx` ON `user_suggestions` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`subscription_status` text DEFAULT 'inactive' NOT NULL,
	`is_founding_member` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);