-- Stories published before the studio existed keep their state: the new status column starts as
-- 'draft' for every row, and the published ones are 'published'.
UPDATE `blog_posts` SET `status` = 'published' WHERE `is_published` = 1;
