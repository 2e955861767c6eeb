CREATE TABLE `product_sizes` (
	`product_id` text NOT NULL,
	`size` text NOT NULL,
	`price` integer NOT NULL,
	`stock` integer,
	`position` integer NOT NULL,
	PRIMARY KEY(`product_id`, `size`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_sizes_size" CHECK(length("product_sizes"."size") between 1 and 30),
	CONSTRAINT "product_sizes_price" CHECK("product_sizes"."price" between 1 and 10000000),
	CONSTRAINT "product_sizes_stock" CHECK("product_sizes"."stock" is null or "product_sizes"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`ingredients` text,
	`images` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	CONSTRAINT "products_name" CHECK(length("products"."name") between 1 and 80)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_name` ON `products` (lower("name"));--> statement-breakpoint
CREATE TABLE `treatment_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`intro` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `treatments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`group_id` text NOT NULL,
	`description` text NOT NULL,
	`price` integer NOT NULL,
	`duration_minutes` integer,
	`buffer_minutes` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `treatment_groups`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "treatments_name" CHECK(length("treatments"."name") between 1 and 60),
	CONSTRAINT "treatments_price" CHECK("treatments"."price" between 1 and 10000000),
	CONSTRAINT "treatments_duration" CHECK("treatments"."duration_minutes" is null or ("treatments"."duration_minutes" between 15 and 960 and "treatments"."duration_minutes" % 15 = 0)),
	CONSTRAINT "treatments_buffer" CHECK("treatments"."buffer_minutes" between 0 and 120 and "treatments"."buffer_minutes" % 15 = 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `treatments_name` ON `treatments` (lower("name"));--> statement-breakpoint
-- Today's menu and shop, as worker/shared/treatments.ts and products.ts had them.
INSERT INTO `treatment_groups` (`id`, `title`, `intro`, `position`) VALUES
	('sensual', 'Signature Body Rituals', 'Slow, immersive rituals that melt tension and reconnect body and mind.', 1),
	('therapeutic', 'Therapeutic Massage', 'Focused bodywork that eases sore muscles, improves circulation and restores ease of movement.', 2);--> statement-breakpoint
INSERT INTO `treatments` (`id`, `name`, `group_id`, `description`, `price`, `duration_minutes`, `position`) VALUES
	('nuru', 'Nuru', 'sensual', 'A gliding full-body ritual with warm, silky gel that leaves every muscle loose and calm.', 100000, 90, 1),
	('lingam', 'Lingam', 'sensual', 'A slow, mindful massage rooted in tantric tradition, centred on deep relaxation and release.', 50000, 60, 2),
	('soapy-shower', 'Soapy/Shower', 'sensual', 'A warm foam and water ritual that cleanses, softens the skin and washes the day away.', 70000, 60, 3),
	('sleepover', 'Sleepover', 'sensual', 'Our most indulgent experience: an evening of unhurried treatments and a restful night in.', 200000, NULL, 4),
	('chair-sensual', 'Chair Sensual', 'sensual', 'A short, soothing seated massage for the neck, shoulders and back, perfect for a quick reset.', 40000, 30, 5),
	('tantric-erotic', 'Tantric/Erotic', 'sensual', 'A deeply meditative tantric journey with breath work and flowing touch for total calm.', 120000, 90, 6),
	('deep-tissue', 'Deep Tissue', 'therapeutic', 'Firm, targeted pressure that reaches deeper muscle layers to relieve chronic knots and stiffness.', 30000, 60, 7),
	('hotstone', 'Hotstone', 'therapeutic', 'Smooth heated basalt stones warm and loosen the muscles for a deeply grounding massage.', 30000, 90, 8),
	('ashiatsu', 'Ashiatsu', 'therapeutic', 'A barefoot technique using overhead bars for broad, even pressure along the whole back.', 20000, 60, 9),
	('back-neck', 'Back/Neck', 'therapeutic', 'Focused relief for the back, neck and shoulders, where desk work and stress settle most.', 20000, 30, 10),
	('swedish', 'Swedish', 'therapeutic', 'The classic relaxing massage: long, flowing strokes that calm the mind and improve circulation.', 25000, 60, 11);--> statement-breakpoint
-- The lengths and buffers staff had set on the Schedule screen.
UPDATE `treatments` SET
	`duration_minutes` = coalesce((SELECT `duration_minutes` FROM `treatment_timings` WHERE `treatment_id` = `treatments`.`id`), `duration_minutes`),
	`buffer_minutes` = (SELECT `buffer_minutes` FROM `treatment_timings` WHERE `treatment_id` = `treatments`.`id`)
WHERE `duration_minutes` IS NOT NULL AND `id` IN (SELECT `treatment_id` FROM `treatment_timings`);--> statement-breakpoint
INSERT INTO `products` (`id`, `name`, `category`, `description`, `ingredients`, `images`, `position`) VALUES
	('all-glow-body-oil', 'All Glow Body Oil', 'Body Oil', 'A lightweight, fast-absorbing oil that leaves skin soft, even and luminous all day.', 'Sweet almond oil, jojoba oil, vitamin E, carrot seed oil, orange peel oil', '["/images/products/all-glow-body-oil.svg"]', 1),
	('milky-soapy-scrub', 'Milky Soapy Scrub', 'Body Scrub', 'A creamy cleansing scrub that buffs away dull skin while milk proteins keep it supple.', 'Goat milk, cane sugar, shea butter, coconut oil, oat extract', '["/images/products/milky-soapy-scrub.svg"]', 2),
	('mystic-body-oil', 'Mystic Body Oil', 'Body Oil', 'A rich, warmly scented oil for deep nourishment, ideal after a bath or massage.', 'Argan oil, grapeseed oil, sandalwood, ylang-ylang, vitamin E', '["/images/products/mystic-body-oil.svg"]', 3),
	('recovery-facial-oil', 'Recovery Facial Oil', 'Facial Care', 'A balancing facial oil that calms, restores the skin barrier and fades the look of dark spots.', 'Rosehip oil, squalane, niacinamide, tea tree oil, vitamin C', '["/images/products/recovery-facial-oil.svg"]', 4),
	('recovery-night-cream', 'Recovery Night Cream', 'Facial Care', 'An overnight cream that repairs and deeply hydrates, so you wake to plump, rested skin.', 'Shea butter, hyaluronic acid, ceramides, peptides, chamomile extract', '["/images/products/recovery-night-cream.svg"]', 5),
	('goat-milk-bar-soap', 'Goat Milk Bar Soap', 'Cleanser', 'A gentle handmade bar that cleanses without stripping, suitable for face and body.', 'Goat milk, olive oil, coconut oil, shea butter, honey', '["/images/products/goat-milk-bar-soap.svg"]', 6);--> statement-breakpoint
INSERT INTO `product_sizes` (`product_id`, `size`, `price`, `stock`, `position`) VALUES
	('all-glow-body-oil', '100ml', 13000, NULL, 1),
	('all-glow-body-oil', '250ml', 20000, NULL, 2),
	('milky-soapy-scrub', '250g', 12000, NULL, 1),
	('milky-soapy-scrub', '1 litre', 30000, NULL, 2),
	('mystic-body-oil', '100ml', 15000, NULL, 1),
	('mystic-body-oil', '250ml', 25000, NULL, 2),
	('recovery-facial-oil', '50ml', 10000, NULL, 1),
	('recovery-night-cream', '30g', 8000, NULL, 1),
	('goat-milk-bar-soap', '100g', 6000, NULL, 1);
