/**
 * The second factor: an authenticator app's 6-digit codes (TOTP, RFC 6238, through @oslojs/otp)
 * or a passkey. Owners and managers must have one wherever SITE_URL is public (a local install,
 * the tests and `npm start` sign in with the password alone). With an authenticator app, a
 * password sign-in gives a one-time ticket (5 minutes, 5 tries) that its code turns into a
 * session; with only passkeys, they sign in with the passkey; with neither yet, the session opens
 * nothing but their own account until they add one.
 *
 * Guessing the code is bounded three ways, each one statement in D1: a ticket's tries
 * (auth-challenges.ts), the account's wrong codes whatever the ticket or network (10 in 15
 * minutes, login-throttle.ts), and each code's time step accepted once (`totp_last_step`). The
 * app's key is kept sealed (secret-box.ts) under a key of its own purpose.
 */
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAccounts } from '../../db/schema';
import { type StaffRole, secondFactorRoles } from '../../shared/permissions';
import { studioName } from '../../shared/site-paths';
import { isSealed, seal, unseal } from '../secret-box';
import { randomToken, sha256Hex } from '../signing';
import { isLocalSite } from '../site-config';
import { putChallenge, takeChallenge, tryChallenge } from './auth-challenges';
import { type AttemptKeys, clearAttempts, clearSecondFactorFailures, takeSecondFactorAttempt } from './login-throttle';

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const PENDING_TTL_SECONDS = 600;
const TICKET_TTL_SECONDS = 300;
/** Wrong codes a ticket takes before it is gone (a guess in a million each). */
export const TICKET_TRIES = 5;
/** Wrong codes while confirming a new app before it must be started again. */
const SETUP_TRIES = 10;
/** The purpose whose key seals the apps' keys (secret-box.ts), under ADMIN_PASSWORD_PEPPER. */
const TOTP_KEY_PURPOSE = 'totp-keys';

export const secondFactorMessages = {
  setupRequired: 'Please add a passkey or an authenticator app to your account first (Your account).',
  wrongCode: 'That code is not right. Please enter the 6 digits your authenticator app shows now.',
  noSetup: 'Please start again: choose Add an authenticator app.',
  ticket: 'That took too long. Please sign in again.',
  usePasskey: 'Your account signs in with a passkey. Please choose Sign in with a passkey.',
  accountLocked:
    'Too many wrong codes for this account. Please wait 15 minutes and try again; the account’s owner has been told.',
} as const;

/** Whether a person of `role` must have a second factor on this install. */
export const secondFactorRequired = (siteUrl: string, role: StaffRole) =>
  !isLocalSite(siteUrl) && (secondFactorRoles as readonly StaffRole[]).includes(role);

/** What second factors the account has. */
export async function secondFactorsOf(db: Database, accountId: string) {
  const [row] = await db
    .select({
      totp: sql<number>`${staffAccounts.totpSecret} is not null`,
      // Written out: drizzle leaves a lone table's columns unqualified, and "id" would be the passkey's.
      passkeys: sql<number>`(select count(*) from staff_passkeys p where p.account_id = staff_accounts.id)`,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, accountId));
  return { totp: Boolean(row?.totp), passkeys: Number(row?.passkeys ?? 0) };
}

const pendingKey = (accountId: string) => `totp-pending:${accountId}`;
const sealKey = (pepper: string, accountId: string, key: Uint8Array) => seal(pepper, TOTP_KEY_PURPOSE, accountId, key);

