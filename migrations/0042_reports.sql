CREATE TABLE `therapist_commissions` (
	`therapist_id` text NOT NULL,
	`treatment_id` text NOT NULL,
	`percent` integer NOT NULL,
	PRIMARY KEY(`therapist_id`, `treatment_id`),
	FOREIGN KEY (`therapist_id`) REFERENCES `therapists`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "therapist_commissions_percent" CHECK("therapist_commissions"."percent" between 0 and 100)
);
--> statement-breakpoint
-- Added in place, not rebuilt: the therapists table keeps its triggers and the rows pointing at it.
ALTER TABLE `therapists` ADD `commission_percent` integer DEFAULT 0 NOT NULL
	CONSTRAINT "therapists_commission_percent" CHECK("commission_percent" between 0 and 100);--> statement-breakpoint
CREATE INDEX `bookings_balance_paid_at` ON `bookings` (`balance_paid_at`);--> statement-breakpoint
CREATE INDEX `payments_paid_at` ON `payments` (`paid_at`);