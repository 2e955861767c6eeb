/**
 * A client's sign-in to their own page: a 6-digit code to their email or WhatsApp, then a
 * browser session for 30 days. No password.
 *
 * A code is asked for any address, known or not, and answered alike, by the same statements, so
 * the page tells no one whose address the studio knows, not even by its time; only a known
 * address (a client, a package's buyer, a member, a gift voucher's buyer or recipient) is sent
 * one, 5 an hour at most. Every request is a row, so the limits count known and unknown addresses
 * alike: 3 codes an address in 15 minutes, 20 a network in an hour. A typed code is checked
 * against every live code of the address (a stranger's newer request spends none of the
 * client's); wrong codes are counted per address and per network over 15 minutes, each try
 * recorded before it is checked, so tries racing each other cannot take more. Digits are kept
 * only as a keyed digest.
 */
import { type SQL, sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement } from '../../db/client';
import {
  ACCOUNT_CODE_MINUTES,
  ACCOUNT_CODE_WINDOW_MINUTES,
  ACCOUNT_CODES_PER_ADDRESS,
  ACCOUNT_CODES_PER_NETWORK,
  ACCOUNT_GUESS_WINDOW_MINUTES,
  ACCOUNT_GUESSES_PER_ADDRESS,
  ACCOUNT_GUESSES_PER_NETWORK,
  ACCOUNT_MESSAGES_PER_HOUR,
  ACCOUNT_SESSION_DAYS,
  accountMessages,
  contactKeyOf,
} from '../../shared/my-page-rules';
import { isoBefore } from '../../shared/time';
import { keyedDigest, randomToken, sha256Hex } from '../signing';

const CODE_PURPOSE = 'account-sign-in-code';

/** Six digits drawn uniformly (bytes past the last whole million are drawn again). */
export function newSignInCode(): string {
  for (;;) {
    const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
    if (value < 4_294_000_000) return String(value % 1_000_000).padStart(6, '0');
  }
}

const digestOf = (secret: string, id: string, code: string) => keyedDigest(secret, CODE_PURPOSE, `${id}:${code}`);

/** How a person's rows are found: by their email's stored key or their phone's, as a value or as SQL. */
export interface ClientAddress {
  by: 'email' | 'phone';
  value: string | SQL | null;
}

/**
 * The stored key a contact key is found by (db/contact-keys.ts): the email's, or the phone's
 * (null, matching nothing, for a "phone" of under 7 digits).
 */
export function addressOf(key: string): { by: 'email' | 'phone'; value: string | null } {
  const value = key.slice(key.indexOf(':') + 1);
  if (key.startsWith('email:')) return { by: 'email', value };
  return { by: 'phone', value: value.length >= 7 ? value : null };
}

/**
 * SQL: the row's stored key columns (`emailKey`, `phoneKey`, raw column names) name the person
 * whose key (or address) is `key`: one indexed equality, never a scan. Undefined when the table
 * keeps no such address (a voucher's buyer has no phone): the caller leaves the lookup out.
 */
export function contactMatches(
  key: string | ClientAddress,
  emailKey: string | null,
  phoneKey: string | null,
): SQL | undefined {
  const address = typeof key === 'string' ? addressOf(key) : key;
  const column = address.by === 'email' ? emailKey : phoneKey;
  return column ? sql`${sql.raw(column)} = ${address.value}` : undefined;
}

/** The lookups of `table` by its key columns that this key can match: one for each pair. */
const lookupsIn = (key: string, table: string, columns: Array<[string | null, string | null]>) =>
  columns.flatMap(([email, phone]) => {
    const match = contactMatches(key, email, phone);
    return match ? [sql`exists (select 1 from ${sql.raw(table)} where ${match})`] : [];
  });

/**
 * SQL, 1 or 0: whether the studio knows the address (someone it has served, sold to, or sent a
 * voucher to). Each table is one indexed lookup, all of them taken (`+`, not `or`), so its cost is
 * the same whatever the answer.
 */
function knownSql(key: string): SQL {
  const lookups = [
    sql`exists (select 1 from clients where key = ${key})`,
    ...lookupsIn(key, 'clients', [['email_key', 'phone_key']]),
    ...lookupsIn(key, 'bookings', [['email_key', 'phone_key']]),
    ...lookupsIn(key, 'orders', [['email_key', 'phone_key']]),
    ...lookupsIn(key, 'package_purchases', [['buyer_email_key', 'buyer_phone_key']]),
    ...lookupsIn(key, 'memberships', [['email_key', 'phone_key']]),
    ...lookupsIn(key, 'vouchers', [
      ['buyer_email_key', null],
      ['recipient_email_key', 'recipient_phone_key'],
    ]),
  ];
  return sql`((${sql.join(lookups, sql` + `)}) > 0)`;
}

