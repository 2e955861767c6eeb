/**
 * Turning a paid payment into its booking or order, exactly once. D1 has no interactive
 * transactions, so the rule lives in the data: one batch (one transaction) marks the payment paid
 * and inserts the booking or order, and their UNIQUE payment reference makes every later attempt a
 * no-op, whatever the order and number of verify calls, webhooks and cron runs.
 */
import { eq, sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement } from '../../db/client';
import { bookings, orderItems, orders, therapists } from '../../db/schema';
import type { BookingDetails } from '../../shared/bookings/booking-schema';
import { blockAt, blockCount, endTimeOf, minuteOfDay } from '../../shared/bookings/schedule';
import type { OrderDetails } from '../../shared/catalogue/order-schema';
import type { OrderPrice } from '../../shared/catalogue/pricing';
import { balanceDueOf } from '../bookings/bookings';
import { managePath } from '../bookings/manage-tokens';
import { dropLapsedCouponStatement } from '../catalogue/coupons';
import { takeStockStatements } from '../catalogue/stock';
import { linkClientStatements } from '../clients/client-records';
import { markPaid, type Payment } from '../payments/payment-rows';
import { packageLedger, releaseEndedStatements, spendStatements, voucherLedger } from '../prepaid/ledger';
import {
  createVoucherStatement,
  paidSql,
  type StoredVoucherPayment,
  type VoucherRow,
  voucherOfPayment,
} from '../prepaid/vouchers';
import { freeTimeStatement, takeTimeStatements } from '../schedule/time-blocks';
import { bookedOfferStatements } from '../time-waitlist/time-waitlist-booked';

/** What the server stores with a booking payment: the validated details and its own prices. */
export interface StoredBookingPayment {
  booking: Omit<BookingDetails, 'amount' | 'couponCode' | 'voucherCode' | 'packageCode' | 'waitlistOffer'>;
  lines: Array<{ name: string; price: number }>;
  /** The package whose sessions pay some of its treatments: its name, and which ones. */
  package?: { name: string; treatments: string[] };
  /** The menu's ids of the treatments (absent in payments started before they were kept). */
  treatmentIds?: string[];
}

/** A paid booking's or order's money, as its confirmation page shows it. */
interface PaidMoney {
  /** The price after the coupon. */
  amount: number;
  /**
   * What has been paid of it (online and by voucher); the rest is due at the studio (a deposit's)
   * or on delivery (an order's payment that came late).
   */
  amountPaid: number;
  balanceDue: number;
  subtotal: number;
  discount: number;
  couponCode: string | null;
}

/**
 * What verify answers the paying browser about a paid booking: exactly what the confirmation page
 * shows (no contact or health details).
 */
export interface BookingSummary extends PaidMoney {
  kind: 'booking';
  paid: true;
  /** The visitor's private link to reschedule or cancel: /manage-booking/<token>. */
  manageUrl: string;
  reference: string;
  name: string;
  treatments: string[];
  date: string;
  time: string;
  endTime: string;
  durationMinutes: number;
  therapist: { _id: string; name: string } | null;
  payment: Payment['method'];
  needsAttention: boolean;
}

/** What the server stores with an order payment: the customer, the address and its own prices. */
export interface StoredOrderPayment {
  order: Pick<OrderDetails, 'customerName' | 'customerEmail' | 'customerPhone' | 'shippingAddress'>;
  lines: OrderPrice['lines'];
  /** A member's percentage off the shop, taken before the coupon (not in the payment's subtotal). */
  memberDiscount?: { planName: string; percent: number; amount: number };
}

/** What verify answers about a paid order: what the confirmation page shows (no email or phone). */
export interface OrderSummary extends PaidMoney {
  kind: 'order';
  paid: true;
  reference: string;
  name: string;
  shippingAddress: string;
  items: Array<{ productName: string; productSize: string; unitPrice: number; quantity: number }>;
  orderStatus: (typeof orders.$inferSelect)['orderStatus'];
}

/** The gift voucher bought with a payment, created once (its payment reference is unique). */
export async function recordPaidVoucher(
  db: Database,
  payment: Payment,
  now: Date,
  options: { validityMonths: number },
): Promise<VoucherRow | undefined> {
  const { voucher } = payment.details as StoredVoucherPayment;
  await db.$client.batch([markPaid(db, payment, now), createVoucherStatement(db, payment.reference, voucher, options)]);
  return voucherOfPayment(db, payment.reference);
}

