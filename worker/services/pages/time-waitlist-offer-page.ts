/**
 * The page a waitlist offer's link opens: the place held (day, time, therapist, treatments), what
 * it costs and what is paid now, how long it is held, and the client's details to book it with.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { endTimeOf } from '../../shared/bookings/schedule';
import { timeWaitlistMessages } from '../../shared/bookings/time-waitlist';
import { offerOfToken } from '../time-waitlist/time-waitlist-links';
import { offerPayNow } from '../time-waitlist/time-waitlist-offers';

export type OfferPageStatus = 'open' | 'paying' | 'booked' | 'declined' | 'lapsed' | 'withdrawn';

export interface OfferPage {
  status: OfferPageStatus;
  date: string;
  time: string;
  endTime: string;
  durationMinutes: number;
  therapist: { _id: string; name: string };
  /** The treatments' names, as a booking names them. */
  treatments: string[];
  /** The visit's price, and what is paid online now to book it (a deposit, or all of it). */
  price: number;
  payNow: number;
  expiresAt: string;
  /** The name only: the link travels (forwarded messages); contact details are asked again. */
  client: { name: string };
}

type OfferRow = Omit<OfferPage, 'therapist' | 'treatments' | 'client' | 'endTime' | 'price' | 'payNow'> & {
  therapistId: string;
  therapistName: string | null;
  treatments: string;
  price: number | null;
  name: string;
  email: string | null;
  phone: string | null;
};

/** The offer a token opens, or undefined for a token that is not one. */
export async function offerPage(
  db: Database,
  token: string,
  secret: string,
  now: Date,
): Promise<{ ok: true; offer: OfferPage } | { ok: false; status: 404; message: string }> {
  const reference = await offerOfToken(token, secret);
  const row = reference
    ? await db.get<OfferRow>(sql`select o.status, o.date, o.time, o.duration_minutes as durationMinutes,
          o.expires_at as expiresAt, o.therapist_id as therapistId, t.name as therapistName,
          e.name, e.email, e.phone,
          (select json_group_array(name) from (select tr.name from json_each(e.treatment_ids) ids
            join treatments tr on tr.id = ids.value order by ids.key)) as treatments,
          (select sum(tr.price) from json_each(e.treatment_ids) ids join treatments tr on tr.id = ids.value) as price
        from time_waitlist_offers o join time_waitlist_entries e on e.id = o.entry_id
          left join therapists t on t.id = o.therapist_id
        where o.reference = ${reference}`)
    : undefined;
  if (!row) return { ok: false, status: 404, message: timeWaitlistMessages.offerNotFound };
  const treatments = JSON.parse(row.treatments) as string[];
  const lapsed = row.status === 'open' && Date.parse(row.expiresAt) <= now.getTime();
  return {
    ok: true,
    offer: {
      status: lapsed ? 'lapsed' : row.status,
      date: row.date,
      time: row.time,
      endTime: endTimeOf(row.time, row.durationMinutes),
      durationMinutes: row.durationMinutes,
      therapist: { _id: row.therapistId, name: row.therapistName ?? 'Your therapist' },
      treatments,
      price: Number(row.price ?? 0),
      payNow: await offerPayNow(db, treatments, row, now),
      expiresAt: row.expiresAt,
      client: { name: row.name },
    },
  };
}
