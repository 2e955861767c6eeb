/**
 * Who can give a visit, and when: the therapists (their treatments, weekly hours and days off), the
 * rooms, the treatments' lengths, the closed days and the time already held, read in one D1 round
 * trip (one batch), and the free start times worked out from them. The rule itself (no therapist or
 * room booked twice at once) lives in the data (time-blocks.ts); this only chooses what to try.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import {
  BLOCKS_PER_DAY,
  blockAt,
  blockCount,
  epochDay,
  LAST_START_MINUTE,
  minuteOfDay,
  overnightMinutes,
  type StartStep,
  startTimes,
  type TreatmentTiming,
  visitLength,
  weekdayOf,
} from '../../shared/bookings/schedule';
import { compareNames } from '../../shared/names';
import { addDays, lagosDate, lagosToUtc } from '../../shared/time';
import { unchangedSince, versionStatement } from '../kept-answers';
import { studioClosures, therapistDaysOff } from './day-rules';
import { blockCounts, roomResource, therapistResource } from './time-blocks';

export interface HoursRange {
  start: number;
  end: number;
}

export interface Therapist {
  id: string;
  name: string;
  active: boolean;
  treatments: Set<string>;
  /** Working ranges by weekday, 0 (Sunday) to 6, each sorted by start. */
  hours: HoursRange[][];
  /** Days off within the loaded window: date → reason. */
  timeOff: Map<string, string>;
}

export interface Room {
  id: string;
  name: string;
  active: boolean;
  treatments: Set<string>;
}

export interface Schedule {
  therapists: Therapist[];
  rooms: Room[];
  /** Every treatment's length and buffer, as staff set them on the menu (hidden ones too). */
  timings: Map<string, TreatmentTiming>;
  /** Every treatment's name by id (bookings keep names; hidden ones too). */
  treatmentNames: Map<string, string>;
  step: StartStep;
  closures: Map<string, string>;
  /** The first block of the loaded window; `busy` arrays are indexed from it. */
  firstBlock: number;
  blockCount: number;
  /** Held blocks per resource ("t:<id>", "r:<id>"): 1 where a booking or a live hold has it. */
  busy: Map<string, Uint8Array>;
}

/** The roster of a schedule: who works, where, for how long, on which start times. */
type Roster = Pick<Schedule, 'therapists' | 'rooms' | 'timings' | 'treatmentNames' | 'step'>;

/**
 * Reads everything availability needs for the Lagos dates `from` to `to` in one round trip: the
 * roster (therapists with their treatments, hours and days off ahead, rooms, treatment lengths, the
 * start step) as one row of JSON, and the closed days and held blocks as another; the blocks come
 * aggregated, one entry per resource and day with the day's 96 blocks as two 48-bit masks, so a
 * month of bookings is a few hundred entries, not tens of thousands. `excluding` selects payment
 * references whose blocks do not count (the booking being moved, a hold being replaced).
 * Availability for display is kept per schedule version instead (availability-answers.ts).
 */
export async function loadSchedule(
  db: Database,
  from: string,
  to: string,
  now: Date,
  options: { excluding?: SQL } = {},
): Promise<Schedule> {
  const window = scheduleWindow(from, to);
  const [rosterResult, timeResult] = await db.$client.batch<JsonRow>(
    scheduleStatements(db, window, now, options.excluding, sql`1`),
  );
  return scheduleOf(window, rosterResult?.results[0], timeResult?.results[0]);
}

/**
 * loadSchedule with the schedule's version in the same batch (one trip), for an answer kept under
 * it (availability-answers.ts): while the version is still `since`, nothing else is read and the
 * schedule is left out.
 */
export async function loadVersionedSchedule(
  db: Database,
  from: string,
  to: string,
  now: Date,
  since: number | undefined,
): Promise<{ version: number; schedule?: Schedule }> {
  const window = scheduleWindow(from, to);
  const [versionResult, rosterResult, timeResult] = await db.$client.batch<JsonRow>([
    versionStatement(db, 'schedule_version'),
    ...scheduleStatements(db, window, now, undefined, unchangedSince('schedule_version', since)),
  ]);
  const version = Number(versionResult?.results[0]?.version ?? 0);
  const roster = rosterResult?.results[0];
  return roster ? { version, schedule: scheduleOf(window, roster, timeResult?.results[0]) } : { version };
}

/** The blocks a schedule of `from` to `to` covers: the day after `to` too, which an overnight visit on `to` runs into. */
const scheduleWindow = (from: string, to: string) => ({
  from,
  to,
  firstBlock: blockAt(from, 0),
  endBlock: blockAt(addDays(to, 2), 0),
});

type ScheduleWindow = ReturnType<typeof scheduleWindow>;