/**
 * Records the booking once, and says whether its time had been taken meanwhile (whichever call
 * recorded it). The booking keeps the therapist, room and blocks of its hold; a payment that
 * outlived its hold takes back whatever of that time is still free, and if any of it was taken
 * meanwhile (or staff closed the day) it is still recorded (the money was taken) but holds no time
 * and is flagged for staff to find the client another time.
 */
export async function recordPaidBooking(
  db: Database,
  payment: Payment,
  now: Date,
  manageTokenHash: string,
): Promise<{ slotTaken: boolean; amount: number; amountPaid: number }> {
  const { booking } = payment.details as StoredBookingPayment;
  const d1 = db.$client;
  const nowIso = now.toISOString();
  const reference = payment.reference;
  const notRecorded = sql`not exists (select 1 from bookings where payment_reference = ${reference})`;
  const claim = timeClaimOf(payment, booking);
  const flagged = sql`(select needs_attention from bookings where payment_reference = ${reference}) = 1`;
  await d1.batch([
    ...dropLapsedCouponStatement(db, payment, nowIso),
    markPaid(db, payment, now),
    ...spendStatements(voucherLedger, db, reference, nowIso, notRecorded),
    ...spendStatements(packageLedger, db, reference, nowIso, notRecorded),
    ...(claim ? takeTimeStatements(db, claim, nowIso, notRecorded, 'skip') : []),
    insertBookingStatement(db, payment, claim, manageTokenHash, nowIso),
    // A booking keeps its blocks for good; a flagged one holds none (it has no place at that time).
    d1Statement(
      db,
      sql`update time_blocks set expires_at = null where payment_reference = ${reference} and not ${flagged}`,
    ),
    freeTimeStatement(db, reference, flagged),
    ...linkClientStatements(db, 'bookings', reference, now),
    ...bookedOfferStatements(db, reference, nowIso),
  ]);
  const [recorded] = await db
    .select({ needsAttention: bookings.needsAttention, amount: bookings.amount, amountPaid: bookings.amountPaid })
    .from(bookings)
    .where(eq(bookings.paymentReference, reference))
    .limit(1);
  return {
    slotTaken: recorded?.needsAttention ?? false,
    amount: recorded?.amount ?? payment.subtotal - payment.discount,
    amountPaid: recorded?.amountPaid ?? payment.amount,
  };
}

/** The time a paid booking takes back from its hold: its therapist's and room's blocks. */
function timeClaimOf(payment: Payment, booking: StoredBookingPayment['booking']) {
  const { therapistId, roomId, durationMinutes } = payment;
  return therapistId && roomId && durationMinutes
    ? {
        reference: payment.reference,
        therapistId,
        roomId,
        firstBlock: blockAt(booking.appointmentDate, minuteOfDay(booking.appointmentTime)),
        blocks: blockCount(durationMinutes),
        expiresAt: null,
      }
    : undefined;
}

/**
 * The booking's row, inserted once (its payment reference is UNIQUE), priced and flagged by what
 * the same batch has just done: the coupon, the package's and voucher's parts, the time it took.
 */
function insertBookingStatement(
  db: Database,
  payment: Payment,
  claim: ReturnType<typeof timeClaimOf>,
  manageTokenHash: string,
  nowIso: string,
): D1PreparedStatement {
  const { booking, treatmentIds } = payment.details as StoredBookingPayment;
  const { therapistId, roomId, durationMinutes } = payment;
  const reference = payment.reference;
  return db.$client
    .prepare(
      `insert into bookings (
      id, payment_reference, service, subservices, date, time, name, email, phone, notes,
      referral_source, previous_massage_therapy, on_medication, medication_details, exercising,
      exercise_frequency, exercise_hours, health_conditions, amount, manage_token_hash,
      therapist_id, room_id, duration_minutes, needs_attention, treatment_ids, amount_paid, health_form_at
    )
    select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
      -- The price less the coupon, as the payment has it now (a lapsed coupon is dropped above);
      -- treatments a package's sessions were to pay, when it no longer had them (paid after the
      -- hold had given them back, and used meanwhile), are added: they are due at the studio.
      ?19 - (select discount from payments where reference = ?2) + coalesce((select value from package_uses
        where payment_reference = ?2 and state != 'spent'), 0), ?, ?, ?, ?,
      (select count(*) from time_blocks where payment_reference = ?2) < ?24
        or exists (select 1 from closures where date = ?5), ?25,
      -- Paid online, and what the gift voucher did pay (a part given back when the hold ended,
      -- and spent elsewhere before the late payment came, stays due at the studio).
      ?26 + coalesce((select amount from voucher_uses where payment_reference = ?2 and state = 'spent'), 0),
      -- The online form's health questions and consent were answered with the booking.
      ?27
    where true
    on conflict (payment_reference) do nothing`,
    )
    .bind(
      crypto.randomUUID(),
      reference,
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
      // The visit's price before the coupon; what of it was paid now (online and by voucher) is amount_paid.
      payment.subtotal,
      manageTokenHash,
      therapistId ?? null,
      roomId ?? null,
      durationMinutes ?? 60,
      // Every block of the therapist and of the room: anything less means part was taken.
      claim ? claim.blocks * 2 : 1,
      treatmentIds ? JSON.stringify(treatmentIds) : null,
      payment.amount,
      nowIso,
    );
}

