/**
 * The payment flow shared by bookings and orders: price on the server, hold what must be held,
 * ask the gateway for a checkout, and confirm the result exactly once (see payment-records.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { PaystackError, type PaystackTransaction } from '../providers/paystack';
import { bookingDetailsSchema } from '../shared/booking-schema';
import { nairaToKobo } from '../shared/money';
import { priceBooking } from '../shared/pricing';
import { lagosDate } from '../shared/time';
import { checkCoupon } from './coupons';
import type { PaymentGateway } from './payment-gateway';
import {
  type BookingSummary,
  bookingSummary,
  findPayment,
  markUnpaid,
  type Payment,
  recordPaidBooking,
  type StoredBookingPayment,
} from './payment-records';
import { HOLD_MINUTES, isPastDate, isPastSlot, takenInSlot } from './slots';

export interface PaymentContext {
  db: Database;
  gateway: PaymentGateway;
  /** The site's own origin: callback URLs are built from it, never from the client. */
  origin: string;
  capacity: number;
  now: Date;
}

export const paymentMessages = {
  initializeFailed: 'Payment initialization failed. Please try again.',
  amountChanged: 'The price has changed since you started. Please review the amount and try again.',
  slotFull: 'Sorry, that time has just been fully booked. Please choose another time.',
  slotPast: 'That time has already passed. Please choose a later time.',
  datePast: 'That date has passed. Please choose a date from today onwards.',
  unknownReference: 'We could not find that payment.',
  notCompleted: 'Your payment has not been completed.',
  stillProcessing: 'Your payment is still being processed. Please check again in a moment.',
  mismatch: 'This payment does not match your booking. Please contact us and quote your reference.',
} as const;

export const confirmationPaths = { booking: '/booking-confirmation-pg', order: '/order-confirmation-pg' } as const;

export type InitializeResult =
  | { ok: true; reference: string; authorizationUrl: string }
  | { ok: false; status: 400 | 409 | 502; message: string; expectedAmount?: number };

export interface InitializeRequest {
  /** What the client thinks it pays, in kobo. */
  amount: number;
  email: string;
  /** JSON text `{"details": {...}}`, as the spec's client sends it. */
  metadata: string;
}

/** Prices a booking from the catalogue and the coupon, holds its slot, and starts a checkout. */
export async function initializeBookingPayment(
  context: PaymentContext,
  request: InitializeRequest,
): Promise<InitializeResult> {
  const parsed = bookingDetailsSchema.safeParse(readDetails(request.metadata));
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid booking details' };
  }
  const { amount: _clientAmount, couponCode, ...booking } = parsed.data;
  const priced = priceBooking(booking.subservices);
  if (!priced.ok) return { ok: false, status: 400, message: priced.message };

  let discount = 0;
  let appliedCode: string | null = null;
  if (couponCode) {
    const coupon = await checkCoupon(context.db, couponCode, priced.total, context.now);
    if (!coupon.success) return { ok: false, status: 409, message: coupon.message };
    discount = coupon.discountAmount;
    appliedCode = coupon.code;
  }
  const amount = priced.total - discount;
  if (request.amount !== nairaToKobo(amount)) {
    return { ok: false, status: 409, message: paymentMessages.amountChanged, expectedAmount: amount };
  }
  if (isPastDate(booking.appointmentDate, context.now)) {
    return { ok: false, status: 409, message: paymentMessages.datePast };
  }
  if (isPastSlot(booking.appointmentDate, booking.appointmentTime, context.now)) {
    return { ok: false, status: 409, message: paymentMessages.slotPast };
  }

  const reference = newReference('BK');
  const stored: StoredBookingPayment = { booking, lines: priced.lines };
  const nowIso = context.now.toISOString();
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  // One statement: the slot is counted and held atomically, so concurrent visitors can never
  // take more places than the slot has.
  const held = await context.db.run(sql`
    insert into payments (
      reference, kind, status, amount, subtotal, discount, coupon_code, email, details,
      slot_date, slot_time, hold_expires_at
    )
    select ${reference}, 'booking', 'pending', ${amount}, ${priced.total}, ${discount}, ${appliedCode},
      ${booking.customerEmail}, ${JSON.stringify(stored)}, ${booking.appointmentDate}, ${booking.appointmentTime},
      ${holdUntil}
    where ${takenInSlot(booking.appointmentDate, booking.appointmentTime, nowIso)} < ${context.capacity}`);
  if (held.meta.changes !== 1) return { ok: false, status: 409, message: paymentMessages.slotFull };

  try {
    const checkout = await context.gateway.initialize({
      email: booking.customerEmail,
      amount: nairaToKobo(amount),
      reference,
      callback_url: `${context.origin}${confirmationPaths.booking}`,
      metadata: {
        kind: 'booking',
        treatments: booking.subservices,
        date: booking.appointmentDate,
        time: booking.appointmentTime,
      },
    });
    return { ok: true, reference, authorizationUrl: checkout.authorizationUrl };
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    console.error('Paystack initialize failed', reference, error.message);
    await markUnpaid(context.db, reference, 'failed'); // releases the hold
    return { ok: false, status: 502, message: paymentMessages.initializeFailed };
  }
}

export type VerifyResult = { status: true; data: BookingSummary } | { status: false; message: string };

/** Asks the gateway about a payment and records the booking if it is paid in full. */
export async function verifyPayment(context: PaymentContext, reference: string): Promise<VerifyResult> {
  const payment = await findPayment(context.db, reference);
  if (!payment) return { status: false, message: paymentMessages.unknownReference };
  if (payment.status === 'paid') return summaryOf(context, payment);
  const transaction = await context.gateway.verify(reference); // PaystackError → 502 in the route
  return confirmTransaction(context, payment, transaction);
}

/**
 * The one place a transaction's outcome is judged, for verify, webhook and cron alike: success
 * only when Paystack says "success" for exactly the stored amount in naira.
 */
export async function confirmTransaction(
  context: PaymentContext,
  payment: Payment,
  transaction: PaystackTransaction | null,
): Promise<VerifyResult> {
  if (!transaction) return { status: false, message: paymentMessages.unknownReference };
  if (transaction.status === 'success') {
    if (transaction.amount !== nairaToKobo(payment.amount) || transaction.currency !== 'NGN') {
      console.error('Paid amount does not match', payment.reference, transaction.amount, transaction.currency);
      return { status: false, message: paymentMessages.mismatch };
    }
    await recordPaidBooking(context.db, payment, context.capacity, context.now);
    return summaryOf(context, payment);
  }
  if (transaction.status === 'failed' || transaction.status === 'abandoned' || transaction.status === 'reversed') {
    await markUnpaid(context.db, payment.reference, transaction.status === 'failed' ? 'failed' : 'abandoned');
    return { status: false, message: paymentMessages.notCompleted };
  }
  return { status: false, message: paymentMessages.stillProcessing };
}

async function summaryOf(context: PaymentContext, payment: Payment): Promise<VerifyResult> {
  const summary = await bookingSummary(context.db, payment);
  return summary ? { status: true, data: summary } : { status: false, message: paymentMessages.unknownReference };
}

function readDetails(metadata: string): unknown {
  try {
    const parsed = JSON.parse(metadata) as { details?: unknown } | null;
    return parsed?.details;
  } catch {
    return undefined;
  }
}

/** A Paystack-safe reference (letters, digits and dashes), unique and unguessable. */
function newReference(prefix: string): string {
  return `${prefix}-${lagosDate(new Date()).replace(/-/g, '')}-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}
