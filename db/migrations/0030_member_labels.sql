CREATE TABLE `member_labels` (
	`email` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`email`, `label`)
);
--> statement-breakpoint
CREATE INDEX `member_labels_label_idx` ON `member_labels` (`label`,`email`);