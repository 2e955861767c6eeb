CREATE TABLE `staff_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`role` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`therapist_id` text,
	`password_hash` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`therapist_id`) REFERENCES `therapists`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "staff_accounts_role" CHECK(role in ('owner', 'manager', 'reception', 'therapist')),
	CONSTRAINT "staff_accounts_name" CHECK(length("staff_accounts"."name") between 1 and 60),
	CONSTRAINT "staff_accounts_email_lower" CHECK("staff_accounts"."email" = lower("staff_accounts"."email")),
	CONSTRAINT "staff_accounts_therapist" CHECK(("staff_accounts"."role" = 'therapist') = ("staff_accounts"."therapist_id" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_accounts_email` ON `staff_accounts` (`email`);--> statement-breakpoint
-- The built-in owner: the install's way in through ADMIN_USERNAME and ADMIN_PASSWORD_HASH.
INSERT INTO `staff_accounts` (`id`, `name`, `role`) VALUES ('owner', 'Studio owner', 'owner');
