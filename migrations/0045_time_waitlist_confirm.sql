ALTER TABLE `time_waitlist_entries` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `time_waitlist_entries` ADD `network_key` text;--> statement-breakpoint
CREATE INDEX `time_waitlist_entries_network` ON `time_waitlist_entries` (`network_key`,`status`);--> statement-breakpoint
-- hand-written:
-- Entries already waiting were joined before confirmation existed and are offered places today:
-- they keep that (two lapsed offers in a row now end any of them nobody answers for).
UPDATE `time_waitlist_entries` SET `confirmed_at` = `created_at` WHERE `status` = 'waiting';
