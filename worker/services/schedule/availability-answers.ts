/**
 * Availability answers kept in the isolate (services/kept-answers.ts) under the schedule's version
 * and the minute they were worked out in. The version (schema.ts scheduleVersion) moves on with
 * every write that changes availability: a hold or booking, a payment lapsing or cancelled, the
 * team, rooms, treatments, closures, days off, settings. The minute covers what changes with the
 * clock alone (a hold running out, a start time passing).
 */
import type { Database } from '../../db/client';
import { keptAnswers } from '../kept-answers';
import { loadVersionedSchedule, type Schedule } from './schedule';

/** Enough for every query a month of visitors makes at once. */
const kept = keptAnswers('schedule_version', 500);

/** The schedule's version now. */
export const scheduleVersion = (db: Database) => kept.version(db);

/**
 * The answer for `key` at `now`, in one trip: the schedule of `from` to `to` is read with the
 * version, unless the kept answer still holds; `work` makes the answer from the schedule.
 */
export function availabilityAnswer<T>(
  db: Database,
  key: string,
  window: { from: string; to: string; now: Date },
  work: (schedule: Schedule) => T,
): Promise<T> {
  const { from, to, now } = window;
  return kept.answerInOneTrip(
    key,
    async (since) => {
      const { version, schedule } = await loadVersionedSchedule(db, from, to, now, since);
      if (schedule && from === to) keepDaySchedule(from, version, schedule);
      return { version, answer: schedule ? work(schedule) : undefined };
    },
    Math.floor(now.getTime() / 60_000),
  );
}

/** A day's schedule as availability last read it, under its version: what a payment's start may book from. */
export interface KeptSchedule {
  version: number;
  schedule: Schedule;
}

/** Two months of days at most; the oldest kept goes first. */
const MAX_DAYS = 62;
const daySchedules = new Map<string, KeptSchedule>();

function keepDaySchedule(date: string, version: number, schedule: Schedule) {
  daySchedules.delete(date);
  daySchedules.set(date, { version, schedule });
  const oldest = daySchedules.size > MAX_DAYS ? daySchedules.keys().next().value : undefined;
  if (oldest !== undefined) daySchedules.delete(oldest);
}

/**
 * The day's schedule the visitor was just shown (they look at a day's times before they book
 * one), or undefined. It may be stale: whoever books from it guards on its version (its holds
 * that lapsed since only make it busier than it is, never freer).
 */
export const keptDaySchedule = (date: string): KeptSchedule | undefined => daySchedules.get(date);