/**
 * The order and its lines in one batch, with its units taken off the shelf. A repeated call
 * inserts nothing and takes nothing: the stock moves only in the batch that finds no order yet,
 * the order is guarded by its UNIQUE payment reference, and each line by UNIQUE (order, product,
 * size) on the order that holds this reference, whichever call created it.
 */
export async function recordPaidOrder(
  db: Database,
  payment: Payment,
  now: Date,
): Promise<{ recorded: boolean; amount: number; amountPaid: number }> {
  const { order, lines } = payment.details as StoredOrderPayment;
  const d1 = db.$client;
  const notRecorded = sql`not exists (select 1 from orders where payment_reference = ${payment.reference})`;
  const takeStock = takeStockStatements(
    db,
    lines.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
    notRecorded,
  );
  const spend = spendStatements(voucherLedger, db, payment.reference, now.toISOString(), notRecorded);
  const dropCoupon = dropLapsedCouponStatement(db, payment, now.toISOString());
  const results = await d1.batch([
    ...dropCoupon,
    markPaid(db, payment, now),
    ...spend,
    ...takeStock,
    d1
      .prepare(
        `insert into orders (id, payment_reference, name, email, phone, shipping_address, amount)
        values (?, ?, ?, ?, ?, ?, ?7 - (select discount from payments where reference = ?2))
        on conflict (payment_reference) do nothing`,
      )
      .bind(
        crypto.randomUUID(),
        payment.reference,
        order.customerName,
        order.customerEmail,
        order.customerPhone,
        order.shippingAddress,
        // What the order costs before the coupon (taken off as the payment has it now, a lapsed
        // one dropped above); a gift voucher may have paid part of it.
        payment.subtotal,
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
    ...linkClientStatements(db, 'orders', payment.reference, now),
  ]);
  // The order's insert follows the payment's update and the stock's: did this call record it?
  const recorded = changedRow(results[dropCoupon.length + 1 + spend.length + takeStock.length]);
  if (recorded && payment.voucherAmount > 0) {
    const use = await db.get<{ state: string }>(
      sql`select state from voucher_uses where payment_reference = ${payment.reference}`,
    );
    // Paid after its hold had given the voucher's part back, which was spent meanwhile: the
    // customer paid only the rest. Staff must collect it (the order's reference is enough).
    if (use?.state !== 'spent') console.error('Order paid without its gift voucher part', payment.reference);
  }
  const stored = await db.get<{ amount: number; paid: number }>(
    sql`select amount, ${paidSql(payment.reference)} as paid from orders where payment_reference = ${payment.reference}`,
  );
  const amount = stored?.amount ?? payment.subtotal - payment.discount;
  return { recorded, amount, amountPaid: stored?.paid ?? amount };
}

/**
 * The order a payment is for, with what was paid of it (named apart for a batch), and its lines in
 * the order they were bought: two statements for verify's own batch.
 */
export const orderSummaryQueries = (db: Database, reference: string) =>
  [
    db
      .select({ order: orders, paid: sql<number | null>`${paidSql(reference)}`.as('summary_order_paid') })
      .from(orders)
      .where(eq(orders.paymentReference, reference))
      .limit(1),
    db
      .select()
      .from(orderItems)
      .where(sql`${orderItems.orderId} = (select id from orders where payment_reference = ${reference})`)
      .orderBy(sql`rowid`),
  ] as const;

type OrderSummaryRows = readonly [
  Awaited<ReturnType<typeof orderSummaryQueries>[0]>,
  Awaited<ReturnType<typeof orderSummaryQueries>[1]>,
];

export async function orderSummary(db: Database, payment: Payment): Promise<OrderSummary | undefined> {
  return orderSummaryOf(payment, await db.batch(orderSummaryQueries(db, payment.reference)));
}

/** The confirmation page's summary of an order, from orderSummaryQueries' answers. */
export function orderSummaryOf(payment: Payment, [[row], items]: OrderSummaryRows): OrderSummary | undefined {
  if (!row) return undefined;
  const { order } = row;
  const paid = row.paid ?? order.amount;
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
    amountPaid: Math.min(order.amount, paid),
    balanceDue: Math.max(0, order.amount - paid),
    subtotal: payment.subtotal,
    discount: payment.discount,
    couponCode: payment.couponCode,
    orderStatus: order.orderStatus,
  };
}

