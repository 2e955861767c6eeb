/**
 * Erasing a client (NDPA 2023): names, contact details, notes and health answers go; the money
 * records stay, anonymised, so the books still add up. Everything that holds the person is
 * reached: their bookings and orders (by client_id), and by their addresses the payments that
 * never became one, messages, waitlists, reviews, gift vouchers, packages, memberships and
 * Paystack's events about them, and their own page's codes and sessions.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { clients } from '../../db/schema';
import { accountKeysOf, addressesOf, addressMatchers, inList } from '../clients/client-addresses';
import { endClientSessionsStatements } from '../clients/my-page-sign-in';
import { eraseEntriesStatements } from '../time-waitlist/time-waitlist';

/** What an erased booking or order says where the person's name was. */
export const ERASED_NAME = 'Erased client';

type Matchers = ReturnType<typeof addressMatchers>;

/**
 * A package's or membership's payment as erased: the package or plan sold stays (receipts, the
 * membership's messages and reports read it), the buyer goes, under the name erased rows carry.
 * A pending one paid later starts an anonymised purchase, as a paid one would now be.
 */
const erasedSaleDetails = sql`case kind
  when 'package' then json_set(details, '$.purchase.buyerName', ${ERASED_NAME}, '$.purchase.buyerEmail', null,
    '$.purchase.buyerPhone', null)
  else json_set(details, '$.membership.buyerName', ${ERASED_NAME}, '$.membership.buyerEmail', '',
    '$.membership.buyerPhone', '') end`;

/**
 * A Paystack event as erased: only what the reports and the event's own handling read (the
 * event, a charge's amount, currency, reference and status, the plan's code, the subscription's
 * and the invoice's codes); the customer, the card and the metadata go.
 */
const erasedPayload = sql`json_object('event', event, 'data', json_object(
  'amount', json_extract(payload, '$.data.amount'),
  'currency', json_extract(payload, '$.data.currency'),
  'reference', json_extract(payload, '$.data.reference'),
  'status', json_extract(payload, '$.data.status'),
  'plan', json_object('plan_code', json_extract(payload, '$.data.plan.plan_code')),
  'subscription_code', json_extract(payload, '$.data.subscription_code'),
  'subscription', json_object('subscription_code', json_extract(payload, '$.data.subscription.subscription_code')),
  'invoice_code', json_extract(payload, '$.data.invoice_code')))`;

/**
 * Their packages and memberships, the payments that bought them and Paystack's events about
 * them. Each statement matches on columns that a later one blanks, so they run in this order:
 * payments and events (found through the purchases and memberships), then the purchases and
 * memberships themselves.
 *
 * A membership keeps its subscription code, plan, status and months: Paystack's later events
 * that name the subscription (not renewing, disabled, a failed invoice) still apply to it. A
 * renewal (charge.success) is matched by plan and Paystack's customer code, and the code is gone:
 * an erased member's later renewals are kept as events no membership matches (adding no sessions,
 * and not money in for the reports) until staff cancel the subscription at Paystack.
 */
function eraseSalesStatements(db: Database, { anyEmail, anyKey, anyContact, mentionsAny }: Matchers) {
  const theirPurchases = sql`select payment_reference from package_purchases
    where ${anyContact(sql`buyer_email`, sql`buyer_phone`)}`;
  const theirMemberships = sql`select payment_reference from memberships where ${anyContact(sql`email`, sql`phone`)}`;
  const theirSubscriptions = sql`select subscription_code from memberships
    where subscription_code is not null and ${anyContact(sql`email`, sql`phone`)}`;
  const theirCustomerCodes = sql`select customer_code from memberships
    where customer_code is not null and ${anyContact(sql`email`, sql`phone`)}`;
  return [
    d1Statement(
      db,
      sql`update payments set email = '', phone_key = null, details = ${erasedSaleDetails}
        where kind in ('package', 'membership') and (${anyEmail(sql`email`)} or ${anyKey(sql`phone_key`)}
          or reference in (${theirPurchases}) or reference in (${theirMemberships}))`,
    ),
    d1Statement(
      db,
      sql`update membership_events set payload = ${erasedPayload}
        where subscription_code in (${theirSubscriptions})
          or json_extract(payload, '$.data.customer.customer_code') in (${theirCustomerCodes})
          or ${anyEmail(sql`json_extract(payload, '$.data.customer.email')`)} or ${mentionsAny(sql`payload`)}`,
    ),
    d1Statement(
      db,
      sql`update package_purchases set buyer_name = ${ERASED_NAME}, buyer_email = null, buyer_phone = null
        where ${anyContact(sql`buyer_email`, sql`buyer_phone`)}`,
    ),
    d1Statement(
      db,
      sql`update memberships set name = ${ERASED_NAME}, email = '', phone = null, email_token = null,
          customer_code = null
        where ${anyContact(sql`email`, sql`phone`)}`,
    ),
  ];
}

