/**
 * Bookings as staff see them, and the one change staff make to them: booked → completed. The
 * change is a conditional UPDATE, so two staff clicking at once, or a stale page, cannot move a
 * booking any other way.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookingEvents, bookings, payments, refunds, rooms, therapists } from '../../db/schema';
import type { HealthAnswers } from '../../shared/bookings/health-answers';
import { endTimeOf } from '../../shared/bookings/schedule';
import { formStateOf, type VisitFormState } from '../../shared/bookings/visit-rules';
import type { paymentMethods, serviceStatuses, studioPaymentMethods } from '../../shared/statuses';
import { paidBy, voucherLedger } from '../prepaid/ledger';
import { countedNoShowsSql } from './no-show-rule';
import { deskOrClientVisit } from './visit-origin';

export type ServiceStatus = (typeof serviceStatuses)[number];

/** What is left to pay at the studio: nothing once the visit is cancelled (its money went back by the refund rules). */
export const balanceDueOf = (booking: { amount: number; amountPaid: number; serviceStatus: ServiceStatus }) =>
  booking.serviceStatus === 'cancelled' ? 0 : Math.max(0, booking.amount - booking.amountPaid);

/**
 * A booking on the admin wire: the spec's fields, then what else the booking form captured. The
 * health answers are there only for a viewer who may read them.
 */
export interface BookingView extends Partial<HealthAnswers> {
  _id: string;
  name: string;
  subservices: string[];
  date: string;
  time: string;
  email: string;
  phone: string;
  previousMassageTherapy: boolean;
  serviceStatus: ServiceStatus;
  service: string;
  referralSource: string | null;
  /** The visit's price after the coupon. */
  amount: number;
  /** Paid so far (online, by voucher, at the studio); the balance is due at the studio. */
  amountPaid: number;
  balanceDue: number;
  /** What Paystack took (the full price or a deposit): what a cancellation's refund gives back. */
  paidOnline: number;
  /** What a gift voucher paid: a cancellation with a refund puts it back on the voucher. */
  paidByVoucher: number;
  /** How a deposit's balance was paid at the studio (null until then, or without one). */
  balancePayment: (typeof studioPaymentMethods)[number] | null;
  couponCode: string | null;
  paymentReference: string;
  /** Paid after its hold expired into a slot that had filled meanwhile: over capacity. */
  needsAttention: boolean;
  /** The person's record on the Clients screen (null once erased). */
  clientId: string | null;
  /** Who gives the treatments and where (null only for a booking over capacity from before therapists). */
  therapist: { _id: string; name: string } | null;
  room: { _id: string; name: string } | null;
  /** "HH:MM" the visit ends (the next morning's time for an overnight one). */
  endTime: string;
  /**
   * False for a visit a therapist booked with themselves that neither the desk nor the client has
   * confirmed yet (visit-origin.ts).
   */
  deskOrClientMade: boolean;
  /** The client's no-shows within 12 months that count (since staff last lifted the rule for them). */
  noShows: number;
  /** The visit's health form: answered, still missing (a booking staff took), or no longer needed. */
  form: VisitFormState;
  durationMinutes: number;
  /** How it was paid: online (paystack, test), free, or at the studio (cash, transfer, pos), or unpaid. */
  payment: PaymentMethod;
  createdAt: string;
  cancelledAt: string | null;
  /** The money of a cancelled booking going back, with Paystack's last refusal for staff to see. */
  refund: {
    status: (typeof refunds.$inferSelect)['status'];
    amount: number;
    testMode: boolean;
    attempts: number;
    lastError: string | null;
  } | null;
  /** What happened after it was booked, oldest first: moves and the cancellation. */
  history: Array<{
    kind: (typeof bookingEvents.$inferSelect)['kind'];
    actor: (typeof bookingEvents.$inferSelect)['actor'];
    /** The member of the team who made a staff change, as named then (null for the client or from before). */
    by: string | null;
    from: { date: string; time: string };
    to: { date: string; time: string } | null;
    at: string;
  }>;
}

