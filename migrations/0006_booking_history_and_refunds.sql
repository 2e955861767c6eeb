CREATE TABLE `booking_events` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`kind` text NOT NULL,
	`actor` text NOT NULL,
	`from_date` text NOT NULL,
	`from_time` text NOT NULL,
	`to_date` text,
	`to_time` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "booking_events_kind" CHECK(kind in ('rescheduled', 'cancelled')),
	CONSTRAINT "booking_events_actor" CHECK(actor in ('visitor', 'staff'))
);
--> statement-breakpoint
CREATE INDEX `booking_events_booking` ON `booking_events` (`booking_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`booking_id` text PRIMARY KEY NOT NULL,
	`payment_reference` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`test_mode` integer DEFAULT false NOT NULL,
	`paystack_refund_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`processed_at` text,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "refunds_status" CHECK(status in ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_amount" CHECK("refunds"."amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `refunds_status` ON `refunds` (`status`,`updated_at`);