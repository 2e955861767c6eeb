CREATE TABLE `login_failures` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_started_at` text NOT NULL,
	CONSTRAINT "login_failures_count" CHECK("login_failures"."failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `browser_key_hash` text;--> statement-breakpoint
ALTER TABLE `waitlist_entries` ADD `confirmed_at` text;--> statement-breakpoint
-- Everyone who joined before double opt-in existed keeps receiving what they signed up for.
UPDATE `waitlist_entries` SET `confirmed_at` = `joined_at` WHERE `confirmed_at` IS NULL;
