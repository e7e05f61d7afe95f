-- Stories published before the studio existed keep their state: the new status column starts as
-- 'draft' for every row, and the published ones are 'published'.
UPDATE `blog_posts` SET `status` = 'published' WHERE `is_published` = 1;
--> statement-breakpoint
-- Old Story addresses answer 301 on public pages: a change to them raises the data generation like any public table (0014).
CREATE TRIGGER `story_redirects_insert_generation` AFTER INSERT ON `story_redirects` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `story_redirects_update_generation` AFTER UPDATE ON `story_redirects` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `story_redirects_delete_generation` AFTER DELETE ON `story_redirects` BEGIN UPDATE `data_generation` SET `generation` = `generation` + 1 WHERE `id` = 1; END;