/**
 * The booking a payment is for, with its therapist's name (named apart: in a batch D1 answers rows
 * by column name, and both tables have a name), for verify's own batch.
 */
export const bookingSummaryQuery = (db: Database, reference: string) =>
  db
    .select({ booking: bookings, therapistName: sql<string | null>`${therapists.name}`.as('summary_therapist_name') })
    .from(bookings)
    .leftJoin(therapists, eq(therapists.id, bookings.therapistId))
    .where(eq(bookings.paymentReference, reference))
    .limit(1);

type BookingSummaryRow = Awaited<ReturnType<typeof bookingSummaryQuery>>[number];

/** The confirmation page's summary, with the booking's private manage link. */
export async function bookingSummary(
  db: Database,
  payment: Payment,
  manageToken: string,
): Promise<BookingSummary | undefined> {
  const [row] = await bookingSummaryQuery(db, payment.reference);
  return row && bookingSummaryOf(row, payment, manageToken);
}

export function bookingSummaryOf(
  { booking, therapistName }: BookingSummaryRow,
  payment: Payment,
  manageToken: string,
): BookingSummary {
  return {
    manageUrl: managePath(manageToken),
    kind: 'booking',
    paid: true,
    reference: payment.reference,
    name: booking.name,
    treatments: booking.subservices,
    date: booking.date,
    time: booking.time,
    endTime: endTimeOf(booking.time, booking.durationMinutes),
    durationMinutes: booking.durationMinutes,
    therapist: booking.therapistId && therapistName ? { _id: booking.therapistId, name: therapistName } : null,
    payment: payment.method,
    amount: booking.amount,
    amountPaid: booking.amountPaid,
    balanceDue: balanceDueOf(booking),
    subtotal: payment.subtotal,
    discount: payment.discount,
    couponCode: payment.couponCode,
    needsAttention: booking.needsAttention,
  };
}

/** What verify answers the paying browser about a paid gift voucher: what its confirmation shows (no code). */
export interface VoucherSummary {
  kind: 'voucher';
  paid: true;
  reference: string;
  /** The buyer's name: the confirmation thanks them. */
  name: string;
  amount: number;
  treatment: string | null;
  recipientName: string;
  deliverOn: string;
  expiresOn: string;
  delivered: boolean;
}

export async function voucherSummary(db: Database, payment: Payment): Promise<VoucherSummary | undefined> {
  return voucherSummaryOf(payment, await voucherOfPayment(db, payment.reference));
}

/** The confirmation page's summary of a gift voucher, from its row. */
export function voucherSummaryOf(payment: Payment, voucher: VoucherRow | undefined): VoucherSummary | undefined {
  if (!voucher) return undefined;
  return {
    kind: 'voucher',
    paid: true,
    reference: payment.reference,
    name: voucher.buyerName,
    amount: voucher.amount,
    treatment: voucher.treatment,
    recipientName: voucher.recipientName,
    deliverOn: voucher.deliverOn,
    expiresOn: voucher.expiresOn,
    delivered: voucher.deliveredAt !== null,
  };
}

/** Marks a still-unpaid payment failed or abandoned; a paid one is never touched. */
export async function markUnpaid(db: Database, reference: string, status: 'failed' | 'abandoned' | 'expired') {
  await db.$client.batch([
    d1Statement(
      db,
      sql`update payments set status = ${status}, hold_expires_at = null
        where reference = ${reference} and status in ('pending', 'expired') and method not in ('unpaid')`,
    ),
    // The hold's therapist and room are free again at once (a booking's blocks never expire).
    freeTimeStatement(
      db,
      reference,
      sql`expires_at is not null and (select status from payments where reference = ${reference}) != 'paid'`,
    ),
    // And what it held of a gift voucher or a package goes back.
    ...releaseEndedStatements(voucherLedger, db, new Date()),
    ...releaseEndedStatements(packageLedger, db, new Date()),
  ]);
}
