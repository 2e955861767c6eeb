/**
 * A visit's day: a client arrives, is seen, or does not come; a mistake is undone the
 * same day. The one statement that makes each change (the rules are shared/bookings/visit-rules.ts): the
 * row changes only from the status it was read in, so of two people marking the same visit at
 * once one wins and the other is told why. Cancelling has its own rules and effects.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import {
  type StatusChange,
  statusChangeRefusal,
  type Visit,
  visitStatusMessages,
} from '../../shared/bookings/visit-rules';
import { confirmedAtSet, deskOrClientVisit } from '../bookings/visit-origin';

/** Why a change of a visit did not happen: no such visit, another therapist's, or the rules'. */
export type VisitRefusal =
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'not-theirs' }
  | { ok: false; reason: 'refused'; message: string };

export type StatusChangeResult =
  /** `deskOrClientMade`: the visit is not a therapist's unconfirmed word (visit-origin.ts). */
  { ok: true; deskOrClientMade: boolean } | VisitRefusal;

/**
 * Sets a visit's status if the rules allow it now; changes nothing otherwise. `therapistId`, when
 * given, is the only therapist whose visits may change (a therapist's own).
 */
export async function changeVisitStatus(
  db: Database,
  id: string,
  to: StatusChange,
  options: { now: Date; therapistId: string | null; byDesk?: boolean },
): Promise<StatusChangeResult> {
  const { now, therapistId } = options;
  // The desk setting a status confirms a visit a therapist booked with themselves (visit-origin.ts).
  const confirmed = options.byDesk ? sql`, ${confirmedAtSet(now)}` : sql``;
  // Read, check, write from the status read; a change in between is read again (twice at most).
  for (let attempt = 0; attempt < 2; attempt++) {
    const visit = await db.get<Visit & { therapistId: string | null }>(
      sql`select service_status as serviceStatus, date, time, therapist_id as therapistId
        from ${bookings} where id = ${id}`,
    );
    if (!visit) return { ok: false, reason: 'not-found' };
    if (therapistId !== null && visit.therapistId !== therapistId) return { ok: false, reason: 'not-theirs' };
    const refusal = statusChangeRefusal(visit, to, now);
    if (refusal) return { ok: false, reason: 'refused', message: refusal };
    const completedAt = to === 'completed' ? now.toISOString() : null;
    const changed = await db.all<{ id: string; made: number }>(
      sql`update ${bookings} set service_status = ${to}, completed_at = ${completedAt}${confirmed}
        where id = ${id} and service_status = ${visit.serviceStatus}
        returning id, ${deskOrClientVisit('bookings')} as made`,
    );
    const [row] = changed;
    if (changed.length === 1 && row) return { ok: true, deskOrClientMade: Number(row.made) === 1 };
  }
  return { ok: false, reason: 'refused', message: visitStatusMessages.changedMeanwhile };
}
