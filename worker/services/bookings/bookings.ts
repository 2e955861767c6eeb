/**
 * Bookings as staff see them, and the one change staff make to them: booked → completed. The
 * change is a conditional UPDATE, so two staff clicking at once, or a stale page, cannot move a
 * booking any other way.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookingEvents, bookings, bookingsVersion, payments, refunds, rooms, therapists } from '../../db/schema';
import type { HealthAnswers } from '../../shared/bookings/health-answers';
import { endTimeOf } from '../../shared/bookings/schedule';
import { formStateOf, type VisitFormState } from '../../shared/bookings/visit-rules';
import type { paymentMethods, serviceStatuses, studioPaymentMethods } from '../../shared/statuses';
import { unchangedSince, type Versioned } from '../kept-answers';
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

/**
 * The list's columns. What it joins to the booking is each named apart (`list_…`): in a batch D1
 * answers rows by column name, and the joined tables share names (id, name, amount).
 */
const bookingColumns = (now: Date) => ({
  booking: bookings,
  couponCode: sql<string | null>`${payments.couponCode}`.as('list_coupon_code'),
  method: sql<PaymentMethod>`${payments.method}`.as('list_method'),
  paymentAmount: sql<number>`${payments.amount}`.as('list_payment_amount'),
  voucherAmount: paidBy(voucherLedger, bookings.paymentReference).as('list_voucher_amount'),
  refundStatus: sql<RefundRow['status'] | null>`${refunds.status}`.as('list_refund_status'),
  refundAmount: sql<number>`${refunds.amount}`.as('list_refund_amount'),
  refundTestMode: sql<boolean>`${refunds.testMode}`.mapWith(refunds.testMode).as('list_refund_test_mode'),
  refundAttempts: sql<number>`${refunds.attempts}`.as('list_refund_attempts'),
  refundLastError: sql<string | null>`${refunds.lastError}`.as('list_refund_last_error'),
  therapistName: sql<string | null>`${therapists.name}`.as('list_therapist_name'),
  roomName: sql<string | null>`${rooms.name}`.as('list_room_name'),
  // The client's no-shows that count now (no-show-rule.ts): a lift moves the list's version too.
  noShows: countedNoShowsSql(sql.raw('"bookings"."client_id"'), now).as('list_no_shows'),
  deskOrClientMade: deskOrClientVisit('"bookings"').as('list_desk_or_client_made'),
});

type RefundRow = typeof refunds.$inferSelect;

type EventRow = typeof bookingEvents.$inferSelect;

/** A booking's row with what the list joins to it (bookingColumns). */
interface BookingRow {
  booking: typeof bookings.$inferSelect;
  couponCode: string | null;
  method: PaymentMethod;
  paymentAmount: number;
  voucherAmount: number;
  refundStatus: RefundRow['status'] | null;
  refundAmount: number;
  refundTestMode: boolean;
  refundAttempts: number;
  refundLastError: string | null;
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
    therapistName,
    roomName,
    noShows,
    deskOrClientMade,
    ...refund
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
    refund: refundOf(refund),
    history: events.map(historyEntry),
  };
}

type RefundColumns = Pick<
  BookingRow,
  'refundStatus' | 'refundAmount' | 'refundTestMode' | 'refundAttempts' | 'refundLastError'
>;

/** A refund as staff see it: where it stands, and its last error if Paystack refused it (null: none). */
const refundOf = (row: RefundColumns) =>
  row.refundStatus === null
    ? null
    : {
        status: row.refundStatus,
        amount: row.refundAmount,
        testMode: row.refundTestMode,
        attempts: row.refundAttempts,
        lastError: row.refundLastError,
      };

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
  return (await listBookings(db, undefined, eq(bookings.id, id))).bookings[0];
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

/** The list's query of one tab (or all), narrowed by `filter` (one booking, one day, one client). */
function listQuery(db: Database, where: SQL | undefined, status: ServiceStatus | undefined) {
  return db
    .select(bookingColumns(new Date()))
    .from(bookings)
    .innerJoin(payments, eq(payments.reference, bookings.paymentReference))
    .leftJoin(refunds, eq(refunds.bookingId, bookings.id))
    .leftJoin(therapists, eq(therapists.id, bookings.therapistId))
    .leftJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(where)
    .orderBy(...orderFor(status));
}

const whereOf = (status: ServiceStatus | undefined, ...filters: Array<SQL | undefined>) =>
  and(status ? eq(bookings.serviceStatus, status) : undefined, ...filters);

/** Every booking of one tab (or all), narrowed by `filter`, with their history (the CSV export: in slices, as D1 binds at most 100 parameters). */
export async function listBookings(
  db: Database,
  status: ServiceStatus | undefined,
  filter?: SQL,
): Promise<{ bookings: BookingView[]; total: number }> {
  const rows = await listQuery(db, whereOf(status, filter), status);
  const eventsOf = Map.groupBy(
    await historyOf(
      db,
      rows.map((row) => row.booking.id),
    ),
    (event) => event.bookingId,
  );
  return { bookings: rows.map((row) => toView(row, eventsOf.get(row.booking.id) ?? [])), total: rows.length };
}

/**
 * A page of one tab (or all): its rows, their count and the page's history read in one batch with
 * the bookings' version (one trip to D1). With `since`, a kept page's version, the batch reads
 * nothing else while the version is still that one (kept-answers.ts).
 */
export async function bookingPage(
  db: Database,
  status: ServiceStatus | undefined,
  page: Page,
  filter: SQL | undefined,
  since: number | undefined,
): Promise<Versioned<{ bookings: BookingView[]; total: number }>> {
  const where = whereOf(status, filter, unchangedSince('bookings_version', since));
  const offset = (page.page - 1) * page.pageSize;
  const pageIds = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(where)
    .orderBy(...orderFor(status))
    .limit(page.pageSize)
    .offset(offset);
  const [[read], rows, [counted], events] = await db.batch([
    db.select({ version: bookingsVersion.version }).from(bookingsVersion).where(eq(bookingsVersion.id, 1)),
    listQuery(db, where, status).limit(page.pageSize).offset(offset),
    db.select({ value: count() }).from(bookings).where(where),
    db
      .select()
      .from(bookingEvents)
      .where(inArray(bookingEvents.bookingId, pageIds))
      .orderBy(asc(bookingEvents.createdAt)),
  ]);
  const version = Number(read?.version ?? 0);
  // The batch is one transaction: the same version as the kept page's means it read nothing more.
  if (since !== undefined && version === since) return { version };
  const eventsOf = Map.groupBy(events, (event) => event.bookingId);
  return {
    version,
    answer: {
      bookings: rows.map((row) => toView(row, eventsOf.get(row.booking.id) ?? [])),
      total: counted?.value ?? 0,
    },
  };
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
