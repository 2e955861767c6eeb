/**
 * A waitlist offer paid: for the batch that records its booking, the offer and its entry end as
 * booked (the entry then waits no more and gets no other offer; one made meanwhile, when this
 * payment came after its hold, is withdrawn and its place freed). A payment not from an offer
 * matches no row; a repeated recording changes nothing.
 */
import { sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';

export function bookedOfferStatements(db: Database, paymentReference: string, nowIso: string) {
  const entry = sql`(select entry_id from time_waitlist_offers where payment_reference = ${paymentReference})`;
  const others = sql`select reference from time_waitlist_offers
    where entry_id = ${entry} and status = 'open' and payment_reference is null`;
  return [
    d1Statement(db, sql`delete from time_blocks where payment_reference in (${others})`),
    d1Statement(
      db,
      sql`update time_waitlist_offers set status = 'withdrawn'
        where entry_id = ${entry} and status = 'open' and payment_reference is null`,
    ),
    d1Statement(
      db,
      sql`update time_waitlist_entries set status = 'booked', ended_at = ${nowIso},
          booking_id = (select id from bookings where payment_reference = ${paymentReference})
        where id in (select entry_id from time_waitlist_offers where payment_reference = ${paymentReference})
          and status != 'booked'`,
    ),
    d1Statement(
      db,
      sql`update time_waitlist_offers set status = 'booked'
        where payment_reference = ${paymentReference} and status != 'booked'`,
    ),
  ];
}
