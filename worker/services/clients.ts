/**
 * The Clients screen's data: finding a person as staff type, their record (visits, orders, what
 * they spent, notes), everything the studio holds on them (the owner's export), and erasing them
 * (NDPA 2023): names, contact details, notes and health answers go; the money records stay,
 * anonymised, so the books still add up.
 */
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../db/client';
import { bookings, clients, orders, outboxMessages, waitlistEntries } from '../db/schema';
import { lagosDate } from '../shared/time';
import { type BookingView, listBookings } from './bookings';
import { endClientSessionsStatements } from './client-accounts';
import { phoneKeyOf, phoneKeySql } from './client-records';
import { countedNoShowsSql } from './no-show-rule';
import { listOrders, type OrderView } from './orders';
import { type EntryView, entriesOf, eraseEntriesStatements } from './time-waitlist';
import { clientVisitNotes } from './visit-notes';

/** What an erased booking or order says where the person's name was. */
export const ERASED_NAME = 'Erased client';

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

/** The search as staff type: a name, an email or a phone (any way it is written), in part. */
function searchCondition(query: string): SQL | undefined {
  const text = query.trim().toLowerCase();
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const digits = text.replace(/\D/g, '');
  // A phone written 0803… is kept as typed; 803… finds it whichever way.
  const phoneDigits = digits.startsWith('234') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  const byPhone =
    phoneDigits.length >= 4
      ? sql` or replace(replace(replace(replace(${clients.phone}, ' ', ''), '-', ''), '+', ''), '(', '') like ${`%${phoneDigits}%`}`
      : sql``;
  return sql`(lower(${clients.name}) like ${like} escape '\\' or ${clients.email} like ${like} escape '\\'${byPhone})`;
}

