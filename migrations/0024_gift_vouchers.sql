CREATE TABLE `voucher_uses` (
	`payment_reference` text PRIMARY KEY NOT NULL,
	`voucher_id` text NOT NULL,
	`amount` integer NOT NULL,
	`state` text DEFAULT 'held' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`voucher_id`) REFERENCES `vouchers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "voucher_uses_amount" CHECK("voucher_uses"."amount" >= 1),
	CONSTRAINT "voucher_uses_state" CHECK(state in ('held', 'spent', 'released', 'returned'))
);
--> statement-breakpoint
CREATE INDEX `voucher_uses_voucher` ON `voucher_uses` (`voucher_id`,`state`);--> statement-breakpoint
CREATE INDEX `voucher_uses_state` ON `voucher_uses` (`state`);--> statement-breakpoint
CREATE TABLE `vouchers` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_reference` text NOT NULL,
	`code_hash` text NOT NULL,
	`code_last4` text NOT NULL,
	`card_token_hash` text NOT NULL,
	`amount` integer NOT NULL,
	`balance` integer NOT NULL,
	`treatment` text,
	`buyer_name` text NOT NULL,
	`buyer_email` text,
	`recipient_name` text NOT NULL,
	`recipient_email` text,
	`recipient_phone` text,
	`message` text,
	`deliver_on` text NOT NULL,
	`delivered_at` text,
	`expires_on` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`void_reason` text,
	`sold_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`payment_reference`) REFERENCES `payments`(`reference`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "vouchers_amount" CHECK("vouchers"."amount" between 1 and 10000000),
	CONSTRAINT "vouchers_balance" CHECK("vouchers"."balance" between 0 and "vouchers"."amount"),
	CONSTRAINT "vouchers_status" CHECK(status in ('active', 'void')),
	CONSTRAINT "vouchers_recipient" CHECK("vouchers"."recipient_email" is not null or "vouchers"."recipient_phone" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vouchers_payment_reference` ON `vouchers` (`payment_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `vouchers_code_hash` ON `vouchers` (`code_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `vouchers_card_token_hash` ON `vouchers` (`card_token_hash`);--> statement-breakpoint
CREATE INDEX `vouchers_delivery` ON `vouchers` (`delivered_at`,`deliver_on`);--> statement-breakpoint
CREATE INDEX `vouchers_last4` ON `vouchers` (`code_last4`);--> statement-breakpoint
ALTER TABLE `schedule_settings` ADD `voucher_validity_months` integer DEFAULT 12 NOT NULL CONSTRAINT "schedule_settings_voucher_validity" CHECK("voucher_validity_months" between 1 and 60);
