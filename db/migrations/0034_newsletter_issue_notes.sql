CREATE TABLE `newsletter_issues` (
	`week_start` integer PRIMARY KEY NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text NOT NULL
);
