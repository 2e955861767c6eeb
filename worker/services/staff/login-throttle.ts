/**
 * Staff login attempts, counted in D1 before the password is checked: each attempt takes one from
 * its network's allowance (MAX_FAILURES in a 15-minute window starting at the first) and, only if
 * that allowed it, one from the username's (a higher MAX_USERNAME_FAILURES, so guesses spread over
 * many networks are still stopped). A success gives both back. Each count is one atomic upsert
 * (`failures = failures + 1 … RETURNING failures`), so fifty guesses at once from one network get
 * at most five password checks and the rest 429: never lost counts or KV's one-write-a-second
 * errors, as a read-then-write count had.
 */
import { sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { isoBefore } from '../../shared/time';

export const MAX_FAILURES = 5;
export const MAX_USERNAME_FAILURES = 20;
/** Authenticator codes an account may get wrong in a window, whatever the tickets and networks. */
export const MAX_SECOND_FACTOR_FAILURES = 10;
/**
 * Password checks one account may have in a window, whatever the networks and names they came
 * under: the username's lock lets the account's right password through to its authenticator code
 * (admin-login.ts), so without this cap guessers spread over many networks would go on having
 * their guesses checked. Well above the username's own allowance, so the holder is locked out only
 * by a siege of more than thirty further guesses in the window, and then only until it ends.
 */
export const MAX_ACCOUNT_PASSWORD_CHECKS = 50;
export const WINDOW_SECONDS = 15 * 60;

export interface AttemptKeys {
  /** The client's network (an IPv4 address or IPv6 /64; 'local' without Cloudflare in front). */
  network: string;
  username: string;
  /** The account whose password was checked, once known: its count is given back too on success. */
  accountId?: string;
}

const networkKey = (keys: AttemptKeys) => `network:${keys.network}`;
const usernameKey = (keys: AttemptKeys) => `username:${keys.username.trim().toLowerCase()}`;
const secondFactorKey = (accountId: string) => `second-factor:${accountId}`;
const passwordCheckKey = (accountId: string) => `password-checks:${accountId}`;

/**
 * One more attempt for `key` in its window (a window that has passed starts again at 1), taken
 * only when `allowed` holds; RETURNING tells the count and the window's start.
 */
function countAttempt(db: Database, key: string, now: Date, allowed = sql`true`) {
  const nowIso = now.toISOString();
  const windowOpenSince = isoBefore(now, WINDOW_SECONDS, 'seconds');
  return d1Statement(
    db,
    sql`insert into login_failures (key, failures, window_started_at)
      select ${key}, 1, ${nowIso} where ${allowed}
      on conflict (key) do update set
        failures = case when window_started_at <= ${windowOpenSince} then 1 else failures + 1 end,
        window_started_at = case when window_started_at <= ${windowOpenSince} then ${nowIso} else window_started_at end
      returning failures, window_started_at`,
  );
}

type Counted = { failures: number; window_started_at: string };

/**
 * Counts an attempt and says whether its password may be checked, or how many seconds until the
 * network or username may try again. `networkAllowed` says the lock is the username's alone (many
 * networks guessing one name): the right password may then still go on to a second factor, so a
 * stranger's guesses cannot lock the account's holder out.
 */
export async function takeAttempt(
  db: Database,
  keys: AttemptKeys,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number; networkAllowed: boolean }> {
  const networkAllows = sql`(select failures from login_failures where key = ${networkKey(keys)}) <= ${MAX_FAILURES}`;
  const [network, username] = await db.$client.batch<Counted>([
    countAttempt(db, networkKey(keys), now),
    countAttempt(db, usernameKey(keys), now, networkAllows),
  ]);
  const over = [
    { row: network?.results[0], limit: MAX_FAILURES },
    // No row: the network's allowance had run out, so the username's was not touched.
    { row: username?.results[0], limit: MAX_USERNAME_FAILURES },
  ].filter(({ row, limit }) => !row || row.failures > limit);
  if (over.length === 0) return { allowed: true };
  const networkRow = network?.results[0];
  const networkAllowed = Boolean(networkRow && networkRow.failures <= MAX_FAILURES);
  const windowEnds = over
    .map(({ row }) => row?.window_started_at ?? network?.results[0]?.window_started_at)
    .map((started) => Date.parse(started ?? now.toISOString()) + WINDOW_SECONDS * 1000);
  return { allowed: false, retryAfterSeconds: secondsUntil(Math.max(...windowEnds), now), networkAllowed };
}

const secondsUntil = (time: number, now: Date) => Math.max(1, Math.ceil((time - now.getTime()) / 1000));

/**
 * One more check of the account's password, counted before it is checked (any name, any network):
 * allowed while the account has had at most MAX_ACCOUNT_PASSWORD_CHECKS in its window.
 */
export async function takePasswordCheck(
  db: Database,
  accountId: string,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const row = await countAttempt(db, passwordCheckKey(accountId), now).first<Counted>();
  if ((row?.failures ?? MAX_ACCOUNT_PASSWORD_CHECKS + 1) <= MAX_ACCOUNT_PASSWORD_CHECKS) return { allowed: true };
  const windowEnd = Date.parse(row?.window_started_at ?? now.toISOString()) + WINDOW_SECONDS * 1000;
  return { allowed: false, retryAfterSeconds: secondsUntil(windowEnd, now) };
}

/**
 * One more authenticator code for the account, counted before it is checked (a right one clears
 * the count): allowed while the account has had at most MAX_SECOND_FACTOR_FAILURES in its window.
 * `lastAllowed`: this is the last one the window allows (if wrong, the account is now locked).
 */
export async function takeSecondFactorAttempt(
  db: Database,
  accountId: string,
  now: Date,
): Promise<{ allowed: true; lastAllowed: boolean } | { allowed: false; retryAfterSeconds: number }> {
  const row = await countAttempt(db, secondFactorKey(accountId), now).first<Counted>();
  const failures = row?.failures ?? MAX_SECOND_FACTOR_FAILURES + 1;
  if (failures <= MAX_SECOND_FACTOR_FAILURES) {
    return { allowed: true, lastAllowed: failures === MAX_SECOND_FACTOR_FAILURES };
  }
  const windowEnd = Date.parse(row?.window_started_at ?? now.toISOString()) + WINDOW_SECONDS * 1000;
  return { allowed: false, retryAfterSeconds: secondsUntil(windowEnd, now) };
}

/** The account's second step succeeded (or an owner reset its factors): its wrong codes are forgiven. */
export async function clearSecondFactorFailures(db: Database, accountId: string): Promise<void> {
  await db.run(sql`delete from login_failures where key = ${secondFactorKey(accountId)}`);
}

/** A signed-in person: their network, their username and their account's password checks start counting afresh. */
export async function clearAttempts(db: Database, keys: AttemptKeys): Promise<void> {
  const account = keys.accountId ? passwordCheckKey(keys.accountId) : networkKey(keys);
  await db.run(sql`delete from login_failures where key in (${networkKey(keys)}, ${usernameKey(keys)}, ${account})`);
}

/** Windows that have passed are forgotten (the cron). */
export async function forgetOldAttempts(db: Database, now: Date): Promise<void> {
  const windowOpenSince = isoBefore(now, WINDOW_SECONDS, 'seconds');
  await db.run(sql`delete from login_failures where window_started_at <= ${windowOpenSince}`);
}
