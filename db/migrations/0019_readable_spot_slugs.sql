-- Hand-written: migration 0010 made slugs for the spots already in the database from their names
-- in SQL, which keeps letters such as "é" and symbols such as "#"; the spot page accepts only
-- lowercase a-z, 0-9 and single hyphens (at most 120 characters), so those spots had no page.
-- They get `spot-<id>`, or that with a random suffix when another spot already has it.
UPDATE `spots` SET `slug` = 'spot-' || `id`
  WHERE (`slug` GLOB '*[^a-z0-9-]*' OR `slug` GLOB '*--*' OR `slug` GLOB '-*' OR `slug` GLOB '*-' OR length(`slug`) > 120)
  AND NOT EXISTS (SELECT 1 FROM `spots` AS `other` WHERE `other`.`slug` = 'spot-' || `spots`.`id`);--> statement-breakpoint
UPDATE `spots` SET `slug` = 'spot-' || `id` || '-' || lower(hex(randomblob(4)))
  WHERE `slug` GLOB '*[^a-z0-9-]*' OR `slug` GLOB '*--*' OR `slug` GLOB '-*' OR `slug` GLOB '*-' OR length(`slug`) > 120;
