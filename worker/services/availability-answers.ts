/**
 * Availability answers kept in the isolate under the schedule's version and the minute they were
 * worked out in. The version (schema.ts scheduleVersion) moves on, by triggers in the database,
 * with every write that changes availability: a hold or booking, a payment lapsing or cancelled,
 * the team, rooms, treatments, closures, days off, settings; written through the API or not. The
 * minute covers what changes with the clock alone (a hold running out, a start time passing).
 * A request reads the version, one small statement, and answers from memory when nothing has
 * changed; an answer is worked out from reads made after its version was read, so it is never
 * older than the version it is kept under.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Enough for every query a month of visitors makes at once; the oldest goes first. */
const MAX_ANSWERS = 500;

const answers = new Map<string, { version: number; minute: number; answer: unknown }>();

/** The schedule's version now. */
export async function scheduleVersion(db: Database): Promise<number> {
  const row = await db.get<{ version: number }>(sql`select version from schedule_version where id = 1`);
  return Number(row?.version ?? 0);
}

/** The answer for `key` at `now`: kept if nothing changed since it was worked out, else `work()`'s. */
export async function availabilityAnswer<T>(db: Database, key: string, now: Date, work: () => Promise<T>): Promise<T> {
  const version = await scheduleVersion(db);
  const minute = Math.floor(now.getTime() / 60_000);
  const kept = answers.get(key);
  if (kept && kept.version === version && kept.minute === minute) return kept.answer as T;
  const answer = await work();
  answers.delete(key);
  answers.set(key, { version, minute, answer });
  if (answers.size > MAX_ANSWERS) {
    const oldest = answers.keys().next().value;
    if (oldest !== undefined) answers.delete(oldest);
  }
  return answer;
}
