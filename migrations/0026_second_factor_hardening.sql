CREATE TABLE `auth_challenges` (
	`key` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`payload` text NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	CONSTRAINT "auth_challenges_tries" CHECK("auth_challenges"."tries" >= 0)
);
--> statement-breakpoint
CREATE INDEX `auth_challenges_expiry` ON `auth_challenges` (`expires_at`);--> statement-breakpoint
ALTER TABLE `staff_accounts` ADD `totp_last_step` integer;