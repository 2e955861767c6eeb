/**
 * Utilisation (reportDefinitions.utilisation): booked minutes inside working time over working
 * minutes, per therapist and per room, per day and per hour of the day. A therapist works their
 * weekly hours except on their days off and closed days; a room is open while any therapist works.
 * A visit past midnight counts on each day for its part.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { minuteOfDay } from '../../shared/bookings/schedule';
import { daysBetween, type MinutesFigure, type Report, rate, type UtilisationRow } from '../../shared/report-rules';
import { addDays } from '../../shared/time';
import { datesOf, lagosDayOf, type ReportWindow } from './window';

type Range = [start: number, end: number];

const DAY = 1440;

/** Ranges sorted and merged (a room's day: the union of the therapists' hours). */
function union(ranges: Range[]): Range[] {
  const merged: Range[] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Minutes per hour of the day (24 entries) of the pieces of `ranges` inside [start, end). */
function addToHours(hours: number[], start: number, end: number) {
  for (let hour = Math.floor(start / 60); hour * 60 < end; hour += 1) {
    hours[hour] = (hours[hour] ?? 0) + Math.min(end, hour * 60 + 60) - Math.max(start, hour * 60);
  }
}

/** One therapist's or room's tally: per day of the period, and per hour of the day. */
class Tally {
  readonly booked: number[];
  readonly working: number[];
  readonly bookedHours = new Array<number>(24).fill(0);
  readonly workingHours = new Array<number>(24).fill(0);
  constructor(
    readonly id: string,
    readonly name: string,
    /** Working ranges per day of the period. */
    readonly ranges: Range[][],
  ) {
    this.booked = ranges.map(() => 0);
    this.working = ranges.map((day) => day.reduce((sum, [start, end]) => sum + end - start, 0));
    for (const day of ranges) for (const [start, end] of day) addToHours(this.workingHours, start, end);
  }

  /** A visit from minute `start` to `end`, counted from the period's first midnight. */
  addVisit(start: number, end: number) {
    for (let day = Math.max(0, Math.floor(start / DAY)); day < this.ranges.length && day * DAY < end; day += 1) {
      const from = Math.max(start - day * DAY, 0);
      const to = Math.min(end - day * DAY, DAY);
      for (const [rangeStart, rangeEnd] of this.ranges[day] ?? []) {
        const a = Math.max(from, rangeStart);
        const b = Math.min(to, rangeEnd);
        if (a >= b) continue;
        this.booked[day] = (this.booked[day] ?? 0) + b - a;
        addToHours(this.bookedHours, a, b);
      }
    }
  }

  row(days: string[]): UtilisationRow {
    return {
      id: this.id,
      name: this.name,
      ...figure(sum(this.booked), sum(this.working)),
      days: dayFigures(days, this.booked, this.working),
    };
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const figure = (bookedMinutes: number, workingMinutes: number): MinutesFigure => ({
  bookedMinutes,
  workingMinutes,
  rate: rate(bookedMinutes, workingMinutes),
});

const dayFigures = (days: string[], booked: number[], working: number[]) =>
  days.map((date, index) => ({ date, ...figure(booked[index] ?? 0, working[index] ?? 0) }));

/** A visit as the query answers it: therapist, room, date, time, minutes. */
type VisitRow = [therapistId: string | null, roomId: string | null, date: string, time: string, minutes: number];

export async function utilisation(db: Database, window: ReportWindow): Promise<Report['utilisation']> {
  const days = datesOf(window);
  // The longest visit (the overnight one) is under a day: the day before can reach into the period.
  const [people, hours, daysOff, closures, rooms, visitRows] = await Promise.all([
    db.all<{ id: string; name: string; since: string }>(sql`
      select id, name, ${lagosDayOf('created_at')} as since from therapists
      where active = 1 or id in (select therapist_id from bookings where date between ${window.from} and ${window.to})
      order by name`),
    db.all<{ therapistId: string; weekday: number; start: number; end: number }>(sql`
      select therapist_id as "therapistId", weekday, start_minute as start, end_minute as "end" from therapist_hours`),
    db.all<{ therapistId: string; date: string }>(sql`
      select therapist_id as "therapistId", date from therapist_time_off where date between ${window.from} and ${window.to}`),
    db.all<{ date: string }>(sql`select date from closures where date between ${window.from} and ${window.to}`),
    db.all<{ id: string; name: string; since: string }>(sql`
      select id, name, ${lagosDayOf('created_at')} as since from rooms
      where active = 1 or id in (select room_id from bookings where date between ${window.from} and ${window.to})
      order by name`),
    // As one JSON text: a year's 25,000 rows cost D1 more as rows than as one value.
    db.get<{ visits: string }>(sql`
      select json_group_array(json_array(therapist_id, room_id, date, time, duration_minutes)) as visits
      from bookings where date between ${addDays(window.from, -1)} and ${window.to} and service_status <> 'cancelled'
        -- Paid into a time already taken, it holds none (staff must move it): not booked time twice.
        and needs_attention = 0`),
  ]);
  const visits = (JSON.parse(visitRows?.visits ?? '[]') as VisitRow[]).map(
    ([therapistId, roomId, date, time, minutes]) => ({ therapistId, roomId, date, time, minutes }),
  );
  const closed = new Set(closures.map((row) => row.date));
  const off = new Set(daysOff.map((row) => `${row.therapistId} ${row.date}`));
  const weekly = new Map<string, Range[]>();
  for (const row of hours) {
    const key = `${row.therapistId} ${row.weekday}`;
    weekly.set(key, [...(weekly.get(key) ?? []), [row.start, row.end]]);
  }
  // No working time before they (or a room) were added, or first booked (history older than the record).
  const firstBooked = new Map<string, string>();
  for (const visit of visits) {
    for (const key of [`t:${visit.therapistId}`, `r:${visit.roomId}`]) {
      if (visit.date < (firstBooked.get(key) ?? '9999')) firstBooked.set(key, visit.date);
    }
  }
  const sinceOf = (kind: 't' | 'r', row: { id: string; since: string }) => {
    const booked = firstBooked.get(`${kind}:${row.id}`);
    return booked && booked < row.since ? booked : row.since;
  };
  const rangesOf = (therapistId: string, since: string) =>
    days.map((date) =>
      date < since || closed.has(date) || off.has(`${therapistId} ${date}`)
        ? []
        : (weekly.get(`${therapistId} ${new Date(`${date}T00:00:00Z`).getUTCDay()}`) ?? []),
    );
  const therapists = new Map(
    people.map((person) => [person.id, new Tally(person.id, person.name, rangesOf(person.id, sinceOf('t', person)))]),
  );
  const openRanges = days.map((_, day) => union([...therapists.values()].flatMap((tally) => tally.ranges[day] ?? [])));
  const roomRanges = (since: string) => openRanges.map((ranges, day) => ((days[day] ?? '') < since ? [] : ranges));
  const roomTallies = new Map(
    rooms.map((room) => [room.id, new Tally(room.id, room.name, roomRanges(sinceOf('r', room)))]),
  );
  for (const visit of visits) {
    const begins = (daysBetween(window.from, visit.date) - 1) * DAY + minuteOfDay(visit.time);
    const ends = begins + Number(visit.minutes);
    if (visit.therapistId) therapists.get(visit.therapistId)?.addVisit(begins, ends);
    if (visit.roomId) roomTallies.get(visit.roomId)?.addVisit(begins, ends);
  }
  const all = [...therapists.values()];
  const booked = days.map((_, day) => sum(all.map((tally) => tally.booked[day] ?? 0)));
  const working = days.map((_, day) => sum(all.map((tally) => tally.working[day] ?? 0)));
  return {
    total: figure(sum(booked), sum(working)),
    days: dayFigures(days, booked, working),
    hours: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      ...figure(
        sum(all.map((tally) => tally.bookedHours[hour] ?? 0)),
        sum(all.map((tally) => tally.workingHours[hour] ?? 0)),
      ),
    })),
    therapists: all.map((tally) => tally.row(days)),
    rooms: [...roomTallies.values()].map((tally) => tally.row(days)),
  };
}
