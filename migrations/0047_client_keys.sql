CREATE TABLE `account_code_tries` (
	`id` text PRIMARY KEY NOT NULL,
	`contact` text NOT NULL,
	`network_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_code_tries_contact` ON `account_code_tries` (`contact`,`created_at`);--> statement-breakpoint
CREATE INDEX `account_code_tries_network` ON `account_code_tries` (`network_key`,`created_at`);--> statement-breakpoint
ALTER TABLE `account_codes` ADD `sent` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `email_key` text GENERATED ALWAYS AS (nullif(lower(trim(coalesce("email", ''))), '')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `phone_key` text GENERATED ALWAYS AS (nullif((case when substr(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11
      then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end), '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `bookings_email_key` ON `bookings` (`email_key`);--> statement-breakpoint
CREATE INDEX `bookings_phone_key` ON `bookings` (`phone_key`);--> statement-breakpoint
ALTER TABLE `clients` ADD `email_key` text GENERATED ALWAYS AS (nullif(lower(trim(coalesce("email", ''))), '')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `clients` ADD `phone_key` text GENERATED ALWAYS AS (nullif((case when substr(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11
      then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end), '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `clients_email_key` ON `clients` (`email_key`);--> statement-breakpoint
CREATE INDEX `clients_phone_key` ON `clients` (`phone_key`);--> statement-breakpoint
ALTER TABLE `memberships` ADD `email_key` text GENERATED ALWAYS AS (nullif(lower(trim(coalesce("email", ''))), '')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `memberships` ADD `phone_key` text GENERATED ALWAYS AS (nullif((case when substr(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11
      then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end), '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `memberships_email_key` ON `memberships` (`email_key`);--> statement-breakpoint
CREATE INDEX `memberships_phone_key` ON `memberships` (`phone_key`);--> statement-breakpoint
ALTER TABLE `orders` ADD `email_key` text GENERATED ALWAYS AS (nullif(lower(trim(coalesce("email", ''))), '')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `orders` ADD `phone_key` text GENERATED ALWAYS AS (nullif((case when substr(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11
      then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce("phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end), '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `orders_email_key` ON `orders` (`email_key`);--> statement-breakpoint
CREATE INDEX `orders_phone_key` ON `orders` (`phone_key`);--> statement-breakpoint
ALTER TABLE `package_purchases` ADD `buyer_email_key` text GENERATED ALWAYS AS (nullif(lower(trim(coalesce("buyer_email", ''))), '')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `package_purchases` ADD `buyer_phone_key` text GENERATED ALWAYS AS (nullif((case when substr(replace(replace(replace(replace(replace(replace(coalesce("buyer_phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce("buyer_phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11
      then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce("buyer_phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce("buyer_phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end), '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `package_purchases_buyer_email_key` ON `package_purchases` (`buyer_email_key`);--> statement-breakpoint
CREATE INDEX `package_purchases_buyer_phone_key` ON `package_purchases` (`buyer_phone_key`);--> statement-breakpoint
ALTER TABLE `payments` ADD `email_key` text GENERATED ALWAYS AS (nullif(lower(trim(coalesce("email", ''))), '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `payments_email_key` ON `payments` (`email_key`);--> statement-breakpoint
CREATE INDEX `payments_phone_key` ON `payments` (`phone_key`);--> statement-breakpoint
ALTER TABLE `vouchers` ADD `buyer_email_key` text GENERATED ALWAYS AS (nullif(lower(trim(coalesce("buyer_email", ''))), '')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `vouchers` ADD `recipient_email_key` text GENERATED ALWAYS AS (nullif(lower(trim(coalesce("recipient_email", ''))), '')) VIRTUAL;--> statement-breakpoint
ALTER TABLE `vouchers` ADD `recipient_phone_key` text GENERATED ALWAYS AS (nullif((case when substr(replace(replace(replace(replace(replace(replace(coalesce("recipient_phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce("recipient_phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11
      then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce("recipient_phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce("recipient_phone", ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end), '')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `vouchers_buyer_email_key` ON `vouchers` (`buyer_email_key`);--> statement-breakpoint
CREATE INDEX `vouchers_recipient_email_key` ON `vouchers` (`recipient_email_key`);--> statement-breakpoint
CREATE INDEX `vouchers_recipient_phone_key` ON `vouchers` (`recipient_phone_key`);--> statement-breakpoint
-- hand-written: codes asked before this migration were sent exactly when their address was known.
UPDATE `account_codes` SET `sent` = `known`;
