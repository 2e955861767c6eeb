/**
 * "Book and pay" on a waitlist offer: the booking's payment takes over the place the offer holds.
 * The offer must still be the client's (open and unexpired, or already being paid by this visitor's
 * earlier hold on it, as a retried card is); the booking must be the place exactly as offered. In
 * the payment's batch the offer turns to paying and its blocks are given up just before the
 * payment's hold takes the same ones, so the place is never free in between.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { timeWaitlistMessages } from '../../shared/time-waitlist';
import { offerOfToken } from '../time-waitlist-links';

export interface OfferHold {
  reference: string;
  therapistId: string;
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

/** The offer a booking's details name, if it is the place they book; else why not (404, 409, 400). */
export async function offerToBook(
  db: Database,
  token: string,
  secret: string,
  booking: { appointmentDate: string; appointmentTime: string; therapistId?: string | undefined },
  treatmentIds: string[],
): Promise<({ ok: true } & OfferHold) | { ok: false; status: 400 | 409; message: string }> {
  const reference = await offerOfToken(token, secret);
  const offer = reference
    ? await db.get<OfferRow>(sql`select o.reference, o.date, o.time, o.therapist_id as therapistId,
          e.treatment_ids as treatmentIds, o.status, o.expires_at as expiresAt
        from time_waitlist_offers o join time_waitlist_entries e on e.id = o.entry_id where o.reference = ${reference}`)
    : undefined;
  if (!offer) return { ok: false, status: 400, message: timeWaitlistMessages.offerNotFound };
  if (offer.status === 'booked') return { ok: false, status: 409, message: timeWaitlistMessages.offerBooked };
  if (offer.status !== 'open' && offer.status !== 'paying') {
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
  return { ok: true, reference: offer.reference, therapistId: offer.therapistId };
}

/** SQL: the offer is still the visitor's to pay: open and unexpired, or paid for by a hold being replaced. */
export function offerStillYours(offer: OfferHold, ownHolds: SQL, nowIso: string): SQL {
  return sql`exists (select 1 from time_waitlist_offers where reference = ${offer.reference}
    and ((status = 'open' and expires_at > ${nowIso}) or (status = 'paying' and payment_reference in (${ownHolds}))))`;
}

/** For the payment's batch, after its row and before its blocks: the offer hands its place over. */
export function handOverStatements(db: Database, offer: OfferHold, reference: string, inserted: SQL) {
  return [
    d1Statement(
      db,
      sql`update time_waitlist_offers set status = 'paying', payment_reference = ${reference}
        where reference = ${offer.reference} and ${inserted}`,
    ),
    d1Statement(db, sql`delete from time_blocks where payment_reference = ${offer.reference} and ${inserted}`),
  ];
}
