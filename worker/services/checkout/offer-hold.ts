/**
 * "Book and pay" on a waitlist offer: the booking's payment takes over the place the offer holds.
 * The offer must still be the client's: open, or being paid (a declined card, a cancelled
 * checkout, a retry), within its own time; the booking must be the place exactly as offered. In
 * the payment's batch an earlier payment of the offer still open is abandoned, the offer turns to
 * paying, and its blocks (or that payment's) are given up just before the new hold takes the same
 * ones, so the place is never free in between. The hold lasts as long as the offer, and at least
 * long enough to pay.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { timeWaitlistMessages } from '../../shared/bookings/time-waitlist';
import { offerOfToken } from '../time-waitlist/time-waitlist-links';

/** A payment started from an offer with a few minutes left still gets this long to finish. */
export const OFFER_PAY_MINUTES = 10;

export interface OfferHold {
  reference: string;
  therapistId: string;
  expiresAt: string;
}

type OfferRow = {
  reference: string;
  date: string;
  time: string;
  therapistId: string;
  treatmentIds: string;
  status: string;
  expiresAt: string;
};

/** The offer a booking's details name, if it is the place they book; else why not (400, 409). */
export async function offerToBook(
  db: Database,
  token: string,
  secret: string,
  booking: { appointmentDate: string; appointmentTime: string; therapistId?: string | undefined },
  treatmentIds: string[],
  now: Date,
): Promise<({ ok: true } & OfferHold) | { ok: false; status: 400 | 409; message: string }> {
  const reference = await offerOfToken(token, secret);
  const offer = reference
    ? await db.get<OfferRow>(sql`select o.reference, o.date, o.time, o.therapist_id as therapistId,
          e.treatment_ids as treatmentIds, o.status, o.expires_at as expiresAt
        from time_waitlist_offers o join time_waitlist_entries e on e.id = o.entry_id where o.reference = ${reference}`)
    : undefined;
  if (!offer) return { ok: false, status: 400, message: timeWaitlistMessages.offerNotFound };
  if (offer.status === 'booked') return { ok: false, status: 409, message: timeWaitlistMessages.offerBooked };
  const open = offer.status === 'open' || offer.status === 'paying';
  if (!open || Date.parse(offer.expiresAt) <= now.getTime()) {
    return { ok: false, status: 409, message: timeWaitlistMessages.offerEnded };
  }
  const offered = JSON.parse(offer.treatmentIds) as string[];
  const same =
    booking.appointmentDate === offer.date &&
    booking.appointmentTime === offer.time &&
    (booking.therapistId === undefined || booking.therapistId === offer.therapistId) &&
    offered.length === treatmentIds.length &&
    offered.every((id) => treatmentIds.includes(id));
  if (!same) return { ok: false, status: 400, message: timeWaitlistMessages.offerDoesNotMatch };
  return { ok: true, reference: offer.reference, therapistId: offer.therapistId, expiresAt: offer.expiresAt };
}

/** When the payment's hold ends: with the offer, or OFFER_PAY_MINUTES from now if that is later. */
export function offerHoldUntil(offer: OfferHold, now: Date): string {
  return new Date(Math.max(Date.parse(offer.expiresAt), now.getTime() + OFFER_PAY_MINUTES * 60_000)).toISOString();
}

/** SQL: the payment references whose blocks are the offer's place (its own, and its earlier payment's). */
export const offerPlaceHolders = (offer: OfferHold) =>
  sql`select ${offer.reference} union select payment_reference from time_waitlist_offers
    where reference = ${offer.reference} and payment_reference is not null`;

/** SQL: the offer is still the visitor's to pay: open or being paid, within its time, not paid. */
export function offerStillYours(offer: OfferHold, nowIso: string): SQL {
  return sql`exists (select 1 from time_waitlist_offers o where o.reference = ${offer.reference}
    and o.status in ('open', 'paying') and o.expires_at > ${nowIso}
    and not exists (select 1 from payments p where p.reference = o.payment_reference and p.status = 'paid'))`;
}

/** For the payment's batch, after its row and before its blocks: the offer hands its place over. */
export function handOverStatements(db: Database, offer: OfferHold, reference: string, inserted: SQL) {
  const earlier = sql`(select payment_reference from time_waitlist_offers where reference = ${offer.reference})`;
  return [
    // The offer's earlier payment, if still open (another email typed, a tab left open), gives way.
    d1Statement(
      db,
      sql`delete from time_blocks where payment_reference = ${earlier} and ${inserted}
        and exists (select 1 from payments where reference = ${earlier} and status = 'pending')`,
    ),
    d1Statement(
      db,
      sql`update payments set status = 'abandoned', hold_expires_at = null
        where reference = ${earlier} and status = 'pending' and ${inserted}`,
    ),
    d1Statement(
      db,
      sql`update time_waitlist_offers set status = 'paying', payment_reference = ${reference}
        where reference = ${offer.reference} and ${inserted}`,
    ),
    d1Statement(db, sql`delete from time_blocks where payment_reference = ${offer.reference} and ${inserted}`),
  ];
}
