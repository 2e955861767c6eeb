ALTER TABLE `bookings` ADD `treatment_ids` text;--> statement-breakpoint
-- Bookings made before: their treatments' ids by name (every name is on the menu at this point).
UPDATE `bookings` SET `treatment_ids` = (
  SELECT json_group_array(t.id) FROM json_each(bookings.subservices) s
  JOIN treatments t ON lower(t.name) = lower(s.value)
) WHERE `treatment_ids` IS NULL;
