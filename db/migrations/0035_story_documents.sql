ALTER TABLE `blog_posts` ADD `doc` text;--> statement-breakpoint
ALTER TABLE `story_revisions` ADD `doc` text;