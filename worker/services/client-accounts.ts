/**
 * A client's sign-in to their own page: a 6-digit code to their email or WhatsApp, then a
 * browser session for 30 days. No password.
 *
 * A code is asked for any address, known or not, and answered alike, so the page tells no one
 * whose address the studio knows; only a known address (a client, a package's buyer, a member, a
 * gift voucher's buyer or recipient) is sent one. Every request is a row, so the limits count
 * known and unknown addresses alike: 3 codes an address in 15 minutes and 8 a day, 20 a network in
 * an hour.
 * A code works for 10 minutes and 5 tries: each try is one conditional UPDATE (`tries < 5`), so
 * tries racing each other cannot take more; its digits are kept only as a keyed digest.
 */
import { type SQL, sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement } from '../db/client';
import {
  ACCOUNT_CODE_MINUTES,
  ACCOUNT_CODE_TRIES,
  ACCOUNT_CODE_WINDOW_MINUTES,
  ACCOUNT_CODES_PER_ADDRESS,
  ACCOUNT_CODES_PER_ADDRESS_DAY,
  ACCOUNT_CODES_PER_NETWORK,
  ACCOUNT_SESSION_DAYS,
  accountMessages,
  contactKeyOf,
} from '../shared/account-rules';
import { phoneKeySql } from './client-records';
import { keyedDigest, randomToken, sha256Hex } from './signing';

const CODE_PURPOSE = 'account-sign-in-code';

/** Six digits drawn uniformly (bytes past the last whole million are drawn again). */
export function newSignInCode(): string {
  for (;;) {
    const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
    if (value < 4_294_000_000) return String(value % 1_000_000).padStart(6, '0');
  }
}

const digestOf = (secret: string, id: string, code: string) => keyedDigest(secret, CODE_PURPOSE, `${id}:${code}`);

/** SQL: a row's email column and phone column name the person whose key is `key`. */
export function contactMatches(key: string, email: SQL, phone: SQL): SQL {
  if (key.startsWith('email:')) return sql`lower(trim(coalesce(${email}, ''))) = ${key.slice('email:'.length)}`;
  return sql`(coalesce(${phone}, '') <> '' and ${phoneKeySql(phone)} = ${key.slice('phone:'.length)})`;
}

/** Whether the studio knows the address: someone it has served, sold to, or sent a voucher to. */
async function isKnown(db: Database, key: string): Promise<boolean> {
  const row = await db.get<{ known: number }>(sql`select (
      exists (select 1 from clients where key = ${key} or ${contactMatches(key, sql`email`, sql`phone`)})
      or exists (select 1 from bookings where ${contactMatches(key, sql`email`, sql`phone`)})
      or exists (select 1 from orders where ${contactMatches(key, sql`email`, sql`phone`)})
      or exists (select 1 from package_purchases where ${contactMatches(key, sql`buyer_email`, sql`buyer_phone`)})
      or exists (select 1 from memberships where ${contactMatches(key, sql`email`, sql`phone`)})
      or exists (select 1 from vouchers where ${contactMatches(key, sql`buyer_email`, sql`null`)}
        or ${contactMatches(key, sql`recipient_email`, sql`recipient_phone`)})
    ) as known`);
  return row?.known === 1;
}

export type CodeRequest =
  | { ok: true; send?: { id: string; digits: string; channel: 'email' | 'whatsapp'; to: string } }
  | { ok: false; status: 400 | 429; message: string };

/**
 * Records a code for `typed` (within its address's and its network's limits) and answers what
 * to send: nothing for an address the studio does not know.
 */
