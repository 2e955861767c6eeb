CREATE TABLE `clients` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text DEFAULT '' NOT NULL,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clients_key` ON `clients` (`key`);--> statement-breakpoint
CREATE INDEX `clients_name` ON `clients` (`name`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `client_id` text REFERENCES clients(id);--> statement-breakpoint
CREATE INDEX `bookings_client` ON `bookings` (`client_id`,`date`);--> statement-breakpoint
ALTER TABLE `orders` ADD `client_id` text REFERENCES clients(id);--> statement-breakpoint
CREATE INDEX `orders_client` ON `orders` (`client_id`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_schedule_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`start_step_minutes` integer DEFAULT 60 NOT NULL,
	`health_retention_months` integer DEFAULT 12 NOT NULL,
	CONSTRAINT "schedule_settings_one_row" CHECK("__new_schedule_settings"."id" = 1),
	CONSTRAINT "schedule_settings_step" CHECK("__new_schedule_settings"."start_step_minutes" in (30, 60)),
	CONSTRAINT "schedule_settings_health_retention" CHECK("__new_schedule_settings"."health_retention_months" between 1 and 120)
);
--> statement-breakpoint
INSERT INTO `__new_schedule_settings`("id", "start_step_minutes") SELECT "id", "start_step_minutes" FROM `schedule_settings`;--> statement-breakpoint
DROP TABLE `schedule_settings`;--> statement-breakpoint
ALTER TABLE `__new_schedule_settings` RENAME TO `schedule_settings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
INSERT INTO clients (id, key, name, email, phone) SELECT lower(hex(randomblob(16))), (case when trim(coalesce(bookings.email, '')) <> '' then 'email:' || lower(trim(bookings.email)) else 'phone:' || (case when substr(replace(replace(replace(replace(replace(replace(coalesce(bookings.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce(bookings.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11 then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce(bookings.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce(bookings.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end) end), bookings.name, nullif(lower(trim(bookings.email)), ''), bookings.phone FROM bookings WHERE bookings.client_id IS NULL ORDER BY bookings.created_at ON CONFLICT (key) DO UPDATE SET name = excluded.name, phone = excluded.phone;--> statement-breakpoint
INSERT INTO clients (id, key, name, email, phone) SELECT lower(hex(randomblob(16))), (case when trim(coalesce(orders.email, '')) <> '' then 'email:' || lower(trim(orders.email)) else 'phone:' || (case when substr(replace(replace(replace(replace(replace(replace(coalesce(orders.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce(orders.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11 then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce(orders.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce(orders.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end) end), orders.name, nullif(lower(trim(orders.email)), ''), orders.phone FROM orders WHERE orders.client_id IS NULL ORDER BY orders.created_at ON CONFLICT (key) DO UPDATE SET name = excluded.name, phone = excluded.phone;--> statement-breakpoint
UPDATE bookings SET client_id = (SELECT id FROM clients WHERE clients.key = (case when trim(coalesce(bookings.email, '')) <> '' then 'email:' || lower(trim(bookings.email)) else 'phone:' || (case when substr(replace(replace(replace(replace(replace(replace(coalesce(bookings.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce(bookings.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11 then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce(bookings.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce(bookings.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end) end)) WHERE client_id IS NULL;--> statement-breakpoint
UPDATE orders SET client_id = (SELECT id FROM clients WHERE clients.key = (case when trim(coalesce(orders.email, '')) <> '' then 'email:' || lower(trim(orders.email)) else 'phone:' || (case when substr(replace(replace(replace(replace(replace(replace(coalesce(orders.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 1, 1) = '0' and length(replace(replace(replace(replace(replace(replace(coalesce(orders.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')) = 11 then '234' || substr(replace(replace(replace(replace(replace(replace(coalesce(orders.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), 2) else replace(replace(replace(replace(replace(replace(coalesce(orders.phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '') end) end)) WHERE client_id IS NULL;
