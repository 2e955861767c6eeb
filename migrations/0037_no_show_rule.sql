ALTER TABLE `clients` ADD `no_show_rule_lifted_at` text;--> statement-breakpoint
ALTER TABLE `schedule_settings` ADD `no_show_limit` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
-- The bookings list shows each client's no-shows: lifting the rule changes what it shows.
CREATE TRIGGER `bookings_version_clients_no_show_lift` AFTER UPDATE OF `no_show_rule_lifted_at` ON `clients` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
