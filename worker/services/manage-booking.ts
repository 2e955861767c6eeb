/**
 * What a visitor sees and may do through a booking's manage link: the booking, and until 24 hours
 * before its start the right to change it (the Terms' notice period, in Lagos time).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { lagosToUtc } from '../shared/time';
import {
  type BookingRow,
  type CancelResult,
  cancelBooking,
  changeMessages,
  type MoveResult,
  moveBooking,
  type RefundRow,
} from './booking-changes';
import { isManageToken, manageTokenHash } from './manage-tokens';
import { refundView } from './refunds';

/** How long before the start a visitor may still reschedule or cancel online. */
export const CHANGE_NOTICE_HOURS = 24;

/** The last instant a visitor may change the booking: 24 hours before it starts. */
export function changeableUntil(date: string, time: string): Date {
  return new Date(lagosToUtc(date, time).getTime() - CHANGE_NOTICE_HOURS * 3_600_000);
}

/**
 * Booked, and its start more than 24 hours away; or booked into a slot that was full when the
 * payment arrived, which the visitor may move or cancel however near it is (the studio cannot
 * seat them at that time).
 */
export function canChange(
  booking: Pick<BookingRow, 'serviceStatus' | 'date' | 'time' | 'needsAttention'>,
  now: Date,
): boolean {
  if (booking.serviceStatus !== 'booked') return false;
  return booking.needsAttention || now.getTime() < changeableUntil(booking.date, booking.time).getTime();
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
export function manageView(booking: BookingRow, refund: RefundRow | null | undefined, now: Date) {
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
    slotTaken: booking.serviceStatus === 'booked' && booking.needsAttention,
    changeableUntil: changeableUntil(booking.date, booking.time).toISOString(),
    refund: refundView(refund),
  };
}

export const manageMessages = {
  ...changeMessages,
  tooLate:
    'Bookings can be changed online until 24 hours before they start. Please message us on WhatsApp or call the studio.',
  tooSoon: 'Please choose a time at least 24 hours from now.',
} as const;

/**
 * A visitor moves their own booking: only while its start is more than 24 hours away, and only to
 * a slot at least 24 hours ahead (so the new booking keeps the same notice period). A booking whose
 * slot was full when it was paid may move to any later slot with room.
 */
export async function rescheduleOwnBooking(
  db: Database,
  booking: BookingRow,
  target: { date: string; time: string },
  now: Date,
  defaultCapacity: number,
): Promise<MoveResult> {
  if (booking.serviceStatus !== 'booked') return { ok: false, message: manageMessages.notBooked };
  if (!canChange(booking, now)) return { ok: false, message: manageMessages.tooLate };
  if (!booking.needsAttention && now.getTime() >= changeableUntil(target.date, target.time).getTime()) {
    return { ok: false, message: manageMessages.tooSoon };
  }
  return moveBooking(db, booking, target, { now, defaultCapacity, actor: 'visitor' });
}

/** A visitor cancels their own booking, more than 24 hours ahead; the amount paid is refunded. */
export async function cancelOwnBooking(
  db: Database,
  booking: BookingRow,
  now: Date,
  testMode: boolean,
): Promise<CancelResult> {
  if (booking.serviceStatus === 'cancelled') return { ok: false, message: manageMessages.alreadyCancelled };
  if (!canChange(booking, now)) return { ok: false, message: manageMessages.tooLate };
  return cancelBooking(db, booking, { now, actor: 'visitor', refund: true, testMode });
}
