/**
 * The addresses a client gave, and SQL that finds rows by them: what their erasure and their copy
 * of their data reach beyond the rows that point to the client record (bookings, orders).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clientKeySql, phoneKeyOf, phoneKeySql } from './client-records';

/** A client as the addresses are read for: their record's key, email and phone. */
export interface ClientContact {
  id: string;
  key: string;
  email: string | null;
  phone: string;
}

/**
 * Every address a client gave (few: their email, the phones they used), read first: on their
 * bookings and orders (found through client_id), and on the packages, memberships and gift
 * vouchers given to them that are theirs as a client record would be keyed (by the email, else
 * the phone: the same rule that links a booking). D1 allows few compound SELECTs and 100 bound
 * values per statement, so two small reads.
 */
export async function addressesOf(db: Database, client: ClientContact): Promise<string[]> {
  const { id, key } = client;
  const theirs = (email: SQL, phone: SQL) => sql`${clientKeySql(email, phone)} = ${key}`;
  const [linked, sold] = await Promise.all([
    db.all<{ email: string | null; phone: string | null }>(sql`
      select email, phone from bookings where client_id = ${id}
      union all select email, phone from orders where client_id = ${id}
      limit 20`),
    db.all<{ email: string | null; phone: string | null }>(sql`
      select buyer_email as email, buyer_phone as phone from package_purchases
        where ${theirs(sql`buyer_email`, sql`buyer_phone`)}
      union all select email, phone from memberships where ${theirs(sql`email`, sql`phone`)}
      union all select recipient_email, recipient_phone from vouchers
        where ${theirs(sql`recipient_email`, sql`recipient_phone`)}
      limit 20`),
  ]);
  const given = [...linked, ...sold].flatMap((row) => [row.email ?? '', row.phone ?? '']);
  // At most 20 (their own first): each statement that matches them binds each a few times.
  return [...new Set([client.email ?? '', client.phone, ...given])]
    .filter((address) => address.trim() !== '')
    .slice(0, 20);
}

/** SQL: the values as a list of bound parameters (for `in (…)`). */
export const inList = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The keys their own page's sign-ins are under (account_codes, account_sessions): each address as an email or a phone. */
export const accountKeysOf = (client: ClientContact, addresses: string[]) => [
  ...new Set([
    client.key,
    ...addresses.map((address) =>
      address.includes('@') ? `email:${address.trim().toLowerCase()}` : `phone:${phoneKeyOf(address)}`,
    ),
  ]),
];

/** SQL tests of a column against a person's addresses: as given, as emails, as phone keys, or anywhere in a text. */
export function addressMatchers(addresses: string[]) {
  // Their phones however written (0803…, +234 803…, 234803…), as the keys phoneKeySql makes.
  const phoneKeys = [...new Set(addresses.filter((address) => !address.includes('@')).map(phoneKeyOf))].filter(
    (key) => key.length >= 7,
  );
  const anyKey = (key: SQL) => (phoneKeys.length === 0 ? sql`0` : sql`${key} in (${inList(phoneKeys)})`);
  const anyPhone = (column: SQL) => anyKey(phoneKeySql(column));
  const anyEmail = (column: SQL) => {
    const emails = addresses.filter((address) => address.includes('@')).map((email) => email.trim().toLowerCase());
    return emails.length === 0 ? sql`0` : sql`lower(trim(${column})) in (${inList(emails)})`;
  };
  const anyOf = (column: SQL) => (addresses.length === 0 ? sql`0` : sql`${column} in (${inList(addresses)})`);
  const mentionsAny = (column: SQL) =>
    addresses.length === 0
      ? sql`0`
      : sql`(${sql.join(
          addresses.map((address) => sql`instr(lower(${column}), lower(${address})) > 0`),
          sql` or `,
        )})`;
  /** A row whose email column or phone column is theirs. */
  const anyContact = (email: SQL, phone: SQL) => sql`(${anyEmail(email)} or ${anyPhone(phone)})`;
  return { anyKey, anyPhone, anyEmail, anyOf, mentionsAny, anyContact };
}
