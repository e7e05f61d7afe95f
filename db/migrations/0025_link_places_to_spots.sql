-- A restaurant or activity that is also a spot becomes one record: the place points at its spot
-- (same name, letter case and spaces aside). Both rows stay, with everything counted on them.
UPDATE `places` SET `spot_id` = (
  SELECT `spots`.`id` FROM `spots` WHERE lower(trim(`spots`.`name`)) = lower(trim(`places`.`name`)) ORDER BY `spots`.`id` LIMIT 1
) WHERE `spot_id` IS NULL;
