/**
 * Starting a booking's payment: its time held in the batch that inserts the payment.
 */
import { type SQL, sql } from 'drizzle-orm';
import { d1Statement } from '../../db/client';
import type { BookingPrice } from '../../shared/bookings/booking-pricing';
import { type BookingDetails, bookingDetailsSchema } from '../../shared/bookings/booking-schema';
import { depositSplit } from '../../shared/bookings/deposit-split';
import { timeWaitlistMessages } from '../../shared/bookings/time-waitlist';
import { priceBooking } from '../../shared/catalogue/pricing';
import { phoneKeySql } from '../clients/client-records';
import { takeTime, treatmentIdsOf } from '../schedule/booking-time';
import { closedOn, closureReason, therapistOffOn } from '../schedule/day-rules';
import type { Schedule } from '../schedule/schedule';
import { HOLD_MINUTES, isPastDate, isPastSlot } from '../schedule/slots';
import { takeTimeStatements } from '../schedule/time-blocks';
import { bookingPackage, packageGuard, packageHoldStatements } from './booking-package';
import { type BookingReads, keptReads, type ReadsFor, readNow } from './booking-reads';
import { chargeFor, couponGuard, paymentMethod, takenOver, voucherGuard, voucherHoldStatements } from './charge';
import { openCheckout } from './checkout';
import {
  type InitializeRequest,
  type InitializeResult,
  newReference,
  type PaymentContext,
  paymentMessages,
} from './context';
import type { StoredBookingPayment } from './fulfilment';
import { allHold, firstRefusal, type Guard, holdCapGuards, type Refusal } from './guards';
import { handOverStatements, offerHoldUntil, offerPlaceHolders, offerStillYours, offerToBook } from './offer-hold';

/**
 * A deposit refused from a client past the no-show rule: the page may have asked for one
 * (booking-terms knows only one record's email and phone), so the refusal says why.
 */
function inFullRefusal<Refusal extends { message: string }>(refusal: Refusal): Refusal {
  return 'expectedAmount' in refusal && refusal.expectedAmount !== undefined
    ? { ...refusal, message: paymentMessages.payInFull }
    : refusal;
}

/**
 * Prices a booking from the catalogue and the coupon, holds its slot, and starts a checkout. What
 * the hold depends on is taken as kept where it can be (booking-reads.ts: the hold is then the
 * one trip to D1), else read; a hold refused on what was kept is asked again on what is read.
 */
export async function initializeBookingPayment(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const asked = bookingAsked(details);
  if (!asked.ok) return asked;
  const held =
    (await holdVisit(context, request, asked, keptReads(context, asked.reads))) ??
    (await priceAndHold(context, request, asked, await readNow(context, asked.reads)));
  if (!held.ok) return held;
  const { booking } = asked;
  return openCheckout(context, 'booking', held.reference, held.amount, booking.customerEmail, {
    kind: 'booking',
    treatments: booking.subservices,
    date: booking.appointmentDate,
    time: booking.appointmentTime,
  });
}

type Asked = Extract<ReturnType<typeof bookingAsked>, { ok: true }>;

/**
 * The visit priced from `reads`, its terms, and its time held; undefined when what was taken as
 * kept did not hold (or any refusal came from it: the start reads afresh and answers that).
 */
async function holdVisit(
  context: PaymentContext,
  request: InitializeRequest,
  asked: Asked,
  reads: BookingReads | undefined,
): Promise<{ ok: true; reference: string; amount: number } | Refusal | undefined> {
  if (!reads) return undefined;
  const held = await priceAndHold(context, request, asked, reads);
  return reads.assumed.length > 0 && !held.ok ? undefined : held;
}

async function priceAndHold(context: PaymentContext, request: InitializeRequest, asked: Asked, reads: BookingReads) {
  const { booking, codes, ownHoldsHere } = asked;
  const { menu, inFull } = reads;
  const priced = priceBooking(booking.subservices, menu);
  if (!priced.ok) return { ok: false, status: priced.status ?? 400, message: priced.message } as const;
  const terms = await bookingTerms(context, request, { booking, codes, lines: priced.lines, inFull, ownHoldsHere });
  if (!terms.ok) return terms;
  const when = whenRefusal(booking, context.now);
  if (when) return when;
  const treatmentIds = treatmentIdsOf(booking.subservices, menu);
  if (!treatmentIds) return { ok: false, status: 400, message: 'Unknown service option' } as const;
  // Booking a place offered from the waitlist: only as offered, and only while it is still theirs.
  const offer = codes.waitlistOffer
    ? await offerToBook(context.db, codes.waitlistOffer, context.linkSecret, booking, treatmentIds, context.now)
    : undefined;
  if (offer && !offer.ok) return offer;
  const stored: StoredBookingPayment = {
    booking,
    lines: priced.lines,
    treatmentIds,
    ...(terms.pkg
      ? { package: { name: terms.pkg.name, treatments: terms.pkg.share.covered.map((line) => line.name) } }
      : {}),
  };
  const held = await holdBooking(context, request, {
    booking,
    treatmentIds,
    terms,
    offer,
    stored,
    ownHoldsHere,
    schedule: reads.schedule,
    assumed: reads.assumed,
  });
  return held.ok ? { ...held, amount: terms.charge.amount } : held;
}

