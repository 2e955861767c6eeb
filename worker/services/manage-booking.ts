/**
 * What a visitor sees and may do through a booking's manage link: the booking, and until 24 hours
 * before its start the right to change it (the Terms' notice period, in Lagos time).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { lagosToUtc } from '../shared/time';
import { isManageToken, manageTokenHash } from './manage-tokens';
import { closureReason, slotHasRoom, slotMessages } from './slots';

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

export const rescheduleMessages = {
  notBooked: 'This booking can no longer be changed.',
  tooLate:
    'Bookings can be changed online until 24 hours before they start. Please message us on WhatsApp or call the studio.',
  tooSoon: 'Please choose a time at least 24 hours from now.',
  sameSlot: 'Your booking is already at that time.',
  changed: 'Your booking was changed meanwhile. Please reload the page and try again.',
  full: slotMessages.full,
  closed: slotMessages.closed,
} as const;

export type RescheduleResult = { ok: true; booking: BookingRow } | { ok: false; message: string };

/**
 * Moves a visitor's booking to another slot, the price unchanged. One conditional UPDATE takes
 * the new place and frees the old one: it holds only while the booking is still booked, still at
 * the slot checked here, and the new slot still has room (slots.ts's rule), so of two visitors
 * moving into the last place one wins and the other keeps the old slot.
 */
export async function rescheduleBooking(
  db: Database,
  booking: BookingRow,
  target: { date: string; time: string },
  now: Date,
  defaultCapacity: number,
): Promise<RescheduleResult> {
  if (booking.serviceStatus !== 'booked') return { ok: false, message: rescheduleMessages.notBooked };
  if (!canChange(booking, now)) return { ok: false, message: rescheduleMessages.tooLate };
  if (now.getTime() >= changeableUntil(target.date, target.time).getTime()) {
    return { ok: false, message: rescheduleMessages.tooSoon };
  }
  if (target.date === booking.date && target.time === booking.time) {
    return { ok: false, message: rescheduleMessages.sameSlot };
  }
  const moved = await db.run(sql`
    update bookings set date = ${target.date}, time = ${target.time}, reminder_sent_at = null, needs_attention = 0
    where id = ${booking.id} and service_status = 'booked' and date = ${booking.date} and time = ${booking.time}
      and ${slotHasRoom(target.date, target.time, now.toISOString(), defaultCapacity)}`);
  const [current] = await db.select().from(bookings).where(eq(bookings.id, booking.id)).limit(1);
  if (moved.meta.changes === 1 && current) return { ok: true, booking: current };
  const unchanged =
    current?.serviceStatus === 'booked' && current.date === booking.date && current.time === booking.time;
  if (!unchanged) return { ok: false, message: rescheduleMessages.changed };
  const reason = await closureReason(db, target.date);
  return { ok: false, message: reason ? rescheduleMessages.closed(reason) : rescheduleMessages.full };
}
