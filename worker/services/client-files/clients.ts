/**
 * The Clients screen's data: finding a person as staff type, and their record (visits, orders,
 * what they spent, notes). Everything the studio holds on them (the owner's export) is
 * client-export.ts; erasing them is client-erasure.ts.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { academyWaitlistEntries, bookings, clients, orders } from '../../db/schema';
import { lagosDate } from '../../shared/time';
import { type BookingView, listBookings } from '../bookings/bookings';
import { countedNoShowsSql } from '../bookings/no-show-rule';
import { contactSearch } from '../clients/contact-search';
import { listOrders, type OrderView } from '../shop/orders';
import { type EntryView, entriesOf } from '../time-waitlist/time-waitlist';

export { ERASED_NAME } from './client-erasure';

export interface ClientSummary {
  _id: string;
  name: string;
  email: string | null;
  phone: string;
  /** Visits not cancelled, past and upcoming. */
  visits: number;
  orderCount: number;
  /** Naira paid and kept (refunds taken off). */
  totalSpent: number;
  /** The latest visit on or before today (yyyy-MM-dd), or null. */
  lastVisit: string | null;
  /** The next visit after today, or null. */
  nextVisit: string | null;
}

// The client's id in the subqueries, written out: drizzle leaves a lone table's columns unqualified.
const clientId = sql.raw('clients.id');

const summaryColumns = (today: string) => ({
  _id: clients.id,
  name: clients.name,
  email: clients.email,
  phone: clients.phone,
  visits: sql<number>`(select count(*) from bookings b where b.client_id = ${clientId}
    and b.service_status not in ('cancelled', 'no-show'))`,
  orderCount: sql<number>`(select count(*) from orders o where o.client_id = ${clientId})`,
  totalSpent: sql<number>`(
    (select coalesce(sum(b.amount_paid), 0) from bookings b where b.client_id = ${clientId})
    + (select coalesce(sum(o.amount), 0) from orders o where o.client_id = ${clientId})
    - (select coalesce(sum(r.amount), 0) from refunds r
        where r.booking_id in (select id from bookings where client_id = ${clientId})
          or r.order_id in (select id from orders where client_id = ${clientId})))`,
  lastVisit: sql<string | null>`(select max(b.date) from bookings b where b.client_id = ${clientId}
    and b.service_status not in ('cancelled', 'no-show') and b.date <= ${today})`,
  nextVisit: sql<string | null>`(select min(b.date) from bookings b where b.client_id = ${clientId}
    and b.service_status = 'booked' and b.date > ${today})`,
});

/** A page of clients matching `query` (the most recently seen first), and how many match. */
export async function searchClients(
  db: Database,
  query: string,
  page: { page: number; pageSize: number },
  now: Date,
): Promise<{ clients: ClientSummary[]; total: number }> {
  const where = contactSearch(query, clients);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns(lagosDate(now)))
      .from(clients)
      .where(where)
      .orderBy(desc(clients.updatedAt), desc(clients.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: sql<number>`count(*)` }).from(clients).where(where),
  ]);
  return { clients: rows.map((row) => ({ ...row, totalSpent: Number(row.totalSpent) })), total: total?.value ?? 0 };
}

export interface ClientRecord extends ClientSummary {
  notes: string | null;
  /** No-shows within 12 months that count, and when staff last lifted the no-show rule for them. */
  noShows: number;
  noShowRuleLiftedAt: string | null;
  /** How they first heard of the studio (their latest answer). */
  referralSource: string | null;
  /** On the academy's list for news and offers (confirmed, not unsubscribed). */
  marketingConsent: boolean;
  createdAt: string;
  bookings: BookingView[];
  orders: OrderView[];
  /** Their entries on the waitlist for full times (by their email or phone), newest first. */
  timeWaitlist: EntryView[];
}

/** The person's record with every visit (newest first) and order, or undefined. */
export async function clientRecord(db: Database, id: string, now: Date): Promise<ClientRecord | undefined> {
  const [summary] = await db
    .select({
      ...summaryColumns(lagosDate(now)),
      notes: clients.notes,
      createdAt: clients.createdAt,
      noShows: countedNoShowsSql(clientId, now),
      noShowRuleLiftedAt: clients.noShowRuleLiftedAt,
    })
    .from(clients)
    .where(eq(clients.id, id));
  if (!summary) return undefined;
  const [visits, bought, [consent], [referral], waiting] = await Promise.all([
    // Newest first: the upcoming ones on top, then the past.
    listBookings(db, undefined, eq(bookings.clientId, id)),
    listOrders(db, undefined, undefined, eq(orders.clientId, id)),
    summary.email
      ? db
          .select({ id: academyWaitlistEntries.id })
          .from(academyWaitlistEntries)
          .where(
            sql`${academyWaitlistEntries.email} = ${summary.email} and ${academyWaitlistEntries.confirmedAt} is not null
              and ${academyWaitlistEntries.unsubscribedAt} is null`,
          )
      : Promise.resolve([]),
    db
      .select({ source: bookings.referralSource })
      .from(bookings)
      .where(sql`${bookings.clientId} = ${id} and ${bookings.referralSource} is not null`)
      .orderBy(desc(bookings.createdAt))
      .limit(1),
    entriesOf(db, summary, now),
  ]);
  return {
    ...summary,
    totalSpent: Number(summary.totalSpent),
    noShows: Number(summary.noShows),
    referralSource: referral?.source ?? null,
    marketingConsent: consent !== undefined,
    bookings: visits.bookings,
    orders: bought.orders,
    timeWaitlist: waiting,
  };
}

export async function saveClientNotes(db: Database, id: string, notes: string): Promise<boolean> {
  const [saved] = await db
    .update(clients)
    .set({ notes: notes === '' ? null : notes })
    .where(eq(clients.id, id))
    .returning({ id: clients.id });
  return saved !== undefined;
}
