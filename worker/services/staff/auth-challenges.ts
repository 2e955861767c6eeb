/**
 * Single-use values of the sign-in ceremonies (the table's comment says why D1): issued with a
 * time to live, tried a bounded number of times, used once. Every take is one statement, so the
 * same value used twice at once succeeds once.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authChallenges } from '../../db/schema';

export interface AuthChallenge {
  accountId: string | null;
  payload: Record<string, string>;
  tries: number;
}

/** Keeps `key` for `ttlSeconds` (a new value under the same key replaces the old one). */
export async function putChallenge(
  db: Database,
  key: string,
  value: { accountId?: string; payload: Record<string, string> },
  ttlSeconds: number,
  now: Date,
): Promise<void> {
  const row = {
    key,
    accountId: value.accountId ?? null,
    payload: value.payload,
    tries: 0,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
  };
  await db
    .insert(authChallenges)
    .values(row)
    .onConflictDoUpdate({ target: authChallenges.key, set: { ...row, key: undefined } });
}

const live = (key: string, now: Date) =>
  and(eq(authChallenges.key, key), gt(authChallenges.expiresAt, now.toISOString()));

/** Uses `key` up: its value when it was live, for this caller alone. */
export async function takeChallenge(db: Database, key: string, now: Date): Promise<AuthChallenge | null> {
  const [row] = await db.delete(authChallenges).where(live(key, now)).returning();
  return row ? { accountId: row.accountId, payload: row.payload, tries: row.tries } : null;
}

/** One more try of `key`, while it is live and has had fewer than `maxTries`: its value, or null. */
export async function tryChallenge(
  db: Database,
  key: string,
  maxTries: number,
  now: Date,
): Promise<AuthChallenge | null> {
  const [row] = await db
    .update(authChallenges)
    .set({ tries: sql`${authChallenges.tries} + 1` })
    .where(and(live(key, now), sql`${authChallenges.tries} < ${maxTries}`))
    .returning();
  return row ? { accountId: row.accountId, payload: row.payload, tries: row.tries } : null;
}

/** Ends every live value of an account (its factors changed, it was reset or deactivated). */
export async function dropChallengesOf(db: Database, accountId: string): Promise<void> {
  await db.delete(authChallenges).where(eq(authChallenges.accountId, accountId));
}

/** Values past their time are forgotten (the cron). */
export async function forgetExpiredChallenges(db: Database, now: Date): Promise<void> {
  await db.delete(authChallenges).where(lte(authChallenges.expiresAt, now.toISOString()));
}
