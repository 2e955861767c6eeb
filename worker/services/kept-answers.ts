/**
 * Answers kept in the isolate under a version that the database moves on, by triggers, with every
 * write to what they are made of (a one-row table: schedule_version, bookings_version), written
 * through the API or not; and a stamp for what changes without a write (the minute, for what the
 * clock alone changes). An answer is worked out from reads made with or after its version's read,
 * so it is never older than the version it is kept under.
 *
 * Two ways to ask: `answer` reads the version, then works the answer out if it moved (two trips to
 * D1 when it did); `answerInOneTrip` hands the work the kept version, and the work reads the
 * version in its own batch, its other statements guarded by `unchangedSince` so that they read
 * nothing while the kept answer still holds (one trip, whatever changed).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../db/client';

type VersionTable = 'schedule_version' | 'bookings_version';

/** What a one-trip work answers: the version it read, and its answer unless the kept one holds. */
export interface Versioned<T> {
  version: number;
  answer?: T;
}

export interface KeptAnswers {
  /** The version now. */
  version(db: Database): Promise<number>;
  /** The answer for `key`: the kept one if nothing changed since it was worked out (same version and stamp), else `work()`'s. */
  answer<T>(db: Database, key: string, work: () => Promise<T>, stamp?: number): Promise<T>;
  /**
   * The answer for `key` in the one batch `work` sends: it gets the kept answer's version (none
   * when there is none for this stamp) and answers without an answer when that version still holds.
   */
  answerInOneTrip<T>(
    key: string,
    work: (since: number | undefined) => Promise<Versioned<T>>,
    stamp?: number,
  ): Promise<T>;
}

const versionSql = (table: VersionTable) => sql`select version from ${sql.identifier(table)} where id = 1`;

/** The statement that reads `table`'s version, for a batch of its own work. */
export const versionStatement = (db: Database, table: VersionTable) => d1Statement(db, versionSql(table));

/** True unless `table`'s version is still `since`: the guard of a one-trip work's reads. */
export const unchangedSince = (table: VersionTable, since: number | undefined): SQL =>
  since === undefined ? sql`1` : sql`(${versionSql(table)}) is not ${since}`;

/** True while `table`'s version is still `version`: the guard of a write made from a kept read. */
export const stillAt = (table: VersionTable, version: number): SQL => sql`(${versionSql(table)}) = ${version}`;

/** At most `maxAnswers` kept; the oldest goes first. */
export function keptAnswers(table: VersionTable, maxAnswers: number): KeptAnswers {
  const answers = new Map<string, { version: number; stamp: number; answer: unknown }>();
  const version = async (db: Database) => {
    const row = await db.get<{ version: number }>(versionSql(table));
    return Number(row?.version ?? 0);
  };
  const keep = (key: string, entry: { version: number; stamp: number; answer: unknown }) => {
    answers.delete(key);
    answers.set(key, entry);
    if (answers.size > maxAnswers) {
      const oldest = answers.keys().next().value;
      if (oldest !== undefined) answers.delete(oldest);
    }
  };
  return {
    version,
    async answer<T>(db: Database, key: string, work: () => Promise<T>, stamp = 0): Promise<T> {
      const now = await version(db);
      const kept = answers.get(key);
      if (kept && kept.version === now && kept.stamp === stamp) return kept.answer as T;
      const answer = await work();
      keep(key, { version: now, stamp, answer });
      return answer;
    },
    async answerInOneTrip<T>(key: string, work: (since: number | undefined) => Promise<Versioned<T>>, stamp = 0) {
      const kept = answers.get(key);
      const since = kept && kept.stamp === stamp ? kept.version : undefined;
      const result = await work(since);
      if (result.answer !== undefined) {
        keep(key, { version: result.version, stamp, answer: result.answer });
        return result.answer;
      }
      // The guard read nothing: the version was still the kept one (a batch is one transaction).
      if (kept && since === result.version) return kept.answer as T;
      throw new Error(`A kept answer's work answered nothing at version ${result.version}, not ${since}`);
    },
  };
}
