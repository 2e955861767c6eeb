/**
 * Everything the studio holds on a client, for their copy (the owner's export): the record, every
 * visit and order, the messages sent, the waitlist, reviews, gift vouchers, visit notes, and what
 * is found by their addresses: packages, memberships and Paystack's events about them, the
 * payments that bought those, and their own page's sign-ins. Never a secret: a code only by its
 * last 4, no digest, no token.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { academyWaitlistEntries, clients, outboxMessages } from '../../db/schema';
import { accountKeysOf, addressesOf, addressMatchers, type ClientContact, inList } from '../clients/client-addresses';
import { phoneKeyOf, phoneKeySql } from '../clients/client-records';
import { clientVisitNotes } from '../day/visit-notes';
import { clientRecord } from './clients';

type Row = Record<string, unknown>;

/** Their packages, memberships (with Paystack's events), the payments for them, and their sign-ins. */
async function salesAndSignIns(db: Database, client: ClientContact) {
  const addresses = await addressesOf(db, client);
  const { anyEmail, anyContact } = addressMatchers(addresses);
  const theirMemberships = anyContact(sql`m.email`, sql`m.phone`);
  const accountKeys = inList(accountKeysOf(client, addresses));
  const [packages, memberships, membershipEvents, payments, signIns, wrongCodes, sessions] = await Promise.all([
    db.all<Row>(sql`select name, sessions, sessions_left as "sessionsLeft", price, expires_on as "expiresOn", status,
        code_last4 as "last4", created_at as "boughtAt"
      from package_purchases where plan_id is null and ${anyContact(sql`buyer_email`, sql`buyer_phone`)}
      order by created_at`),
    db.all<Row>(sql`select p.name as plan, m.status, m.paid_until as "paidUntil", m.months,
        m.customer_code as "paystackCustomer",
        w.sessions_left as "sessionsLeft", w.code_last4 as "last4", m.created_at as "joinedAt"
      from memberships m join membership_plans p on p.id = m.plan_id join package_purchases w on w.id = m.purchase_id
      where ${theirMemberships} order by m.created_at`),
    // What Paystack told the studio about their membership: the event and its day, no more.
    db.all<Row>(sql`select event, substr(created_at, 1, 10) as date from membership_events
      where subscription_code in (select m.subscription_code from memberships m where ${theirMemberships})
        or ${anyEmail(sql`json_extract(payload, '$.data.customer.email')`)}
      order by created_at, rowid`),
    db.all<Row>(sql`select reference, kind, status, amount, paid_at as "paidAt" from payments
      where kind in ('package', 'membership') and (${anyEmail(sql`email`)}
        or reference in (select payment_reference from package_purchases
          where ${anyContact(sql`buyer_email`, sql`buyer_phone`)})
        or reference in (select m.payment_reference from memberships m where ${theirMemberships}))
      order by created_at`),
    db.all<Row>(sql`select channel, created_at as "createdAt", used_at as "usedAt", expires_at as "expiresAt"
      from account_codes where contact in (${accountKeys}) order by created_at`),
    // Wrong codes typed for their address: when only (the network is a digest, no one's to read).
    db.all<Row>(sql`select created_at as "triedAt" from account_code_tries where contact in (${accountKeys})
      order by created_at`),
    db.all<Row>(sql`select created_at as "createdAt", expires_at as "expiresAt"
      from account_sessions where contact in (${accountKeys}) order by created_at`),
  ]);
  return { packages, memberships, membershipEvents, payments, signIns, wrongCodes, sessions };
}

/** Everything held on the person, for their copy; undefined when there is no such client. */
export async function clientExport(db: Database, id: string, now: Date) {
  const [contact] = await db
    .select({ id: clients.id, key: clients.key, email: clients.email, phone: clients.phone })
    .from(clients)
    .where(eq(clients.id, id));
  const record = contact && (await clientRecord(db, id, now));
  if (!contact || !record) return undefined;
  const email = (record.email ?? '').trim().toLowerCase();
  const phoneKey = record.phone.trim() === '' ? '' : phoneKeyOf(record.phone);
  const [messages, waitlist, reviews, vouchers, visitNotes, sales] = await Promise.all([
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
            firstName: academyWaitlistEntries.firstName,
            email: academyWaitlistEntries.email,
            whatsapp: academyWaitlistEntries.whatsapp,
            state: academyWaitlistEntries.state,
            joinedAt: academyWaitlistEntries.joinedAt,
            confirmedAt: academyWaitlistEntries.confirmedAt,
            unsubscribedAt: academyWaitlistEntries.unsubscribedAt,
          })
          .from(academyWaitlistEntries)
          .where(eq(academyWaitlistEntries.email, record.email))
      : Promise.resolve([]),
    db.all<Row>(sql`select q.subject as about, r.author, r.rating, r.therapist_rating as therapistRating,
        r.comment, r.status, r.reply, r.created_at as writtenAt
      from reviews r join review_requests q on q.id = r.request_id
      where q.booking_id in (select id from bookings where client_id = ${id})
        or q.order_id in (select id from orders where client_id = ${id})
      order by r.created_at`),
    // Gift vouchers they bought or were given: what each was worth and what is left (never the code).
    db.all<Row>(sql`select case when lower(buyer_email) = ${email} then 'bought' else 'received' end
        as "role", amount, balance, treatment, buyer_name as "buyerName", recipient_name as "recipientName",
        message, deliver_on as "deliverOn", delivered_at as "deliveredAt", expires_on as "expiresOn", status,
        code_last4 as "last4", created_at as "createdAt"
      from vouchers
      where (${email} <> '' and (lower(buyer_email) = ${email} or lower(recipient_email) = ${email}))
        or (${phoneKey} <> '' and ${phoneKeySql(sql`recipient_phone`)} = ${phoneKey})
      order by created_at`),
    clientVisitNotes(db, id),
    salesAndSignIns(db, contact),
  ]);
  return { exportedAt: now.toISOString(), client: record, messages, waitlist, reviews, vouchers, visitNotes, ...sales };
}
