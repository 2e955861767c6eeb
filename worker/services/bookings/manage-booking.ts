/**
 * What a visitor sees and may do through a booking's manage link: the booking, and until 24 hours
 * before its start the right to change it (the Terms' notice period, in Lagos time).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, refunds } from '../../db/schema';
import { endTimeOf } from '../../shared/bookings/schedule';
import { lagosToUtc } from '../../shared/time';
import { type RefundRow, refundView } from '../payments/refunds';
import { paidBy, voucherLedger } from '../prepaid/ledger';
import {
  type BookingRow,
  type CancelResult,
  cancelBooking,
  changeMessages,
  type MoveResult,
  moveBooking,
} from './booking-changes';
import { balanceDueOf, type PaymentMethod } from './bookings';
import { isManageToken, manageTokenHash } from './manage-tokens';

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

/** What the visitor is told when their own therapist was not free at the new time. */
export const otherTherapistNotice = (name: string) =>
  `Your therapist is not free at that time, so ${name} will look after you instead.`;

interface ViewExtras {
  therapist: string | null;
  method: PaymentMethod | null;
  online: number | null;
  voucher: number | null;
}

/** What the view adds to the booking's row: of its therapist and its payment, given as values or as SQL. */
const extrasQuery = (db: Database, therapistId: unknown, reference: unknown) =>
  db
    .select({
      therapist: sql<string | null>`(select name from therapists where id = ${therapistId})`,
      method: sql<PaymentMethod | null>`(select method from payments where reference = ${reference})`,
      online: sql<number | null>`(select amount from payments where reference = ${reference})`,
      voucher: sql<number | null>`${paidBy(voucherLedger, reference)}`,
    })
    .from(sql`(select 1)`);

/** The manage page's view of a booking (ARCHITECTURE.md, "Managing a booking"). */
export async function manageView(db: Database, booking: BookingRow, refund: RefundRow | null | undefined, now: Date) {
  const [extra] = await extrasQuery(db, booking.therapistId, booking.paymentReference);
  return viewOf(booking, refund, extra, now);
}

/**
 * The page a manage token opens, or undefined: the booking, its refund and the view's extras in
 * one batch (one round trip from Lagos), each found through the token's hash.
 */
export async function managePageOfToken(db: Database, token: string, now: Date) {
  if (!isManageToken(token)) return undefined;
  const hash = await manageTokenHash(token);
  const ofToken = (column: string) => sql`(select ${sql.raw(column)} from bookings where manage_token_hash = ${hash})`;
  const [[booking], [refund], [extra]] = await db.batch([
    db.select().from(bookings).where(eq(bookings.manageTokenHash, hash)).limit(1),
    db
      .select()
      .from(refunds)
      .where(sql`${refunds.bookingId} = ${ofToken('id')}`)
      .limit(1),
    extrasQuery(db, ofToken('therapist_id'), ofToken('payment_reference')),
  ]);
  return booking ? viewOf(booking, refund, extra, now) : undefined;
}

function viewOf(booking: BookingRow, refund: RefundRow | null | undefined, extra: ViewExtras | undefined, now: Date) {
  const method = extra?.method ?? 'paystack';
  return {
    booking: {
      _id: booking.id,
      name: booking.name,
      subservices: booking.subservices,
      /** The menu's ids of them as booked (what the reschedule's free times are asked for). */
      treatmentIds: booking.treatmentIds,
      date: booking.date,
      time: booking.time,
      endTime: endTimeOf(booking.time, booking.durationMinutes),
      durationMinutes: booking.durationMinutes,
      therapist: booking.therapistId && extra?.therapist ? { _id: booking.therapistId, name: extra.therapist } : null,
      payment: method,
      serviceStatus: booking.serviceStatus,
      amount: booking.amount,
      amountPaid: booking.amountPaid,
      balanceDue: balanceDueOf(booking),
      /** What a cancellation gives back: to the card (what Paystack took), and to the gift voucher. */
      paidOnline: method === 'paystack' || method === 'test' ? (extra?.online ?? 0) : 0,
      paidByVoucher: extra?.voucher ?? 0,
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
): Promise<MoveResult & { otherTherapist?: boolean }> {
  if (booking.serviceStatus !== 'booked') return { ok: false, message: manageMessages.notBooked };
  if (!canChange(booking, now)) return { ok: false, message: manageMessages.tooLate };
  if (!booking.needsAttention && now.getTime() >= changeableUntil(target.date, target.time).getTime()) {
    return { ok: false, message: manageMessages.tooSoon };
  }
  // The same therapist when they are free then; otherwise anyone free, and the answer says so. A
  // booking paid into a time that had filled never had its therapist's time: anyone free will do.
  if (booking.therapistId && !booking.needsAttention) {
    const same = await moveBooking(
      db,
      booking,
      { ...target, therapistId: booking.therapistId },
      { now, actor: 'visitor' },
    );
    if (same.ok || same.message === manageMessages.changed || same.message === manageMessages.alreadyCancelled) {
      return same;
    }
  }
  const moved = await moveBooking(db, booking, { ...target, therapistId: 'any' }, { now, actor: 'visitor' });
  return moved.ok && !booking.needsAttention
    ? { ...moved, otherTherapist: moved.booking.therapistId !== booking.therapistId }
    : moved;
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
