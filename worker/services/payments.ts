/**
 * The payment flow shared by bookings and orders: price on the server, hold what must be held,
 * ask the gateway for a checkout, and confirm the result exactly once (see payment-records.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../db/client';
import type { StudioDetails } from '../messages/layout';
import type { BookingFacts, OrderFacts } from '../messages/templates';
import { loggable } from '../middleware/errors';
import { PaystackError, type PaystackTransaction } from '../providers/paystack';
import { bookingDetailsSchema } from '../shared/booking-schema';
import { scopeOfKind } from '../shared/coupon-rules';
import { type DepositSplit, depositSplit, withVoucher } from '../shared/deposit-split';
import { nairaToKobo } from '../shared/money';
import { orderDetailsSchema } from '../shared/order-schema';
import { priceBooking, priceOrder } from '../shared/pricing';
import { stockMessages } from '../shared/stock';
import { lagosDate } from '../shared/time';
import { voucherDetailsSchema } from '../shared/voucher-schema';
import { takeTime, treatmentIdsOf } from './booking-time';
import { readCatalogue } from './catalogue';
import { phoneKeySql } from './client-records';
import { type CouponCustomer, checkCoupon, couponMessages, couponStillOpen, usedByCustomer } from './coupons';
import { managePath, manageToken, manageTokenHash } from './manage-tokens';
import { bookingConfirmedMessages, orderConfirmedMessages, voucherBoughtMessages } from './notifications';
import type { NewMessage } from './outbox';
import { type PaymentGateway, paymentSetupMessages } from './payment-gateway';
import {
  type BookingSummary,
  bookingSummary,
  findPayment,
  markUnpaid,
  type OrderSummary,
  orderSummary,
  type Payment,
  recordPaidBooking,
  recordPaidOrder,
  recordPaidVoucher,
  type StoredBookingPayment,
  type StoredOrderPayment,
  type VoucherSummary,
  voucherSummary,
} from './payment-records';
import { closedOn, closureReason, HOLD_MINUTES, isPastDate, isPastSlot, slotMessages } from './slots';
import { enoughLeft, heldUnits, holdStockStatement, type StockLine } from './stock';
import { takeTimeStatements } from './time-blocks';
import { deliverVoucher } from './voucher-delivery';
import {
  findAvailableVoucher,
  holdVoucherStatements,
  priceVoucher,
  releaseVoucherHoldsStatements,
  storedVoucher,
  takeOverVoucherHoldsStatements,
  voucherFacts,
  voucherPaymentMessages,
  voucherValidityMonths,
} from './vouchers';

export interface PaymentContext {
  db: Database;
  /** Undefined when payments are not configured (payment-gateway.ts): nothing may start. */
  gateway: PaymentGateway | undefined;
  /** The site's own origin: callback URLs are built from it, never from the client. */
  origin: string;
  /** The secret the bookings' manage links are derived from (the pepper; services/manage-tokens.ts). */
  linkSecret: string;
  now: Date;
  /**
   * Queues messages through the outbox without making the visitor wait; the promise is there for
   * a caller that must know they are queued before it records that they were sent.
   */
  notify: (messages: NewMessage[]) => Promise<unknown>;
  /** The outbox's queue, for a gift voucher's delivery (it writes its messages in its own batch). */
  queue: Queue;
  /** A paid order took units off the shelf: the shop's page is rendered again (catalogue-pages.ts). */
  stockMoved: () => void;
  studio: StudioDetails;
}

export const paymentMessages = {
  initializeFailed: 'Payment initialization failed. Please try again.',
  amountChanged: 'The price has changed since you started. Please review the amount and try again.',
  slotFull: slotMessages.full,
  closed: slotMessages.closed,
  slotPast: 'That time has already passed. Please choose a later time.',
  datePast: 'That date has passed. Please choose a date from today onwards.',
  unknownReference: 'We could not find that payment.',
  notCompleted: 'Your payment has not been completed.',
  stillProcessing: 'Your payment is still being processed. Please check again in a moment.',
  checkedRecently: 'We asked Paystack about this payment less than a minute ago. Please check again in a minute.',
  mismatch: 'This payment does not match what was ordered. Please contact us and quote your reference.',
  tooManyHolds: (minutes: number) =>
    `You already have ${MAX_OPEN_HOLDS} bookings waiting for payment. Please finish paying for one of them, cancel one with "Cancel this payment" on the booking page, or try again in ${inMinutes(minutes)}.`,
  busyNetwork: (minutes: number) =>
    `Many bookings from your network are waiting for payment right now. Please try again in ${inMinutes(minutes)}, or message us on WhatsApp and we will book you in.`,
  tooManyOrders: (minutes: number) =>
    `You already have ${MAX_OPEN_HOLDS} orders waiting for payment. Please finish paying for one of them, or try again in ${inMinutes(minutes)}.`,
  busyNetworkOrders: (minutes: number) =>
    `Many orders from your network are waiting for payment right now. Please try again in ${inMinutes(minutes)}, or message us on WhatsApp and we will take your order.`,
  notConfigured: paymentSetupMessages.notConfigured,
  tooManyVouchers: (holds: number) =>
    `You already have ${holds} gift vouchers waiting for payment. Please finish paying for one of them, or try again in ${HOLD_MINUTES} minutes.`,
  alreadyPaid:
    'This payment has already been made. You can manage your booking from the link in your confirmation email.',
} as const;

