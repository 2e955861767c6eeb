CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`actor_id` text,
	`actor_name` text,
	`action` text NOT NULL,
	`target` text,
	`details` text DEFAULT '{}' NOT NULL,
	`address` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor` ON `audit_log` (`actor_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_action` ON `audit_log` (`action`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_target` ON `audit_log` (`target`);--> statement-breakpoint
ALTER TABLE `booking_events` ADD `staff_id` text;--> statement-breakpoint
ALTER TABLE `booking_events` ADD `staff_name` text;