-- The built-in test checkout (no Paystack key) records the visitor's choice here.
-- Written by hand as one ALTER TABLE: drizzle-kit's generated table rebuild copied a column the
-- old table does not have. The snapshot in meta/ is drizzle-kit's, so schema drift checks hold.
ALTER TABLE `payments` ADD COLUMN `test_checkout_outcome` text CONSTRAINT "payments_test_checkout_outcome" CHECK(`test_checkout_outcome` is null or `test_checkout_outcome` in ('paid', 'cancelled'));