const inMinutes = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/**
 * Unpaid holds one email address may have at once. Each hold keeps a place for 30 minutes;
 * without a cap one script could hold every slot of a day without paying. A new start for the
 * same slot replaces the visitor's earlier hold instead of adding one, so retrying a declined
 * card never counts against it.
 */
export const MAX_OPEN_HOLDS = 3;

/**
 * Unpaid holds one network (an IPv4 address or IPv6 /64) may have at once: higher than a
 * person's, because Nigerian mobile carriers put many customers behind one address (CGNAT).
 */
export const MAX_OPEN_HOLDS_PER_NETWORK = 10;

export const confirmationPaths = {
  booking: '/booking-confirmation-pg',
  order: '/order-confirmation-pg',
  voucher: '/gift-voucher-confirmation',
} as const;

export type InitializeResult =
  | { ok: true; reference: string; authorizationUrl: string }
  | {
      ok: false;
      status: 400 | 409 | 502 | 503;
      message: string;
      expectedAmount?: number;
      /** A cart asking for more than is left: what each such size has. */
      stock?: Array<{ productId: string; size: string; left: number }>;
    }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

export interface InitializeRequest {
  /** What the client thinks it pays, in kobo. */
  amount: number;
  email: string;
  /** `{"details": {...}}`, as JSON text (as the spec's client sends it) or as an object. */
  metadata: unknown;
  /** The client's network as a keyed digest (services/signing.ts), when Cloudflare gave one. */
  clientKey?: string;
  /** The hash of the paying browser's key (middleware/payer-cookie.ts). */
  browserKeyHash: string;
}

/** Starts the checkout of a booking or an order, whichever the details' paymentType names. */
export async function initializePayment(
  context: PaymentContext,
  request: InitializeRequest,
): Promise<InitializeResult> {
  if (!context.gateway) return { ok: false, status: 503, message: paymentMessages.notConfigured };
  const details = readDetails(request.metadata);
  const kind = (details as { paymentType?: unknown } | undefined)?.paymentType;
  if (kind === 'voucher') return initializeVoucherPurchase(context, request, details);
  return kind === 'order'
    ? initializeOrderPayment(context, request, details)
    : initializeBookingPayment(context, request, details);
}

/**
 * A gift voucher's purchase: priced on the server (a treatment's price, or a free amount within the
 * limits), paid through the same checkout. The voucher itself is created when the payment is
 * recorded; this browser's earlier unpaid purchase (a declined card) is replaced.
 */
async function initializeVoucherPurchase(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = voucherDetailsSchema.safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid gift voucher details' };
  }
  const menu = (await readCatalogue(context.db)).treatments;
  const price = priceVoucher(parsed.data, menu, lagosDate(context.now));
  if (!price.ok) return { ok: false, status: 400, message: price.message };
  if (request.amount !== nairaToKobo(price.amount)) {
    return { ok: false, status: 409, message: paymentMessages.amountChanged, expectedAmount: price.amount };
  }
  const reference = newReference('GV');
  const email = parsed.data.buyerEmail;
  const nowIso = context.now.toISOString();
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const ownEarlier = sql`select reference from payments where kind = 'voucher' and status = 'pending'
    and browser_key_hash = ${request.browserKeyHash}`;
  const openPurchases = sql`select 1 from payments where kind = 'voucher' and status = 'pending'
    and hold_expires_at > ${nowIso} and lower(email) = lower(${email}) and reference not in (${ownEarlier})`;
  await context.db.$client.batch([
    d1Statement(
      context.db,
      sql`insert into payments (reference, kind, status, amount, subtotal, discount, email, details, hold_expires_at,
          client_key, browser_key_hash, method)
        select ${reference}, 'voucher', 'pending', ${price.amount}, ${price.amount}, 0, ${email},
          ${JSON.stringify(storedVoucher(parsed.data, price))}, ${holdUntil}, ${request.clientKey ?? null},
          ${request.browserKeyHash}, ${context.gateway?.mode ?? 'paystack'}
        where (select count(*) from (${openPurchases})) < ${MAX_OPEN_HOLDS}`,
    ),
    d1Statement(
      context.db,
      sql`update payments set status = 'abandoned', hold_expires_at = null
        where reference in (${ownEarlier}) and reference != ${reference}
          and exists (select 1 from payments where reference = ${reference})`,
    ),
  ]);
  if (!(await findPayment(context.db, reference))) {
    return {
      ok: false,
      status: 429,
      message: paymentMessages.tooManyVouchers(MAX_OPEN_HOLDS),
      retryAfterSeconds: HOLD_MINUTES * 60,
    };
  }
  return openCheckout(context, 'voucher', reference, price.amount, email, {
    kind: 'voucher',
    for: parsed.data.recipientName,
    deliverOn: parsed.data.deliverOn,
  });
}

