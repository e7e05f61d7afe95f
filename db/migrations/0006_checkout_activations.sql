CREATE TABLE `checkout_activations` (
	`session_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`activated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
