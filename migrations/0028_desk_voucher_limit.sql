ALTER TABLE `schedule_settings` ADD `desk_voucher_daily_limit` integer DEFAULT 200000 NOT NULL;--> statement-breakpoint
ALTER TABLE `vouchers` ADD `sold_by_role` text;