/** Prices a booking from the catalogue and the coupon, holds its slot, and starts a checkout. */
async function initializeBookingPayment(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = bookingDetailsSchema.safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid booking details' };
  }
  const { amount: _clientAmount, couponCode, voucherCode, ...booking } = parsed.data;
  const menu = (await readCatalogue(context.db)).treatments;
  const priced = priceBooking(booking.subservices, menu);
  if (!priced.ok) return { ok: false, status: priced.status ?? 400, message: priced.message };
  const { appointmentDate: date, appointmentTime: time, customerEmail: email } = booking;
  const customer = { email, phone: booking.customerPhone };
  // The visitor's own earlier holds on this start are replaced, so they count toward nothing.
  const ownHoldsHere = sql`select reference from payments where status = 'pending' and kind = 'booking'
    and lower(email) = lower(${email}) and slot_date = ${date} and slot_time = ${time}`;
  const charge = await chargeFor(context, {
    kind: 'booking',
    subtotal: priced.total,
    couponCode,
    clientAmountKobo: request.amount,
    customer,
    replaced: ownHoldsHere,
    browserKeyHash: request.browserKeyHash,
    split: (afterCoupon) => depositSplit(priced.lines, afterCoupon),
    voucherCode,
  });
  if (!charge.ok) return charge;
  if (isPastDate(booking.appointmentDate, context.now)) {
    return { ok: false, status: 409, message: paymentMessages.datePast };
  }
  if (isPastSlot(booking.appointmentDate, booking.appointmentTime, context.now)) {
    return { ok: false, status: 409, message: paymentMessages.slotPast };
  }

  const treatmentIds = treatmentIdsOf(booking.subservices, menu);
  if (!treatmentIds) return { ok: false, status: 400, message: 'Unknown service option' };

  const reference = newReference('BK');
  const stored: StoredBookingPayment = { booking, lines: priced.lines, treatmentIds };
  const nowIso = context.now.toISOString();
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const method = paymentMethod(context, charge);
  const emailHolds = openHolds(sql`lower(email) = lower(${email})`, email, date, time, nowIso);
  const networkHolds = openHolds(sql`client_key = ${request.clientKey ?? null}`, email, date, time, nowIso);
  const inserted = sql`exists (select 1 from payments where reference = ${reference})`;
  // One batch, one transaction: the hold's payment row (only within the visitor's and the network's
  // caps, on a day still open), the therapist's and the room's blocks for the whole visit (which
  // fail the batch if anyone holds one), and the release of the visitor's earlier holds on the same
  // start (they then verify as abandoned), so a retried payment is one hold, not two.
  const taken = await takeTime(
    context.db,
    {
      visit: { treatmentIds, therapistId: booking.therapistId ?? 'any' },
      date,
      time,
      now: context.now,
      excluding: ownHoldsHere,
    },
    async (choice) => {
      await context.db.$client.batch([
        d1Statement(
          context.db,
          sql`
          insert into payments (
            reference, kind, status, amount, subtotal, discount, due_at_studio, voucher_id, voucher_amount,
            coupon_code, coupon_id, email, phone_key, details, slot_date, slot_time, hold_expires_at, client_key,
            browser_key_hash, method, therapist_id, room_id, duration_minutes
          )
          select ${reference}, 'booking', 'pending', ${charge.amount}, ${priced.total}, ${charge.discount},
            ${charge.dueAtStudio}, ${charge.voucher?.id ?? null}, ${charge.voucher?.amount ?? 0}, ${charge.couponCode},
            ${charge.couponId}, ${email}, ${phoneKeySql(sql`${customer.phone}`)}, ${JSON.stringify(stored)}, ${date},
            ${time}, ${holdUntil}, ${request.clientKey ?? null}, ${request.browserKeyHash}, ${method},
            ${choice.therapistId}, ${choice.roomId}, ${choice.minutes}
          where not ${closedOn(date)}
            and ${couponCondition(charge, customer, nowIso, ownHoldsHere)}
            and ${voucherCondition(charge, lagosDate(context.now))}
            and not exists (select 1 from therapist_time_off where therapist_id = ${choice.therapistId} and date = ${date})
            and (select count(*) from (${emailHolds})) < ${MAX_OPEN_HOLDS}
            and (select count(*) from (${networkHolds})) < ${MAX_OPEN_HOLDS_PER_NETWORK}`,
        ),
        d1Statement(
          context.db,
          sql`delete from time_blocks where payment_reference in (${ownHoldsHere}) and payment_reference != ${reference}
            and ${inserted}`,
        ),
        ...takeTimeStatements(context.db, { reference, ...choice, expiresAt: holdUntil }, nowIso, inserted),
        d1Statement(
          context.db,
          sql`
          update payments set status = 'abandoned', hold_expires_at = null
          where reference in (${ownHoldsHere}) and reference != ${reference} and ${inserted}`,
        ),
        ...voucherHoldStatements(context, charge, reference, inserted),
      ]);
      return (await findPayment(context.db, reference)) !== undefined;
    },
  );
  if (!taken.ok) return taken;
  if (!taken.value) {
    const refused =
      (await couponRefusal(context, charge, 'booking', customer, ownHoldsHere)) ??
      (await voucherRefusal(context, charge));
    if (refused) return refused;
    for (const [holds, limit, message] of [
      [emailHolds, MAX_OPEN_HOLDS, paymentMessages.tooManyHolds],
      [networkHolds, MAX_OPEN_HOLDS_PER_NETWORK, paymentMessages.busyNetwork],
    ] as const) {
      const open = await context.db.all<{ hold_expires_at: string }>(holds);
      if (open.length < limit) continue;
      const firstFree = Math.min(...open.map((hold) => Date.parse(hold.hold_expires_at)));
      const seconds = Math.max(1, Math.ceil((firstFree - context.now.getTime()) / 1000));
      return { ok: false, status: 429, message: message(Math.ceil(seconds / 60)), retryAfterSeconds: seconds };
    }
    // Staff closed the day, or gave the therapist the day off, between the read and the write.
    const closed = await closureReason(context.db, date);
    return { ok: false, status: 409, message: closed ? paymentMessages.closed(closed) : paymentMessages.slotFull };
  }

  return openCheckout(context, 'booking', reference, charge.amount, booking.customerEmail, {
    kind: 'booking',
    treatments: booking.subservices,
    date: booking.appointmentDate,
    time: booking.appointmentTime,
  });
}