/** Messages to them, and those about their bookings, orders, packages and memberships (the studio's notices). */
function theirMessages(id: string, { anyOf, anyPhone, anyContact }: Matchers): SQL {
  const about = (reference: SQL) => sql`instr(outbox_messages.idempotency_key, ${reference}) > 0`;
  return sql`${anyOf(sql`recipient`)} or ${anyPhone(sql`recipient`)}
    or exists (select 1 from bookings b where b.client_id = ${id} and ${about(sql`b.payment_reference`)})
    or exists (select 1 from orders o where o.client_id = ${id} and ${about(sql`o.payment_reference`)})
    or exists (select 1 from booking_events e join bookings b on b.id = e.booking_id
      where b.client_id = ${id} and ${about(sql`e.id`)})
    or exists (select 1 from package_purchases pp where ${anyContact(sql`pp.buyer_email`, sql`pp.buyer_phone`)}
      and ${about(sql`pp.payment_reference`)})
    or exists (select 1 from memberships m where ${anyContact(sql`m.email`, sql`m.phone`)}
      and ${about(sql`m.payment_reference`)})`;
}

/** Their gift vouchers, bought or received: the money stays, the names and addresses go. */
function eraseVouchersStatements(db: Database, { anyOf, anyEmail, anyPhone }: Matchers) {
  return [
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
  ];
}

/**
 * Erases the person in one D1 batch: their bookings and orders keep their money, dates and
 * treatments under "Erased client", with no contact details, notes, address or health answers;
 * so do their packages and memberships; the payments' stored details go; their messages,
 * waitlist entries and sign-in attempts are deleted, their own page's codes and sessions end, and
 * the client record with them. False when there is no such client.
 */
export async function eraseClient(db: Database, id: string): Promise<boolean> {
  const [client] = await db.select().from(clients).where(sql`${clients.id} = ${id}`);
  if (!client) return false;
  const addresses = await addressesOf(db, client);
  const matchers = addressMatchers(addresses);
  const { anyKey, anyPhone, anyEmail, mentionsAny } = matchers;
  await db.$client.batch([
    // Their own page: signed-in browsers and sign-in codes end (no address of theirs gets a code again).
    ...endClientSessionsStatements(db, inList(accountKeysOf(client, addresses))),
    // First what is found through their bookings, orders, packages and memberships, while those still point to them.
    d1Statement(db, sql`delete from outbox_messages where ${theirMessages(id, matchers)}`),
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
    // Payments that never became a booking or an order (declined, abandoned, expired, pending);
    // a package's or membership's are erased with the sales below.
    d1Statement(
      db,
      sql`update payments set email = '', details = '{}', phone_key = null
        where status <> 'paid' and kind not in ('package', 'membership')
          and (${anyEmail(sql`email`)} or ${anyKey(sql`phone_key`)})`,
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
    ...eraseVouchersStatements(db, matchers),
    ...eraseSalesStatements(db, matchers),
    d1Statement(db, sql`delete from clients where id = ${id}`),
  ]);
  return true;
}
