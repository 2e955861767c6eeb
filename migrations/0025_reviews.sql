CREATE TABLE `review_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`kind` text NOT NULL,
	`booking_id` text,
	`order_id` text,
	`product_id` text,
	`subject` text NOT NULL,
	`treatment_ids` text DEFAULT '[]' NOT NULL,
	`therapist_id` text,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`therapist_id`) REFERENCES `therapists`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "review_requests_kind" CHECK(kind in ('visit', 'product')),
	CONSTRAINT "review_requests_subject_of_kind" CHECK(("review_requests"."kind" = 'visit' and "review_requests"."booking_id" is not null and "review_requests"."order_id" is null)
        or ("review_requests"."kind" = 'product' and "review_requests"."order_id" is not null and "review_requests"."product_id" is not null and "review_requests"."booking_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_token_hash` ON `review_requests` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_booking` ON `review_requests` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_order_product` ON `review_requests` (`order_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text,
	`kind` text NOT NULL,
	`source` text DEFAULT 'verified' NOT NULL,
	`product_id` text,
	`treatment_ids` text DEFAULT '[]' NOT NULL,
	`therapist_id` text,
	`author` text NOT NULL,
	`rating` real NOT NULL,
	`therapist_rating` integer,
	`comment` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reply` text,
	`replied_at` text,
	`moderated_by` text,
	`moderated_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `review_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`therapist_id`) REFERENCES `therapists`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reviews_kind" CHECK(kind in ('visit', 'product')),
	CONSTRAINT "reviews_status" CHECK(status in ('pending', 'approved', 'hidden')),
	CONSTRAINT "reviews_source" CHECK(source in ('verified', 'seed')),
	CONSTRAINT "reviews_rating" CHECK("reviews"."rating" between 1 and 5 and ("reviews"."source" = 'seed' or "reviews"."rating" = cast("reviews"."rating" as integer))),
	CONSTRAINT "reviews_therapist_rating" CHECK("reviews"."therapist_rating" is null or "reviews"."therapist_rating" between 1 and 5),
	CONSTRAINT "reviews_comment" CHECK(length("reviews"."comment") <= 2000),
	CONSTRAINT "reviews_verified" CHECK("reviews"."source" = 'seed' or "reviews"."request_id" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_request` ON `reviews` (`request_id`);--> statement-breakpoint
CREATE INDEX `reviews_status` ON `reviews` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_product` ON `reviews` (`product_id`,`status`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `completed_at` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivered_at` text;--> statement-breakpoint
-- The shop's first reviews (the old site's, fixed in its code) move here as seed data: approved,
-- marked "seed" for staff, who may hide them.
INSERT INTO `reviews` (`id`, `kind`, `source`, `product_id`, `author`, `rating`, `comment`, `status`, `created_at`) VALUES
  ('seed-agbo-1', 'product', 'seed', 'all-glow-body-oil', 'Adaeze O.', 5, 'My skin has never glowed like this. It sinks in quickly.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-agbo-2', 'product', 'seed', 'all-glow-body-oil', 'Tolu A.', 4.5, 'Lovely scent and not greasy at all.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-mss-1', 'product', 'seed', 'milky-soapy-scrub', 'Chioma N.', 5, 'Gentle but effective. My elbows and knees thank me.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-mss-2', 'product', 'seed', 'milky-soapy-scrub', 'Ifeoma K.', 4.5, 'Smells divine and rinses clean.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-mbo-1', 'product', 'seed', 'mystic-body-oil', 'Bisi F.', 5, 'The scent lingers beautifully. A little goes a long way.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-mbo-2', 'product', 'seed', 'mystic-body-oil', 'Kemi J.', 5, 'My evening ritual. Skin feels like velvet.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-rfo-1', 'product', 'seed', 'recovery-facial-oil', 'Ngozi E.', 4.5, 'Calmed my breakouts within two weeks.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-rfo-2', 'product', 'seed', 'recovery-facial-oil', 'Funmi B.', 4.5, 'Light enough to wear under make-up.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-rnc-1', 'product', 'seed', 'recovery-night-cream', 'Amaka U.', 5, 'Rich without feeling heavy. I wake up glowing.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-rnc-2', 'product', 'seed', 'recovery-night-cream', 'Yemi S.', 4.5, 'Great value for how well it works.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-gms-1', 'product', 'seed', 'goat-milk-bar-soap', 'Halima D.', 5, 'My sensitive skin loves it.', 'approved', '2025-06-01T09:00:00.000Z'),
  ('seed-gms-2', 'product', 'seed', 'goat-milk-bar-soap', 'Ronke T.', 4.5, 'Creamy lather and lasts a long time.', 'approved', '2025-06-01T09:00:00.000Z');
