import { formatAppointment, formatTime } from '../time';

/**
 * The arithmetic of the studio's time, shared by the booking page and the worker: start times,
 * a visit's length from its treatments, and the 15-minute blocks a visit holds (Lagos wall time,
 * counted from 1970-01-01 00:00; Nigeria keeps no daylight saving, so every day has 96 blocks).
 * No zod and no I/O here: the booking page needs it at first paint.
 */

export const BLOCK_MINUTES = 15;
export const BLOCKS_PER_DAY = (24 * 60) / BLOCK_MINUTES;

/** The first and the last start time of the day (the spec's 09:00 to 17:00). */
export const FIRST_START_MINUTE = 9 * 60;
export const LAST_START_MINUTE = 17 * 60;
/** Where an overnight visit ends when its therapist has no hours the next day. */
export const DEFAULT_DAY_START_MINUTE = 9 * 60;

export const startSteps = [60, 30] as const;
export type StartStep = (typeof startSteps)[number];

/** A visit of no chosen treatment (availability asked without treatments) is an hour long. */
export const DEFAULT_VISIT_MINUTES = 60;

/** "HH:MM" → minutes from midnight. */
export function minuteOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes from midnight → "HH:MM" (wrapping past midnight: an overnight visit ends next day). */
export function clockTime(minute: number): string {
  const wrapped = ((minute % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/** True for "HH:MM" on a quarter hour. */
export function isQuarterHour(time: string): boolean {
  return /^([01]\d|2[0-3]):(00|15|30|45)$/.test(time);
}

/** The start times a visitor may choose: 09:00 to 17:00 every hour, or every half hour. */
export function startTimes(step: StartStep): string[] {
  const times: string[] = [];
  for (let minute = FIRST_START_MINUTE; minute <= LAST_START_MINUTE; minute += step) times.push(clockTime(minute));
  return times;
}

/** Every start time either step can offer (what a request may name; the setting decides which hold). */
export const anyStartTimes = startTimes(30);

/** The end of a visit as "HH:MM" ("09:00" the next morning for an overnight one). */
export function endTimeOf(time: string, durationMinutes: number): string {
  return clockTime(minuteOfDay(time) + durationMinutes);
}

/** Days since 1970-01-01 of a yyyy-MM-dd date. */
export function epochDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/** The yyyy-MM-dd date of an epoch day. */
export function dateOfEpochDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The block a Lagos date and minute of the day begins. */
export function blockAt(date: string, minute: number): number {
  return epochDay(date) * BLOCKS_PER_DAY + Math.floor(minute / BLOCK_MINUTES);
}

/** How many blocks a visit of `minutes` holds (a part block counts whole). */
export function blockCount(minutes: number): number {
  return Math.ceil(minutes / BLOCK_MINUTES);
}

/** 0 (Sunday) to 6 of a yyyy-MM-dd date, as JavaScript and SQLite's strftime('%w') count. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export interface TreatmentTiming {
  id: string;
  /** Null for the overnight treatment. */
  durationMinutes: number | null;
  bufferMinutes: number;
}

/**
 * The length of a visit given back to back by one therapist: the sum of its treatments and their
 * buffers; `overnight` when it holds the overnight treatment (its length then depends on the
 * therapist's next morning, see overnightMinutes).
 */
export function visitLength(timings: readonly TreatmentTiming[]): { overnight: boolean; minutes: number } {
  if (timings.length === 0) return { overnight: false, minutes: DEFAULT_VISIT_MINUTES };
  const overnight = timings.some((timing) => timing.durationMinutes === null);
  const minutes = timings.reduce((sum, timing) => sum + (timing.durationMinutes ?? 0) + timing.bufferMinutes, 0);
  return { overnight, minutes };
}

/** An overnight visit starting at `startMinute` lasts until the therapist's first hour next morning. */
export function overnightMinutes(startMinute: number, nextMorningMinute: number | undefined): number {
  return 1440 - startMinute + (nextMorningMinute ?? DEFAULT_DAY_START_MINUTE);
}

/** "9:00 AM – 11:30 AM" (the site's one time style), with "(next day)" for a visit that ends after midnight. */
export function timeRange(time: string, durationMinutes: number): string {
  const nextDay = minuteOfDay(time) + durationMinutes >= 1440;
  return `${formatTime(time)} – ${formatTime(endTimeOf(time, durationMinutes))}${nextDay ? ' (next day)' : ''}`;
}

/**
 * A visit as people read it: "Friday, 27 November 2026 at 11:00 AM – 1:30 PM", and "… – 9:00 AM
 * the next day" for one that ends after midnight.
 */
export function formatVisit(date: string, time: string, durationMinutes: number): string {
  const nextDay = minuteOfDay(time) + durationMinutes >= 1440 ? ' the next day' : '';
  return `${formatAppointment(date, time)} – ${formatTime(endTimeOf(time, durationMinutes))}${nextDay}`;
}