/**
 * The unpaid, unexpired holds that `whose` selects (an email address, a network), less the holds
 * this visitor (`email`) has on the slot being booked: those are about to be replaced.
 */
const openHolds = (whose: SQL, email: string, date: string, time: string, nowIso: string) => sql`
  select hold_expires_at from payments
  where kind = 'booking' and status = 'pending' and hold_expires_at > ${nowIso} and ${whose}
    and not (lower(email) = lower(${email}) and slot_date = ${date} and slot_time = ${time})`;

/** Prices a cart from the catalogue (product id and size) and the coupon, and starts a checkout. */
async function initializeOrderPayment(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = orderDetailsSchema.safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid order details' };
  }
  const { customerName, customerEmail, customerPhone, shippingAddress, orderItems, couponCode, voucherCode } =
    parsed.data;
  const priced = priceOrder(
    orderItems.map((item) => ({
      productId: item.productId,
      size: item.productSize.size,
      quantity: item.productQuantity,
    })),
    (await readCatalogue(context.db)).products,
  );
  if (!priced.ok) return { ok: false, status: priced.status ?? 400, message: priced.message };
  // This browser's earlier unpaid orders (a declined card, a changed cart) are replaced, so their
  // units and coupon uses count toward nothing: a retry is one hold, not two.
  const ownEarlier = sql`select reference from payments where kind = 'order' and status = 'pending'
    and browser_key_hash = ${request.browserKeyHash}`;
  const customer = { email: customerEmail, phone: customerPhone };
  const charge = await chargeFor(context, {
    kind: 'order',
    subtotal: priced.total,
    couponCode,
    clientAmountKobo: request.amount,
    customer,
    replaced: ownEarlier,
    browserKeyHash: request.browserKeyHash,
    voucherCode,
  });
  if (!charge.ok) return charge;

  const reference = newReference('OR');
  const stored: StoredOrderPayment = {
    order: { customerName, customerEmail, customerPhone, shippingAddress },
    lines: priced.lines,
  };
  const nowIso = context.now.toISOString();
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const stock = priced.lines.map(({ productId, size, quantity }) => ({ productId, size, quantity }));
  const emailHolds = openOrderHolds(sql`lower(email) = lower(${customerEmail})`, request.browserKeyHash, nowIso);
  const networkHolds = openOrderHolds(sql`client_key = ${request.clientKey ?? null}`, request.browserKeyHash, nowIso);
  const inserted = sql`exists (select 1 from payments where reference = ${reference})`;
  // One batch, one transaction: the payment (only while every counted size has the units left and
  // within the caps), the hold of its units, and the release of this browser's earlier orders.
  await context.db.$client.batch([
    d1Statement(
      context.db,
      sql`
      insert into payments (
        reference, kind, status, amount, subtotal, discount, voucher_id, voucher_amount, coupon_code, coupon_id,
        email, phone_key, details, hold_expires_at, client_key, browser_key_hash, method
      )
      select ${reference}, 'order', 'pending', ${charge.amount}, ${priced.total}, ${charge.discount},
        ${charge.voucher?.id ?? null}, ${charge.voucher?.amount ?? 0}, ${charge.couponCode}, ${charge.couponId},
        ${customerEmail}, ${phoneKeySql(sql`${customerPhone}`)}, ${JSON.stringify(stored)}, ${holdUntil},
        ${request.clientKey ?? null}, ${request.browserKeyHash}, ${paymentMethod(context, charge)}
      where ${enoughLeft(stock, nowIso, ownEarlier)}
        and ${couponCondition(charge, customer, nowIso, ownEarlier)}
        and ${voucherCondition(charge, lagosDate(context.now))}
        and (select count(*) from (${emailHolds})) < ${MAX_OPEN_HOLDS}
        and (select count(*) from (${networkHolds})) < ${MAX_OPEN_HOLDS_PER_NETWORK}`,
    ),
    holdStockStatement(context.db, reference, stock, inserted),
    d1Statement(
      context.db,
      sql`update payments set status = 'abandoned', hold_expires_at = null
        where reference in (${ownEarlier}) and reference != ${reference} and ${inserted}`,
    ),
    ...voucherHoldStatements(context, charge, reference, inserted),
  ]);
  if (!(await findPayment(context.db, reference))) {
    const refused =
      (await couponRefusal(context, charge, 'order', customer, ownEarlier)) ?? (await voucherRefusal(context, charge));
    if (refused) return refused;
    return whyNoOrderHold(context, stock, ownEarlier, [emailHolds, networkHolds]);
  }
  return openCheckout(context, 'order', reference, charge.amount, customerEmail, {
    kind: 'order',
    items: priced.lines.map((line) => `${line.productName} ${line.size} x ${line.quantity}`),
  });
}

