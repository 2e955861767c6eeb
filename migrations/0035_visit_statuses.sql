-- A visit's day: arrived and no-show beside booked, completed and cancelled (issue 34). SQLite
-- changes a CHECK by rebuilding the table. D1 runs a migration in one transaction, where foreign
-- keys cannot be switched off: their checks wait for its end instead.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
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
	`amount_paid` integer DEFAULT 0 NOT NULL,
	`balance_method` text,
	`balance_paid_at` text,
	`service_status` text DEFAULT 'booked' NOT NULL,
	`needs_attention` integer DEFAULT false NOT NULL,
	`reminder_sent_at` text,
	`manage_token_hash` text,
	`cancelled_at` text,
	`completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`client_id` text,
	`therapist_id` text,
	`room_id` text,
	`duration_minutes` integer DEFAULT 60 NOT NULL,
	`treatment_ids` text,
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`therapist_id`) REFERENCES `therapists`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bookings_service_status" CHECK(service_status in ('booked', 'arrived', 'completed', 'no-show', 'cancelled')),
	CONSTRAINT "bookings_amount" CHECK("__new_bookings"."amount" >= 0),
	CONSTRAINT "bookings_amount_paid" CHECK("__new_bookings"."amount_paid" between 0 and "__new_bookings"."amount"),
	CONSTRAINT "bookings_balance_method" CHECK("__new_bookings"."balance_method" is null or balance_method in ('cash', 'transfer', 'pos')),
	CONSTRAINT "bookings_time" CHECK("__new_bookings"."time" glob '[0-2][0-9]:[0-5][0-9]'),
	CONSTRAINT "bookings_date" CHECK("__new_bookings"."date" glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')
);
--> statement-breakpoint
INSERT INTO `__new_bookings`("id", "payment_reference", "service", "subservices", "date", "time", "name", "email", "phone", "notes", "referral_source", "previous_massage_therapy", "on_medication", "medication_details", "exercising", "exercise_frequency", "exercise_hours", "health_conditions", "amount", "amount_paid", "balance_method", "balance_paid_at", "service_status", "needs_attention", "reminder_sent_at", "manage_token_hash", "cancelled_at", "completed_at", "created_at", "client_id", "therapist_id", "room_id", "duration_minutes", "treatment_ids") SELECT "id", "payment_reference", "service", "subservices", "date", "time", "name", "email", "phone", "notes", "referral_source", "previous_massage_therapy", "on_medication", "medication_details", "exercising", "exercise_frequency", "exercise_hours", "health_conditions", "amount", "amount_paid", "balance_method", "balance_paid_at", "service_status", "needs_attention", "reminder_sent_at", "manage_token_hash", "cancelled_at", "completed_at", "created_at", "client_id", "therapist_id", "room_id", "duration_minutes", "treatment_ids" FROM `bookings`;--> statement-breakpoint
DROP TABLE `bookings`;--> statement-breakpoint
ALTER TABLE `__new_bookings` RENAME TO `bookings`;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_payment_reference` ON `bookings` (`payment_reference`);--> statement-breakpoint
CREATE INDEX `bookings_therapist_date` ON `bookings` (`therapist_id`,`date`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_manage_token_hash` ON `bookings` (`manage_token_hash`);--> statement-breakpoint
CREATE INDEX `bookings_slot` ON `bookings` (`date`,`time`);--> statement-breakpoint
CREATE INDEX `bookings_status_slot` ON `bookings` (`service_status`,`date`,`time`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_client` ON `bookings` (`client_id`,`date`);
--> statement-breakpoint
-- Dropping the old table dropped its triggers (migration 0034): the bookings' version moves with it again.
CREATE TRIGGER `bookings_version_bookings_insert` AFTER INSERT ON `bookings` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_bookings_update` AFTER UPDATE ON `bookings` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_bookings_delete` AFTER DELETE ON `bookings` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
