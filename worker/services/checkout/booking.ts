/**
 * Starting a booking's payment: its time held in the batch that inserts the payment.
 */
import { type SQL, sql } from 'drizzle-orm';
import { d1Statement } from '../../db/client';
import { bookingDetailsSchema } from '../../shared/bookings/booking-schema';
import { depositSplit } from '../../shared/bookings/deposit-split';
import { timeWaitlistMessages } from '../../shared/bookings/time-waitlist';
import { priceBooking } from '../../shared/catalogue/pricing';
import { lagosDate } from '../../shared/time';
import { needsFullPayment } from '../bookings/no-show-rule';
import { readCatalogue } from '../catalogue/catalogue';
import { phoneKeySql } from '../clients/client-records';
import { findPayment } from '../payments/payment-rows';
import { takeTime, treatmentIdsOf } from '../schedule/booking-time';
import { closedOn, closureReason, therapistOffOn } from '../schedule/day-rules';
import { HOLD_MINUTES, isPastDate, isPastSlot } from '../schedule/slots';
import { takeTimeStatements } from '../schedule/time-blocks';
import { bookingPackage, packageCondition, packageHoldStatements, packageRefusal } from './booking-package';
import {
  chargeFor,
  couponCondition,
  couponRefusal,
  paymentMethod,
  takenOver,
  voucherCondition,
  voucherHoldStatements,
  voucherRefusal,
} from './charge';
import { openCheckout } from './checkout';
import {
  type InitializeRequest,
  type InitializeResult,
  MAX_OPEN_HOLDS,
  MAX_OPEN_HOLDS_PER_NETWORK,
  newReference,
  type PaymentContext,
  paymentMessages,
} from './context';
import { handOverStatements, offerHoldUntil, offerPlaceHolders, offerStillYours, offerToBook } from './offer-hold';
import type { StoredBookingPayment } from './records';

/**
 * A deposit refused from a client past the no-show rule: the page may have asked for one
 * (booking-terms knows only one record's email and phone), so the refusal says why.
 */
function inFullRefusal<Refusal extends { message: string }>(refusal: Refusal): Refusal {
  return 'expectedAmount' in refusal && refusal.expectedAmount !== undefined
    ? { ...refusal, message: paymentMessages.payInFull }
    : refusal;
}

