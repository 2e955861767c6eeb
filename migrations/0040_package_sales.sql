-- Packages sold and their sessions taken, and monthly memberships with their Paystack events
-- (issue 36); payments of kind 'package' and 'membership' (and method 'package': a visit its
-- sessions pay wholly). SQLite changes a CHECK by rebuilding the table; D1 runs a migration in one
-- transaction, where foreign keys cannot be switched off: their checks wait for its end instead
-- (as in 0035).
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `membership_events` (
	`key` text PRIMARY KEY NOT NULL,
	`event` text NOT NULL,
	`subscription_code` text,
	`payload` text NOT NULL,
	`applied` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `membership_events_waiting` ON `membership_events` (`subscription_code`,`applied`);--> statement-breakpoint
CREATE TABLE `membership_plan_treatments` (
	`plan_id` text NOT NULL,
	`treatment_id` text NOT NULL,
	PRIMARY KEY(`plan_id`, `treatment_id`),
	FOREIGN KEY (`plan_id`) REFERENCES `membership_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`treatment_id`) REFERENCES `treatments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `membership_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`price` integer NOT NULL,
	`sessions_per_month` integer NOT NULL,
	`shop_percent` integer DEFAULT 0 NOT NULL,
	`paystack_plan_code` text,
	`shown` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "membership_plans_name_length" CHECK(length("membership_plans"."name") between 1 and 60),
	CONSTRAINT "membership_plans_price" CHECK("membership_plans"."price" between 1 and 10000000),
	CONSTRAINT "membership_plans_sessions" CHECK("membership_plans"."sessions_per_month" between 1 and 8),
	CONSTRAINT "membership_plans_shop_percent" CHECK("membership_plans"."shop_percent" between 0 and 50)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `membership_plans_name` ON `membership_plans` (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX `membership_plans_paystack_plan_code` ON `membership_plans` (`paystack_plan_code`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`payment_reference` text NOT NULL,
	`purchase_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`subscription_code` text,
	`email_token` text,
	`status` text DEFAULT 'active' NOT NULL,
	`paid_until` text NOT NULL,
	`months` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `membership_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_id`) REFERENCES `package_purchases`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "memberships_status" CHECK(status in ('active', 'unpaid', 'ending', 'ended'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_payment_reference` ON `memberships` (`payment_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_subscription_code` ON `memberships` (`subscription_code`);--> statement-breakpoint
CREATE INDEX `memberships_email` ON `memberships` (lower("email"),`plan_id`);--> statement-breakpoint
CREATE TABLE `package_purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_reference` text NOT NULL,
	`package_id` text,
	`plan_id` text,
	`name` text NOT NULL,
	`treatment_ids` text NOT NULL,
	`sessions` integer NOT NULL,
	`sessions_left` integer NOT NULL,
	`price` integer NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_email` text,
	`buyer_phone` text,
	`code_hash` text NOT NULL,
	`code_last4` text NOT NULL,
	`expires_on` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`sold_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `membership_plans`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "package_purchases_sessions_left" CHECK("package_purchases"."sessions_left" between 0 and "package_purchases"."sessions"),
	CONSTRAINT "package_purchases_status" CHECK(status in ('active', 'void')),
	CONSTRAINT "package_purchases_source" CHECK(("package_purchases"."package_id" is null) != ("package_purchases"."plan_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `package_purchases_payment_reference` ON `package_purchases` (`payment_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `package_purchases_code_hash` ON `package_purchases` (`code_hash`);--> statement-breakpoint
CREATE INDEX `package_purchases_email` ON `package_purchases` (lower("buyer_email"));--> statement-breakpoint
CREATE TABLE `package_uses` (
	`payment_reference` text PRIMARY KEY NOT NULL,
	`purchase_id` text NOT NULL,
	`sessions` integer NOT NULL,
	`value` integer NOT NULL,
	`state` text DEFAULT 'held' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`purchase_id`) REFERENCES `package_purchases`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "package_uses_sessions" CHECK("package_uses"."sessions" >= 1),
	CONSTRAINT "package_uses_value" CHECK("package_uses"."value" >= 0),
	CONSTRAINT "package_uses_state" CHECK(state in ('held', 'spent', 'released', 'returned'))
);
--> statement-breakpoint
CREATE INDEX `package_uses_purchase` ON `package_uses` (`purchase_id`,`state`);--> statement-breakpoint
CREATE INDEX `package_uses_state` ON `package_uses` (`state`);--> statement-breakpoint
CREATE TABLE `__new_payments` (
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
	`gateway_checked_at` text,
	`method` text DEFAULT 'paystack' NOT NULL,
	`coupon_id` text,
	`phone_key` text,
	`therapist_id` text,
	`room_id` text,
	`duration_minutes` integer,
	CONSTRAINT "payments_kind" CHECK(kind in ('booking', 'order', 'voucher', 'package', 'membership')),
	CONSTRAINT "payments_test_checkout_outcome" CHECK("__new_payments"."test_checkout_outcome" is null or "__new_payments"."test_checkout_outcome" in ('paid', 'cancelled')),
	CONSTRAINT "payments_status" CHECK(status in ('pending', 'paid', 'failed', 'abandoned', 'expired')),
	CONSTRAINT "payments_method" CHECK(method in ('paystack', 'test', 'free', 'voucher', 'package', 'cash', 'transfer', 'pos', 'unpaid')),
	CONSTRAINT "payments_amounts" CHECK("__new_payments"."amount" >= 0 and "__new_payments"."discount" >= 0 and "__new_payments"."due_at_studio" >= 0 and "__new_payments"."voucher_amount" >= 0
        and "__new_payments"."amount" + "__new_payments"."voucher_amount" + "__new_payments"."due_at_studio" = "__new_payments"."subtotal" - "__new_payments"."discount")
);
--> statement-breakpoint
INSERT INTO `__new_payments`("reference", "kind", "status", "amount", "subtotal", "discount", "due_at_studio", "voucher_id", "voucher_amount", "coupon_code", "email", "details", "slot_date", "slot_time", "hold_expires_at", "created_at", "paid_at", "test_checkout_outcome", "client_key", "browser_key_hash", "gateway_checked_at", "method", "coupon_id", "phone_key", "therapist_id", "room_id", "duration_minutes") SELECT "reference", "kind", "status", "amount", "subtotal", "discount", "due_at_studio", "voucher_id", "voucher_amount", "coupon_code", "email", "details", "slot_date", "slot_time", "hold_expires_at", "created_at", "paid_at", "test_checkout_outcome", "client_key", "browser_key_hash", "gateway_checked_at", "method", "coupon_id", "phone_key", "therapist_id", "room_id", "duration_minutes" FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
CREATE INDEX `payments_slot` ON `payments` (`slot_date`,`slot_time`);--> statement-breakpoint
CREATE INDEX `payments_status_created` ON `payments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_coupon` ON `payments` (`coupon_id`,`status`);
--> statement-breakpoint
-- Dropping the old table dropped its triggers (migrations 0032, 0034): the versions move with it again.
CREATE TRIGGER `schedule_version_payments_update` AFTER UPDATE OF `status`, `hold_expires_at` ON `payments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_payments_delete` AFTER DELETE ON `payments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_payments_insert` AFTER INSERT ON `payments` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_payments_update` AFTER UPDATE OF `reference`, `coupon_code`, `method`, `amount` ON `payments` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_payments_delete` AFTER DELETE ON `payments` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
