CREATE TABLE `data_generations` (
	`name` text PRIMARY KEY NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL
);