/** This browser's-excepted unpaid, unexpired order payments that `whose` selects. */
const openOrderHolds = (whose: SQL, browserKeyHash: string, nowIso: string) => sql`
  select hold_expires_at from payments
  where kind = 'order' and status = 'pending' and hold_expires_at > ${nowIso} and ${whose}
    and browser_key_hash != ${browserKeyHash}`;

/** Why an order's hold was refused: a size without enough left (409, with what is), or a cap (429). */
async function whyNoOrderHold(
  context: PaymentContext,
  stock: readonly StockLine[],
  ownEarlier: SQL,
  caps: readonly [SQL, SQL],
): Promise<Extract<InitializeResult, { ok: false }>> {
  const nowIso = context.now.toISOString();
  const left: StockLeft[] = [];
  for (const line of stock) {
    const row = await context.db.get<{ name: string; units_left: number | null }>(sql`
      select p.name as name, case when s.stock is null then null
        else max(0, s.stock - ${heldUnits(sql`s.product_id`, sql`s.size`, nowIso, ownEarlier)}) end as units_left
      from product_sizes s join products p on p.id = s.product_id
      where s.product_id = ${line.productId} and s.size = ${line.size}`);
    const units = row ? row.units_left : 0;
    if (units !== null && units < line.quantity) {
      left.push({ productId: line.productId, size: line.size, left: units, name: row?.name ?? line.productId });
    }
  }
  const [first] = left;
  if (first) {
    return {
      ok: false,
      status: 409,
      message: stockMessages.onlyLeft(first.left, first.name, first.size),
      stock: left.map(({ productId, size, left: units }) => ({ productId, size, left: units })),
    };
  }
  for (const [holds, limit, message] of [
    [caps[0], MAX_OPEN_HOLDS, paymentMessages.tooManyOrders],
    [caps[1], MAX_OPEN_HOLDS_PER_NETWORK, paymentMessages.busyNetworkOrders],
  ] as const) {
    const open = await context.db.all<{ hold_expires_at: string }>(holds);
    if (open.length < limit) continue;
    const firstFree = Math.min(...open.map((hold) => Date.parse(hold.hold_expires_at)));
    const seconds = Math.max(1, Math.ceil((firstFree - context.now.getTime()) / 1000));
    return { ok: false, status: 429, message: message(Math.ceil(seconds / 60)), retryAfterSeconds: seconds };
  }
  return { ok: false, status: 409, message: paymentMessages.amountChanged };
}

interface StockLeft {
  productId: string;
  size: string;
  left: number;
  name: string;
}

type Charge = {
  ok: true;
  /** What this payment takes online now. */
  amount: number;
  discount: number;
  /** A deposit's rest, paid at the studio. */
  dueAtStudio: number;
  couponCode: string | null;
  couponId: string | null;
  /**
   * The gift voucher that pays first, and how much of its balance; `takenFrom`: the payments whose
   * holds on it pass to this one (replaced ones, and this browser's other unpaid ones).
   */
  voucher: { id: string; amount: number; takenFrom: SQL } | null;
};

interface ChargeRequest {
  kind: Exclude<Payment['kind'], 'voucher'>;
  subtotal: number;
  couponCode: string | undefined;
  /** What the client expects to pay, in kobo. */
  clientAmountKobo: number;
  customer: CouponCustomer;
  /** The customer's earlier payments this one replaces (a retried card): they hold no coupon use. */
  replaced: SQL;
  /** The paying browser: what its other unpaid payments hold of the gift voucher passes to this one. */
  browserKeyHash: string;
  /** A booking with deposits: what of the price after the coupon is paid now, and what at the studio. */
  split?: (afterCoupon: number) => DepositSplit;
  voucherCode: string | undefined;
}

/**
 * What the customer pays now: the catalogue total less the coupon (only the deposit of it, for
 * treatments paid by deposit), less what a gift voucher pays first. A client that expected another
 * amount (a stale page, a tampered request) is refused with 409 and told the right one.
 */
