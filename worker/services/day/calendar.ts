/**
 * The staff Calendar's data for a span of days: the therapists with their hours and days off, the
 * closed days, the bookings (not cancelled) and the unpaid holds still live, each with its
 * therapist, start and length. Bookings from the day before are included: an overnight visit
 * runs into the first day.
 */
import { and, asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, closures, therapistTimeOff } from '../../db/schema';
import type { StaffMember } from '../../shared/permissions';
import { addDays } from '../../shared/time';
import { bookingScopeFilter, forViewer, therapistScopeOf } from '../bookings/booking-visibility';
import { type BookingView, listBookings } from '../bookings/bookings';
import { readScheduleSettings } from '../schedule/schedule-settings';
import { listTherapists, type TherapistView } from '../schedule/therapists-and-rooms';
import { waitingCounts } from '../time-waitlist/time-waitlist';

export interface CalendarHold {
  reference: string;
  name: string;
  therapistId: string;
  date: string;
  time: string;
  durationMinutes: number;
  subservices: string[];
  expiresAt: string;
  /** Held for a client on the waitlist, offered it (not a visitor paying). */
  waitlistOffer: boolean;
}

export interface CalendarView {
  from: string;
  to: string;
  startStepMinutes: 30 | 60;
  therapists: Array<Omit<TherapistView, 'timeOff'> & { timeOff: Array<{ date: string; reason: string }> }>;
  closures: Array<{ date: string; reason: string }>;
  bookings: BookingView[];
  holds: CalendarHold[];
  /** How many wait on the waitlist for each day of the span (days nobody waits for are left out). */
  waiting: Record<string, number>;
}

export async function calendarOf(
  db: Database,
  viewer: StaffMember,
  from: string,
  to: string,
  now: Date,
): Promise<CalendarView> {
  const dayBefore = addDays(from, -1);
  const onlyTherapist = therapistScopeOf(viewer);
  const holdScope = onlyTherapist === null ? sql`` : sql`and therapist_id = ${onlyTherapist}`;
  const [team, daysOff, closed, booked, holdRows, settings, waiting] = await Promise.all([
    listTherapists(db, now),
    db
      .select()
      .from(therapistTimeOff)
      .where(sql`${therapistTimeOff.date} between ${from} and ${to}`)
      .orderBy(asc(therapistTimeOff.date)),
    db
      .select({ date: closures.date, reason: closures.reason })
      .from(closures)
      .where(sql`${closures.date} between ${from} and ${to}`)
      .orderBy(asc(closures.date)),
    listBookings(
      db,
      undefined,
      and(
        sql`${bookings.date} between ${dayBefore} and ${to} and ${bookings.serviceStatus} != 'cancelled'`,
        bookingScopeFilter(viewer),
      ),
    ),
    db.all<Record<string, unknown>>(sql`
      select reference, therapist_id, slot_date, slot_time, duration_minutes, hold_expires_at,
        json_extract(details, '$.booking.customerName') as name,
        json_extract(details, '$.booking.subservices') as subservices, 0 as offer
      from payments
      where kind = 'booking' and status = 'pending' and hold_expires_at > ${now.toISOString()}
        and therapist_id is not null and slot_date between ${dayBefore} and ${to} ${holdScope}
      union all
      select o.reference, o.therapist_id, o.date, o.time, o.duration_minutes, o.expires_at, e.name,
        (select json_group_array(t.name) from json_each(e.treatment_ids) ids join treatments t on t.id = ids.value), 1
      from time_waitlist_offers o join time_waitlist_entries e on e.id = o.entry_id
      where o.status = 'open' and o.expires_at > ${now.toISOString()} and o.date between ${dayBefore} and ${to}
        ${onlyTherapist === null ? sql`` : sql`and o.therapist_id = ${onlyTherapist}`}
      order by 3, 4`),
    readScheduleSettings(db),
    waitingCounts(db, from, to),
  ]);
  return {
    from,
    to,
    startStepMinutes: settings.startStepMinutes,
    therapists: team
      .filter((therapist) => onlyTherapist === null || therapist._id === onlyTherapist)
      .map((therapist) => ({
        ...therapist,
        timeOff: daysOff
          .filter((day) => day.therapistId === therapist._id)
          .map((day) => ({ date: day.date, reason: day.reason })),
      })),
    closures: closed,
    bookings: booked.bookings.map((booking) => forViewer(booking, viewer)),
    holds: holdRows.map((row) => ({
      reference: String(row.reference),
      name: String(row.name ?? 'A client'),
      therapistId: String(row.therapist_id),
      date: String(row.slot_date),
      time: String(row.slot_time),
      durationMinutes: Number(row.duration_minutes ?? 60),
      subservices: JSON.parse(String(row.subservices ?? '[]')) as string[],
      expiresAt: String(row.hold_expires_at),
      waitlistOffer: Number(row.offer) === 1,
    })),
    waiting,
  };
}
