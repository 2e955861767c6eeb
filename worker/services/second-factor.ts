/**
 * The second factor: an authenticator app's 6-digit codes (TOTP, RFC 6238, through @oslojs/otp)
 * or a passkey. Owners and managers must have one wherever SITE_URL is public (a local install,
 * the tests and `npm start` sign in with the password alone). With an authenticator app, a
 * password sign-in gives a one-time ticket (5 minutes, KV) that its code turns into a session;
 * with only passkeys, they sign in with the passkey; with neither yet, the session opens nothing
 * but their own account until they add one.
 */
import { decodeBase64, encodeBase32UpperCaseNoPadding, encodeBase64 } from '@oslojs/encoding';
import { createTOTPKeyURI, verifyTOTPWithGracePeriod } from '@oslojs/otp';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staffAccounts } from '../db/schema';
import { type StaffRole, secondFactorRoles } from '../shared/permissions';
import { studioName } from '../shared/site-paths';
import { randomToken, sha256Hex } from './signing';
import { isLocalSite } from './site-config';

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** One period either side: a phone's clock a little off still works. */
const TOTP_GRACE_SECONDS = 30;
const PENDING_TTL_SECONDS = 600;
const TICKET_TTL_SECONDS = 300;

export const secondFactorMessages = {
  setupRequired: 'Please add a passkey or an authenticator app to your account first (Your account).',
  wrongCode: 'That code is not right. Please enter the 6 digits your authenticator app shows now.',
  noSetup: 'Please start again: choose Add an authenticator app.',
  ticket: 'That took too long. Please sign in again.',
  usePasskey: 'Your account signs in with a passkey. Please choose Sign in with a passkey.',
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

const pendingKey = (accountId: string) => `totp:pending:${accountId}`;

/** A new shared key for the authenticator app (kept 10 minutes until a code from it confirms it). */
export async function startTotp(kv: KVNamespace, member: { _id: string; email: string | null; name: string }) {
  const key = crypto.getRandomValues(new Uint8Array(20));
  await kv.put(pendingKey(member._id), encodeBase64(key), { expirationTtl: PENDING_TTL_SECONDS });
  const secret = encodeBase32UpperCaseNoPadding(key);
  return {
    /** For typing into the app: groups of 4. */
    secret: secret.replace(/(.{4})/g, '$1 ').trim(),
    uri: createTOTPKeyURI(studioName, member.email ?? member.name, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS),
  };
}

const codeMatches = (key: Uint8Array, code: string) =>
  /^\d{6}$/.test(code) && verifyTOTPWithGracePeriod(key, TOTP_PERIOD_SECONDS, TOTP_DIGITS, code, TOTP_GRACE_SECONDS);

/** Keeps the pending key once a code from the app matches it. */
export async function enableTotp(
  kv: KVNamespace,
  db: Database,
  accountId: string,
  code: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const pending = await kv.get(pendingKey(accountId));
  if (!pending) return { ok: false, message: secondFactorMessages.noSetup };
  if (!codeMatches(decodeBase64(pending), code.replace(/\s/g, ''))) {
    return { ok: false, message: secondFactorMessages.wrongCode };
  }
  await db.update(staffAccounts).set({ totpSecret: pending }).where(eq(staffAccounts.id, accountId));
  await kv.delete(pendingKey(accountId));
  return { ok: true };
}

export async function disableTotp(db: Database, accountId: string): Promise<void> {
  await db.update(staffAccounts).set({ totpSecret: null }).where(eq(staffAccounts.id, accountId));
}

/** Whether `code` is the account's current one. */
export async function totpMatches(db: Database, accountId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ secret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, accountId));
  return row?.secret ? codeMatches(decodeBase64(row.secret), code.replace(/\s/g, '')) : false;
}

const ticketKey = async (ticket: string) => `login-ticket:${await sha256Hex(ticket)}`;
/** Wrong codes a ticket takes before it is gone (a guess in a million each). */
const TICKET_TRIES = 5;

/** A ticket for the second step of a sign-in whose password was right. */
export async function issueLoginTicket(kv: KVNamespace, accountId: string): Promise<string> {
  const ticket = randomToken();
  await kv.put(await ticketKey(ticket), JSON.stringify({ accountId, tries: 0 }), {
    expirationTtl: TICKET_TTL_SECONDS,
  });
  return ticket;
}

/**
 * The second step: the account when the ticket is live and the code right (the ticket is then
 * used up); a wrong code counts against the ticket, which goes after 5.
 */
export async function redeemLoginTicket(
  kv: KVNamespace,
  db: Database,
  ticket: string,
  code: string,
): Promise<{ ok: true; accountId: string } | { ok: false; message: string }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return { ok: false, message: secondFactorMessages.ticket };
  const key = await ticketKey(ticket);
  const stored = await kv.get<{ accountId: string; tries: number }>(key, 'json');
  if (!stored) return { ok: false, message: secondFactorMessages.ticket };
  if (await totpMatches(db, stored.accountId, code)) {
    await kv.delete(key);
    return { ok: true, accountId: stored.accountId };
  }
  if (stored.tries + 1 >= TICKET_TRIES) await kv.delete(key);
  else await kv.put(key, JSON.stringify({ ...stored, tries: stored.tries + 1 }), { expirationTtl: TICKET_TTL_SECONDS });
  return { ok: false, message: secondFactorMessages.wrongCode };
}
