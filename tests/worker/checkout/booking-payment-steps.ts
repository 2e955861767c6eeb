// A booking's payment as the tests start it (the fake Paystack's key, the spec's amount in kobo).
import { sql } from 'drizzle-orm';
import { bookings, coupons, payments, stockHolds, timeBlocks } from '../../../worker/db/schema';
import type { BookingDetailsInput } from '../../../worker/shared/bookings/booking-schema';
import { bookingDetails } from './payment-fixtures';
import { db, type Env, liveEnv, startPayment, startPaymentOk } from './payment-harness';

export const initialize = (details: BookingDetailsInput, amountKobo = 5_500_000, environment: Env = liveEnv) =>
  startPayment(details, amountKobo, environment);

/** As if a minute had passed since verify last asked Paystack about `reference`. */
export const aMinuteLater = (reference: string) =>
  db.run(sql`update payments set gateway_checked_at = null where reference = ${reference}`);

export const initializeOk = (details = bookingDetails(), amountKobo = 5_500_000, environment: Env = liveEnv) =>
  startPaymentOk(details, amountKobo, environment);

export const bookingRows = () => db.select().from(bookings);

/** What each booking-payment test starts from: no bookings, time or stock holds, payments or coupons. */
export async function clearBookingPayments(): Promise<void> {
  for (const table of [bookings, timeBlocks, stockHolds, payments, coupons]) await db.delete(table);
}
