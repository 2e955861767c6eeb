CREATE TABLE `visit_notes` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL,
	`written_by` text NOT NULL,
	`written_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `health_form_at` text;--> statement-breakpoint
-- Every booking made online answered the health questions when it was booked; staff bookings (ST-) did not.
UPDATE `bookings` SET `health_form_at` = `created_at` WHERE `payment_reference` NOT LIKE 'ST-%';