/** The app's key as stored for the account: sealed, or (a row from before sealing) as is. */
export async function openTotpKey(pepper: string, accountId: string, stored: string): Promise<Uint8Array | null> {
  if (isSealed(stored)) return unseal(pepper, TOTP_KEY_PURPOSE, accountId, stored);
  try {
    return Uint8Array.from(atob(stored), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A new shared key for the authenticator app (kept 10 minutes, sealed, until a code from it confirms it). */
export async function startTotp(
  db: Database,
  pepper: string,
  member: { _id: string; email: string | null; name: string },
  now: Date,
) {
  const key = crypto.getRandomValues(new Uint8Array(20));
  const sealed = await sealKey(pepper, member._id, key);
  await putChallenge(
    db,
    pendingKey(member._id),
    { accountId: member._id, payload: { key: sealed } },
    PENDING_TTL_SECONDS,
    now,
  );
  const secret = encodeBase32UpperCaseNoPadding(key);
  return {
    /** For typing into the app: groups of 4. */
    secret: secret.replace(/(.{4})/g, '$1 ').trim(),
    uri: createTOTPKeyURI(studioName, member.email ?? member.name, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS),
  };
}

/** The 30-second step whose code `code` is (the one before, now, or the next: a phone's clock a little off), or null. */
export function codeStep(key: Uint8Array, code: string, now: Date): number | null {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const current = Math.floor(now.getTime() / (TOTP_PERIOD_SECONDS * 1000));
  for (const step of [current - 1, current, current + 1]) {
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, typed)) return step;
  }
  return null;
}

/**
 * Takes `step` as the account's last accepted one, only when it is later than the last: one
 * statement, so a code (or two requests with it at once) is accepted once.
 */
async function acceptStep(db: Database, accountId: string, step: number, sealed?: string): Promise<boolean> {
  const accepted = await db
    .update(staffAccounts)
    .set({ totpLastStep: step, ...(sealed ? { totpSecret: sealed } : {}) })
    .where(
      and(
        eq(staffAccounts.id, accountId),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id });
  return accepted.length > 0;
}

/** Keeps the pending key once a code from the app matches it. */
export async function enableTotp(
  db: Database,
  pepper: string,
  accountId: string,
  code: string,
  now: Date,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const pending = await tryChallenge(db, pendingKey(accountId), SETUP_TRIES, now);
  const key = pending?.payload.key ? await openTotpKey(pepper, accountId, pending.payload.key) : null;
  if (!pending?.payload.key || !key) return { ok: false, message: secondFactorMessages.noSetup };
  const step = codeStep(key, code, now);
  if (step === null) return { ok: false, message: secondFactorMessages.wrongCode };
  if (!(await takeChallenge(db, pendingKey(accountId), now)))
    return { ok: false, message: secondFactorMessages.noSetup };
  // A new app starts its own steps: the last one accepted is this code's.
  await db
    .update(staffAccounts)
    .set({ totpSecret: pending.payload.key, totpLastStep: step })
    .where(eq(staffAccounts.id, accountId));
  return { ok: true };
}

export async function disableTotp(db: Database, accountId: string): Promise<void> {
  await db.update(staffAccounts).set({ totpSecret: null, totpLastStep: null }).where(eq(staffAccounts.id, accountId));
}

/**
 * Whether `code` is the account's current one and not used before; accepting it makes it used.
 * A key still stored as is (from before sealing) is sealed on its first use.
 */
export async function acceptTotpCode(
  db: Database,
  pepper: string,
  accountId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ secret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, accountId));
  const key = row?.secret ? await openTotpKey(pepper, accountId, row.secret) : null;
  const step = key ? codeStep(key, code, now) : null;
  if (!key || !row?.secret || step === null) return false;
  const resealed = isSealed(row.secret) ? undefined : await sealKey(pepper, accountId, key);
  return acceptStep(db, accountId, step, resealed);
}

/** Seals every app key still stored as is (rows from before sealing; the cron). */
export async function sealStoredTotpKeys(db: Database, pepper: string): Promise<void> {
  const rows = await db
    .select({ id: staffAccounts.id, secret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(sql`${staffAccounts.totpSecret} is not null and ${staffAccounts.totpSecret} not like 'v1.%'`);
  for (const row of rows) {
    const key = row.secret ? await openTotpKey(pepper, row.id, row.secret) : null;
    if (!key || !row.secret) continue;
    await db
      .update(staffAccounts)
      .set({ totpSecret: await sealKey(pepper, row.id, key) })
      .where(and(eq(staffAccounts.id, row.id), eq(staffAccounts.totpSecret, row.secret)));
  }
}

const ticketKey = async (ticket: string) => `ticket:${await sha256Hex(ticket)}`;

/**
 * A ticket for the second step of a sign-in whose password was right. It remembers the sign-in's
 * network and username: their failure counts are cleared only when the second step succeeds.
 */
export async function issueLoginTicket(db: Database, accountId: string, keys: AttemptKeys, now: Date): Promise<string> {
  const ticket = randomToken();
  await putChallenge(db, await ticketKey(ticket), { accountId, payload: { ...keys } }, TICKET_TTL_SECONDS, now);
  return ticket;
}

export type TicketResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'ticket' }
  | { ok: false; reason: 'locked'; accountId: string; retryAfterSeconds: number }
  /** `lockedNow`: this wrong code was the account's last allowed one (its holder and the owners are told). */
  | { ok: false; reason: 'wrong'; accountId: string; lockedNow: boolean };

/**
 * The second step: the account when the ticket is live and the code right and unused (the ticket
 * is then used up, and the sign-in's counts cleared). Each call takes one of the ticket's 5 tries
 * and one of the account's 10 wrong codes before the code is checked, so codes sent at once are
 * checked at most that often.
 */
export async function redeemLoginTicket(
  db: Database,
  pepper: string,
  request: { ticket: string; code: string; now: Date },
): Promise<TicketResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(request.ticket)) return { ok: false, reason: 'ticket' };
  const key = await ticketKey(request.ticket);
  const tried = await tryChallenge(db, key, TICKET_TRIES, request.now);
  if (!tried?.accountId) return { ok: false, reason: 'ticket' };
  const accountId = tried.accountId;
  const counted = await takeSecondFactorAttempt(db, accountId, request.now);
  if (!counted.allowed) return { ok: false, reason: 'locked', accountId, retryAfterSeconds: counted.retryAfterSeconds };
  if (!(await acceptTotpCode(db, pepper, accountId, request.code, request.now))) {
    if (tried.tries >= TICKET_TRIES) await takeChallenge(db, key, request.now);
    return { ok: false, reason: 'wrong', accountId, lockedNow: counted.lastAllowed };
  }
  if (!(await takeChallenge(db, key, request.now))) return { ok: false, reason: 'ticket' };
  const { network, username } = tried.payload;
  await Promise.all([
    clearSecondFactorFailures(db, accountId),
    network && username ? clearAttempts(db, { network, username, accountId }) : undefined,
  ]);
  return { ok: true, accountId };
}
