CREATE TABLE `schedule_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "schedule_version_one_row" CHECK("schedule_version"."id" = 1)
);;
--> statement-breakpoint
INSERT INTO `schedule_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `schedule_version_time_blocks_insert` AFTER INSERT ON `time_blocks` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_time_blocks_update` AFTER UPDATE ON `time_blocks` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_time_blocks_delete` AFTER DELETE ON `time_blocks` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapists_insert` AFTER INSERT ON `therapists` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapists_update` AFTER UPDATE ON `therapists` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapists_delete` AFTER DELETE ON `therapists` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapist_treatments_insert` AFTER INSERT ON `therapist_treatments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapist_treatments_update` AFTER UPDATE ON `therapist_treatments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapist_treatments_delete` AFTER DELETE ON `therapist_treatments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapist_hours_insert` AFTER INSERT ON `therapist_hours` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapist_hours_update` AFTER UPDATE ON `therapist_hours` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapist_hours_delete` AFTER DELETE ON `therapist_hours` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapist_time_off_insert` AFTER INSERT ON `therapist_time_off` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapist_time_off_update` AFTER UPDATE ON `therapist_time_off` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_therapist_time_off_delete` AFTER DELETE ON `therapist_time_off` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_rooms_insert` AFTER INSERT ON `rooms` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_rooms_update` AFTER UPDATE ON `rooms` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_rooms_delete` AFTER DELETE ON `rooms` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_room_treatments_insert` AFTER INSERT ON `room_treatments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_room_treatments_update` AFTER UPDATE ON `room_treatments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_room_treatments_delete` AFTER DELETE ON `room_treatments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_treatments_insert` AFTER INSERT ON `treatments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_treatments_update` AFTER UPDATE ON `treatments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_treatments_delete` AFTER DELETE ON `treatments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_closures_insert` AFTER INSERT ON `closures` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_closures_update` AFTER UPDATE ON `closures` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_closures_delete` AFTER DELETE ON `closures` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_schedule_settings_insert` AFTER INSERT ON `schedule_settings` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_schedule_settings_update` AFTER UPDATE ON `schedule_settings` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_schedule_settings_delete` AFTER DELETE ON `schedule_settings` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_payments_update` AFTER UPDATE OF `status`, `hold_expires_at` ON `payments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `schedule_version_payments_delete` AFTER DELETE ON `payments` BEGIN UPDATE `schedule_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
