CREATE TABLE `auth_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`idle_timeout_ms` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_subject_idx` ON `auth_sessions` (`kind`,`subject`);--> statement-breakpoint
CREATE INDEX `auth_sessions_address_idx` ON `auth_sessions` (`kind`,`ip_address`,`created_at`);--> statement-breakpoint
CREATE INDEX `auth_sessions_expires_idx` ON `auth_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `staff_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `staff_devices_expires_idx` ON `staff_devices` (`expires_at`);