/**
 * A visit's day (issue 34): a client arrives, or does not come; a mistake is undone the same day.
 * When each change may be made, in Lagos time, and the one statement that makes it: the row
 * changes only from the status it was read in, so of two people marking the same visit at once
 * one wins and the other is told why.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { lagosDate, lagosToUtc } from '../shared/time';
import type { ServiceStatus } from './bookings';

/** The changes of a visit's day (completing and cancelling have their own rules and effects). */
export const dayStatuses = ['arrived', 'no-show', 'booked'] as const;
export type DayStatus = (typeof dayStatuses)[number];

const MINUTE_MS = 60_000;
/** A client may be marked arrived from an hour before the start. */
export const ARRIVAL_OPENS_MINUTES = 60;
/** And a no-show from a quarter of an hour after it. */
export const NO_SHOW_AFTER_MINUTES = 15;

export const visitStatusMessages = {
  arrivedFrom: 'Only a booked visit can be marked arrived.',
  arrivedWhen: 'A client can be marked arrived on the day of the visit, from an hour before it starts.',
  noShowFrom: 'Only a booked visit can be marked a no-show.',
  noShowWhen: 'A client can be marked a no-show from 15 minutes after the start.',
  bookedFrom: 'Only an arrived or missed visit can be set back to booked.',
  bookedWhen: 'A visit can be set back to booked only on its day.',
} as const;

interface Visit {
  serviceStatus: ServiceStatus;
  date: string;
  time: string;
}

/** Why `visit` cannot become `to` at `now`, or null when it can. */
export function dayStatusRefusal(visit: Visit, to: DayStatus, now: Date): string | null {
  const start = lagosToUtc(visit.date, visit.time).getTime();
  const onItsDay = lagosDate(now) === visit.date;
  if (to === 'arrived') {
    if (visit.serviceStatus !== 'booked') return visitStatusMessages.arrivedFrom;
    return onItsDay && now.getTime() >= start - ARRIVAL_OPENS_MINUTES * MINUTE_MS
      ? null
      : visitStatusMessages.arrivedWhen;
  }
  if (to === 'no-show') {
    if (visit.serviceStatus !== 'booked') return visitStatusMessages.noShowFrom;
    return now.getTime() >= start + NO_SHOW_AFTER_MINUTES * MINUTE_MS ? null : visitStatusMessages.noShowWhen;
  }
  if (visit.serviceStatus !== 'arrived' && visit.serviceStatus !== 'no-show') return visitStatusMessages.bookedFrom;
  return onItsDay ? null : visitStatusMessages.bookedWhen;
}

export type DayStatusResult = { ok: true } | { ok: false; reason: 'not-found' } | { ok: false; message: string };

/** Sets a visit's day status if the rules allow it now; changes nothing otherwise. */
export async function setDayStatus(db: Database, id: string, to: DayStatus, now: Date): Promise<DayStatusResult> {
  // Read, check, write from the status read; a change in between is read again (twice at most).
  for (let attempt = 0; attempt < 2; attempt++) {
    const visit = await db.get<Visit>(
      sql`select service_status as serviceStatus, date, time from ${bookings} where id = ${id}`,
    );
    if (!visit) return { ok: false, reason: 'not-found' };
    const refusal = dayStatusRefusal(visit, to, now);
    if (refusal) return { ok: false, message: refusal };
    const changed = await db.all<{ id: string }>(
      sql`update ${bookings} set service_status = ${to}
        where id = ${id} and service_status = ${visit.serviceStatus} returning id`,
    );
    if (changed.length === 1) return { ok: true };
  }
  return { ok: false, message: 'This visit was changed meanwhile: please reload and try again.' };
}