async function chargeFor(
  context: PaymentContext,
  request: ChargeRequest,
): Promise<Charge | Extract<InitializeResult, { ok: false }>> {
  let discount = 0;
  let applied: { code: string; id: string } | null = null;
  if (request.couponCode) {
    const check = await checkCoupon(context.db, request.couponCode, request.subtotal, context.now, {
      scope: scopeOfKind[request.kind],
      replaced: request.replaced,
    });
    if (!check.success) return { ok: false, status: 409, message: check.message };
    if (
      check.coupon.oncePerCustomer &&
      (await usedByCustomer(context.db, check.coupon.id, request.customer, context.now, request.replaced))
    ) {
      return { ok: false, status: 409, message: couponMessages.usedByCustomer };
    }
    discount = check.discountAmount;
    applied = { code: check.code, id: check.coupon.id };
  }
  const afterCoupon = request.subtotal - discount;
  let voucher: { id: string; balance: number } | null = null;
  // What the customer's replaced payments hold of the voucher comes back in the same batch, and so
  // does what this browser's other unpaid payments hold (another time chosen, the shop after a
  // booking): the voucher check counted it as theirs to spend, and this is what they pay now.
  const takenFrom = sql`${request.replaced} union select reference from payments
    where status = 'pending' and browser_key_hash = ${request.browserKeyHash}`;
  if (request.voucherCode) {
    await context.db.$client.batch(releaseVoucherHoldsStatements(context.db, context.now));
    const found = await findAvailableVoucher(context.db, request.voucherCode, context.now, takenFrom);
    if (!found) return { ok: false, status: 409, message: voucherPaymentMessages.unusable };
    voucher = { id: found.id, balance: found.available };
  }
  const split = withVoucher(
    request.split?.(afterCoupon) ?? { online: afterCoupon, atStudio: 0 },
    voucher?.balance ?? 0,
  );
  if (request.clientAmountKobo !== nairaToKobo(split.online)) {
    return { ok: false, status: 409, message: paymentMessages.amountChanged, expectedAmount: split.online };
  }
  return {
    ok: true,
    amount: split.online,
    discount,
    dueAtStudio: split.atStudio,
    couponCode: applied?.code ?? null,
    couponId: applied?.id ?? null,
    voucher: voucher && split.voucher > 0 ? { id: voucher.id, amount: split.voucher, takenFrom } : null,
  };
}

/**
 * SQL for the payment's insert: its coupon (if any) still has a use for this customer. Checked
 * in the insert itself, so racing payments cannot all take the last use.
 */
const couponCondition = (charge: Charge, customer: CouponCustomer, nowIso: string, replaced: SQL) =>
  charge.couponId ? couponStillOpen(charge.couponId, customer, nowIso, replaced) : sql`1`;

/** Why a payment with a voucher could not be held, if the voucher is why (spent elsewhere meanwhile). */
async function voucherRefusal(
  context: PaymentContext,
  charge: Charge,
): Promise<Extract<InitializeResult, { ok: false }> | undefined> {
  if (!charge.voucher) return undefined;
  const still = await context.db.get<{ covers: number }>(
    sql`select ${voucherCondition(charge, lagosDate(context.now))} as covers`,
  );
  return still?.covers === 1 ? undefined : { ok: false, status: 409, message: voucherPaymentMessages.balanceChanged };
}

/**
 * SQL for the payment's insert: its voucher (if any) still holds what it pays, counting what the
 * payments it takes over hold (given back in the same batch). In the insert itself, so racing
 * payments never take more than the balance.
 */
const voucherCondition = (charge: Charge, today: string) =>
  charge.voucher
    ? sql`exists (select 1 from vouchers v where v.id = ${charge.voucher.id} and v.status = 'active'
        and v.expires_on >= ${today} and v.balance + (select coalesce(sum(amount), 0) from voucher_uses
          where voucher_id = v.id and state = 'held' and payment_reference in (${charge.voucher.takenFrom}))
          >= ${charge.voucher.amount})`
    : sql`1`;

/**
 * The batch's last statements: the holds the batch just replaced or took over give their voucher
 * part back (a payment taken over keeps its place; paid later, it takes the part again if the
 * voucher still has it), then the new payment takes its own.
 */
const voucherHoldStatements = (context: PaymentContext, charge: Charge, reference: string, inserted: SQL) =>
  charge.voucher
    ? [
        ...takeOverVoucherHoldsStatements(
          context.db,
          { reference, voucherId: charge.voucher.id, from: charge.voucher.takenFrom },
          inserted,
          context.now,
        ),
        ...releaseVoucherHoldsStatements(context.db, context.now),
        ...holdVoucherStatements(
          context.db,
          { reference, voucherId: charge.voucher.id, amount: charge.voucher.amount },
          inserted,
        ),
      ]
    : releaseVoucherHoldsStatements(context.db, context.now);

/** How a payment is made: nothing to pay online is free (a coupon) or a voucher's; else the gateway. */
const paymentMethod = (context: PaymentContext, charge: Charge) =>
  charge.amount > 0 ? (context.gateway?.mode ?? 'paystack') : charge.voucher ? 'voucher' : 'free';

/** Why a payment with a coupon could not be held, if the coupon is why (its last use went meanwhile). */
async function couponRefusal(
  context: PaymentContext,
  charge: Charge,
  kind: ChargeRequest['kind'],
  customer: CouponCustomer,
  replaced: SQL,
): Promise<Extract<InitializeResult, { ok: false }> | undefined> {
  if (!charge.couponCode || !charge.couponId) return undefined;
  // Only the coupon's availability is in question (its minimum was met when it was priced).
  const check = await checkCoupon(context.db, charge.couponCode, Number.MAX_SAFE_INTEGER, context.now, {
    scope: scopeOfKind[kind],
    replaced,
  });
  if (!check.success) return { ok: false, status: 409, message: couponMessages.invalid };
  if (await usedByCustomer(context.db, charge.couponId, customer, context.now, replaced)) {
    return { ok: false, status: 409, message: couponMessages.usedByCustomer };
  }
  return undefined;
}

/** Where the visitor returns after paying: the confirmation page of its kind, on the site's own origin. */
export function callbackUrl(origin: string, kind: Payment['kind'], reference: string): string {
  const url = new URL(confirmationPaths[kind], origin);
  url.searchParams.set('trxref', reference);
  url.searchParams.set('reference', reference);
  return url.toString();
}

