/**
 * What a visitor sees and may do through a booking's manage link: the booking, and until 24 hours
 * before its start the right to change it (the Terms' notice period, in Lagos time).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { lagosToUtc } from '../shared/time';
import { isManageToken, manageTokenHash } from './manage-tokens';

/** How long before the start a visitor may still reschedule or cancel online. */
export const CHANGE_NOTICE_HOURS = 24;

type BookingRow = typeof bookings.$inferSelect;

/** The last instant a visitor may change the booking: 24 hours before it starts. */
export function changeableUntil(date: string, time: string): Date {
  return new Date(lagosToUtc(date, time).getTime() - CHANGE_NOTICE_HOURS * 3_600_000);
}

/** Booked, and its start more than 24 hours away. */
export function canChange(booking: Pick<BookingRow, 'serviceStatus' | 'date' | 'time'>, now: Date): boolean {
  return booking.serviceStatus === 'booked' && now.getTime() < changeableUntil(booking.date, booking.time).getTime();
}

/** The booking a manage token opens, or undefined (a malformed token is not even looked up). */
export async function bookingOfToken(db: Database, token: string): Promise<BookingRow | undefined> {
  if (!isManageToken(token)) return undefined;
  const [booking] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.manageTokenHash, await manageTokenHash(token)))
    .limit(1);
  return booking;
}

/** The manage page's view of a booking (ARCHITECTURE.md, "Managing a booking"). */
export function manageView(booking: BookingRow, now: Date) {
  return {
    booking: {
      _id: booking.id,
      name: booking.name,
      subservices: booking.subservices,
      date: booking.date,
      time: booking.time,
      serviceStatus: booking.serviceStatus,
      amount: booking.amount,
    },
    canChange: canChange(booking, now),
    changeableUntil: changeableUntil(booking.date, booking.time).toISOString(),
    // Refunds come with cancelling (the next part of this feature).
    refund: null,
  };
}