export async function requestSignInCode(
  db: Database,
  typed: string,
  options: { now: Date; secret: string; networkKey: string | undefined },
): Promise<CodeRequest> {
  const contact = contactKeyOf(typed);
  if (!contact) return { ok: false, status: 400, message: accountMessages.contact };
  const nowIso = options.now.toISOString();
  const windowStart = new Date(options.now.getTime() - ACCOUNT_CODE_WINDOW_MINUTES * 60_000).toISOString();
  const hourAgo = new Date(options.now.getTime() - 3_600_000).toISOString();
  const id = crypto.randomUUID();
  const digits = newSignInCode();
  const known = await isKnown(db, contact.key);
  const byAddress = sql`(select count(*) from account_codes where contact = ${contact.key} and created_at > ${windowStart})`;
  const dayAgo = new Date(options.now.getTime() - 86_400_000).toISOString();
  const byAddressToday = sql`(select count(*) from account_codes where contact = ${contact.key} and created_at > ${dayAgo})`;
  const byNetwork = options.networkKey
    ? sql`(select count(*) from account_codes where network_key = ${options.networkKey} and created_at > ${hourAgo})`
    : sql`0`;
  const [, inserted] = await db.$client.batch([
    // Codes past their time are no one's: kept a day for the counts, then gone.
    d1Statement(
      db,
      sql`delete from account_codes where created_at < ${new Date(options.now.getTime() - 86_400_000).toISOString()}`,
    ),
    d1Statement(
      db,
      sql`insert into account_codes (id, contact, channel, code_digest, known, expires_at, network_key, created_at)
        select ${id}, ${contact.key}, ${contact.channel}, ${await digestOf(options.secret, id, digits)}, ${known ? 1 : 0},
          ${new Date(options.now.getTime() + ACCOUNT_CODE_MINUTES * 60_000).toISOString()}, ${options.networkKey ?? null},
          ${nowIso}
        where ${byAddress} < ${ACCOUNT_CODES_PER_ADDRESS} and ${byAddressToday} < ${ACCOUNT_CODES_PER_ADDRESS_DAY}
          and ${byNetwork} < ${ACCOUNT_CODES_PER_NETWORK}`,
    ),
  ]);
  if (!changedRow(inserted)) {
    const counts = await db.get<{ address: number; today: number }>(
      sql`select ${byAddress} as address, ${byAddressToday} as today`,
    );
    const message =
      (counts?.address ?? 0) >= ACCOUNT_CODES_PER_ADDRESS
        ? accountMessages.tooManyCodes
        : (counts?.today ?? 0) >= ACCOUNT_CODES_PER_ADDRESS_DAY
          ? accountMessages.tooManyToday
          : accountMessages.busyNetwork;
    return { ok: false, status: 429, message };
  }
  return known ? { ok: true, send: { id, digits, channel: contact.channel, to: contact.to } } : { ok: true };
}

export type SignIn = { ok: true; token: string } | { ok: false; status: 400; message: string };

/**
 * Checks a code against the newest live one for the address: a wrong one uses a try (5 at most),
 * a right one is used once and opens a session (its token for the cookie; only its hash is kept).
 */
export async function signInWithCode(
  db: Database,
  typed: string,
  code: string,
  options: { now: Date; secret: string },
): Promise<SignIn> {
  const contact = contactKeyOf(typed);
  if (!contact) return { ok: false, status: 400, message: accountMessages.contact };
  const nowIso = options.now.toISOString();
  const tried = await db.get<{ id: string; code_digest: string; tries: number; known: number }>(
    sql`update account_codes set tries = tries + 1
      where id = (select id from account_codes where contact = ${contact.key} and used_at is null
        and expires_at > ${nowIso} order by created_at desc limit 1)
        and tries < ${ACCOUNT_CODE_TRIES}
      returning id, code_digest, tries, known`,
  );
  if (!tried) return { ok: false, status: 400, message: accountMessages.codeUsedUp };
  const right = tried.known === 1 && (await digestOf(options.secret, tried.id, code)) === tried.code_digest;
  if (!right) {
    const left = ACCOUNT_CODE_TRIES - tried.tries;
    return { ok: false, status: 400, message: left > 0 ? accountMessages.wrongCode(left) : accountMessages.codeUsedUp };
  }
  const token = randomToken();
  const expires = new Date(options.now.getTime() + ACCOUNT_SESSION_DAYS * 86_400_000).toISOString();
  const [used] = await db.$client.batch([
    d1Statement(db, sql`update account_codes set used_at = ${nowIso} where id = ${tried.id} and used_at is null`),
    d1Statement(
      db,
      sql`insert into account_sessions (token_hash, contact, expires_at)
        select ${await sha256Hex(token)}, ${contact.key}, ${expires} where changes() = 1`,
    ),
  ]);
  // Used meanwhile by a second try with the same code: that one signed in.
  if (!changedRow(used)) return { ok: false, status: 400, message: accountMessages.codeUsedUp };
  return { ok: true, token };
}

/** The contact key a session token belongs to, while it lasts. */
export async function sessionContact(db: Database, token: string, now: Date): Promise<string | undefined> {
  const row = await db.get<{ contact: string }>(
    sql`select contact from account_sessions where token_hash = ${await sha256Hex(token)}
      and expires_at > ${now.toISOString()}`,
  );
  return row?.contact;
}

export async function endSession(db: Database, token: string): Promise<void> {
  await db.run(sql`delete from account_sessions where token_hash = ${await sha256Hex(token)}`);
}

/** For the batch that erases a client: their signed-in browsers and their codes end. */
export const endClientSessionsStatements = (db: Database, contacts: SQL) => [
  d1Statement(db, sql`delete from account_sessions where contact in (${contacts})`),
  d1Statement(db, sql`delete from account_codes where contact in (${contacts})`),
];