type Booking = Omit<BookingDetails, 'amount' | 'couponCode' | 'voucherCode' | 'packageCode' | 'waitlistOffer'>;
type Codes = Pick<BookingDetails, 'couponCode' | 'voucherCode' | 'packageCode' | 'waitlistOffer'>;

/** The booking the details ask for (the amount the browser names is checked later), and what its reads are for. */
function bookingAsked(details: unknown) {
  const parsed = bookingDetailsSchema().safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid booking details' } as const;
  }
  const { amount: _clientAmount, couponCode, voucherCode, packageCode, waitlistOffer, ...booking } = parsed.data;
  const { appointmentDate: date, appointmentTime: time } = booking;
  // The visitor's own earlier holds on this start are replaced, so they count toward nothing.
  const ownHoldsHere = sql`select reference from payments where status = 'pending' and kind = 'booking'
    and lower(email) = lower(${booking.customerEmail}) and slot_date = ${date} and slot_time = ${time}`;
  const codes: Codes = { couponCode, voucherCode, packageCode, waitlistOffer };
  const reads: ReadsFor = {
    date,
    treatments: booking.subservices,
    customer: { email: booking.customerEmail, phone: booking.customerPhone },
    ownHoldsHere,
    withCodes: Boolean(couponCode || voucherCode || packageCode || waitlistOffer),
    byOffer: Boolean(waitlistOffer),
  };
  return { ok: true, booking: booking as Booking, codes, ownHoldsHere, reads } as const;
}

/** A day or a start already past. */
function whenRefusal(booking: Booking, now: Date): Refusal | undefined {
  if (isPastDate(booking.appointmentDate, now)) return { ok: false, status: 409, message: paymentMessages.datePast };
  if (isPastSlot(booking.appointmentDate, booking.appointmentTime, now)) {
    return { ok: false, status: 409, message: paymentMessages.slotPast };
  }
  return undefined;
}

/**
 * What the visit costs this visitor: a package's sessions pay the treatments it covers, the rest is
 * priced with the coupon and the voucher, as a deposit or (a client past the no-show rule, see
 * no-show-rule.ts) in full.
 */
async function bookingTerms(
  context: PaymentContext,
  request: InitializeRequest,
  visit: { booking: Booking; codes: Codes; lines: BookingPrice['lines']; inFull: boolean; ownHoldsHere: SQL },
) {
  const { booking, codes, inFull, ownHoldsHere } = visit;
  const customer = { email: booking.customerEmail, phone: booking.customerPhone };
  const pkg = codes.packageCode
    ? await bookingPackage(context, codes.packageCode, visit.lines, takenOver(ownHoldsHere, request.browserKeyHash))
    : undefined;
  if (pkg && !pkg.ok) return pkg;
  const paidLines = pkg?.share.paid ?? visit.lines;
  const subtotal = paidLines.reduce((sum, line) => sum + line.price, 0);
  const charge = await chargeFor(context, {
    kind: 'booking',
    subtotal,
    couponCode: codes.couponCode,
    clientAmountKobo: request.amount,
    customer,
    replaced: ownHoldsHere,
    browserKeyHash: request.browserKeyHash,
    split: (afterCoupon) => (inFull ? { online: afterCoupon, atStudio: 0 } : depositSplit(paidLines, afterCoupon)),
    voucherCode: codes.voucherCode,
  });
  if (!charge.ok) return inFull ? inFullRefusal(charge) : charge;
  return { ok: true, customer, pkg, subtotal, charge } as const;
}

/** A waitlist offer being booked, as offerToBook found it. */
type HeldOffer = Extract<NonNullable<Awaited<ReturnType<typeof offerToBook>>>, { ok: true }>;

type Terms = Extract<Awaited<ReturnType<typeof bookingTerms>>, { ok: true }>;

/** What must still hold when the booking's payment is inserted, each with the refusal it answers. */
function bookingGuards(
  context: PaymentContext,
  request: InitializeRequest,
  plan: Parameters<typeof holdBooking>[2],
  nowIso: string,
): Guard[] {
  const { booking, terms, offer, ownHoldsHere } = plan;
  const { charge, customer } = terms;
  const { appointmentDate: date, appointmentTime: time, customerEmail: email } = booking;
  const holds = (whose: SQL) => openHolds(whose, email, date, time, nowIso);
  return [
    couponGuard(context, charge, 'booking', customer, ownHoldsHere),
    voucherGuard(context, charge),
    packageGuard(context, terms.pkg?.hold ?? null),
    ...holdCapGuards(
      context,
      holds,
      { email, clientKey: request.clientKey },
      { person: paymentMessages.tooManyHolds, network: paymentMessages.busyNetwork },
    ),
    // Staff closed the day between the read and the write.
    {
      condition: sql`not ${closedOn(date)}`,
      refusal: async () => {
        const closed = await closureReason(context.db, date);
        return closed ? { ok: false, status: 409, message: paymentMessages.closed(closed) } : undefined;
      },
    },
    ...(offer ? [{ condition: offerStillYours(offer, nowIso) }] : []),
  ];
}