/** A page of clients matching `query` (the most recently seen first), and how many match. */
export async function searchClients(
  db: Database,
  query: string,
  page: { page: number; pageSize: number },
  now: Date,
): Promise<{ clients: ClientSummary[]; total: number }> {
  const where = searchCondition(query);
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
    listBookings(db, undefined, undefined, eq(bookings.clientId, id)),
    listOrders(db, undefined, undefined, eq(orders.clientId, id)),
    summary.email
      ? db
          .select({ id: waitlistEntries.id })
          .from(waitlistEntries)
          .where(
            sql`${waitlistEntries.email} = ${summary.email} and ${waitlistEntries.confirmedAt} is not null
              and ${waitlistEntries.unsubscribedAt} is null`,
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

/** Everything held on the person, for their copy: the record, every visit and order, the messages sent, the waitlist. */
export async function clientExport(db: Database, id: string, now: Date) {
  const record = await clientRecord(db, id, now);
  if (!record) return undefined;
  const email = (record.email ?? '').trim().toLowerCase();
  const phoneKey = record.phone.trim() === '' ? '' : phoneKeyOf(record.phone);
  const [messages, waitlist, reviews, vouchers, visitNotes] = await Promise.all([
    db
      .select({
        channel: outboxMessages.channel,
        template: outboxMessages.template,
        to: outboxMessages.recipient,
        subject: outboxMessages.subject,
        status: outboxMessages.status,
        createdAt: outboxMessages.createdAt,
        sentAt: outboxMessages.sentAt,
      })
      .from(outboxMessages)
      .where(sql`${outboxMessages.recipient} in (${record.email ?? ''}, ${record.phone})
        or ${outboxMessages.recipient} in (select phone from bookings where client_id = ${id})
        or ${outboxMessages.recipient} in (select phone from orders where client_id = ${id})`)
      .orderBy(outboxMessages.createdAt),
    record.email
      ? db
          .select({
            firstName: waitlistEntries.firstName,
            email: waitlistEntries.email,
            whatsapp: waitlistEntries.whatsapp,
            state: waitlistEntries.state,
            joinedAt: waitlistEntries.joinedAt,
            confirmedAt: waitlistEntries.confirmedAt,
            unsubscribedAt: waitlistEntries.unsubscribedAt,
          })
          .from(waitlistEntries)
          .where(eq(waitlistEntries.email, record.email))
      : Promise.resolve([]),
    db.all<
      Record<string, unknown>
    >(sql`select q.subject as about, r.author, r.rating, r.therapist_rating as therapistRating,
        r.comment, r.status, r.reply, r.created_at as writtenAt
      from reviews r join review_requests q on q.id = r.request_id
      where q.booking_id in (select id from bookings where client_id = ${id})
        or q.order_id in (select id from orders where client_id = ${id})
      order by r.created_at`),
    // Gift vouchers they bought or were given: what each was worth and what is left (never the code).
    db.all<Record<string, unknown>>(sql`select case when lower(buyer_email) = ${email} then 'bought' else 'received' end
        as "role", amount, balance, treatment, buyer_name as "buyerName", recipient_name as "recipientName",
        message, deliver_on as "deliverOn", delivered_at as "deliveredAt", expires_on as "expiresOn", status,
        code_last4 as "last4", created_at as "createdAt"
      from vouchers
      where (${email} <> '' and (lower(buyer_email) = ${email} or lower(recipient_email) = ${email}))
        or (${phoneKey} <> '' and ${phoneKeySql(sql`recipient_phone`)} = ${phoneKey})
      order by created_at`),
    clientVisitNotes(db, id),
  ]);
  return { exportedAt: now.toISOString(), client: record, messages, waitlist, reviews, vouchers, visitNotes };
}

/**
 * Every address a client gave (few: their email, the phones they used), read first; their
 * bookings and orders are found through client_id (D1 allows few compound SELECTs and 100 bound values).
 */
async function addressesOf(
  db: Database,
  client: { id: string; email: string | null; phone: string },
): Promise<string[]> {
  const id = client.id;
  const given = await db.all<{ address: string }>(sql`
    select distinct address from (
      select email as address from bookings where client_id = ${id}
      union all select phone from bookings where client_id = ${id}
      union all select email from orders where client_id = ${id}
      union all select phone from orders where client_id = ${id})
    where address <> '' limit 20`);
  return [...new Set([client.email ?? '', client.phone, ...given.map((row) => row.address)])].filter(
    (address) => address.trim() !== '',
  );
}

/** SQL: the values as a list of bound parameters (for `in (…)`). */
const inList = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** SQL tests of a column against a person's addresses: as given, as emails, as phone keys, or anywhere in a text. */
function addressMatchers(addresses: string[]) {
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
  return { anyKey, anyPhone, anyEmail, anyOf, mentionsAny };
}

/**
 * Erases the person in one D1 batch: their bookings and orders keep their money, dates and
 * treatments under "Erased client", with no contact details, notes, address or health answers;
 * the payments' stored details go; their messages, waitlist entries and sign-in attempts are
 * deleted, their own page's sessions end, and the client record with them. False when there is no such client.
 */
export async function eraseClient(db: Database, id: string): Promise<boolean> {
  const [client] = await db.select().from(clients).where(eq(clients.id, id));
  if (!client) return false;
  const addresses = await addressesOf(db, client);
  const { anyKey, anyPhone, anyEmail, anyOf, mentionsAny } = addressMatchers(addresses);
  const aboutTheirRecords = sql`exists (select 1 from bookings b where b.client_id = ${id}
      and instr(outbox_messages.idempotency_key, b.payment_reference) > 0)
    or exists (select 1 from orders o where o.client_id = ${id}
      and instr(outbox_messages.idempotency_key, o.payment_reference) > 0)
    or exists (select 1 from booking_events e join bookings b on b.id = e.booking_id
      where b.client_id = ${id} and instr(outbox_messages.idempotency_key, e.id) > 0)`;
  // The keys their own page's sign-ins are under: each address as an email or a phone.
  const accountKeys = [
    client.key,
    ...addresses.map((address) =>
      address.includes('@') ? `email:${address.trim().toLowerCase()}` : `phone:${phoneKeyOf(address)}`,
    ),
  ];
  await db.$client.batch([
    // Their own page: signed-in browsers and sign-in codes end.
    ...endClientSessionsStatements(db, inList([...new Set(accountKeys)])),
    // First what is found through their bookings and orders, while those still point to them.
    d1Statement(
      db,
      sql`delete from outbox_messages where ${anyOf(sql`recipient`)} or ${anyPhone(sql`recipient`)} or ${aboutTheirRecords}`,
    ),
    d1Statement(db, sql`delete from waitlist_entries where ${anyEmail(sql`email`)} or ${anyPhone(sql`whatsapp`)}`),
    d1Statement(db, sql`delete from visit_notes where booking_id in (select id from bookings where client_id = ${id})`),
    // Their waitlist entries, the offers made to them, and any place such an offer still holds.
    ...eraseEntriesStatements(db, sql`${anyEmail(sql`email`)} or ${anyKey(sql`phone_key`)}`),
    d1Statement(db, sql`delete from login_failures where key like 'username:%' and ${mentionsAny(sql`key`)}`),
    d1Statement(db, sql`update audit_log set details = '{}' where ${mentionsAny(sql`details`)}`),
    // Their reviews (public words under their name) and the links that asked for them.
    d1Statement(
      db,
      sql`delete from reviews where request_id in (select id from review_requests
        where booking_id in (select id from bookings where client_id = ${id})
          or order_id in (select id from orders where client_id = ${id}))`,
    ),
    d1Statement(
      db,
      sql`delete from review_requests where booking_id in (select id from bookings where client_id = ${id})
        or order_id in (select id from orders where client_id = ${id})`,
    ),
    d1Statement(
      db,
      sql`update payments set email = '', details = '{}', phone_key = null
        where reference in (select payment_reference from bookings where client_id = ${id})
          or reference in (select payment_reference from orders where client_id = ${id})`,
    ),
    // Payments that never became a booking or an order (declined, abandoned, expired, pending).
    d1Statement(
      db,
      sql`update payments set email = '', details = '{}', phone_key = null
        where status <> 'paid' and (${anyEmail(sql`email`)} or ${anyKey(sql`phone_key`)})`,
    ),
    d1Statement(
      db,
      sql`update bookings set name = ${ERASED_NAME}, email = '', phone = '', notes = null, referral_source = null,
        previous_massage_therapy = 0, on_medication = 0, medication_details = null, exercising = 0,
        exercise_frequency = null, exercise_hours = null, health_conditions = '[]', manage_token_hash = null,
        client_id = null
        where client_id = ${id}`,
    ),
    d1Statement(
      db,
      sql`update orders set name = ${ERASED_NAME}, email = '', phone = '', shipping_address = '', client_id = null
        where client_id = ${id}`,
    ),
    // Gift vouchers they bought or received: the money stays, the names and addresses go.
    d1Statement(
      db,
      sql`update payments set email = '', details = '{}' where kind = 'voucher' and (${anyOf(sql`email`)}
        or reference in (select payment_reference from vouchers where ${anyOf(sql`recipient_email`)}
          or ${anyOf(sql`recipient_phone`)}))`,
    ),
    d1Statement(
      db,
      sql`update vouchers set buyer_name = ${ERASED_NAME}, buyer_email = null, message = null
        where ${anyOf(sql`buyer_email`)}`,
    ),
    d1Statement(
      db,
      sql`update vouchers set recipient_name = ${ERASED_NAME}, recipient_email = null, recipient_phone = '',
          message = null
        where ${anyEmail(sql`recipient_email`)} or ${anyPhone(sql`recipient_phone`)}`,
    ),
    d1Statement(db, sql`delete from clients where id = ${id}`),
  ]);
  return true;
}
