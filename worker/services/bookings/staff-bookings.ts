/**
 * Bookings staff take by phone, WhatsApp or at the door: the same rule for time as online (the
 * therapist's and room's blocks taken in the same batch as the booking), a payment row recording
 * how it is paid (cash, bank transfer or POS at the studio, or unpaid until the client arrives),
 * and the same confirmation and manage link when the client gave an email or a WhatsApp number.
 */
import { sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement } from '../../db/client';
import { formatVisit, minuteOfDay } from '../../shared/bookings/schedule';
import { priceBooking } from '../../shared/catalogue/pricing';
import type { studioPaymentMethods } from '../../shared/statuses';
import { lagosDate, lagosToUtc } from '../../shared/time';
import { readCatalogue } from '../catalogue/catalogue';
import { linkClientStatements, phoneKeyOf } from '../clients/client-records';
import { type TimeRefusal, takeTime, timeMessages, treatmentIdsOf } from '../schedule/booking-time';
import { closedOn, closureReason, therapistOffOn } from '../schedule/day-rules';
import { isPastSlot } from '../schedule/slots';
import { takeTimeStatements } from '../schedule/time-blocks';
import { findBooking } from './bookings';
import { manageToken, manageTokenHash } from './manage-tokens';
import { confirmedAtSql } from './visit-origin';

export type StudioPayment = (typeof studioPaymentMethods)[number] | 'unpaid';

export interface StaffBookingRequest {
  name: string;
  phone: string;
  email?: string;
  subservices: string[];
  date: string;
  time: string;
  therapistId?: string;
  payment: StudioPayment;
  notes?: string;
  /** A therapist without the desk's permission booking with themselves: their staff account's id. */
  bookedByTherapist?: string;
  /** A visit that already happened today (a walk-in served before it was entered): recorded complete. */
  served?: boolean;
  /** Book even though the same client has a visit at an overlapping time (the desk was told). */
  allowOverlap?: boolean;
}

export const staffBookingMessages = {
  past: 'Please choose a time that has not passed.',
  servedAhead: 'A visit still to come cannot be recorded as served: choose a time that has passed today.',
  overlap: (name: string, visit: string) =>
    `${name} already has a visit at an overlapping time: ${visit}. Book anyway if this is a second visit.`,
  noTherapist: 'No therapist is free for the whole visit at that time. Please choose another time.',
  notUnpaid: 'Only a booking still to be paid can be marked paid.',
} as const;

export type StaffBookingResult =
  | { ok: true; booking: NonNullable<Awaited<ReturnType<typeof findBooking>>>; manageToken: string }
  | { ok: false; status: 409; message: string; overlap: { date: string; time: string } }
  | TimeRefusal;

/**
 * The same client's visit (by phone, or email) on that day whose time overlaps `minutes` from
 * `time`: a second visit at once is nearly always a double entry at the desk.
 */
async function overlappingVisit(db: Database, request: StaffBookingRequest, minutes: number) {
  const rows = await db.all<{ time: string; minutes: number; subservices: string }>(
    sql`select time, duration_minutes as minutes, subservices from bookings
      where date = ${request.date} and service_status in ('booked', 'arrived', 'completed')
        and (phone_key = ${phoneKeyOf(request.phone)} or email_key = ${request.email?.trim().toLowerCase() || null})`,
  );
  const start = minuteOfDay(request.time);
  return rows.find((row) => {
    const from = minuteOfDay(row.time);
    return from < start + minutes && start < from + row.minutes;
  });
}

