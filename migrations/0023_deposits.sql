-- Deposits and gift vouchers. payments is rebuilt for its new checks: the amounts (what it takes,
-- what a voucher pays and what is due at the studio add up to the total less the coupon), a gift
-- voucher's purchase as a kind, and a voucher as a way to pay (the method's check, once the
-- column's, is the table's now). D1 enforces foreign keys whatever foreign_keys says, and renaming
-- a copy into place would leave bookings, orders and refunds pointing at rows that were dropped:
-- so their checks wait for the end of the transaction (defer_foreign_keys), the rows are set
-- aside, and payments is created under its own name and filled again, which settles every
-- reference before the end. bookings and treatments only gain columns, with their checks on the
-- column.
PRAGMA defer_foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__old_payments` AS SELECT * FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
CREATE TABLE `payments` (
	`reference` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount` integer NOT NULL,
	`subtotal` integer NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`due_at_studio` integer DEFAULT 0 NOT NULL,
	`voucher_id` text,
	`voucher_amount` integer DEFAULT 0 NOT NULL,
	`coupon_code` text,
	`email` text NOT NULL,
	`details` text NOT NULL,
	`slot_date` text,
	`slot_time` text,
	`hold_expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`paid_at` text,
	`test_checkout_outcome` text,
	`client_key` text,
	`browser_key_hash` text,
	`method` text DEFAULT 'paystack' NOT NULL,
	`coupon_id` text,
	`phone_key` text,
	`therapist_id` text,
	`room_id` text,
	`duration_minutes` integer,
	CONSTRAINT "payments_kind" CHECK(kind in ('booking', 'order', 'voucher')),
	CONSTRAINT "payments_test_checkout_outcome" CHECK("payments"."test_checkout_outcome" is null or "payments"."test_checkout_outcome" in ('paid', 'cancelled')),
	CONSTRAINT "payments_status" CHECK(status in ('pending', 'paid', 'failed', 'abandoned', 'expired')),
	CONSTRAINT "payments_method" CHECK(method in ('paystack', 'test', 'free', 'voucher', 'cash', 'transfer', 'pos', 'unpaid')),
	CONSTRAINT "payments_amounts" CHECK("payments"."amount" >= 0 and "payments"."discount" >= 0 and "payments"."due_at_studio" >= 0 and "payments"."voucher_amount" >= 0
        and "payments"."amount" + "payments"."voucher_amount" + "payments"."due_at_studio" = "payments"."subtotal" - "payments"."discount")
);
--> statement-breakpoint
INSERT INTO `payments`("reference", "kind", "status", "amount", "subtotal", "discount", "coupon_code", "email", "details", "slot_date", "slot_time", "hold_expires_at", "created_at", "paid_at", "test_checkout_outcome", "client_key", "browser_key_hash", "method", "coupon_id", "phone_key", "therapist_id", "room_id", "duration_minutes") SELECT "reference", "kind", "status", "amount", "subtotal", "discount", "coupon_code", "email", "details", "slot_date", "slot_time", "hold_expires_at", "created_at", "paid_at", "test_checkout_outcome", "client_key", "browser_key_hash", "method", "coupon_id", "phone_key", "therapist_id", "room_id", "duration_minutes" FROM `__old_payments`;--> statement-breakpoint
DROP TABLE `__old_payments`;--> statement-breakpoint
CREATE INDEX `payments_slot` ON `payments` (`slot_date`,`slot_time`);--> statement-breakpoint
CREATE INDEX `payments_status_created` ON `payments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_coupon` ON `payments` (`coupon_id`,`status`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `amount_paid` integer DEFAULT 0 NOT NULL CONSTRAINT "bookings_amount_paid" CHECK("amount_paid" between 0 and "amount");--> statement-breakpoint
ALTER TABLE `bookings` ADD `balance_method` text CONSTRAINT "bookings_balance_method" CHECK("balance_method" is null or balance_method in ('cash', 'transfer', 'pos'));--> statement-breakpoint
ALTER TABLE `bookings` ADD `balance_paid_at` text;--> statement-breakpoint
-- A paid booking was paid in full; one taken unpaid at the desk has paid nothing yet.
UPDATE `bookings` SET `amount_paid` = `amount` WHERE (SELECT `status` FROM `payments` WHERE `reference` = `bookings`.`payment_reference`) = 'paid';--> statement-breakpoint
ALTER TABLE `treatments` ADD `deposit_percent` integer DEFAULT 0 NOT NULL CONSTRAINT "treatments_deposit_percent" CHECK("deposit_percent" between 0 and 100);
