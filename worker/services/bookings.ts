/**
 * Bookings as staff see them, and the one change staff make to them: booked → completed. The
 * change is a conditional UPDATE, so two staff clicking at once, or a stale page, cannot move a
 * booking any other way.
 */
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings, payments, type serviceStatuses } from '../db/schema';

export type ServiceStatus = (typeof serviceStatuses)[number];

/** A booking on the admin wire: the spec's fields, then what else the booking form captured. */
export interface BookingView {
  _id: string;
  name: string;
  subservices: string[];
  date: string;
  time: string;
  email: string;
  phone: string;
  previousMassageTherapy: boolean;
  onMedication: boolean;
  notes: string | null;
  serviceStatus: ServiceStatus;
  service: string;
  medicationDetails: string | null;
  exercising: boolean;
  exerciseFrequency: number | null;
  exerciseHours: number | null;
  healthConditions: string[];
  referralSource: string | null;
  amount: number;
  couponCode: string | null;
  paymentReference: string;
  /** Paid after its hold expired into a slot that had filled meanwhile: over capacity. */
  needsAttention: boolean;
  createdAt: string;
}

const bookingColumns = {
  booking: bookings,
  couponCode: payments.couponCode,
};

function toView({
  booking,
  couponCode,
}: {
  booking: typeof bookings.$inferSelect;
  couponCode: string | null;
}): BookingView {
  return {
    _id: booking.id,
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
    couponCode,
    paymentReference: booking.paymentReference,
    needsAttention: booking.needsAttention,
    createdAt: booking.createdAt,
  };
}

/** Upcoming (booked) soonest first, overdue ones on top; completed most recent first. */
function orderFor(status: ServiceStatus | undefined): SQL[] {
  return status === 'booked'
    ? [asc(bookings.date), asc(bookings.time), asc(bookings.createdAt)]
    : [desc(bookings.date), desc(bookings.time), desc(bookings.createdAt)];
}

export interface Page {
  page: number;
  pageSize: number;
}

export async function listBookings(
  db: Database,
  status: ServiceStatus | undefined,
  page?: Page,
): Promise<{ bookings: BookingView[]; total: number }> {
  const where = status ? eq(bookings.serviceStatus, status) : undefined;
  const query = db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(payments, eq(payments.reference, bookings.paymentReference))
    .where(where)
    .orderBy(...orderFor(status));
  const [rows, [total]] = await Promise.all([
    page ? query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : query,
    db.select({ value: count() }).from(bookings).where(where),
  ]);
  return { bookings: rows.map(toView), total: total?.value ?? 0 };
}

export type TransitionResult = { ok: true } | { ok: false; reason: 'not-found' | 'conflict' };

/** booked → completed, and nothing else. */
export async function completeBooking(db: Database, id: string): Promise<TransitionResult> {
  const updated = await db
    .update(bookings)
    .set({ serviceStatus: 'completed' })
    .where(sql`${bookings.id} = ${id} and ${bookings.serviceStatus} = 'booked'`)
    .returning({ id: bookings.id });
  if (updated.length === 1) return { ok: true };
  const [existing] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).limit(1);
  return { ok: false, reason: existing ? 'conflict' : 'not-found' };
}
