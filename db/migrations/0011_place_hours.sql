ALTER TABLE `places` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `places` ADD `longitude` real;--> statement-breakpoint
ALTER TABLE `places` ADD `hours` text;