export type PaymentMethod = (typeof paymentMethods)[number];

const bookingColumns = (now: Date) => ({
  booking: bookings,
  couponCode: payments.couponCode,
  method: payments.method,
  paymentAmount: payments.amount,
  voucherAmount: paidBy(voucherLedger, bookings.paymentReference),
  refund: refunds,
  therapistName: therapists.name,
  roomName: rooms.name,
  // The client's no-shows that count now (no-show-rule.ts): a lift moves the list's version too.
  noShows: countedNoShowsSql(sql.raw('"bookings"."client_id"'), now),
  deskOrClientMade: deskOrClientVisit('"bookings"'),
});

type EventRow = typeof bookingEvents.$inferSelect;

/** A booking's row with what the list joins to it (bookingRow's columns). */
interface BookingRow {
  booking: typeof bookings.$inferSelect;
  couponCode: string | null;
  method: PaymentMethod;
  paymentAmount: number;
  voucherAmount: number;
  refund: typeof refunds.$inferSelect | null;
  therapistName: string | null;
  roomName: string | null;
  noShows: number;
  deskOrClientMade: unknown;
}

function toView(
  {
    booking,
    couponCode,
    method,
    paymentAmount,
    voucherAmount,
    refund,
    therapistName,
    roomName,
    noShows,
    deskOrClientMade,
  }: BookingRow,
  events: EventRow[],
): BookingView {
  return {
    _id: booking.id,
    noShows: Number(noShows),
    deskOrClientMade: Number(deskOrClientMade) === 1,
    name: booking.name,
    subservices: booking.subservices,
    date: booking.date,
    time: booking.time,
    email: booking.email,
    phone: booking.phone,
    previousMassageTherapy: booking.previousMassageTherapy,
    onMedication: booking.onMedication,
    notes: booking.notes,
    serviceStatus: booking.serviceStatus,
    service: booking.service,
    medicationDetails: booking.medicationDetails,
    exercising: booking.exercising,
    exerciseFrequency: booking.exerciseFrequency,
    exerciseHours: booking.exerciseHours,
    healthConditions: booking.healthConditions,
    referralSource: booking.referralSource,
    amount: booking.amount,
    amountPaid: booking.amountPaid,
    balanceDue: balanceDueOf(booking),
    paidOnline: method === 'paystack' || method === 'test' ? paymentAmount : 0,
    paidByVoucher: voucherAmount,
    balancePayment: booking.balanceMethod,
    couponCode,
    paymentReference: booking.paymentReference,
    needsAttention: booking.needsAttention,
    clientId: booking.clientId,
    therapist: booking.therapistId && therapistName ? { _id: booking.therapistId, name: therapistName } : null,
    room: booking.roomId && roomName ? { _id: booking.roomId, name: roomName } : null,
    endTime: endTimeOf(booking.time, booking.durationMinutes),
    form: formStateOf(booking),
    durationMinutes: booking.durationMinutes,
    payment: method,
    createdAt: booking.createdAt,
    cancelledAt: booking.cancelledAt,
    refund: refund ? refundView(refund) : null,
    history: events.map(historyEntry),
  };
}

/** A refund as staff see it: where it stands, and its last error if Paystack refused it. */
const refundView = (refund: typeof refunds.$inferSelect) => ({
  status: refund.status,
  amount: refund.amount,
  testMode: refund.testMode,
  attempts: refund.attempts,
  lastError: refund.lastError,
});

/** One change of the booking: who moved or cancelled it, from when to when. */
const historyEntry = (event: EventRow) => ({
  kind: event.kind,
  actor: event.actor,
  by: event.staffName,
  from: { date: event.fromDate, time: event.fromTime },
  to: event.toDate && event.toTime ? { date: event.toDate, time: event.toTime } : null,
  at: event.createdAt,
});

/** The booking with this id as the admin lists it. */
export async function bookingView(db: Database, id: string): Promise<BookingView | undefined> {
  return (await listBookings(db, undefined, undefined, eq(bookings.id, id))).bookings[0];
}