/** Staff references: Paystack never sees them, and the cron never asks it about them. */
const staffReference = (now: Date) =>
  `ST-${lagosDate(now).replace(/-/g, '')}-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;

export async function createStaffBooking(
  db: Database,
  request: StaffBookingRequest,
  options: { now: Date; linkSecret: string },
): Promise<StaffBookingResult> {
  const menu = (await readCatalogue(db)).treatments;
  const priced = priceBooking(request.subservices, menu);
  if (!priced.ok) return { ok: false, status: priced.status ?? 400, message: priced.message };
  const treatmentIds = treatmentIdsOf(request.subservices, menu);
  if (!treatmentIds) return { ok: false, status: 400, message: 'Unknown service option' };
  const past = isPastSlot(request.date, request.time, options.now);
  if (request.served) {
    if (!past || request.date !== lagosDate(options.now)) {
      return { ok: false, status: 409, message: staffBookingMessages.servedAhead };
    }
  } else if (past) {
    return { ok: false, status: 409, message: staffBookingMessages.past };
  }
  const reference = staffReference(options.now);
  const token = await manageToken(reference, options.linkSecret);
  const tokenHash = await manageTokenHash(token);
  const nowIso = options.now.toISOString();
  const paid = request.payment !== 'unpaid';
  const email = request.email ?? '';
  const inserted = sql`exists (select 1 from payments where reference = ${reference})`;
  const taken = await takeTime(
    db,
    {
      visit: { treatmentIds, therapistId: request.therapistId ?? 'any' },
      date: request.date,
      time: request.time,
      // A visit served earlier today is placed as the day stood from its start: its time is past.
      now: request.served ? lagosToUtc(request.date, '00:00') : options.now,
    },
    async (choice) => {
      const overlap = request.allowOverlap ? undefined : await overlappingVisit(db, request, choice.minutes);
      if (overlap) return { overlap };
      await db.$client.batch([
        d1Statement(
          db,
          sql`insert into payments (
              reference, kind, status, amount, subtotal, discount, email, details, slot_date, slot_time,
              method, therapist_id, room_id, duration_minutes, paid_at
            )
            select ${reference}, 'booking', ${paid ? 'paid' : 'pending'}, ${priced.total}, ${priced.total}, 0,
              ${email}, ${JSON.stringify({ takenBy: 'staff', lines: priced.lines })}, ${request.date}, ${request.time},
              ${request.payment}, ${choice.therapistId}, ${choice.roomId}, ${choice.minutes}, ${paid ? nowIso : null}
            where not ${closedOn(request.date)}
              and not ${therapistOffOn(choice.therapistId, request.date)}`,
        ),
        ...takeTimeStatements(db, { reference, ...choice, expiresAt: null }, nowIso, inserted),
        d1Statement(
          db,
          sql`insert into bookings (
              id, payment_reference, service, subservices, date, time, name, email, phone, notes, amount,
              amount_paid, manage_token_hash, therapist_id, room_id, duration_minutes, treatment_ids,
              booked_by_therapist, service_status, completed_at
            )
            select ${crypto.randomUUID()}, ${reference}, 'Massage', ${JSON.stringify(request.subservices)}, ${request.date},
              ${request.time}, ${request.name}, ${email}, ${request.phone}, ${request.notes ?? null}, ${priced.total},
              ${paid ? priced.total : 0},
              ${tokenHash}, ${choice.therapistId}, ${choice.roomId}, ${choice.minutes}, ${JSON.stringify(treatmentIds)},
              ${request.bookedByTherapist ?? null}, ${request.served ? 'completed' : 'booked'},
              ${request.served ? nowIso : null}
            where ${inserted}`,
        ),
        ...linkClientStatements(db, 'bookings', reference, options.now),
      ]);
      const [row] = await db.$client
        .prepare('select id from bookings where payment_reference = ?')
        .bind(reference)
        .all<{ id: string }>()
        .then((result) => result.results);
      return { id: row?.id };
    },
  );
  if (!taken.ok) {
    return taken.message === timeMessages.full ? { ...taken, message: staffBookingMessages.noTherapist } : taken;
  }
  if ('overlap' in taken.value && taken.value.overlap) {
    const { time, minutes, subservices } = taken.value.overlap;
    const visit = `${formatVisit(request.date, time, minutes)}, ${(JSON.parse(subservices) as string[]).join(', ')}`;
    const message = staffBookingMessages.overlap(request.name, visit);
    return { ok: false, status: 409, message, overlap: { date: request.date, time } };
  }
  const bookingId = 'id' in taken.value ? taken.value.id : undefined;
  const booking = bookingId ? await findBooking(db, bookingId) : undefined;
  if (!booking) {
    // Closed, or the therapist's day off, between the read and the write.
    const reason = await closureReason(db, request.date);
    return { ok: false, status: 409, message: reason ? timeMessages.closed(reason) : staffBookingMessages.noTherapist };
  }
  return { ok: true, booking, manageToken: token };
}

/**
 * Marks what is left to pay of a booking as paid at the studio (cash, transfer or POS), once: all
 * of one taken unpaid at the desk (its payment then counts as paid), or the rest after a deposit.
 * The desk's act: it confirms a visit a therapist booked with themselves (visit-origin.ts).
 */
export async function markStudioPayment(
  db: Database,
  paymentReference: string,
  method: (typeof studioPaymentMethods)[number],
  now: Date,
): Promise<boolean> {
  const d1 = db.$client;
  const nowIso = now.toISOString();
  const [booking] = await d1.batch([
    d1
      .prepare(
        `update bookings set amount_paid = amount, balance_method = ?, balance_paid_at = ?, ${confirmedAtSql}
         where payment_reference = ? and amount_paid < amount and service_status <> 'cancelled'`,
      )
      .bind(method, nowIso, nowIso, paymentReference),
    d1
      .prepare(
        `update payments set status = 'paid', method = ?, paid_at = ?
         where reference = ? and method = 'unpaid' and status = 'pending' and changes() = 1`,
      )
      .bind(method, nowIso, paymentReference),
  ]);
  return changedRow(booking);
}