/**
 * Holds the visit's time with its payment, in one batch (one transaction): the payment row (only
 * while every guard holds), the therapist's and the room's blocks for the whole visit (which fail
 * the batch if anyone holds one), the release of the visitor's earlier holds on the same start
 * (they then verify as abandoned, so a retried payment is one hold, not two), and what the voucher
 * and the package hold. A refused insert is answered by its guards, in order.
 */
async function holdBooking(
  context: PaymentContext,
  request: InitializeRequest,
  plan: {
    booking: Booking;
    treatmentIds: string[];
    terms: Terms;
    offer: HeldOffer | undefined;
    stored: StoredBookingPayment;
    ownHoldsHere: SQL;
    /** The day's schedule already in flight, read with the same `excluding`. */
    schedule?: Promise<Schedule>;
    /** What was taken as kept (booking-reads.ts): a refused insert is then not explained, but asked again. */
    assumed: Guard[];
  },
): Promise<{ ok: true; reference: string } | Refusal> {
  const { booking, terms, offer, ownHoldsHere } = plan;
  const { charge, customer } = terms;
  const { appointmentDate: date, appointmentTime: time, customerEmail: email } = booking;
  const reference = newReference('BK');
  const packageHold = terms.pkg?.hold ?? null;
  const nowIso = context.now.toISOString();
  const holdUntil = holdUntilOf(offer, context.now);
  const guards = bookingGuards(context, request, plan, nowIso);
  const inserted = sql`exists (select 1 from payments where reference = ${reference})`;
  const taken = await takeTime(
    context.db,
    {
      visit: { treatmentIds: plan.treatmentIds, therapistId: offer?.therapistId ?? booking.therapistId ?? 'any' },
      date,
      time,
      now: context.now,
      // The offer's own blocks (or its earlier payment's) are the place it books: free for it.
      excluding: offer ? sql`${ownHoldsHere} union ${offerPlaceHolders(offer)}` : ownHoldsHere,
      schedule: plan.schedule,
    },
    async (choice) => {
      // The therapist given the day off meanwhile: the start is full for them.
      const theirDay: Guard = { condition: sql`not ${therapistOffOn(choice.therapistId, date)}` };
      const results = await context.db.$client.batch([
        d1Statement(
          context.db,
          sql`
          insert into payments (
            reference, kind, status, amount, subtotal, discount, due_at_studio, voucher_id, voucher_amount,
            coupon_code, coupon_id, email, phone_key, details, slot_date, slot_time, hold_expires_at, client_key,
            browser_key_hash, method, therapist_id, room_id, duration_minutes
          )
          select ${reference}, 'booking', 'pending', ${charge.amount}, ${terms.subtotal}, ${charge.discount},
            ${charge.dueAtStudio}, ${charge.voucher?.id ?? null}, ${charge.voucher?.amount ?? 0}, ${charge.couponCode},
            ${charge.couponId}, ${email}, ${phoneKeySql(sql`${customer.phone}`)}, ${JSON.stringify(plan.stored)},
            ${date}, ${time}, ${holdUntil}, ${request.clientKey ?? null}, ${request.browserKeyHash},
            ${paymentMethod(context, charge, packageHold !== null)}, ${choice.therapistId}, ${choice.roomId},
            ${choice.minutes}
          where ${allHold([...guards, theirDay, ...plan.assumed])}`,
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
        // Whether the guarded insert went in, read in the same trip.
        d1Statement(context.db, sql`select 1 as held where ${inserted}`),
      ]);
      return (results.at(-1)?.results.length ?? 0) > 0;
    },
  );
  if (!taken.ok) return taken;
  if (taken.value) return { ok: true, reference };
  if (plan.assumed.length > 0) return { ok: false, status: 409, message: paymentMessages.slotFull };
  const ended = offer ? timeWaitlistMessages.offerEnded : paymentMessages.slotFull;
  return (await firstRefusal(guards)) ?? { ok: false, status: 409, message: ended };
}

/** Until when the hold keeps the time: an offered place's own end, else HOLD_MINUTES from now. */
const holdUntilOf = (offer: HeldOffer | undefined, now: Date) =>
  offer ? offerHoldUntil(offer, now) : new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();

/**
 * The unpaid, unexpired holds that `whose` selects (an email address, a network), less the holds
 * this visitor (`email`) has on the slot being booked: those are about to be replaced.
 */
const openHolds = (whose: SQL, email: string, date: string, time: string, nowIso: string) => sql`
  select hold_expires_at from payments
  where kind = 'booking' and status = 'pending' and hold_expires_at > ${nowIso} and ${whose}
    and not (lower(email) = lower(${email}) and slot_date = ${date} and slot_time = ${time})`;
