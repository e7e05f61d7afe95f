CREATE INDEX `history_actor_page_idx` ON `history` (`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `history_kind_page_idx` ON `history` (`kind`,`id`);