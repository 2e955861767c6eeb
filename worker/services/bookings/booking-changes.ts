/**
 * Moving and cancelling a booking, by the visitor (through the manage link) or by staff. Each
 * change is one batch (one transaction): a conditional UPDATE that holds only while the booking is
 * still booked at the slot the caller saw, and the history row (and for a cancellation the refund
 * row) inserted only when that UPDATE changed the booking (`changes() = 1`). So two changes racing
 * each other, a cancel against a move, or the same cancel twice, leave one consistent outcome, and
 * the history and the refund can never miss or double a change.
 */
import { eq, sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement } from '../../db/client';
import { type bookingActors, bookingEvents, type bookings, refunds } from '../../db/schema';
import { readCatalogue } from '../catalogue/catalogue';
import type { RefundRow } from '../payments/refunds';
import { giveBackStatements, packageLedger, voucherLedger } from '../prepaid/ledger';
import { takeTime, treatmentIdsOf } from '../schedule/booking-time';
import { closedOn, closureReason, therapistOffOn } from '../schedule/day-rules';
import { slotMessages } from '../schedule/slots';
import { freeTimeStatement, takeTimeStatements } from '../schedule/time-blocks';
import { findBooking } from './bookings';
import { confirmedAtSet } from './visit-origin';

export type BookingRow = typeof bookings.$inferSelect;
export type Actor = (typeof bookingActors)[number];

/** The member of the team who made a staff change: the history names them. */
export interface StaffName {
  _id: string;
  name: string;
}

export const changeMessages = {
  notBooked: 'This booking can no longer be changed.',
  alreadyCancelled: 'This booking is already cancelled.',
  changed: 'This booking was changed meanwhile. Please reload the page and try again.',
  sameSlot: 'The booking is already at that time.',
  past: 'Please choose a time that has not passed.',
  full: slotMessages.full,
  closed: slotMessages.closed,
} as const;

export type MoveResult =
  | { ok: true; booking: BookingRow; moveId: string; from: { date: string; time: string } }
  | { ok: false; message: string; status?: 400 | 409 };

export type CancelResult = { ok: true; booking: BookingRow; refund: RefundRow | null } | { ok: false; message: string };

/** Why a change to `seen` did not happen, from the booking as it is now. */
function lostRace(seen: BookingRow, now: BookingRow | undefined): string | undefined {
  if (now?.serviceStatus === 'cancelled') return changeMessages.alreadyCancelled;
  const unchanged =
    now?.serviceStatus === 'booked' &&
    now.date === seen.date &&
    now.time === seen.time &&
    now.therapistId === seen.therapistId;
  return unchanged ? undefined : changeMessages.changed;
}

/** Where a booking moves: a date and start time, and a therapist (or any free one). */
export interface MoveTarget {
  date: string;
  time: string;
  therapistId: string | 'any';
}

/**
 * Moves a booking to another start (and perhaps another therapist), the price unchanged: in one
 * batch the booking changes only if it is still booked where the caller saw it, its old blocks are
 * given back and the new ones taken (booking-time.ts chooses them; a block held by anyone else
 * fails the batch, and then the next free therapist is tried). Staff move from the desk and
 * visitors through their manage link: either confirms a visit a therapist booked (visit-origin.ts).
 */
export async function moveBooking(
  db: Database,
  booking: BookingRow,
  target: MoveTarget,
  options: { now: Date; actor: Actor; by?: StaffName },
): Promise<MoveResult> {
  if (booking.serviceStatus !== 'booked') return { ok: false, message: changeMessages.notBooked };
  const sameTherapist = target.therapistId === 'any' || target.therapistId === booking.therapistId;
  if (target.date === booking.date && target.time === booking.time && sameTherapist && !booking.needsAttention) {
    return { ok: false, message: changeMessages.sameSlot };
  }
  // Its own ids (kept when booked): a treatment staff renamed since still finds its therapists.
  const treatmentIds =
    booking.treatmentIds ?? treatmentIdsOf(booking.subservices, (await readCatalogue(db)).treatments) ?? [];
  const nowIso = options.now.toISOString();
  const moveId = crypto.randomUUID();
  const moved = sql`exists (select 1 from booking_events where id = ${moveId})`;
  const taken = await takeTime(
    db,
    {
      visit: { treatmentIds, therapistId: target.therapistId },
      date: target.date,
      time: target.time,
      now: options.now,
      excluding: sql`select ${booking.paymentReference}`,
    },
    async (choice) => {
      const [updated] = await db.$client.batch([
        d1Statement(
          db,
          sql`
          update bookings set date = ${target.date}, time = ${target.time}, therapist_id = ${choice.therapistId},
            room_id = ${choice.roomId}, duration_minutes = ${choice.minutes}, reminder_sent_at = null, needs_attention = 0,
            ${confirmedAtSet(options.now)}
          where id = ${booking.id} and service_status = 'booked' and date = ${booking.date} and time = ${booking.time}
            and therapist_id is ${booking.therapistId} and not ${closedOn(target.date)}
            and not ${therapistOffOn(choice.therapistId, target.date)}`,
        ),
        d1Statement(
          db,
          sql`
          insert into booking_events (id, booking_id, kind, actor, from_date, from_time, to_date, to_time, staff_id,
            staff_name, created_at)
          select ${moveId}, ${booking.id}, 'rescheduled', ${options.actor}, ${booking.date}, ${booking.time},
            ${target.date}, ${target.time}, ${options.by?._id ?? null}, ${options.by?.name ?? null}, ${nowIso}
          where changes() = 1`,
        ),
        freeTimeStatement(db, booking.paymentReference, moved),
        ...takeTimeStatements(db, { reference: booking.paymentReference, ...choice, expiresAt: null }, nowIso, moved),
      ]);
      return changedRow(updated);
    },
  );
  const after = await findBooking(db, booking.id);
  if (taken.ok && taken.value && after) {
    return { ok: true, booking: after, moveId, from: { date: booking.date, time: booking.time } };
  }
  const raced = lostRace(booking, after);
  if (raced) return { ok: false, message: raced };
  if (!taken.ok) return { ok: false, message: taken.message, status: taken.status };
  const reason = await closureReason(db, target.date);
  return { ok: false, message: reason ? changeMessages.closed(reason) : changeMessages.full };
}

