/**
 * Availability answers kept in the isolate (services/kept-answers.ts) under the schedule's version
 * and the minute they were worked out in. The version (schema.ts scheduleVersion) moves on with
 * every write that changes availability: a hold or booking, a payment lapsing or cancelled, the
 * team, rooms, treatments, closures, days off, settings. The minute covers what changes with the
 * clock alone (a hold running out, a start time passing).
 */
import type { Database } from '../../db/client';
import { keptAnswers } from '../kept-answers';

/** Enough for every query a month of visitors makes at once. */
const kept = keptAnswers('schedule_version', 500);

/** The schedule's version now. */
export const scheduleVersion = (db: Database) => kept.version(db);

/** The answer for `key` at `now`: kept if nothing changed since it was worked out, else `work()`'s. */
export function availabilityAnswer<T>(db: Database, key: string, now: Date, work: () => Promise<T>): Promise<T> {
  return kept.answer(db, key, work, Math.floor(now.getTime() / 60_000));
}
