-- Bookings can be cancelled and carry the hash of their manage link. SQLite changes a CHECK only
-- by rebuilding the table; the copy leaves the two new columns empty (drizzle-kit listed them in
-- the copy, which the old table does not have, and was corrected by hand).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_reference` text NOT NULL,
	`service` text NOT NULL,
	`subservices` text NOT NULL,
	`date` text NOT NULL,
	`time` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`notes` text,
	`referral_source` text,
	`previous_massage_therapy` integer DEFAULT false NOT NULL,
	`on_medication` integer DEFAULT false NOT NULL,
	`medication_details` text,
	`exercising` integer DEFAULT false NOT NULL,
	`exercise_frequency` integer,
	`exercise_hours` integer,
	`health_conditions` text DEFAULT '[]' NOT NULL,
	`amount` integer NOT NULL,
	`service_status` text DEFAULT 'booked' NOT NULL,
	`needs_attention` integer DEFAULT false NOT NULL,
	`reminder_sent_at` text,
	`manage_token_hash` text,
	`cancelled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bookings_service_status" CHECK(service_status in ('booked', 'completed', 'cancelled')),
	CONSTRAINT "bookings_amount" CHECK("__new_bookings"."amount" >= 0),
	CONSTRAINT "bookings_time" CHECK("__new_bookings"."time" glob '[0-2][0-9]:[0-5][0-9]'),
	CONSTRAINT "bookings_date" CHECK("__new_bookings"."date" glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')
);
--> statement-breakpoint
INSERT INTO `__new_bookings`("id", "payment_reference", "service", "subservices", "date", "time", "name", "email", "phone", "notes", "referral_source", "previous_massage_therapy", "on_medication", "medication_details", "exercising", "exercise_frequency", "exercise_hours", "health_conditions", "amount", "service_status", "needs_attention", "reminder_sent_at", "created_at") SELECT "id", "payment_reference", "service", "subservices", "date", "time", "name", "email", "phone", "notes", "referral_source", "previous_massage_therapy", "on_medication", "medication_details", "exercising", "exercise_frequency", "exercise_hours", "health_conditions", "amount", "service_status", "needs_attention", "reminder_sent_at", "created_at" FROM `bookings`;--> statement-breakpoint
DROP TABLE `bookings`;--> statement-breakpoint
ALTER TABLE `__new_bookings` RENAME TO `bookings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_payment_reference` ON `bookings` (`payment_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_manage_token_hash` ON `bookings` (`manage_token_hash`);--> statement-breakpoint
CREATE INDEX `bookings_slot` ON `bookings` (`date`,`time`);