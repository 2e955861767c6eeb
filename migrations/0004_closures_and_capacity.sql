CREATE TABLE `closures` (
	`date` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "closures_date" CHECK("closures"."date" glob '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
	CONSTRAINT "closures_reason" CHECK(length("closures"."reason") between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE `slot_capacities` (
	`weekday` integer PRIMARY KEY NOT NULL,
	`capacity` integer NOT NULL,
	CONSTRAINT "slot_capacities_weekday" CHECK("slot_capacities"."weekday" between 0 and 6),
	CONSTRAINT "slot_capacities_capacity" CHECK("slot_capacities"."capacity" between 0 and 20)
);
