/**
 * Turning a paid payment into its booking or order, exactly once. D1 has no interactive
 * transactions, so the rule lives in the data: one batch (one transaction) marks the payment paid
 * and inserts the booking or order, and their UNIQUE payment reference makes every later attempt a
 * no-op, whatever the order and number of verify calls, webhooks and cron runs.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings, orderItems, orders, payments } from '../db/schema';
import type { BookingDetails } from '../shared/booking-schema';
import type { OrderDetails } from '../shared/order-schema';
import type { OrderPrice } from '../shared/pricing';
import { managePath } from './manage-tokens';

export type Payment = typeof payments.$inferSelect;

/** What the server stores with a booking payment: the validated details and its own prices. */
export interface StoredBookingPayment {
  booking: Omit<BookingDetails, 'amount' | 'couponCode'>;
  lines: Array<{ name: string; price: number }>;
}

/**
 * What verify answers the paying browser about a paid booking: exactly what the confirmation page
 * shows (no contact or health details).
 */
export interface BookingSummary {
  kind: 'booking';
  paid: true;
  /** The visitor's private link to reschedule or cancel: /manage-booking/<token>. */
  manageUrl: string;
  reference: string;
  name: string;
  treatments: string[];
  date: string;
  time: string;
  amount: number;
  subtotal: number;
  discount: number;
  couponCode: string | null;
  needsAttention: boolean;
}

/** What the server stores with an order payment: the customer, the address and its own prices. */
export interface StoredOrderPayment {
  order: Pick<OrderDetails, 'customerName' | 'customerEmail' | 'customerPhone' | 'shippingAddress'>;
  lines: OrderPrice['lines'];
}

/** What verify answers about a paid order: what the confirmation page shows (no email or phone). */
export interface OrderSummary {
  kind: 'order';
  paid: true;
  reference: string;
  name: string;
  shippingAddress: string;
  items: Array<{ productName: string; productSize: string; unitPrice: number; quantity: number }>;
  amount: number;
  subtotal: number;
  discount: number;
  couponCode: string | null;
  orderStatus: (typeof orders.$inferSelect)['orderStatus'];
}

const markPaid = (db: Database, payment: Payment, now: Date) =>
  db.$client
    .prepare(
      `update payments set status = 'paid', paid_at = ?, hold_expires_at = null where reference = ? and status != 'paid'`,
    )
    .bind(now.toISOString(), payment.reference);

/** Records the booking once, and says whether its slot had filled (whichever call recorded it). */
export async function recordPaidBooking(
  db: Database,
  payment: Payment,
  capacity: number,
  now: Date,
  manageTokenHash: string,
): Promise<{ slotTaken: boolean }> {
  const { booking } = payment.details as StoredBookingPayment;
  const d1 = db.$client;
  await d1.batch([
    markPaid(db, payment, now),
    // A payment that outlived its hold may land in a slot that has filled meanwhile (or on a day
    // staff have since closed): it is still recorded (the money was taken) and flagged for staff
    // to find the client another time. The rule is slots.ts's slotHasRoom, in plain SQL.
    d1
      .prepare(
        `insert into bookings (
          id, payment_reference, service, subservices, date, time, name, email, phone, notes,
          referral_source, previous_massage_therapy, on_medication, medication_details, exercising,
          exercise_frequency, exercise_hours, health_conditions, amount, manage_token_hash, needs_attention
        )
        select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?21,
          (select count(*) from bookings where date = ?5 and time = ?6 and service_status != 'cancelled') >= coalesce(
            (select capacity from slot_capacities where weekday = cast(strftime('%w', ?5) as integer)), ?20
          ) or exists (select 1 from closures where date = ?5)
        where true
        on conflict (payment_reference) do nothing`,
      )
      .bind(
        crypto.randomUUID(),
        payment.reference,
        booking.service,
        JSON.stringify(booking.subservices),
        booking.appointmentDate,
        booking.appointmentTime,
        booking.customerName,
        booking.customerEmail,
        booking.customerPhone,
        booking.notes ?? null,
        booking.referralSource ?? null,
        booking.previousMassageTherapy ? 1 : 0,
        booking.onMedication ? 1 : 0,
        booking.medicationDetails ?? null,
        booking.exercising ? 1 : 0,
        booking.exerciseFrequency ?? null,
        booking.exerciseHours ?? null,
        JSON.stringify(booking.healthConditions),
        payment.amount,
        capacity,
        manageTokenHash,
      ),
  ]);
  const [recorded] = await db
    .select({ needsAttention: bookings.needsAttention })
    .from(bookings)
    .where(eq(bookings.paymentReference, payment.reference))
    .limit(1);
  return { slotTaken: recorded?.needsAttention ?? false };
}

