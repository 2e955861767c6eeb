-- A client's own page (issue 36): the 6-digit sign-in codes (kept as keyed digests, counted per
-- address and per network alike for known and unknown addresses) and the signed-in browsers.
CREATE TABLE `account_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`contact` text NOT NULL,
	`channel` text NOT NULL,
	`code_digest` text NOT NULL,
	`known` integer NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`network_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "account_codes_channel" CHECK(channel in ('email', 'whatsapp'))
);
--> statement-breakpoint
CREATE INDEX `account_codes_contact` ON `account_codes` (`contact`,`created_at`);--> statement-breakpoint
CREATE INDEX `account_codes_network` ON `account_codes` (`network_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `account_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`contact` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_sessions_contact` ON `account_sessions` (`contact`);