DROP INDEX `payments_paid_at`;--> statement-breakpoint
CREATE INDEX `payments_status_paid_at` ON `payments` (`status`,`paid_at`,`kind`,`method`,`amount`);--> statement-breakpoint
DROP INDEX `bookings_client`;--> statement-breakpoint
CREATE INDEX `bookings_client_created` ON `bookings` (`client_id`,`created_at`,`service_status`);--> statement-breakpoint
CREATE INDEX `bookings_period` ON `bookings` (`date`,`service_status`,`needs_attention`,`therapist_id`,`room_id`,`time`,`duration_minutes`,`cancelled_at`);--> statement-breakpoint
CREATE INDEX `bookings_client` ON `bookings` (`client_id`,`date`,`service_status`);