/**
 * Who made a visit. A therapist without the desk's permission may book a visit with themselves
 * (Book the next visit), to be paid at the studio: until the desk or the client confirms it, that
 * visit is only the therapist's word, and anyone's name and contact may be on it. So it earns
 * commission only on what was collected (as every visit does), counts toward no client's no-shows,
 * and opens none of the client's earlier notes. The desk confirms it by marking it paid, moving it
 * or setting its status; the client by filling its visit form or moving it through the manage
 * link (`bookings.confirmed_at`). Every reader of the rule uses the one fragment below.
 */
import { type SQL, sql } from 'drizzle-orm';

/** Whether the booking of table alias `alias` was made or confirmed by the desk or the client. */
export function deskOrClientVisit(alias: string): SQL {
  const table = sql.raw(alias);
  return sql`(${table}.booked_by_therapist is null or ${table}.confirmed_at is not null)`;
}

/** The assignment that confirms a visit at `now` (kept from the first confirmation). */
export const confirmedAtSet = (now: Date) => sql`confirmed_at = coalesce(confirmed_at, ${now.toISOString()})`;

/** The same for a hand-written D1 statement: append `, ${confirmedAtSql}` and bind the time once more. */
export const confirmedAtSql = 'confirmed_at = coalesce(confirmed_at, ?)';
