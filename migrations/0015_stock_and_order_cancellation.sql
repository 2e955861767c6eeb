CREATE TABLE `stock_holds` (
	`payment_reference` text NOT NULL,
	`product_id` text NOT NULL,
	`size` text NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`payment_reference`, `product_id`, `size`),
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_holds_quantity" CHECK("stock_holds"."quantity" >= 1)
);
--> statement-breakpoint
CREATE INDEX `stock_holds_size` ON `stock_holds` (`product_id`,`size`,`payment_reference`);--> statement-breakpoint
-- orders is rebuilt for its new status check. Where foreign keys are enforced (D1 enforces them
-- whatever the pragma says), dropping orders would delete its order_items by ON DELETE CASCADE:
-- they are copied aside first and put back after.
CREATE TABLE `__saved_order_items` AS SELECT * FROM `order_items`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_orders` (
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
	CONSTRAINT "orders_order_status" CHECK(order_status in ('processing', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "orders_amount" CHECK("__new_orders"."amount" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_orders`("id", "payment_reference", "name", "email", "phone", "shipping_address", "amount", "order_status", "created_at") SELECT "id", "payment_reference", "name", "email", "phone", "shipping_address", "amount", "order_status", "created_at" FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_payment_reference` ON `orders` (`payment_reference`);--> statement-breakpoint
CREATE INDEX `orders_status_created` ON `orders` (`order_status`,`created_at`);--> statement-breakpoint
INSERT OR IGNORE INTO `order_items` SELECT * FROM `__saved_order_items`;--> statement-breakpoint
DROP TABLE `__saved_order_items`;--> statement-breakpoint
CREATE TABLE `__new_refunds` (
	`payment_reference` text PRIMARY KEY NOT NULL,
	`booking_id` text,
	`order_id` text,
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
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "refunds_for" CHECK(("__new_refunds"."booking_id" is null) != ("__new_refunds"."order_id" is null)),
	CONSTRAINT "refunds_status" CHECK(status in ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_amount" CHECK("__new_refunds"."amount" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_refunds`("payment_reference", "booking_id", "order_id", "amount", "status", "test_mode", "paystack_refund_id", "attempts", "last_error", "created_at", "updated_at", "processed_at") SELECT "payment_reference", "booking_id", NULL, "amount", "status", "test_mode", "paystack_refund_id", "attempts", "last_error", "created_at", "updated_at", "processed_at" FROM `refunds`;--> statement-breakpoint
DROP TABLE `refunds`;--> statement-breakpoint
ALTER TABLE `__new_refunds` RENAME TO `refunds`;--> statement-breakpoint
CREATE INDEX `refunds_status` ON `refunds` (`status`,`updated_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_booking` ON `refunds` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_order` ON `refunds` (`order_id`);