export type CodeRequest =
  | {
      ok: true;
      /** The code recorded, known address or not (its message is made either way: the same work). */
      code: { id: string; digits: string; channel: 'email' | 'whatsapp'; to: string };
      /** Whether it is to be sent: a known address, within its messages an hour. */
      send: boolean;
    }
  | { ok: false; status: 400 | 429; message: string };

/**
 * Records a code for `typed` (within its address's and its network's limits) and answers what
 * to send: nothing for an address the studio does not know, nor past its messages an hour. One
 * batch, the same statements for any address.
 */
export async function requestSignInCode(
  db: Database,
  typed: string,
  options: { now: Date; secret: string; networkKey: string | undefined },
): Promise<CodeRequest> {
  const contact = contactKeyOf(typed);
  if (!contact) return { ok: false, status: 400, message: accountMessages.contact };
  const { now } = options;
  const hourAgo = isoBefore(now, 60, 'minutes');
  const id = crypto.randomUUID();
  const digits = newSignInCode();
  const byAddress = sql`(select count(*) from account_codes where contact = ${contact.key}
    and created_at > ${isoBefore(now, ACCOUNT_CODE_WINDOW_MINUTES, 'minutes')})`;
  const sentThisHour = sql`(select count(*) from account_codes where contact = ${contact.key} and sent = 1
    and created_at > ${hourAgo})`;
  const byNetwork = options.networkKey
    ? sql`(select count(*) from account_codes where network_key = ${options.networkKey} and created_at > ${hourAgo})`
    : sql`0`;
  const [, inserted] = await db.$client.batch([
    // Codes past their time are no one's: kept an hour for the counts, then gone.
    d1Statement(db, sql`delete from account_codes where created_at < ${hourAgo}`),
    d1Statement(
      db,
      sql`insert into account_codes (id, contact, channel, code_digest, known, sent, expires_at, network_key, created_at)
        select ${id}, ${contact.key}, ${contact.channel}, ${await digestOf(options.secret, id, digits)}, known,
          known and ${sentThisHour} < ${ACCOUNT_MESSAGES_PER_HOUR},
          ${new Date(now.getTime() + ACCOUNT_CODE_MINUTES * 60_000).toISOString()}, ${options.networkKey ?? null},
          ${now.toISOString()}
        from (select ${knownSql(contact.key)} as known)
        where ${byAddress} < ${ACCOUNT_CODES_PER_ADDRESS} and ${byNetwork} < ${ACCOUNT_CODES_PER_NETWORK}
        returning sent`,
    ),
  ]);
  const row = inserted?.results[0] as { sent: number } | undefined;
  if (!row) {
    const counts = await db.get<{ address: number }>(sql`select ${byAddress} as address`);
    const message =
      (counts?.address ?? 0) >= ACCOUNT_CODES_PER_ADDRESS ? accountMessages.tooManyCodes : accountMessages.busyNetwork;
    return { ok: false, status: 429, message };
  }
  return { ok: true, code: { id, digits, channel: contact.channel, to: contact.to }, send: row.sent === 1 };
}

export type SignIn = { ok: true; token: string } | { ok: false; status: 400 | 429; message: string };

/**
 * Checks a code against every live code sent to the address. The try is recorded first, within
 * the address's and the network's wrong tries; a right code is used once and opens a session (its
 * token for the cookie; only its hash is kept), and its try is taken back.
 */
