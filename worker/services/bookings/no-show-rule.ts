/**
 * No-shows cost the client, not the studio: after the set number of no-shows within 12
 * months (Schedule settings, 2 by default, 0 = off) a client books online only by paying in full.
 * A person's no-shows are those of every visit booked with their email or with their phone (either
 * key matching), so a new email does not start them afresh; a visit a therapist booked with
 * themselves counts only once the desk or the client confirmed it (visit-origin.ts). Staff may lift
 * the rule for a client: only no-shows after that day count again, for every visit that shares a
 * key with that record. The booking page learns only that full payment is needed, never why.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addMonths, lagosDate } from '../../shared/time';
import { phoneKeySql } from '../clients/client-records';
import { DEFAULT_NO_SHOW_LIMIT } from '../schedule/schedule-settings';
import { deskOrClientVisit } from './visit-origin';

export const NO_SHOW_WINDOW_MONTHS = 12;

const nsPhoneKey = phoneKeySql(sql.raw('ns.phone'));

/**
 * The no-shows that count at `now` of the person with email `email` (lower case, trimmed; '' for
 * none) and phone key `phoneKey` ('' for none): SQL expressions.
 */
function noShowsByKeysSql(email: SQL, phoneKey: SQL, now: Date): SQL<number> {
  const since = addMonths(lagosDate(now), -NO_SHOW_WINDOW_MONTHS);
  return sql<number>`(select count(*) from bookings ns where ns.service_status = 'no-show' and ns.date >= ${since}
    and ${deskOrClientVisit('ns')}
    and ((${email} <> '' and lower(trim(ns.email)) = ${email}) or (${phoneKey} <> '' and ${nsPhoneKey} = ${phoneKey}))
    and ns.date > coalesce((select max(date(l.no_show_rule_lifted_at, '+1 hour')) from clients l
      where l.no_show_rule_lifted_at is not null and (l.id = ns.client_id
        or (l.email is not null and l.email = lower(trim(ns.email)))
        or (coalesce(l.phone, '') <> '' and ${phoneKeySql(sql.raw('l.phone'))} = ${nsPhoneKey}))), ''))`;
}

/** The no-shows of the client `clientId` (an SQL expression) that count at `now`. */
export function countedNoShowsSql(clientId: SQL, now: Date): SQL<number> {
  return noShowsByKeysSql(
    sql`coalesce((select email from clients where id = ${clientId}), '')`,
    sql`coalesce((select case when coalesce(phone, '') <> '' then ${phoneKeySql(sql.raw('phone'))} end
      from clients where id = ${clientId}), '')`,
    now,
  );
}

/** The typed contact's email and phone as keys (SQL). */
const keysOf = (contact: { email: string; phone: string }) => ({
  email: sql`lower(trim(${contact.email}))`,
  phoneKey: sql`(case when trim(${contact.phone}) <> '' then ${phoneKeySql(sql`${contact.phone}`)} else '' end)`,
});

/**
 * Whether a booking online by this contact must be paid in full (the rule is on and reached, by
 * either key): what the payment's start charges.
 */
export async function needsFullPayment(
  db: Database,
  contact: { email: string; phone: string },
  now: Date,
): Promise<boolean> {
  const row = await db.get<{ full: number }>(sql`select ${needsFullPaymentSql(contact, now)} as full`);
  return Number(row?.full) === 1;
}

/** SQL, 1 or 0: needsFullPayment as a condition (a payment's start may assume 0 and guard on it). */
export function needsFullPaymentSql(contact: { email: string; phone: string }, now: Date): SQL<number> {
  const { email, phoneKey } = keysOf(contact);
  const limit = sql`coalesce((select no_show_limit from schedule_settings limit 1), ${DEFAULT_NO_SHOW_LIMIT})`;
  return sql<number>`(${limit} > 0 and ${noShowsByKeysSql(email, phoneKey, now)} >= ${limit})`;
}

/**
 * What the public booking page is told: "pay in full" only when the email and the phone typed are
 * one client record's, or the browser is signed in as the person they name (`sameAsSignedIn`).
 * Otherwise anyone could learn, by typing an email alone, that its owner missed visits. When the
 * page is told "deposit" but either key reaches the rule, the payment's start refuses the deposit
 * saying the booking must be paid in full (paymentMessages.payInFull).
 */
export async function bookingTermsPayInFull(
  db: Database,
  contact: { email: string; phone: string },
  now: Date,
  sameAsSignedIn: Promise<boolean>,
): Promise<boolean> {
  const { email, phoneKey } = keysOf(contact);
  // One statement, beside the session's read (the caller's promise): one trip to D1.
  const [row, signedInAsThem] = await Promise.all([
    db.get<{ full: number; oneRecord: number }>(
      sql`select ${needsFullPaymentSql(contact, now)} as full,
        exists (select 1 from clients c where c.email = ${email} and coalesce(c.phone, '') <> ''
          and ${phoneKeySql(sql.raw('c.phone'))} = ${phoneKey}) as "oneRecord"`,
    ),
    sameAsSignedIn,
  ]);
  const known = signedInAsThem || Number(row?.oneRecord ?? 0) === 1;
  return known && Number(row?.full ?? 0) === 1;
}

/** Lifts the rule for a client now; false when there is no such client. */
export async function liftNoShowRule(db: Database, clientId: string, now: Date): Promise<boolean> {
  const lifted = await db.all<{ id: string }>(
    sql`update clients set no_show_rule_lifted_at = ${now.toISOString()} where id = ${clientId} returning id`,
  );
  return lifted.length === 1;
}
