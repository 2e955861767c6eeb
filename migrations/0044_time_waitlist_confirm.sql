ALTER TABLE `time_waitlist_entries` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `time_waitlist_entries` ADD `network_key` text;--> statement-breakpoint
CREATE INDEX `time_waitlist_entries_network` ON `time_waitlist_entries` (`network_key`,`status`);