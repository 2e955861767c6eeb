PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`type` text DEFAULT 'percent' NOT NULL,
	`discount` integer NOT NULL,
	`min_amount` integer DEFAULT 0 NOT NULL,
	`expiry_date` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`max_uses` integer,
	`once_per_customer` integer DEFAULT false NOT NULL,
	`starts_at` text,
	`applies_to` text DEFAULT 'both' NOT NULL,
	CONSTRAINT "coupons_type" CHECK(type in ('percent', 'fixed')),
	CONSTRAINT "coupons_applies_to" CHECK(applies_to in ('bookings', 'shop', 'both')),
	CONSTRAINT "coupons_discount" CHECK(("__new_coupons"."type" = 'percent' and "__new_coupons"."discount" between 0 and 100) or ("__new_coupons"."type" = 'fixed' and "__new_coupons"."discount" between 1 and 10000000)),
	CONSTRAINT "coupons_max_uses" CHECK("__new_coupons"."max_uses" is null or "__new_coupons"."max_uses" >= 1),
	CONSTRAINT "coupons_min_amount" CHECK("__new_coupons"."min_amount" >= 0),
	CONSTRAINT "coupons_code" CHECK(length("__new_coupons"."code") between 1 and 40)
);
--> statement-breakpoint
INSERT INTO `__new_coupons`("id", "code", "discount", "min_amount", "expiry_date", "active", "created_at") SELECT "id", "code", "discount", "min_amount", "expiry_date", "active", "created_at" FROM `coupons`;--> statement-breakpoint
DROP TABLE `coupons`;--> statement-breakpoint
ALTER TABLE `__new_coupons` RENAME TO `coupons`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_nocase` ON `coupons` (upper("code"));--> statement-breakpoint
ALTER TABLE `payments` ADD `coupon_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `phone_key` text;--> statement-breakpoint
CREATE INDEX `payments_coupon` ON `payments` (`coupon_id`,`status`);--> statement-breakpoint
-- Earlier payments name their coupon by its code: count them as its uses.
UPDATE `payments` SET `coupon_id` = (SELECT `id` FROM `coupons` WHERE upper(`coupons`.`code`) = upper(`payments`.`coupon_code`)) WHERE `coupon_code` IS NOT NULL;