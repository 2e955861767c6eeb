/**
 * What closes a day to a booking, one SQL fragment per rule: the studio closed (staff closed the
 * date), a therapist off. Every writer's guard (payments, staff bookings, moves) and the schedule
 * visitors are shown read these, so the next rule (a room out of use) is added once, here.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** SQL: every day staff closed the studio (date, reason): read by `closedOn` and by the schedule. */
export const studioClosures = sql`select date, reason from closures`;

/** SQL: the studio is closed on `date` (staff closed it in the admin). */
export function closedOn(date: string) {
  return sql`exists (select 1 from (${studioClosures}) where date = ${date})`;
}

/**
 * SQL: every day a therapist is off (therapist_id, date, reason): the one source of "off that day",
 * read by every writer's guard (`therapistOffOn`) and by the schedule visitors are shown
 * (services/schedule/schedule.ts), so the two can never disagree.
 */
export const therapistDaysOff = sql`select therapist_id, date, reason from therapist_time_off`;

/** SQL: the therapist is off on `date`. */
export function therapistOffOn(therapistId: string, date: string) {
  return sql`exists (select 1 from (${therapistDaysOff}) where therapist_id = ${therapistId} and date = ${date})`;
}

/** Why the studio is closed on `date`, or undefined when it is open. */
export async function closureReason(db: Database, date: string): Promise<string | undefined> {
  const row = await db.get<{ reason: string }>(sql`select reason from (${studioClosures}) where date = ${date}`);
  return row?.reason;
}