/**
 * Cancels a booking and frees its place. With `refund`, the amount paid is recorded to go back:
 * `pending` for Paystack to be asked (refunds.ts), or at once `processed` and marked test mode when
 * there is no Paystack key. A free booking (a 100% coupon) has nothing to refund.
 */
export async function cancelBooking(
  db: Database,
  booking: BookingRow,
  options: { now: Date; actor: Actor; by?: StaffName; refund: boolean; testMode: boolean },
): Promise<CancelResult> {
  if (booking.serviceStatus === 'cancelled') return { ok: false, message: changeMessages.alreadyCancelled };
  if (booking.serviceStatus !== 'booked') return { ok: false, message: changeMessages.notBooked };
  const nowIso = options.now.toISOString();
  const status = options.testMode ? 'processed' : 'pending';
  // With a refund, what a gift voucher paid goes back to it (and a package's sessions): guarded by the booking still being
  // as the caller saw it, before the update that cancels it.
  const stillBooked = sql`exists (select 1 from bookings where id = ${booking.id} and service_status = 'booked'
    and date = ${booking.date} and time = ${booking.time})`;
  const voucherBack = options.refund
    ? [
        ...giveBackStatements(voucherLedger, db, booking.paymentReference, stillBooked, nowIso),
        // A visit cancelled in time gives its package sessions back too (a late cancel or a no-show keeps them spent).
        ...giveBackStatements(packageLedger, db, booking.paymentReference, stillBooked, nowIso),
      ]
    : [];
  const results = await db.$client.batch([
    ...voucherBack,
    d1Statement(
      db,
      sql`
      update bookings set service_status = 'cancelled', cancelled_at = ${nowIso}
      where id = ${booking.id} and service_status = 'booked' and date = ${booking.date} and time = ${booking.time}`,
    ),
    d1Statement(
      db,
      sql`
      insert into booking_events (id, booking_id, kind, actor, from_date, from_time, staff_id, staff_name, created_at)
      select ${crypto.randomUUID()}, ${booking.id}, 'cancelled', ${options.actor}, ${booking.date}, ${booking.time},
        ${options.by?._id ?? null}, ${options.by?.name ?? null}, ${nowIso}
      where changes() = 1`,
    ),
    // changes() here is the history insert's: 1 exactly when the booking was cancelled just now.
    d1Statement(
      db,
      sql`
      insert into refunds (booking_id, payment_reference, amount, status, test_mode, processed_at, created_at, updated_at)
      select b.id, b.payment_reference, p.amount, ${status}, ${options.testMode ? 1 : 0},
        ${options.testMode ? nowIso : null}, ${nowIso}, ${nowIso}
      from bookings b join payments p on p.reference = b.payment_reference
      where b.id = ${booking.id} and ${options.refund ? 1 : 0} = 1 and changes() = 1
        -- What Paystack took: the full price or a deposit. Money paid at the studio (cash, transfer,
        -- POS) goes back there, not through Paystack.
        and p.amount > 0 and p.method in ('paystack', 'test')
      on conflict do nothing`,
    ),
    // Its therapist and room are free again.
    freeTimeStatement(
      db,
      booking.paymentReference,
      sql`exists (select 1 from bookings where id = ${booking.id} and service_status = 'cancelled')`,
    ),
  ]);
  const after = await findBooking(db, booking.id);
  const cancelled = results[voucherBack.length];
  if (!changedRow(cancelled) || !after) {
    return { ok: false, message: lostRace(booking, after) ?? changeMessages.notBooked };
  }
  return { ok: true, booking: after, refund: (await refundOf(db, booking.id)) ?? null };
}

export async function refundOf(db: Database, bookingId: string): Promise<RefundRow | undefined> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).limit(1);
  return refund;
}

/** A booking's history after it was made, oldest first. */
export const bookingHistory = (db: Database, bookingId: string) =>
  db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(bookingEvents.createdAt);
