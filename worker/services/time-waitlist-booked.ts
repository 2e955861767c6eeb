/**
 * A waitlist offer paid: for the batch that records its booking, the offer and its entry end as
 * booked (the entry then waits no more and gets no other offer). A payment not from an offer
 * matches no row; a repeated recording changes nothing.
 */
import { sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../db/client';

export function bookedOfferStatements(db: Database, paymentReference: string, nowIso: string) {
  return [
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
