ALTER TABLE `spots` ADD `slug` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `spots` ADD `neighbourhood` text;--> statement-breakpoint
ALTER TABLE `spots` ADD `address` text;--> statement-breakpoint
ALTER TABLE `spots` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `spots` ADD `longitude` real;--> statement-breakpoint
ALTER TABLE `spots` ADD `price_level` integer;--> statement-breakpoint
ALTER TABLE `spots` ADD `hours` text;--> statement-breakpoint
ALTER TABLE `spots` ADD `hook` text;--> statement-breakpoint
ALTER TABLE `spots` ADD `know_before` text;--> statement-breakpoint
ALTER TABLE `spots` ADD `insider_tip` text;--> statement-breakpoint
-- Hand-written: spots already in the database get a slug from their name (the app makes new ones
-- with slugFromName), unique by appending the id where two names make the same slug.
UPDATE `spots` SET `slug` = trim(lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name`, '&', ' and '), '''', ''), '’', ''), '.', ' '), ',', ' '), '(', ' '), ')', ' '), '/', ' '), ':', ' '), '!', ' '), '-', ' ')));--> statement-breakpoint
UPDATE `spots` SET `slug` = replace(replace(replace(replace(`slug`, '    ', ' '), '   ', ' '), '  ', ' '), ' ', '-');--> statement-breakpoint
UPDATE `spots` SET `slug` = 'spot-' || `id` WHERE `slug` = '';--> statement-breakpoint
UPDATE `spots` SET `slug` = `slug` || '-' || `id` WHERE `id` NOT IN (SELECT min(`id`) FROM `spots` GROUP BY `slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `spots_slug_idx` ON `spots` (`slug`);--> statement-breakpoint
-- Hand-written: a spot inserted without a slug (by a script or straight SQL; the app always sets
-- one) gets `spot-<id>`, so the unique index never refuses it.
CREATE TRIGGER `spots_slug_default` AFTER INSERT ON `spots` FOR EACH ROW WHEN NEW.`slug` = '' BEGIN
  UPDATE `spots` SET `slug` = 'spot-' || NEW.`id` WHERE `id` = NEW.`id`;
END;