/** What a booking's messages say beyond its row: its therapist's name, and whether it is paid yet. */
export async function bookingFactExtras(db: Database, booking: typeof bookings.$inferSelect) {
  const row = await db.get<{ therapist: string | null; method: string | null }>(sql`select
    (select name from therapists where id = ${booking.therapistId}) as therapist,
    (select method from payments where reference = ${booking.paymentReference}) as method`);
  return {
    therapistName: row?.therapist ?? null,
    paidOnArrival: row?.method === 'unpaid',
    amountPaid: booking.amountPaid,
  };
}

export async function findBooking(db: Database, id: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return booking;
}

/** Upcoming (booked) soonest first, overdue ones on top; completed and cancelled most recent first. */
function orderFor(status: ServiceStatus | undefined): SQL[] {
  return status === 'booked'
    ? [asc(bookings.date), asc(bookings.time), asc(bookings.createdAt)]
    : [desc(bookings.date), desc(bookings.time), desc(bookings.createdAt)];
}

export interface Page {
  page: number;
  pageSize: number;
}

/** One tab of the bookings (or all), a page of it; `filter` narrows further (one booking, one day). */
export async function listBookings(
  db: Database,
  status: ServiceStatus | undefined,
  page?: Page,
  filter?: SQL,
): Promise<{ bookings: BookingView[]; total: number }> {
  const where = and(status ? eq(bookings.serviceStatus, status) : undefined, filter);
  const query = db
    .select(bookingColumns(new Date()))
    .from(bookings)
    .innerJoin(payments, eq(payments.reference, bookings.paymentReference))
    .leftJoin(refunds, eq(refunds.bookingId, bookings.id))
    .leftJoin(therapists, eq(therapists.id, bookings.therapistId))
    .leftJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(where)
    .orderBy(...orderFor(status));
  const total = db.select({ value: count() }).from(bookings).where(where);
  if (!page) {
    // Every booking (the CSV export): their history in slices, as D1 binds at most 100 parameters.
    const [rows, [counted]] = await Promise.all([query, total]);
    const eventsOf = Map.groupBy(
      await historyOf(
        db,
        rows.map((row) => row.booking.id),
      ),
      (event) => event.bookingId,
    );
    return { bookings: rows.map((row) => toView(row, eventsOf.get(row.booking.id) ?? [])), total: counted?.value ?? 0 };
  }
  // A page: its rows beside the count and the page's history, one round trip in all. (The rows
  // stay out of the batch: there D1 answers rows by column name, and the joins share names.)
  const offset = (page.page - 1) * page.pageSize;
  const pageIds = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(where)
    .orderBy(...orderFor(status))
    .limit(page.pageSize)
    .offset(offset);
  const [rows, [[counted], events]] = await Promise.all([
    query.limit(page.pageSize).offset(offset),
    db.batch([
      total,
      db
        .select()
        .from(bookingEvents)
        .where(inArray(bookingEvents.bookingId, pageIds))
        .orderBy(asc(bookingEvents.createdAt)),
    ]),
  ]);
  const eventsOf = Map.groupBy(events, (event) => event.bookingId);
  return { bookings: rows.map((row) => toView(row, eventsOf.get(row.booking.id) ?? [])), total: counted?.value ?? 0 };
}

/** D1 binds at most 100 parameters a query, so a long list (the CSV export) is read in slices. */
const IDS_PER_QUERY = 90;

async function historyOf(db: Database, ids: string[]): Promise<EventRow[]> {
  const slices: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) slices.push(ids.slice(start, start + IDS_PER_QUERY));
  const results = await Promise.all(
    slices.map((slice) =>
      db
        .select()
        .from(bookingEvents)
        .where(inArray(bookingEvents.bookingId, slice))
        .orderBy(asc(bookingEvents.createdAt)),
    ),
  );
  return results.flat();
}

export type TransitionResult = { ok: true } | { ok: false; reason: 'not-found' | 'conflict' };
