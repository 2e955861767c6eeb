/**
 * No-shows cost the client, not the studio (issue 34): after the set number of no-shows within 12
 * months (Schedule settings, 2 by default, 0 = off) a client books online only by paying in full.
 * Staff may lift the rule for a client: only no-shows after that day count again. The booking page
 * learns only that full payment is needed, never why.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { addMonths, lagosDate } from '../shared/time';
import { clientKeySql } from './client-records';
import { readScheduleSettings } from './schedule-settings';

export const NO_SHOW_WINDOW_MONTHS = 12;

/** The no-shows of the client `clientId` (an SQL expression) that count at `now`. */
export function countedNoShowsSql(clientId: SQL, now: Date): SQL<number> {
  const since = addMonths(lagosDate(now), -NO_SHOW_WINDOW_MONTHS);
  return sql<number>`(select count(*) from bookings ns where ns.client_id = ${clientId} and ns.service_status = 'no-show'
    and ns.date >= ${since}
    and ns.date > coalesce((select date(no_show_rule_lifted_at, '+1 hour') from clients where id = ${clientId}), ''))`;
}

/** The counted no-shows of whoever books with this email and phone (0 for someone new). */
export async function noShowsOf(db: Database, contact: { email: string; phone: string }, now: Date): Promise<number> {
  const key = clientKeySql(sql`${contact.email}`, sql`${contact.phone}`);
  const row = await db.get<{ count: number }>(
    sql`select ${countedNoShowsSql(sql.raw('c.id'), now)} as count from clients c where c.key = ${key}`,
  );
  return Number(row?.count ?? 0);
}

/** Whether a booking online by this contact must be paid in full (the rule is on and reached). */
export async function needsFullPayment(
  db: Database,
  contact: { email: string; phone: string },
  now: Date,
): Promise<boolean> {
  const [{ noShowLimit }, count] = await Promise.all([readScheduleSettings(db), noShowsOf(db, contact, now)]);
  return noShowLimit > 0 && count >= noShowLimit;
}

/** Lifts the rule for a client now; false when there is no such client. */
export async function liftNoShowRule(db: Database, clientId: string, now: Date): Promise<boolean> {
  const lifted = await db.all<{ id: string }>(
    sql`update clients set no_show_rule_lifted_at = ${now.toISOString()} where id = ${clientId} returning id`,
  );
  return lifted.length === 1;
}