export async function signInWithCode(
  db: Database,
  typed: string,
  code: string,
  options: { now: Date; secret: string; networkKey?: string | undefined },
): Promise<SignIn> {
  const contact = contactKeyOf(typed);
  if (!contact) return { ok: false, status: 400, message: accountMessages.contact };
  const nowIso = options.now.toISOString();
  const windowStart = isoBefore(options.now, ACCOUNT_GUESS_WINDOW_MINUTES, 'minutes');
  const tryId = crypto.randomUUID();
  const byAddress = sql`(select count(*) from account_code_tries where contact = ${contact.key}
    and created_at > ${windowStart})`;
  const byNetwork = options.networkKey
    ? sql`(select count(*) from account_code_tries where network_key = ${options.networkKey}
      and created_at > ${windowStart})`
    : sql`0`;
  const [, recorded, counted, live] = await db.$client.batch([
    d1Statement(db, sql`delete from account_code_tries where created_at < ${isoBefore(options.now, 60, 'minutes')}`),
    d1Statement(
      db,
      sql`insert into account_code_tries (id, contact, network_key, created_at)
        select ${tryId}, ${contact.key}, ${options.networkKey ?? null}, ${nowIso}
        where ${byAddress} < ${ACCOUNT_GUESSES_PER_ADDRESS} and ${byNetwork} < ${ACCOUNT_GUESSES_PER_NETWORK}`,
    ),
    d1Statement(db, sql`select ${byAddress} as address`),
    d1Statement(
      db,
      sql`select id, code_digest as digest, sent from account_codes
        where contact = ${contact.key} and used_at is null and expires_at > ${nowIso}`,
    ),
  ]);
  const tries = (counted?.results[0] as { address: number } | undefined)?.address ?? 0;
  if (!changedRow(recorded)) {
    const message =
      tries >= ACCOUNT_GUESSES_PER_ADDRESS ? accountMessages.tooManyTries : accountMessages.busyNetworkTries;
    return { ok: false, status: 429, message };
  }
  const codes = (live?.results ?? []) as Array<{ id: string; digest: string; sent: number }>;
  if (codes.length === 0) return { ok: false, status: 400, message: accountMessages.codeUsedUp };
  // Every live code's digest is worked out, sent or not: an unknown address's try takes as long.
  const matches = await Promise.all(
    codes.map(async (each) => each.sent === 1 && (await digestOf(options.secret, each.id, code)) === each.digest),
  );
  const right = codes.find((_, index) => matches[index]);
  if (!right) {
    const left = ACCOUNT_GUESSES_PER_ADDRESS - tries;
    return {
      ok: false,
      status: 400,
      message: left > 0 ? accountMessages.wrongCode(left) : accountMessages.tooManyTries,
    };
  }
  return openSession(db, contact.key, right.id, tryId, options.now);
}

/** Uses the code (once: a second try with it meanwhile finds it used) and opens the session. */
async function openSession(db: Database, key: string, codeId: string, tryId: string, now: Date): Promise<SignIn> {
  const token = newSessionToken(key);
  const expires = new Date(now.getTime() + ACCOUNT_SESSION_DAYS * 86_400_000).toISOString();
  const [used] = await db.$client.batch([
    d1Statement(
      db,
      sql`update account_codes set used_at = ${now.toISOString()} where id = ${codeId} and used_at is null`,
    ),
    d1Statement(
      db,
      sql`insert into account_sessions (token_hash, contact, expires_at)
        select ${await sha256Hex(token)}, ${key}, ${expires} where changes() = 1`,
    ),
    d1Statement(db, sql`delete from account_code_tries where id = ${tryId}`),
  ]);
  if (!changedRow(used)) return { ok: false, status: 400, message: accountMessages.codeUsedUp };
  return { ok: true, token };
}

/**
 * Whom a client's page is read for: their contact key and address, each a value or SQL that reads
 * the session itself, and `contact`, a statement whose one row (the key) says the session holds.
 */
export interface ClientIdentity {
  contact: SQL;
  key: string | SQL;
  address: ClientAddress;
}

export const identityOfKey = (key: string): ClientIdentity => ({
  contact: sql`select ${key} as contact`,
  key,
  address: addressOf(key),
});

/** A session token names its address's kind (`e.` or `p.`), so a page can match rows before it knows the address. */
const tokenKinds = { e: 'email', p: 'phone' } as const;
const newSessionToken = (key: string) => `${addressOf(key).by === 'email' ? 'e' : 'p'}.${randomToken()}`;

/**
 * The identity of a session token as SQL: every statement of the page reads the session in
 * itself (a lookup by its primary key), so the page is one trip to D1, not the session's and then
 * the page's. Undefined for a token opened before tokens named their kind (its session is read first).
 */
export async function identityOfToken(token: string, now: Date): Promise<ClientIdentity | undefined> {
  const kind = /^([ep])\./.exec(token)?.[1] as keyof typeof tokenKinds | undefined;
  if (!kind) return undefined;
  const by = tokenKinds[kind];
  const live = sql`from account_sessions where token_hash = ${await sha256Hex(token)}
    and expires_at > ${now.toISOString()} and substr(contact, 1, 6) = ${`${by}:`}`;
  // The stored key is the contact key past its kind ("email:" and "phone:" are six letters);
  // a phone of under 7 digits matches nothing (addressOf).
  const value =
    by === 'email'
      ? sql`(select substr(contact, 7) ${live})`
      : sql`(select substr(contact, 7) ${live} and length(contact) >= 13)`;
  return { contact: sql`select contact ${live}`, key: sql`(select contact ${live})`, address: { by, value } };
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
  d1Statement(db, sql`delete from account_code_tries where contact in (${contacts})`),
];
