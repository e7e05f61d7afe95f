-- A generation per group of public data instead of one for everything (the data_generations
-- table): a write raises only its group, so a love or a view no longer makes /about, /events or a
-- Story stale. The engagement counters (loves, visits, views: the user_engagements rows and the
-- three counter columns of spots) are a group of their own. Hand-written: drizzle-kit makes no triggers.
INSERT INTO `data_generations` (`name`, `generation`) VALUES ('spots', 0), ('events', 0), ('blog_posts', 0), ('story_redirects', 0), ('places', 0), ('user_suggestions', 0), ('uploads', 0), ('counters', 0);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `spots_insert_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `spots_update_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `spots_delete_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `events_insert_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `events_update_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `events_delete_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `blog_posts_insert_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `blog_posts_update_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `blog_posts_delete_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `story_redirects_insert_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `story_redirects_update_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `story_redirects_delete_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `places_insert_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `places_update_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `places_delete_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `user_engagements_insert_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `user_engagements_update_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `user_engagements_delete_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `user_suggestions_insert_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `user_suggestions_update_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `user_suggestions_delete_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `uploads_insert_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `uploads_update_generation`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `uploads_delete_generation`;
--> statement-breakpoint
CREATE TRIGGER `events_insert_generation` AFTER INSERT ON `events` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'events'; END;
--> statement-breakpoint
CREATE TRIGGER `events_update_generation` AFTER UPDATE ON `events` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'events'; END;
--> statement-breakpoint
CREATE TRIGGER `events_delete_generation` AFTER DELETE ON `events` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'events'; END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_insert_generation` AFTER INSERT ON `blog_posts` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'blog_posts'; END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_update_generation` AFTER UPDATE ON `blog_posts` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'blog_posts'; END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_delete_generation` AFTER DELETE ON `blog_posts` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'blog_posts'; END;
--> statement-breakpoint
CREATE TRIGGER `story_redirects_insert_generation` AFTER INSERT ON `story_redirects` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'story_redirects'; END;
--> statement-breakpoint
CREATE TRIGGER `story_redirects_update_generation` AFTER UPDATE ON `story_redirects` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'story_redirects'; END;
--> statement-breakpoint
CREATE TRIGGER `story_redirects_delete_generation` AFTER DELETE ON `story_redirects` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'story_redirects'; END;
--> statement-breakpoint
CREATE TRIGGER `places_insert_generation` AFTER INSERT ON `places` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'places'; END;
--> statement-breakpoint
CREATE TRIGGER `places_update_generation` AFTER UPDATE ON `places` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'places'; END;
--> statement-breakpoint
CREATE TRIGGER `places_delete_generation` AFTER DELETE ON `places` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'places'; END;
--> statement-breakpoint
CREATE TRIGGER `user_suggestions_insert_generation` AFTER INSERT ON `user_suggestions` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'user_suggestions'; END;
--> statement-breakpoint
CREATE TRIGGER `user_suggestions_update_generation` AFTER UPDATE ON `user_suggestions` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'user_suggestions'; END;
--> statement-breakpoint
CREATE TRIGGER `user_suggestions_delete_generation` AFTER DELETE ON `user_suggestions` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'user_suggestions'; END;
--> statement-breakpoint
CREATE TRIGGER `uploads_insert_generation` AFTER INSERT ON `uploads` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'uploads'; END;
--> statement-breakpoint
CREATE TRIGGER `uploads_update_generation` AFTER UPDATE ON `uploads` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'uploads'; END;
--> statement-breakpoint
CREATE TRIGGER `uploads_delete_generation` AFTER DELETE ON `uploads` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'uploads'; END;
--> statement-breakpoint
CREATE TRIGGER `spots_insert_generation` AFTER INSERT ON `spots` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'spots'; END;
--> statement-breakpoint
CREATE TRIGGER `spots_delete_generation` AFTER DELETE ON `spots` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'spots'; END;
--> statement-breakpoint
-- A spot's own fields (every column but the counters; a test keeps this list complete).
CREATE TRIGGER `spots_update_generation` AFTER UPDATE OF `id`, `name`, `category`, `description`, `image_url`, `thumbnail_url`, `maps_url`, `website`, `featured`, `suggestion_count`, `tags`, `created_at`, `slug`, `neighbourhood`, `address`, `latitude`, `longitude`, `price_level`, `hours`, `hook`, `know_before`, `insider_tip`, `photo`, `updated_at`, `archived_at`, `status`, `closed_until`, `status_note`, `moved_to_id`, `verified_at`, `draft`, `no_fixed_hours`, `featured_order` ON `spots` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'spots'; END;
--> statement-breakpoint
-- Its counters: only when one of them really changed (a repeated view sets + 0).
CREATE TRIGGER `spots_counters_generation` AFTER UPDATE OF `view_count`, `loved_count`, `visited_count` ON `spots` WHEN old.`view_count` IS NOT new.`view_count` OR old.`loved_count` IS NOT new.`loved_count` OR old.`visited_count` IS NOT new.`visited_count` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'counters'; END;
--> statement-breakpoint
CREATE TRIGGER `user_engagements_insert_generation` AFTER INSERT ON `user_engagements` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'counters'; END;
--> statement-breakpoint
CREATE TRIGGER `user_engagements_update_generation` AFTER UPDATE ON `user_engagements` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'counters'; END;
--> statement-breakpoint
CREATE TRIGGER `user_engagements_delete_generation` AFTER DELETE ON `user_engagements` BEGIN UPDATE `data_generations` SET `generation` = `generation` + 1 WHERE `name` = 'counters'; END;