/** The roster's statement and the time's, each reading only where `guard` holds. */
function scheduleStatements(
  db: Database,
  { from, to, firstBlock, endBlock }: ScheduleWindow,
  now: Date,
  excluding: SQL | undefined,
  guard: SQL,
) {
  const perDay = sql.raw(String(BLOCKS_PER_DAY));
  const notExcluded = excluding ? sql` and payment_reference not in (${excluding})` : sql``;
  const rosterQuery = sql`select
    (select json_group_array(json_object(
        'id', t.id, 'name', t.name, 'active', t.active, 'createdAt', t.created_at,
        'treatments', json((select json_group_array(treatment_id) from therapist_treatments where therapist_id = t.id)),
        'hours', json((select json_group_array(json_array(weekday, start_minute, end_minute))
          from therapist_hours where therapist_id = t.id)),
        'off', json((select json_group_array(json_array(date, reason)) from (${therapistDaysOff})
          where therapist_id = t.id and date >= ${addDays(lagosDate(now), -1)}))
      )) from therapists t) as therapists,
    (select json_group_array(json_object(
        'id', r.id, 'name', r.name, 'active', r.active, 'createdAt', r.created_at,
        'treatments', json((select json_group_array(treatment_id) from room_treatments where room_id = r.id))
      )) from rooms r) as rooms,
    (select json_group_array(json_array(id, duration_minutes, buffer_minutes, name)) from treatments) as timings,
    (select start_step_minutes from schedule_settings where id = 1) as step
    where ${guard}`;
  const timeQuery = sql`select
    (select json_group_array(json_array(date, reason)) from (${studioClosures}) where date between ${from} and ${to})
      as closures,
    -- The day's size is written into the SQL: D1 binds JavaScript numbers as floats, and
    -- block / 96.0 would not be a day number.
    (select json_group_array(json_array(resource, day, lo, hi)) from (
      select resource, block / ${perDay} as day,
        sum(case when block % ${perDay} < 48 then 1 << (block % ${perDay}) else 0 end) as lo,
        sum(case when block % ${perDay} >= 48 then 1 << (block % ${perDay} - 48) else 0 end) as hi
      from time_blocks
      where block >= ${firstBlock} and block < ${endBlock} and ${blockCounts(now.toISOString())}${notExcluded}
      group by resource, day)) as busy
    where ${guard}`;
  return [d1Statement(db, rosterQuery), d1Statement(db, timeQuery)];
}

/** The schedule from its two rows as read. */
function scheduleOf({ firstBlock, endBlock }: ScheduleWindow, rosterRow?: JsonRow, timeRow?: JsonRow): Schedule {
  const roster = parseRoster(rosterRow ?? {});
  const times = timeRow ?? {};
  const blocks = endBlock - firstBlock;
  const busy = new Map<string, Uint8Array>();
  for (const [resource, day, lo, hi] of jsonField<[string, number, number, number]>(times, 'busy')) {
    let flags = busy.get(resource);
    if (!flags) {
      flags = new Uint8Array(blocks);
      busy.set(resource, flags);
    }
    const dayStart = day * BLOCKS_PER_DAY - firstBlock;
    setBits(flags, dayStart, lo);
    setBits(flags, dayStart + 48, hi);
  }

  return {
    ...roster,
    closures: new Map(jsonField<[string, string]>(times, 'closures')),
    firstBlock,
    blockCount: blocks,
    busy,
  };
}

/** A row as D1 answers it: columns of JSON text (or a number). */
type JsonRow = Record<string, string | number | null>;

const jsonField = <T>(row: JsonRow, field: string): T[] => JSON.parse(String(row[field] ?? '[]')) as T[];

