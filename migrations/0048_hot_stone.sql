-- Treatment names are one per treatment with case and spaces aside (bookings match them so):
-- a name that would clash so takes its id, before the index that holds it.
UPDATE `treatments` SET `name` = substr(`name`, 1, 57 - length(`id`)) || ' (' || `id` || ')'
WHERE EXISTS (SELECT 1 FROM `treatments` `other` WHERE `other`.`id` < `treatments`.`id`
  AND lower(replace(`other`.`name`, ' ', '')) = lower(replace(`treatments`.`name`, ' ', '')));--> statement-breakpoint
DROP INDEX `treatments_name`;--> statement-breakpoint
CREATE UNIQUE INDEX `treatments_name` ON `treatments` (lower(replace("name", ' ', '')));--> statement-breakpoint
-- The menu's "Hotstone" reads "Hot Stone" (unless staff named it otherwise); a kept or linked
-- "Hotstone" still finds it.
UPDATE `treatments` SET `name` = 'Hot Stone', `version` = `version` + 1 WHERE `id` = 'hotstone' AND `name` = 'Hotstone';
