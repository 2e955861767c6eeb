/**
 * Recording a paid payment once, whatever the number of calls: the booking, order, gift voucher or package
 * (fulfilment.ts), then its messages (keyed by the payment's reference, so they are queued once too).
 */
import { sql } from 'drizzle-orm';
import type { BookingFacts } from '../../messages/templates/booking';
import type { OrderFacts } from '../../messages/templates/order';
import { loggable } from '../../shared/loggable';
import { lagosDate } from '../../shared/time';
import { bookingConfirmedMessages } from '../bookings/booking-messages';
import { managePath, manageToken, manageTokenHash } from '../bookings/manage-tokens';
import type { Payment } from '../payments/payment-rows';
import { applyEarlySubscription } from '../prepaid/membership-events';
import { membershipFacts, type StoredMembershipPayment, startMembership } from '../prepaid/memberships';
import { packageFacts, recordPaidPackage } from '../prepaid/package-sales';
import { membershipMessages, packageBoughtMessages, voucherBoughtMessages } from '../prepaid/prepaid-messages';
import { deliverVoucher } from '../prepaid/voucher-delivery';
import { voucherFacts, voucherValidityMonths } from '../prepaid/vouchers';
import { orderConfirmedMessages } from '../shop/order-messages';
import type { PaymentContext } from './context';
import {
  recordPaidBooking,
  recordPaidOrder,
  recordPaidVoucher,
  type StoredBookingPayment,
  type StoredOrderPayment,
} from './fulfilment';

/**
 * Records the booking or order (once, whatever the number of calls) and queues its messages (once
 * too: their idempotency keys are the payment's reference).
 */
export async function recordPaid(context: PaymentContext, payment: Payment): Promise<void> {
  const record = payment.kind === 'booking' ? recordBooking : recordsByKind[payment.kind];
  await record(context, payment);
}

const recordsByKind = {
  membership: recordMembership,
  package: recordPackage,
  voucher: recordVoucher,
  order: recordOrder,
};

/** A membership's first month: the membership, its code's message, and any subscription Paystack told of first. */
async function recordMembership(context: PaymentContext, payment: Payment): Promise<void> {
  const started = await startMembership(context.db, payment, context.now);
  // Only the call that started it has its code: it alone sends it.
  if (!started) return;
  const { membership, code } = started;
  const contact = { email: membership.email, phone: membership.phone };
  const facts = await membershipFacts(context.db, membership, code);
  context.notify(await membershipMessages('membership-started', facts, contact, payment.reference, context.studio));
  // Paystack may have told of the subscription before this first month was recorded.
  const { membership: joined } = payment.details as StoredMembershipPayment;
  await applyEarlySubscription(context, { email: membership.email, planCode: joined.planCode });
}

/** A package: the purchase, and its code's message. */
async function recordPackage(context: PaymentContext, payment: Payment): Promise<void> {
  const sold = await recordPaidPackage(context.db, payment, context.now);
  // Only the call that created the purchase has its code: it alone sends it.
  if (!sold) return;
  const contact = { email: sold.purchase.buyerEmail, phone: sold.purchase.buyerPhone };
  context.notify(
    await packageBoughtMessages(await packageFacts(context.db, sold.purchase, sold.code), contact, context.studio),
  );
}

/** A gift voucher: the voucher, the buyer's receipt, and the voucher itself when it is for today. */
async function recordVoucher(context: PaymentContext, payment: Payment): Promise<void> {
  const voucher = await recordPaidVoucher(context.db, payment, context.now, {
    validityMonths: await voucherValidityMonths(context.db),
  });
  if (!voucher) return;
  context.notify(await voucherBoughtMessages(voucherFacts(voucher), voucher.buyerEmail, context.studio));
  // Bought for today: sent at once (later dates are the cron's). Marked delivered in the batch
  // that writes its messages; if that fails, the cron's next run sends it.
  if (voucher.deliverOn <= lagosDate(context.now)) {
    const delivery = { db: context.db, queue: context.queue, studio: context.studio, now: context.now };
    await deliverVoucher(delivery, voucher).catch((error) =>
      console.error('Gift voucher left for the cron to deliver', voucher.paymentReference, loggable(error)),
    );
  }
}

/** An order: the order, its stock, and its confirmation. */
async function recordOrder(context: PaymentContext, payment: Payment): Promise<void> {
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
  context.notify(await orderConfirmedMessages(facts, order.customerEmail, context.studio));
}

/** A booking: the booking, its time, and its confirmation with the manage link. */
async function recordBooking(context: PaymentContext, payment: Payment): Promise<void> {
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
  context.notify(await bookingConfirmedMessages({ ...facts, manageUrl, slotTaken }, context.studio));
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
