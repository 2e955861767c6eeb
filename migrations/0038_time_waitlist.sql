CREATE TABLE `time_waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`phone_key` text,
	`treatment_ids` text NOT NULL,
	`therapist_id` text,
	`dates` text NOT NULL,
	`last_date` text NOT NULL,
	`day_part` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`ended_at` text,
	`booking_id` text,
	CONSTRAINT "time_waitlist_entries_day_part" CHECK(day_part in ('morning', 'afternoon', 'late', 'any')),
	CONSTRAINT "time_waitlist_entries_status" CHECK(status in ('waiting', 'booked', 'left', 'ended')),
	CONSTRAINT "time_waitlist_entries_contact" CHECK("time_waitlist_entries"."email" is not null or "time_waitlist_entries"."phone" is not null)
);
--> statement-breakpoint
CREATE INDEX `time_waitlist_entries_line` ON `time_waitlist_entries` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `time_waitlist_entries_email` ON `time_waitlist_entries` (lower("email"));--> statement-breakpoint
CREATE INDEX `time_waitlist_entries_phone` ON `time_waitlist_entries` (`phone_key`);--> statement-breakpoint
CREATE TABLE `time_waitlist_offers` (
	`reference` text PRIMARY KEY NOT NULL,
	`entry_id` text NOT NULL,
	`date` text NOT NULL,
	`time` text NOT NULL,
	`therapist_id` text NOT NULL,
	`room_id` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`offered_on` text NOT NULL,
	`expires_at` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`payment_reference` text,
	`by_staff` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `time_waitlist_entries`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "time_waitlist_offers_status" CHECK(status in ('open', 'paying', 'booked', 'declined', 'lapsed', 'withdrawn'))
);
--> statement-breakpoint
CREATE INDEX `time_waitlist_offers_entry` ON `time_waitlist_offers` (`entry_id`,`offered_on`);--> statement-breakpoint
CREATE INDEX `time_waitlist_offers_status` ON `time_waitlist_offers` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `time_waitlist_offers_payment` ON `time_waitlist_offers` (`payment_reference`);--> statement-breakpoint
CREATE INDEX `time_waitlist_offers_date` ON `time_waitlist_offers` (`date`);--> statement-breakpoint
CREATE UNIQUE INDEX `time_waitlist_offers_one_live` ON `time_waitlist_offers` (`entry_id`) WHERE "time_waitlist_offers"."status" in ('open', 'paying');--> statement-breakpoint
-- time_blocks loses its foreign key to payments: a waitlist offer holds blocks too. D1 runs a
-- migration in one transaction, where foreign keys cannot be switched off: checks wait instead.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_time_blocks` (
	`resource` text NOT NULL,
	`block` integer NOT NULL,
	`payment_reference` text NOT NULL,
	`expires_at` text,
	PRIMARY KEY(`resource`, `block`)
);
--> statement-breakpoint
INSERT INTO `__new_time_blocks`("resource", "block", "payment_reference", "expires_at") SELECT "resource", "block", "payment_reference", "expires_at" FROM `time_blocks`;--> statement-breakpoint
DROP TABLE `time_blocks`;--> statement-breakpoint
ALTER TABLE `__new_time_blocks` RENAME TO `time_blocks`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE INDEX `time_blocks_window` ON `time_blocks` (`block`,`resource`,`expires_at`,`payment_reference`);--> statement-breakpoint
CREATE INDEX `time_blocks_payment` ON `time_blocks` (`payment_reference`);--> statement-breakpoint
-- Dropping the table dropped its triggers (migration 0032): availability's version moves on again.
CREATE TRIGGER `schedule_version_time_blocks_insert` AFTER INSERT ON `time_blocks` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `schedule_version_time_blocks_update` AFTER UPDATE ON `time_blocks` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `schedule_version_time_blocks_delete` AFTER DELETE ON `time_blocks` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;--> statement-breakpoint
ALTER TABLE `schedule_settings` ADD `waitlist_offer_minutes` integer DEFAULT 15 NOT NULL;