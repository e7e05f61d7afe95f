CREATE TABLE `data_generation` (
	`id` integer PRIMARY KEY NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `data_generation` (`id`, `generation`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `spots_insert_generation` AFTER INSERT ON `spots` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `spots_update_generation` AFTER UPDATE ON `spots` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `spots_delete_generation` AFTER DELETE ON `spots` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `events_insert_generation` AFTER INSERT ON `events` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `events_update_generation` AFTER UPDATE ON `events` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `events_delete_generation` AFTER DELETE ON `events` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_insert_generation` AFTER INSERT ON `blog_posts` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_update_generation` AFTER UPDATE ON `blog_posts` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_delete_generation` AFTER DELETE ON `blog_posts` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `places_insert_generation` AFTER INSERT ON `places` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `places_update_generation` AFTER UPDATE ON `places` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `places_delete_generation` AFTER DELETE ON `places` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `user_engagements_insert_generation` AFTER INSERT ON `user_engagements` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `user_engagements_update_generation` AFTER UPDATE ON `user_engagements` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `user_engagements_delete_generation` AFTER DELETE ON `user_engagements` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `user_suggestions_insert_generation` AFTER INSERT ON `user_suggestions` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `user_suggestions_update_generation` AFTER UPDATE ON `user_suggestions` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `user_suggestions_delete_generation` AFTER DELETE ON `user_suggestions` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `uploads_insert_generation` AFTER INSERT ON `uploads` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `uploads_update_generation` AFTER UPDATE ON `uploads` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `uploads_delete_generation` AFTER DELETE ON `uploads` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