/**
 * The order and its lines in one batch. A repeated call inserts nothing: the order is guarded by
 * its UNIQUE payment reference, and each line by UNIQUE (order, product, size) on the order that
 * holds this reference, whichever call created it.
 */
export async function recordPaidOrder(db: Database, payment: Payment, now: Date) {
  const { order, lines } = payment.details as StoredOrderPayment;
  const d1 = db.$client;
  await d1.batch([
    markPaid(db, payment, now),
    d1
      .prepare(
        `insert into orders (id, payment_reference, name, email, phone, shipping_address, amount)
        values (?, ?, ?, ?, ?, ?, ?)
        on conflict (payment_reference) do nothing`,
      )
      .bind(
        crypto.randomUUID(),
        payment.reference,
        order.customerName,
        order.customerEmail,
        order.customerPhone,
        order.shippingAddress,
        payment.amount,
      ),
    ...lines.map((line) =>
      d1
        .prepare(
          `insert into order_items (id, order_id, product_id, product_name, product_size, unit_price, quantity)
          select ?, id, ?, ?, ?, ?, ? from orders where payment_reference = ?
          on conflict (order_id, product_id, product_size) do nothing`,
        )
        .bind(
          crypto.randomUUID(),
          line.productId,
          line.productName,
          line.size,
          line.unitPrice,
          line.quantity,
          payment.reference,
        ),
    ),
  ]);
}

export async function orderSummary(db: Database, payment: Payment): Promise<OrderSummary | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.paymentReference, payment.reference)).limit(1);
  if (!order) return undefined;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(sql`rowid`);
  return {
    kind: 'order',
    paid: true,
    reference: payment.reference,
    name: order.name,
    shippingAddress: order.shippingAddress,
    items: items.map((item) => ({
      productName: item.productName,
      productSize: item.productSize,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
    })),
    amount: order.amount,
    subtotal: payment.subtotal,
    discount: payment.discount,
    couponCode: payment.couponCode,
    orderStatus: order.orderStatus,
  };
}

/** The confirmation page's summary, with the booking's private manage link. */
export async function bookingSummary(
  db: Database,
  payment: Payment,
  manageToken: string,
): Promise<BookingSummary | undefined> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, payment.reference)).limit(1);
  if (!booking) return undefined;
  return {
    manageUrl: managePath(manageToken),
    kind: 'booking',
    paid: true,
    reference: payment.reference,
    name: booking.name,
    treatments: booking.subservices,
    date: booking.date,
    time: booking.time,
    amount: booking.amount,
    subtotal: payment.subtotal,
    discount: payment.discount,
    couponCode: payment.couponCode,
    needsAttention: booking.needsAttention,
  };
}

export async function findPayment(db: Database, reference: string): Promise<Payment | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return payment;
}

/** The built-in test checkout's answer for a payment not yet paid. */
export async function recordTestCheckoutOutcome(db: Database, reference: string, outcome: 'paid' | 'cancelled') {
  await db
    .update(payments)
    .set({ testCheckoutOutcome: outcome })
    .where(sql`${payments.reference} = ${reference} and ${payments.status} != 'paid'`);
}

/** Marks a still-unpaid payment failed or abandoned; a paid one is never touched. */
export async function markUnpaid(db: Database, reference: string, status: 'failed' | 'abandoned' | 'expired') {
  await db
    .update(payments)
    .set({ status, holdExpiresAt: null })
    .where(sql`${payments.reference} = ${reference} and ${payments.status} in ('pending', 'expired')`);
}