/**
 * Asks the gateway for a checkout page; if it cannot, the pending payment (and any hold) is
 * released. With nothing to charge (a 100% coupon) there is no gateway: the payment is recorded as
 * paid at once, through the same path as a verified one, and the visitor goes straight to the
 * confirmation page.
 */
async function openCheckout(
  context: PaymentContext,
  kind: Payment['kind'],
  reference: string,
  amount: number,
  email: string,
  metadata: Record<string, unknown>,
): Promise<InitializeResult> {
  if (amount === 0) {
    const payment = await findPayment(context.db, reference);
    if (payment) await recordPaid(context, payment);
    return { ok: true, reference, authorizationUrl: callbackUrl(context.origin, kind, reference) };
  }
  if (!context.gateway) return { ok: false, status: 503, message: paymentMessages.notConfigured };
  try {
    const checkout = await context.gateway.initialize({
      email,
      amount: nairaToKobo(amount),
      reference,
      callback_url: `${context.origin}${confirmationPaths[kind]}`,
      metadata,
    });
    return { ok: true, reference, authorizationUrl: checkout.authorizationUrl };
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    console.error('Paystack initialize failed', reference, error.message);
    await markUnpaid(context.db, reference, 'failed'); // releases the hold
    return { ok: false, status: 502, message: paymentMessages.initializeFailed };
  }
}

/** What anyone holding a reference learns of a paid payment: that it is paid, nothing personal. */
export interface PaymentReceipt {
  reference: string;
  kind: Payment['kind'];
  paid: true;
}

export type VerifyResult =
  | { status: true; data: BookingSummary | OrderSummary | VoucherSummary | PaymentReceipt }
  | { status: false; message: string };

/**
 * Asks the gateway about a payment and records the booking or order if it is paid in full. The
 * summary (name, manage link, address) goes only to the browser that started the payment
 * (`browserKeyHash`, middleware/payer-cookie.ts), and only once: the payment then forgets that
 * browser (one conditional UPDATE, so of two calls at once one gets it), and a shared computer's
 * next user, or a reload, gets what anyone holding the reference gets: whether it is paid.
 * `shownToPayer` tells the route to end the browser's payer key too.
 */
export async function verifyPayment(
  context: PaymentContext,
  reference: string,
  browserKeyHash: string | undefined,
): Promise<VerifyResult & { shownToPayer?: true }> {
  const payment = await findPayment(context.db, reference);
  if (!payment) return { status: false, message: paymentMessages.unknownReference };
  let result: VerifyResult;
  if (payment.status === 'paid') result = await summaryOf(context, payment);
  else if (!isOnline(payment)) return { status: false, message: paymentMessages.notCompleted };
  else if (!context.gateway) return { status: false, message: paymentMessages.notConfigured };
  else if (context.gateway.mode === 'paystack' && !(await mayAskPaystack(context, reference))) {
    // Asked within the minute: what the other ask (or the webhook) has recorded since, if anything.
    const settled = await findPayment(context.db, reference);
    if (settled?.status !== 'paid') return { status: false, message: paymentMessages.checkedRecently };
    result = await summaryOf(context, settled);
  }
  // PaystackError → 502 in the route.
  else result = await confirmTransaction(context, payment, await context.gateway.verify(reference));
  if (!result.status) return result;
  const receipt = {
    status: true as const,
    data: { reference: payment.reference, kind: payment.kind, paid: true as const },
  };
  if (browserKeyHash === undefined || payment.browserKeyHash !== browserKeyHash) return receipt;
  const forgotten = await context.db.get<{ reference: string }>(
    sql`update payments set browser_key_hash = null
      where reference = ${reference} and browser_key_hash = ${browserKeyHash} returning reference`,
  );
  return forgotten ? { ...result, shownToPayer: true } : receipt;
}

/**
 * Whether verify may ask Paystack about `reference` now: at most once a minute per reference (one
 * conditional UPDATE, so a burst of verifies asks once). The webhook and the cron still settle it.
 */
async function mayAskPaystack(context: PaymentContext, reference: string): Promise<boolean> {
  const minuteAgo = new Date(context.now.getTime() - 60_000).toISOString();
  const taken = await context.db.get<{ reference: string }>(
    sql`update payments set gateway_checked_at = ${context.now.toISOString()}
      where reference = ${reference} and (gateway_checked_at is null or gateway_checked_at <= ${minuteAgo})
      returning reference`,
  );
  return taken !== undefined;
}

/** Paid (or to be paid) online: the only payments a gateway knows of (not those taken at the studio). */
export const isOnline = (payment: Pick<Payment, 'method'>) =>
  payment.method === 'paystack' || payment.method === 'test';

export type CancelResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * "Cancel this payment": the browser that started an unpaid payment gives its hold back at once
 * (no waiting 30 minutes). Paystack is asked first, so a payment that did go through is recorded
 * rather than cancelled.
 */
