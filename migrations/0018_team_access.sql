CREATE TABLE `staff_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `staff_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "staff_tokens_purpose" CHECK(purpose in ('invitation', 'password-reset'))
);
--> statement-breakpoint
CREATE INDEX `staff_tokens_account` ON `staff_tokens` (`account_id`,`purpose`);--> statement-breakpoint
ALTER TABLE `staff_accounts` ADD `sessions_valid_after` text;