/** The roster row of loadSchedule's first statement, as the scheduling code uses it. */
function parseRoster(row: JsonRow): Roster {
  type Member = { id: string; name: string; active: number; createdAt: string; treatments: string[] };
  const therapists = jsonField<Member & { hours: Array<[number, number, number]>; off: Array<[string, string]> }>(
    row,
    'therapists',
  )
    .map((member): Therapist & { createdAt: string } => {
      const hours: HoursRange[][] = Array.from({ length: 7 }, () => []);
      for (const [weekday, start, end] of member.hours) hours[weekday]?.push({ start, end });
      for (const day of hours) day.sort((a, b) => a.start - b.start);
      return {
        id: member.id,
        name: member.name,
        active: Boolean(member.active),
        createdAt: member.createdAt,
        treatments: new Set(member.treatments),
        hours,
        timeOff: new Map(member.off),
      };
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || compareNames(a.name, b.name));

  const rooms = jsonField<Member>(row, 'rooms')
    .map((room) => ({
      id: room.id,
      name: room.name,
      active: Boolean(room.active),
      createdAt: room.createdAt,
      treatments: new Set(room.treatments),
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || compareNames(a.name, b.name));

  const rows = jsonField<[string, number | null, number, string]>(row, 'timings');
  const timings = new Map<string, TreatmentTiming>(
    rows.map(([id, durationMinutes, bufferMinutes]) => [id, { id, durationMinutes, bufferMinutes }]),
  );
  const treatmentNames = new Map(rows.map(([id, , , name]) => [id, name]));
  return { therapists, rooms, timings, treatmentNames, step: Number(row.step) === 30 ? 30 : 60 };
}

/** Marks the set bits of a (48-bit, so exact in a double) mask from `offset` on. */
function setBits(flags: Uint8Array, offset: number, mask: number) {
  let rest = mask;
  for (let bit = 0; rest > 0; bit++, rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) flags[offset + bit] = 1;
  }
}

/** True when `resource` holds none of the blocks from `first` (absolute) for `count` blocks. */
export function isFree(schedule: Schedule, resource: string, first: number, count: number): boolean {
  const flags = schedule.busy.get(resource);
  if (!flags) return true;
  const from = first - schedule.firstBlock;
  for (let index = from; index < from + count; index++) if (flags[index] === 1) return false;
  return true;
}

/** The blocks a resource holds on a date (for choosing the least busy therapist). */
function busyBlocksOn(schedule: Schedule, resource: string, date: string): number {
  const flags = schedule.busy.get(resource);
  if (!flags) return 0;
  const from = blockAt(date, 0) - schedule.firstBlock;
  let count = 0;
  for (let index = from; index < from + BLOCKS_PER_DAY; index++) count += flags[index] ?? 0;
  return count;
}

/** What a visitor or staff ask for: treatments (catalogue ids) and a therapist, or any. */
export interface Visit {
  treatmentIds: string[];
  therapistId: string | 'any';
}

/** One therapist who can give the whole visit at a start, with the rooms free for it, best first. */
export interface Candidate {
  therapistId: string;
  minutes: number;
  firstBlock: number;
  blocks: number;
  roomIds: string[];
}

export interface StartOption {
  time: string;
  /** How many visits could start then: free therapists, bounded by free suitable rooms. */
  left: number;
  /** Therapists who could, least busy that day first (the one "any" gets is the first). */
  candidates: Candidate[];
}

/** Active therapists who give every treatment of the visit (the named one only, when one is named). */
export function qualifiedTherapists(schedule: Schedule, visit: Visit): Therapist[] {
  return schedule.therapists.filter(
    (therapist) =>
      therapist.active &&
      (visit.therapistId === 'any' || therapist.id === visit.therapistId) &&
      visit.treatmentIds.every((id) => therapist.treatments.has(id)),
  );
}

/** Active rooms suited to every treatment of the visit, the most specialised first. */
function suitableRooms(schedule: Schedule, visit: Visit): Room[] {
  return schedule.rooms
    .filter((room) => room.active && visit.treatmentIds.every((id) => room.treatments.has(id)))
    .sort((a, b) => a.treatments.size - b.treatments.size);
}

/**
 * What a visit needs, worked out once per read rather than once per start time: its length, the
 * therapists who give all of it (the named one only) and the rooms suited to it.
 */
interface VisitPlan {
  length: { overnight: boolean; minutes: number };
  therapists: Therapist[];
  rooms: Room[];
}

function planVisit(schedule: Schedule, visit: Visit): VisitPlan {
  return {
    length: visitLength(visit.treatmentIds.map((id) => schedule.timings.get(id)).filter((t) => t !== undefined)),
    therapists: qualifiedTherapists(schedule, visit),
    rooms: suitableRooms(schedule, visit),
  };
}

/** The visit's length with `therapist` at `startMinute` on `date`, or undefined if it cannot start then. */
export function visitMinutes(
  schedule: Schedule,
  visit: Visit,
  therapist: Therapist,
  date: string,
  startMinute: number,
): number | undefined {
  return minutesWith(planVisit(schedule, visit).length, therapist, date, startMinute);
}

function minutesWith(
  length: VisitPlan['length'],
  therapist: Therapist,
  date: string,
  startMinute: number,
): number | undefined {
  if (therapist.timeOff.has(date)) return undefined;
  const ranges = therapist.hours[weekdayOf(date)] ?? [];
  if (length.overnight) {
    if (startMinute !== LAST_START_MINUTE) return undefined;
    if (!ranges.some((range) => range.start <= startMinute && startMinute < range.end)) return undefined;
    const nextMorning = therapist.hours[(weekdayOf(date) + 1) % 7]?.[0]?.start;
    return overnightMinutes(startMinute, nextMorning);
  }
  const fits = ranges.some((range) => range.start <= startMinute && startMinute + length.minutes <= range.end);
  return fits ? length.minutes : undefined;
}

/** False on a closed day or once the start has begun: nobody can start then. */
function startable(schedule: Schedule, date: string, time: string, now: Date): boolean {
  return !schedule.closures.has(date) && lagosToUtc(date, time).getTime() > now.getTime();
}

/** Who can take the visit at `time` on `date`, and with which rooms; none on a closed day or once begun. */
export function startOption(schedule: Schedule, visit: Visit, date: string, time: string, now: Date): StartOption {
  return optionAt(schedule, planVisit(schedule, visit), date, time, now);
}

function optionAt(schedule: Schedule, plan: VisitPlan, date: string, time: string, now: Date): StartOption {
  const none = { time, left: 0, candidates: [] };
  if (!startable(schedule, date, time, now)) return none;
  const startMinute = minuteOfDay(time);
  const firstBlock = blockAt(date, startMinute);
  const candidates: Array<Candidate & { load: number }> = [];
  let shortest = Number.POSITIVE_INFINITY;
  for (const therapist of plan.therapists) {
    const minutes = minutesWith(plan.length, therapist, date, startMinute);
    if (minutes === undefined) continue;
    const blocks = blockCount(minutes);
    if (!isFree(schedule, therapistResource(therapist.id), firstBlock, blocks)) continue;
    const roomIds = plan.rooms
      .filter((room) => isFree(schedule, roomResource(room.id), firstBlock, blocks))
      .map((room) => room.id);
    if (roomIds.length === 0) continue;
    shortest = Math.min(shortest, blocks);
    candidates.push({
      therapistId: therapist.id,
      minutes,
      firstBlock,
      blocks,
      roomIds,
      load: busyBlocksOn(schedule, therapistResource(therapist.id), date),
    });
  }
  if (candidates.length === 0) return none;
  const freeRooms = plan.rooms.filter((room) => isFree(schedule, roomResource(room.id), firstBlock, shortest)).length;
  candidates.sort((a, b) => a.load - b.load);
  return {
    time,
    left: Math.min(candidates.length, freeRooms),
    candidates: candidates.map(({ load: _load, ...candidate }) => candidate),
  };
}

/** True when someone could start the whole visit at `time` on `date` (optionAt's left > 0, sooner). */
function anyoneFree(schedule: Schedule, plan: VisitPlan, date: string, time: string, now: Date): boolean {
  if (!startable(schedule, date, time, now)) return false;
  const startMinute = minuteOfDay(time);
  const firstBlock = blockAt(date, startMinute);
  return plan.therapists.some((therapist) => {
    const minutes = minutesWith(plan.length, therapist, date, startMinute);
    if (minutes === undefined) return false;
    const blocks = blockCount(minutes);
    return (
      isFree(schedule, therapistResource(therapist.id), firstBlock, blocks) &&
      plan.rooms.some((room) => isFree(schedule, roomResource(room.id), firstBlock, blocks))
    );
  });
}

export interface DayAvailability {
  closed: boolean;
  reason?: string;
  durationMinutes: number;
  slots: Array<{ time: string; left: number; therapists: string[] }>;
}

/** The visit's length as the booking page shows it (an overnight one to 09:00 the next morning). */
export function visitDuration(schedule: Schedule, visit: Visit): number {
  const length = visitLength(visit.treatmentIds.map((id) => schedule.timings.get(id)).filter((t) => t !== undefined));
  return length.overnight ? overnightMinutes(LAST_START_MINUTE, undefined) : length.minutes;
}

/** Every start time of `date` with how many could start the whole visit then, and who. */
export function dayAvailability(schedule: Schedule, visit: Visit, date: string, now: Date): DayAvailability {
  const reason = schedule.closures.get(date);
  const plan = planVisit(schedule, visit);
  const slots = startTimes(schedule.step).map((time) => {
    const option = optionAt(schedule, plan, date, time, now);
    return {
      time,
      left: visit.therapistId === 'any' ? option.left : Math.min(1, option.left),
      therapists: option.candidates.map((candidate) => candidate.therapistId),
    };
  });
  const durationMinutes = visitDuration(schedule, visit);
  return reason === undefined
    ? { closed: false, durationMinutes, slots }
    : { closed: true, reason, durationMinutes, slots };
}

/** Each date from `from` to `to`: open when at least one start is free for the whole visit. */
export function monthAvailability(
  schedule: Schedule,
  visit: Visit,
  from: string,
  to: string,
  now: Date,
): Array<{ date: string; open: boolean }> {
  const days: Array<{ date: string; open: boolean }> = [];
  const times = startTimes(schedule.step);
  const plan = planVisit(schedule, visit);
  for (let day = epochDay(from); day <= epochDay(to); day++) {
    const date = addDays(from, day - epochDay(from));
    days.push({ date, open: times.some((time) => anyoneFree(schedule, plan, date, time, now)) });
  }
  return days;
}
