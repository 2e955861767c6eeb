/**
 * Answers kept in the isolate under a version that the database moves on, by triggers, with every
 * write to what they are made of (a one-row table: schedule_version, bookings_version), written
 * through the API or not; and a stamp for what changes without a write (the minute, for what the
 * clock alone changes). A request reads the version, one small statement, and answers from memory
 * when nothing has changed. An answer is worked out from reads made after its version was read, so
 * it is never older than the version it is kept under.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type VersionTable = 'schedule_version' | 'bookings_version';

export interface KeptAnswers {
  /** The version now. */
  version(db: Database): Promise<number>;
  /** The answer for `key`: the kept one if nothing changed since it was worked out (same version and stamp), else `work()`'s. */
  answer<T>(db: Database, key: string, work: () => Promise<T>, stamp?: number): Promise<T>;
}

/** At most `maxAnswers` kept; the oldest goes first. */
export function keptAnswers(table: VersionTable, maxAnswers: number): KeptAnswers {
  const answers = new Map<string, { version: number; stamp: number; answer: unknown }>();
  const version = async (db: Database) => {
    const row = await db.get<{ version: number }>(sql`select version from ${sql.identifier(table)} where id = 1`);
    return Number(row?.version ?? 0);
  };
  return {
    version,
    async answer<T>(db: Database, key: string, work: () => Promise<T>, stamp = 0): Promise<T> {
      const now = await version(db);
      const kept = answers.get(key);
      if (kept && kept.version === now && kept.stamp === stamp) return kept.answer as T;
      const answer = await work();
      answers.delete(key);
      answers.set(key, { version: now, stamp, answer });
      if (answers.size > maxAnswers) {
        const oldest = answers.keys().next().value;
        if (oldest !== undefined) answers.delete(oldest);
      }
      return answer;
    },
  };
}
