/**
 * The search as staff type it, over a person's contact and (where there is one) a payment's
 * reference: a name, an email or a phone (any way it is written) in part, or a reference in part,
 * the short code a client reads out at the desk ("A3F 9C1") included.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

interface SearchedColumns {
  name: SQLiteColumn;
  email: SQLiteColumn;
  phone: SQLiteColumn;
  reference?: SQLiteColumn;
}

/** The least of a reference one must type: the short code's six letters and digits. */
const REFERENCE_PART = 6;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The rows whose contact or reference match `query`, or undefined for an empty query (every row). */
export function contactSearch(query: string, columns: SearchedColumns): SQL | undefined {
  const text = query.trim().toLowerCase();
  if (!text) return undefined;
  const like = `%${escapeLike(text)}%`;
  const conditions = [
    sql`lower(${columns.name}) like ${like} escape '\\'`,
    sql`${columns.email} like ${like} escape '\\'`,
  ];
  const digits = text.replace(/\D/g, '');
  // A phone written 0803… is kept as typed; 803… finds it whichever way.
  const phoneDigits = digits.startsWith('234') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  if (phoneDigits.length >= 4) {
    conditions.push(
      sql`replace(replace(replace(replace(${columns.phone}, ' ', ''), '-', ''), '+', ''), '(', '') like ${`%${phoneDigits}%`}`,
    );
  }
  // A reference is letters, digits and dashes: what is typed is matched with its spaces and dashes aside.
  const referencePart = text.replace(/[^0-9a-z]/g, '');
  if (columns.reference && referencePart.length >= REFERENCE_PART) {
    conditions.push(sql`replace(${columns.reference}, '-', '') like ${`%${referencePart}%`}`);
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}
