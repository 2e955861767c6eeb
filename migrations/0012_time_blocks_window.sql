DROP INDEX `time_blocks_block`;--> statement-breakpoint
CREATE INDEX `time_blocks_window` ON `time_blocks` (`block`,`resource`,`expires_at`,`payment_reference`);