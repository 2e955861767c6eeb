CREATE TABLE `bookings_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bookings_version_one_row" CHECK("bookings_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `bookings_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `bookings_version_bookings_insert` AFTER INSERT ON `bookings` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_bookings_update` AFTER UPDATE ON `bookings` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_bookings_delete` AFTER DELETE ON `bookings` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_payments_insert` AFTER INSERT ON `payments` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_payments_update` AFTER UPDATE OF `reference`, `coupon_code`, `method`, `amount` ON `payments` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_payments_delete` AFTER DELETE ON `payments` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_refunds_insert` AFTER INSERT ON `refunds` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_refunds_update` AFTER UPDATE ON `refunds` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_refunds_delete` AFTER DELETE ON `refunds` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_booking_events_insert` AFTER INSERT ON `booking_events` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_booking_events_update` AFTER UPDATE ON `booking_events` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_booking_events_delete` AFTER DELETE ON `booking_events` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_voucher_uses_insert` AFTER INSERT ON `voucher_uses` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_voucher_uses_update` AFTER UPDATE ON `voucher_uses` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_voucher_uses_delete` AFTER DELETE ON `voucher_uses` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_therapists_insert` AFTER INSERT ON `therapists` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_therapists_update` AFTER UPDATE OF `id`, `name` ON `therapists` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_therapists_delete` AFTER DELETE ON `therapists` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_rooms_insert` AFTER INSERT ON `rooms` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_rooms_update` AFTER UPDATE OF `id`, `name` ON `rooms` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_rooms_delete` AFTER DELETE ON `rooms` BEGIN UPDATE `bookings_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
