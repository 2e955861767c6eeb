/**
 * One record per person: a booking or an order is linked to its client in the same D1 batch that
 * records it. A person is known by their email, else by their phone: the key is `email:<address>`
 * (trimmed, lower case) or `phone:<digits>` with a Nigerian 0803… written 234803…, so "0803 123
 * 4567" and "+234 803 123 4567" are one person. The key is computed in SQL, the one place, for the
 * batches and for migration 0020's backfill alike.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { phoneKeySql } from '../../db/contact-keys';
import { phoneKeyOf } from '../../shared/phone-key';

export { phoneKeyOf, phoneKeySql };

/** The key of the person with this email and phone (SQL expressions of a row). */
export function clientKeySql(email: SQL, phone: SQL): SQL {
  return sql`(case when trim(coalesce(${email}, '')) <> '' then 'email:' || lower(trim(${email}))
    else 'phone:' || ${phoneKeySql(phone)} end)`;
}

type Recorded = 'bookings' | 'orders';

/**
 * The statements that link the booking or order of `reference` to its client, creating the
 * client when new. For the batch that records it (they change nothing once it is linked). A
 * client known by email keeps the name and phone on record: anyone may type a known email into
 * the booking form, and staff would then call the wrong number (a missing phone is filled in).
 * One known by phone takes the name given with that phone.
 */
export function linkClientStatements(db: Database, table: Recorded, reference: string, now: Date) {
  const recorded = sql.raw(table);
  const key = clientKeySql(sql.raw(`${table}.email`), sql.raw(`${table}.phone`));
  const at = now.toISOString();
  return [
    d1Statement(
      db,
      sql`insert into clients (id, key, name, email, phone, created_at, updated_at)
        select lower(hex(randomblob(16))), ${key}, ${recorded}.name, nullif(lower(trim(${recorded}.email)), ''),
          ${recorded}.phone, ${at}, ${at}
        from ${recorded} where ${recorded}.payment_reference = ${reference} and ${recorded}.client_id is null
        on conflict (key) do update set
          name = case when clients.key like 'email:%' then clients.name else excluded.name end,
          phone = case when clients.key like 'email:%' and clients.phone <> '' then clients.phone else excluded.phone end,
          updated_at = excluded.updated_at`,
    ),
    d1Statement(
      db,
      sql`update ${recorded} set client_id = (select id from clients where clients.key = ${key})
        where payment_reference = ${reference} and client_id is null`,
    ),
  ];
}
