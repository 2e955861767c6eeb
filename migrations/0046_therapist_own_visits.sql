ALTER TABLE `bookings` ADD `booked_by_therapist` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `confirmed_at` text;