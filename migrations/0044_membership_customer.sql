ALTER TABLE `memberships` ADD `customer_code` text;--> statement-breakpoint
CREATE INDEX `memberships_customer_code` ON `memberships` (`customer_code`,`plan_id`);--> statement-breakpoint
-- hand-written:
-- A membership already linked keeps renewing: its Paystack customer, from the subscription.create that linked it.
UPDATE `memberships` SET `customer_code` = (
  SELECT json_extract(`payload`, '$.data.customer.customer_code') FROM `membership_events`
  WHERE `key` = 'subscription.create:' || `memberships`.`subscription_code`
) WHERE `subscription_code` IS NOT NULL AND `customer_code` IS NULL;
