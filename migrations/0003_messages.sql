CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "campaigns_channel" CHECK(channel in ('email', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE `outbox_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`template` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`whatsapp_template` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`idempotency_key` text NOT NULL,
	`campaign_id` text,
	`claimed_until` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "outbox_messages_channel" CHECK(channel in ('email', 'whatsapp')),
	CONSTRAINT "outbox_messages_status" CHECK(status in ('queued', 'sent', 'failed', 'dead', 'held'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_messages_idempotency` ON `outbox_messages` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `outbox_messages_status` ON `outbox_messages` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_messages_campaign` ON `outbox_messages` (`campaign_id`,`status`);--> statement-breakpoint
ALTER TABLE `waitlist_entries` ADD `unsubscribed_at` text;