CREATE TABLE `bookings` (
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
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bookings_service_status" CHECK(service_status in ('booked', 'completed')),
	CONSTRAINT "bookings_amount" CHECK("bookings"."amount" >= 0),
	CONSTRAINT "bookings_time" CHECK("bookings"."time" glob '[0-2][0-9]:[0-5][0-9]'),
	CONSTRAINT "bookings_date" CHECK("bookings"."date" glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_payment_reference` ON `bookings` (`payment_reference`);--> statement-breakpoint
CREATE INDEX `bookings_slot` ON `bookings` (`date`,`time`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`discount` integer NOT NULL,
	`min_amount` integer DEFAULT 0 NOT NULL,
	`expiry_date` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "coupons_discount" CHECK("coupons"."discount" between 0 and 100),
	CONSTRAINT "coupons_min_amount" CHECK("coupons"."min_amount" >= 0),
	CONSTRAINT "coupons_code" CHECK(length("coupons"."code") between 1 and 40)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_nocase` ON `coupons` (upper("code"));--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`product_id` text NOT NULL,
	`product_name` text NOT NULL,
	`product_size` text NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_items_quantity" CHECK("order_items"."quantity" between 1 and 20),
	CONSTRAINT "order_items_unit_price" CHECK("order_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `order_items_order` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_items_line` ON `order_items` (`order_id`,`product_id`,`product_size`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_reference` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`shipping_address` text NOT NULL,
	`amount` integer NOT NULL,
	`order_status` text DEFAULT 'processing' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "orders_order_status" CHECK(order_status in ('processing', 'shipped', 'delivered')),
	CONSTRAINT "orders_amount" CHECK("orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_payment_reference` ON `orders` (`payment_reference`);--> statement-breakpoint
CREATE INDEX `orders_status_created` ON `orders` (`order_status`,`created_at`);--> statement-breakpoint
CREATE TABLE `outbox_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`topic` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text,
	`body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`dedupe_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	CONSTRAINT "outbox_messages_channel" CHECK(channel in ('email', 'whatsapp')),
	CONSTRAINT "outbox_messages_status" CHECK(status in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_messages_dedupe` ON `outbox_messages` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `outbox_messages_status` ON `outbox_messages` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`reference` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount` integer NOT NULL,
	`subtotal` integer NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`coupon_code` text,
	`email` text NOT NULL,
	`details` text NOT NULL,
	`slot_date` text,
	`slot_time` text,
	`hold_expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`paid_at` text,
	CONSTRAINT "payments_kind" CHECK(kind in ('booking', 'order')),
	CONSTRAINT "payments_status" CHECK(status in ('pending', 'paid', 'failed', 'abandoned', 'expired')),
	CONSTRAINT "payments_amounts" CHECK("payments"."amount" >= 0 and "payments"."discount" >= 0 and "payments"."amount" = "payments"."subtotal" - "payments"."discount")
);
--> statement-breakpoint
CREATE INDEX `payments_slot` ON `payments` (`slot_date`,`slot_time`);--> statement-breakpoint
CREATE INDEX `payments_status_created` ON `payments` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`email` text NOT NULL,
	`whatsapp` text NOT NULL,
	`state` text NOT NULL,
	`joined_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "waitlist_entries_email_length" CHECK(length("waitlist_entries"."email") <= 254)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_email` ON `waitlist_entries` (lower("email"));--> statement-breakpoint
CREATE INDEX `waitlist_entries_joined` ON `waitlist_entries` (`joined_at`);