/**
 * How the studio's records key a person's address, in SQL: an email trimmed and lower case, a
 * phone as its digits with a Nigerian 0803… written 234803…. The one definition, read by the
 * batches (services/clients/client-records.ts) and by the stored keys the schema generates from each
 * address column, so a lookup by address is an indexed `email_key = ?`, never a scan.
 */
import { type SQL, sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/sqlite-core';

const digitsOf = (phone: SQL) =>
  sql`replace(replace(replace(replace(replace(replace(coalesce(${phone}, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')`;

/** A phone number as its digits, a Nigerian 0803… written 234803… (an SQL expression). */
export function phoneKeySql(phone: SQL): SQL {
  const digits = digitsOf(phone);
  return sql`(case when substr(${digits}, 1, 1) = '0' and length(${digits}) = 11
      then '234' || substr(${digits}, 2) else ${digits} end)`;
}

/**
 * `<column>_key`: the email in `column` as the records key it, null when empty. VIRTUAL, since
 * SQLite adds only virtual generated columns to a table that has rows; indexed where it is read.
 */
export const emailKeyColumn = (column: string) =>
  text(`${column}_key`).generatedAlwaysAs(sql.raw(`nullif(lower(trim(coalesce("${column}", ''))), '')`), {
    mode: 'virtual',
  });

/** `<column>_key`: the phone in `column` as phoneKeySql writes it, null when empty. */
export const phoneKeyColumn = (column: string) =>
  text(`${column}_key`).generatedAlwaysAs(sql`nullif(${phoneKeySql(sql.raw(`"${column}"`))}, '')`, {
    mode: 'virtual',
  });