export async function cancelPayment(
  context: PaymentContext,
  reference: string,
  browserKeyHash: string | undefined,
): Promise<CancelResult> {
  const payment = await findPayment(context.db, reference);
  if (!payment || browserKeyHash === undefined || payment.browserKeyHash !== browserKeyHash) {
    return { ok: false, status: 404, message: paymentMessages.unknownReference };
  }
  if (payment.status === 'pending' && context.gateway) {
    const transaction = await context.gateway.verify(reference).catch((error: unknown) => {
      if (error instanceof PaystackError) return null; // unreachable: the webhook still records a payment
      throw error;
    });
    if (transaction?.status === 'success') await confirmTransaction(context, payment, transaction);
  }
  if ((await findPayment(context.db, reference))?.status === 'paid') {
    return { ok: false, status: 409, message: paymentMessages.alreadyPaid };
  }
  await markUnpaid(context.db, reference, 'abandoned');
  return { ok: true };
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
    await recordPaid(context, payment);
    // As recorded: a coupon that lapsed with the hold may have been dropped.
    return summaryOf(context, (await findPayment(context.db, payment.reference)) ?? payment);
  }
  if (transaction.status === 'failed' || transaction.status === 'abandoned' || transaction.status === 'reversed') {
    await markUnpaid(context.db, payment.reference, transaction.status === 'failed' ? 'failed' : 'abandoned');
    return { status: false, message: paymentMessages.notCompleted };
  }
  // Cancelled by the visitor or replaced by their new start: not completed, whatever Paystack's
  // page still shows (a charge that does go through later is recorded by the webhook all the same).
  if (payment.status === 'abandoned' || payment.status === 'failed') {
    return { status: false, message: paymentMessages.notCompleted };
  }
  return { status: false, message: paymentMessages.stillProcessing };
}

/**
 * Records the booking or order (once, whatever the number of calls) and queues its messages (once
 * too: their idempotency keys are the payment's reference).
 */
async function recordPaid(context: PaymentContext, payment: Payment): Promise<void> {
  if (payment.kind === 'voucher') {
    const voucher = await recordPaidVoucher(context.db, payment, context.now, {
      validityMonths: await voucherValidityMonths(context.db),
    });
    if (!voucher) return;
    context.notify(voucherBoughtMessages(voucherFacts(voucher), voucher.buyerEmail, context.studio));
    // Bought for today: sent at once (later dates are the cron's). Marked delivered in the batch
    // that writes its messages; if that fails, the cron's next run sends it.
    if (voucher.deliverOn <= lagosDate(context.now)) {
      const delivery = { db: context.db, queue: context.queue, studio: context.studio, now: context.now };
      await deliverVoucher(delivery, voucher).catch((error) =>
        console.error('Gift voucher left for the cron to deliver', voucher.paymentReference, loggable(error)),
      );
    }
    return;
  }
  if (payment.kind === 'order') {
    const { recorded, amount, amountPaid } = await recordPaidOrder(context.db, payment, context.now);
    if (recorded) context.stockMoved();
    const { order, lines } = payment.details as StoredOrderPayment;
    const facts: OrderFacts = {
      reference: payment.reference,
      name: order.customerName,
      shippingAddress: order.shippingAddress,
      items: lines.map((line) => ({
        productName: line.productName,
        size: line.size,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
      // What the order cost, and what was paid of it (online and by voucher).
      amount,
      amountPaid,
    };
    context.notify(orderConfirmedMessages(facts, order.customerEmail, context.studio));
    return;
  }
  const token = await manageToken(payment.reference, context.linkSecret);
  const { slotTaken, amount, amountPaid } = await recordPaidBooking(
    context.db,
    payment,
    context.now,
    await manageTokenHash(token),
  );
  const { booking } = payment.details as StoredBookingPayment;
  const therapist = payment.therapistId
    ? await context.db.get<{ name: string }>(sql`select name from therapists where id = ${payment.therapistId}`)
    : undefined;
  const facts = {
    ...bookingFacts(payment.reference, booking, amount),
    amountPaid,
    therapistName: therapist?.name ?? null,
    durationMinutes: payment.durationMinutes ?? 60,
  };
  const manageUrl = `${context.studio.siteUrl}${managePath(token)}`;
  context.notify(bookingConfirmedMessages({ ...facts, manageUrl, slotTaken }, context.studio));
}

/** What the booking messages say, from the server's stored copy of the booking. */
export function bookingFacts(
  reference: string,
  booking: StoredBookingPayment['booking'],
  amount: number,
): BookingFacts {
  return {
    reference,
    name: booking.customerName,
    email: booking.customerEmail,
    phone: booking.customerPhone,
    treatments: booking.subservices,
    date: booking.appointmentDate,
    time: booking.appointmentTime,
    amount,
  };
}

async function summaryOf(context: PaymentContext, payment: Payment): Promise<VerifyResult> {
  const summary =
    payment.kind === 'voucher'
      ? await voucherSummary(context.db, payment)
      : payment.kind === 'order'
        ? await orderSummary(context.db, payment)
        : await bookingSummary(context.db, payment, await manageToken(payment.reference, context.linkSecret));
  return summary ? { status: true, data: summary } : { status: false, message: paymentMessages.unknownReference };
}

function readDetails(metadata: unknown): unknown {
  try {
    const parsed = (typeof metadata === 'string' ? JSON.parse(metadata) : metadata) as { details?: unknown } | null;
    return parsed?.details;
  } catch {
    return undefined;
  }
}

/** A Paystack-safe reference (letters, digits and dashes), unique and unguessable. */
function newReference(prefix: string): string {
  return `${prefix}-${lagosDate(new Date()).replace(/-/g, '')}-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}
