CREATE TABLE `room_treatments` (
	`room_id` text NOT NULL,
	`treatment_id` text NOT NULL,
	PRIMARY KEY(`room_id`, `treatment_id`),
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rooms` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "rooms_name" CHECK(length("rooms"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE `schedule_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`start_step_minutes` integer DEFAULT 60 NOT NULL,
	CONSTRAINT "schedule_settings_one_row" CHECK("schedule_settings"."id" = 1),
	CONSTRAINT "schedule_settings_step" CHECK("schedule_settings"."start_step_minutes" in (30, 60))
);
--> statement-breakpoint
CREATE TABLE `therapist_hours` (
	`therapist_id` text NOT NULL,
	`weekday` integer NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer NOT NULL,
	PRIMARY KEY(`therapist_id`, `weekday`, `start_minute`),
	FOREIGN KEY (`therapist_id`) REFERENCES `therapists`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "therapist_hours_weekday" CHECK("therapist_hours"."weekday" between 0 and 6),
	CONSTRAINT "therapist_hours_range" CHECK("therapist_hours"."start_minute" >= 0 and "therapist_hours"."end_minute" <= 1440 and "therapist_hours"."start_minute" < "therapist_hours"."end_minute")
);
--> statement-breakpoint
CREATE TABLE `therapist_time_off` (
	`therapist_id` text NOT NULL,
	`date` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`therapist_id`, `date`),
	FOREIGN KEY (`therapist_id`) REFERENCES `therapists`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "therapist_time_off_date" CHECK("therapist_time_off"."date" glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
	CONSTRAINT "therapist_time_off_reason" CHECK(length("therapist_time_off"."reason") between 1 and 120)
);
--> statement-breakpoint
CREATE INDEX `therapist_time_off_date` ON `therapist_time_off` (`date`);--> statement-breakpoint
CREATE TABLE `therapist_treatments` (
	`therapist_id` text NOT NULL,
	`treatment_id` text NOT NULL,
	PRIMARY KEY(`therapist_id`, `treatment_id`),
	FOREIGN KEY (`therapist_id`) REFERENCES `therapists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `therapists` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "therapists_name" CHECK(length("therapists"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE `time_blocks` (
	`resource` text NOT NULL,
	`block` integer NOT NULL,
	`payment_reference` text NOT NULL,
	`expires_at` text,
	PRIMARY KEY(`resource`, `block`),
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `time_blocks_block` ON `time_blocks` (`block`);--> statement-breakpoint
CREATE INDEX `time_blocks_payment` ON `time_blocks` (`payment_reference`);--> statement-breakpoint
CREATE TABLE `treatment_timings` (
	`treatment_id` text PRIMARY KEY NOT NULL,
	`duration_minutes` integer NOT NULL,
	`buffer_minutes` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "treatment_timings_duration" CHECK("treatment_timings"."duration_minutes" between 15 and 480 and "treatment_timings"."duration_minutes" % 15 = 0),
	CONSTRAINT "treatment_timings_buffer" CHECK("treatment_timings"."buffer_minutes" between 0 and 120 and "treatment_timings"."buffer_minutes" % 15 = 0)
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `therapist_id` text REFERENCES therapists(id);--> statement-breakpoint
ALTER TABLE `bookings` ADD `room_id` text REFERENCES rooms(id);--> statement-breakpoint
ALTER TABLE `bookings` ADD `duration_minutes` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
CREATE INDEX `bookings_therapist_date` ON `bookings` (`therapist_id`,`date`);--> statement-breakpoint
ALTER TABLE `payments` ADD `method` text DEFAULT 'paystack' NOT NULL CHECK (`method` in ('paystack', 'test', 'free', 'cash', 'transfer', 'pos', 'unpaid'));--> statement-breakpoint
ALTER TABLE `payments` ADD `therapist_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `room_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `duration_minutes` integer;--> statement-breakpoint
-- How earlier payments were made: a 100% coupon was free; the test checkout's answer marks a test payment.
UPDATE `payments` SET `method` = 'free' WHERE `amount` = 0;--> statement-breakpoint
UPDATE `payments` SET `method` = 'test' WHERE `method` = 'paystack' AND `test_checkout_outcome` IS NOT NULL;--> statement-breakpoint
-- Every install becomes as many therapists as a slot had places (SLOT_CAPACITY, 2 in wrangler.toml,
-- or a weekday's higher setting), each working 09:00-18:00 on the weekdays that had a place for them
-- and giving every treatment, and as many general rooms suited to everything: nothing a visitor sees
-- changes until staff edit them.
WITH RECURSIVE n(k) AS (
  SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < max(2, coalesce((SELECT max(capacity) FROM slot_capacities), 2))
)
INSERT INTO `therapists` (`id`, `name`) SELECT 'therapist-' || k, 'Therapist ' || k FROM n;--> statement-breakpoint
WITH RECURSIVE d(w) AS (SELECT 0 UNION ALL SELECT w + 1 FROM d WHERE w < 6)
INSERT INTO `therapist_hours` (`therapist_id`, `weekday`, `start_minute`, `end_minute`)
SELECT t.id, d.w, 540, 1080 FROM therapists t, d
WHERE cast(substr(t.id, 11) as integer) <= coalesce((SELECT capacity FROM slot_capacities WHERE weekday = d.w), 2);--> statement-breakpoint
INSERT INTO `therapist_treatments` (`therapist_id`, `treatment_id`)
SELECT t.id, x.column1 FROM therapists t, (VALUES ('nuru'), ('lingam'), ('soapy-shower'), ('sleepover'), ('chair-sensual'), ('tantric-erotic'), ('deep-tissue'), ('hotstone'), ('ashiatsu'), ('back-neck'), ('swedish')) x;--> statement-breakpoint
INSERT INTO `rooms` (`id`, `name`) SELECT 'room-' || substr(id, 11), 'Room ' || substr(id, 11) FROM therapists;--> statement-breakpoint
INSERT INTO `room_treatments` (`room_id`, `treatment_id`)
SELECT r.id, x.column1 FROM rooms r, (VALUES ('nuru'), ('lingam'), ('soapy-shower'), ('sleepover'), ('chair-sensual'), ('tantric-erotic'), ('deep-tissue'), ('hotstone'), ('ashiatsu'), ('back-neck'), ('swedish')) x;--> statement-breakpoint
INSERT INTO `schedule_settings` (`id`, `start_step_minutes`) VALUES (1, 60);--> statement-breakpoint
-- Each booking (then each unexpired hold) takes the k-th therapist and room of its hourly slot, in
-- the order they were made, for the hour it had; one over the slot's places (already flagged for
-- staff) takes none.
UPDATE `bookings` SET `therapist_id` = 'therapist-' || (
  SELECT count(*) + 1 FROM bookings b2 WHERE b2.date = bookings.date AND b2.time = bookings.time
    AND b2.service_status != 'cancelled'
    AND (b2.created_at < bookings.created_at OR (b2.created_at = bookings.created_at AND b2.id < bookings.id))
) WHERE `service_status` != 'cancelled';--> statement-breakpoint
UPDATE `payments` SET `duration_minutes` = 60, `therapist_id` = 'therapist-' || (
  (SELECT count(*) FROM bookings b WHERE b.date = payments.slot_date AND b.time = payments.slot_time AND b.service_status != 'cancelled')
  + (SELECT count(*) + 1 FROM payments p2 WHERE p2.slot_date = payments.slot_date AND p2.slot_time = payments.slot_time
      AND p2.status = 'pending' AND p2.hold_expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      AND (p2.created_at < payments.created_at OR (p2.created_at = payments.created_at AND p2.reference < payments.reference)))
) WHERE `kind` = 'booking' AND `status` = 'pending' AND `hold_expires_at` > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');--> statement-breakpoint
UPDATE `bookings` SET `therapist_id` = NULL WHERE `therapist_id` NOT IN (SELECT id FROM therapists);--> statement-breakpoint
UPDATE `payments` SET `therapist_id` = NULL WHERE `therapist_id` NOT IN (SELECT id FROM therapists);--> statement-breakpoint
UPDATE `bookings` SET `room_id` = 'room-' || substr(`therapist_id`, 11) WHERE `therapist_id` IS NOT NULL;--> statement-breakpoint
UPDATE `payments` SET `room_id` = 'room-' || substr(`therapist_id`, 11) WHERE `therapist_id` IS NOT NULL;--> statement-breakpoint
WITH RECURSIVE q(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM q WHERE i < 3),
  owner(reference, therapist_id, room_id, first_block, expires_at) AS (
    SELECT payment_reference, therapist_id, room_id, (cast(julianday(date) - 2440587.5 as integer) * 96 + cast(substr(time, 1, 2) as integer) * 4 + cast(substr(time, 4, 2) as integer) / 15), NULL FROM bookings WHERE therapist_id IS NOT NULL
    UNION ALL
    SELECT reference, therapist_id, room_id, (cast(julianday(slot_date) - 2440587.5 as integer) * 96 + cast(substr(slot_time, 1, 2) as integer) * 4 + cast(substr(slot_time, 4, 2) as integer) / 15), hold_expires_at FROM payments WHERE therapist_id IS NOT NULL
  )
INSERT OR IGNORE INTO `time_blocks` (`resource`, `block`, `payment_reference`, `expires_at`)
SELECT 't:' || therapist_id, first_block + i, reference, expires_at FROM owner, q
UNION ALL
SELECT 'r:' || room_id, first_block + i, reference, expires_at FROM owner, q;
