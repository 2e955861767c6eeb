/**
 * The Calendar's data: one read of GET /api/calendar, and where each booking and hold sits on a
 * therapist's day (minutes from midnight), their days off, and the hours worth drawing.
 */

import { minuteOfDay, weekdayOf } from '../../../worker/shared/bookings/schedule';
import { addDays } from '../../../worker/shared/time';
import { adminRequest, api } from '../frame/admin-api';

export const loadCalendar = async (from: string, to: string) => {
  const view = await adminRequest(api.calendar.$get({ query: { from, to } }));
  return { rows: [view], total: view.bookings.length };
};

export type CalendarData = Awaited<ReturnType<typeof loadCalendar>>['rows'][number];

export type Booking = CalendarData['bookings'][number];

type Hold = CalendarData['holds'][number];

export type Therapist = CalendarData['therapists'][number];

/** Height of one minute on screen: an hour is 90 px, a 30-minute visit 45 px (its name and time on two whole lines). */
export const PX_PER_MINUTE = 1.5;

/** A booking or a hold placed on a column: minutes from that day's midnight. */
interface Placed {
  key: string;
  start: number;
  end: number;
  booking?: Booking;
  hold?: Hold;
}

/** What a therapist holds on `date`, including a visit from the day before that runs into it. */
export function placedOn(data: CalendarData, therapistId: string, date: string): Placed[] {
  const offset = (day: string) => (day === date ? 0 : day === addDays(date, -1) ? -1440 : undefined);
  const placed: Placed[] = [];
  for (const booking of data.bookings) {
    const shift = offset(booking.date);
    if (shift === undefined || booking.therapist?._id !== therapistId || booking.needsAttention) continue;
    const start = minuteOfDay(booking.time) + shift;
    placed.push({ key: booking._id, start, end: start + booking.durationMinutes, booking });
  }
  for (const hold of data.holds) {
    const shift = offset(hold.date);
    if (shift === undefined || hold.therapistId !== therapistId) continue;
    const start = minuteOfDay(hold.time) + shift;
    placed.push({ key: hold.reference, start, end: start + hold.durationMinutes, hold });
  }
  return placed.filter((item) => item.end > 0 && item.start < 1440);
}

/** Why a therapist does not work on `date`, or undefined when they do. */
export function offReason(therapist: Therapist, date: string): string | undefined {
  const off = therapist.timeOff.find((day) => day.date === date);
  if (off) return `Day off: ${off.reason}`;
  if (!therapist.active) return 'Inactive';
  if (therapist.hours[weekdayOf(date) as keyof Therapist['hours']].length === 0) return 'Not working';
  return undefined;
}

/** The hours the grid shows: the working day (09:00–18:00 at least), widened to what is booked. */
export function visibleHours(data: CalendarData, dates: string[], therapists: Therapist[]) {
  let first = 9 * 60;
  let last = 18 * 60;
  for (const date of dates) {
    for (const therapist of therapists) {
      for (const range of therapist.hours[weekdayOf(date) as keyof Therapist['hours']]) {
        first = Math.min(first, minuteOfDay(range.start));
        last = Math.max(last, minuteOfDay(range.end));
      }
      for (const item of placedOn(data, therapist._id, date)) {
        first = Math.min(first, Math.max(0, item.start));
        last = Math.max(last, Math.min(1440, item.end));
      }
    }
  }
  return { first: Math.floor(first / 60) * 60, last: Math.min(1440, Math.ceil(last / 60) * 60) };
}

/** One column of the grid: a therapist on a date (the day view's columns, or a week's days). */
export interface Column {
  key: string;
  heading: string;
  date: string;
  therapist: Therapist;
  off?: string;
}