/** Prices a booking from the catalogue and the coupon, holds its slot, and starts a checkout. */
export async function initializeBookingPayment(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = bookingDetailsSchema().safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid booking details' };
  }
  const { amount: _clientAmount, couponCode, voucherCode, packageCode, waitlistOffer, ...booking } = parsed.data;
  const menu = (await readCatalogue(context.db)).treatments;
  const priced = priceBooking(booking.subservices, menu);
  if (!priced.ok) return { ok: false, status: priced.status ?? 400, message: priced.message };
  const { appointmentDate: date, appointmentTime: time, customerEmail: email } = booking;
  const customer = { email, phone: booking.customerPhone };
  // A client past the no-show rule pays in full: no deposit (no-show-rule.ts).
  const inFull = await needsFullPayment(context.db, customer, context.now);
  // The visitor's own earlier holds on this start are replaced, so they count toward nothing.
  const ownHoldsHere = sql`select reference from payments where status = 'pending' and kind = 'booking'
    and lower(email) = lower(${email}) and slot_date = ${date} and slot_time = ${time}`;
  // A package's sessions pay the treatments it covers; the rest is priced and paid as any visit.
  const pkg = packageCode
    ? await bookingPackage(context, packageCode, priced.lines, takenOver(ownHoldsHere, request.browserKeyHash))
    : undefined;
  if (pkg && !pkg.ok) return pkg;
  const paidLines = pkg?.share.paid ?? priced.lines;
  const subtotal = paidLines.reduce((sum, line) => sum + line.price, 0);
  const charge = await chargeFor(context, {
    kind: 'booking',
    subtotal,
    couponCode,
    clientAmountKobo: request.amount,
    customer,
    replaced: ownHoldsHere,
    browserKeyHash: request.browserKeyHash,
    split: (afterCoupon) => (inFull ? { online: afterCoupon, atStudio: 0 } : depositSplit(paidLines, afterCoupon)),
    voucherCode,
  });
  if (!charge.ok) return inFull ? inFullRefusal(charge) : charge;
  if (isPastDate(booking.appointmentDate, context.now)) {
    return { ok: false, status: 409, message: paymentMessages.datePast };
  }
  if (isPastSlot(booking.appointmentDate, booking.appointmentTime, context.now)) {
    return { ok: false, status: 409, message: paymentMessages.slotPast };
  }

  const treatmentIds = treatmentIdsOf(booking.subservices, menu);
  if (!treatmentIds) return { ok: false, status: 400, message: 'Unknown service option' };
  // Booking a place offered from the waitlist: only as offered, and only while it is still theirs.
  const offer = waitlistOffer
    ? await offerToBook(context.db, waitlistOffer, context.linkSecret, booking, treatmentIds, context.now)
    : undefined;
  if (offer && !offer.ok) return offer;

  const reference = newReference('BK');
  const stored: StoredBookingPayment = {
    booking,
    lines: priced.lines,
    treatmentIds,
    ...(pkg ? { package: { name: pkg.name, treatments: pkg.share.covered.map((line) => line.name) } } : {}),
  };
  const packageHold = pkg?.hold ?? null;
  const nowIso = context.now.toISOString();
  const holdUntil =
    offer?.ok === true
      ? offerHoldUntil(offer, context.now)
      : new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const method = paymentMethod(context, charge, packageHold !== null);
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
      visit: { treatmentIds, therapistId: offer?.therapistId ?? booking.therapistId ?? 'any' },
      date,
      time,
      now: context.now,
      // The offer's own blocks (or its earlier payment's) are the place it books: free for it.
      excluding: offer ? sql`${ownHoldsHere} union ${offerPlaceHolders(offer)}` : ownHoldsHere,
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
          select ${reference}, 'booking', 'pending', ${charge.amount}, ${subtotal}, ${charge.discount},
            ${charge.dueAtStudio}, ${charge.voucher?.id ?? null}, ${charge.voucher?.amount ?? 0}, ${charge.couponCode},
            ${charge.couponId}, ${email}, ${phoneKeySql(sql`${customer.phone}`)}, ${JSON.stringify(stored)}, ${date},
            ${time}, ${holdUntil}, ${request.clientKey ?? null}, ${request.browserKeyHash}, ${method},
            ${choice.therapistId}, ${choice.roomId}, ${choice.minutes}
          where not ${closedOn(date)}
            and ${couponCondition(charge, customer, nowIso, ownHoldsHere)}
            and ${voucherCondition(charge, lagosDate(context.now))}
            and ${packageCondition(packageHold, lagosDate(context.now))}
            and not ${therapistOffOn(choice.therapistId, date)}
            and (select count(*) from (${emailHolds})) < ${MAX_OPEN_HOLDS}
            and (select count(*) from (${networkHolds})) < ${MAX_OPEN_HOLDS_PER_NETWORK}
            and ${offer ? offerStillYours(offer, nowIso) : sql`1`}`,
        ),
        ...(offer ? handOverStatements(context.db, offer, reference, inserted) : []),
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
        ...packageHoldStatements(context, packageHold, reference, inserted),
      ]);
      return (await findPayment(context.db, reference)) !== undefined;
    },
  );
  if (!taken.ok) return taken;
  if (!taken.value) {
    const refused =
      (await couponRefusal(context, charge, 'booking', customer, ownHoldsHere)) ??
      (await voucherRefusal(context, charge)) ??
      (await packageRefusal(context, packageHold));
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
    if (closed) return { ok: false, status: 409, message: paymentMessages.closed(closed) };
    return { ok: false, status: 409, message: offer ? timeWaitlistMessages.offerEnded : paymentMessages.slotFull };
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
