CREATE TABLE `package_treatments` (
	`package_id` text NOT NULL,
	`treatment_id` text NOT NULL,
	PRIMARY KEY(`package_id`, `treatment_id`),
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`treatment_id`) REFERENCES `treatments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `packages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`sessions` integer NOT NULL,
	`price` integer NOT NULL,
	`valid_months` integer NOT NULL,
	`shown` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "packages_name_length" CHECK(length("packages"."name") between 1 and 60),
	CONSTRAINT "packages_sessions" CHECK("packages"."sessions" between 2 and 20),
	CONSTRAINT "packages_price" CHECK("packages"."price" between 1 and 10000000),
	CONSTRAINT "packages_valid_months" CHECK("packages"."valid_months" between 1 and 24)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `packages_name` ON `packages` (lower("name"));