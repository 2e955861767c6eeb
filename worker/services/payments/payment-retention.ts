/**
 * A payment that never became a booking, an order or a voucher (declined, abandoned, its hold
 * expired) has no use for the person's details after a while: 30 days on, the cron clears its
 * email, phone key and stored details (names, phone, address, health answers), keeping the
 * reference, amount and status for the books. Nothing can still complete it by then (the cron
 * asks Paystack again for a day at most).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoBefore } from '../../shared/time';

export const UNPAID_DETAILS_DAYS = 30;

export async function forgetUnpaidPaymentDetails(db: Database, now: Date): Promise<void> {
  const before = isoBefore(now, UNPAID_DETAILS_DAYS, 'days');
  await db.run(sql`update payments set email = '', details = '{}', phone_key = null
    where status in ('failed', 'abandoned', 'expired') and created_at <= ${before}
      and (email <> '' or details <> '{}' or phone_key is not null)`);
}
