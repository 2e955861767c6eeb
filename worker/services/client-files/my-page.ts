/**
 * What a signed-in client's page shows (GET /api/account): their visits to come (with the manage
 * link) and past (with "Book again"), packages, membership, gift vouchers bought or received, and
 * receipts; and one receipt to print. Everything is found by the address they signed in with
 * (proved by its code), and by it alone.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { lagosDate } from '../../shared/time';
import { managePath, manageToken } from '../bookings/manage-tokens';
import { type ClientIdentity, contactMatches } from '../clients/my-page-sign-in';
import { voucherTitle } from '../prepaid/vouchers';

/** SQL: the name a person goes by: their client record's, else their latest booking's. */
const nameSql = (who: ClientIdentity) =>
  sql`select name from (
      select name, 0 as rank, updated_at as at from clients where key = ${who.key}
      union all select name, 1, created_at from bookings where ${mine(who, 'email_key', 'phone_key')})
    order by rank, at desc limit 1`;

/**
 * SQL: a row's stored key columns (raw names; no phone column where it keeps none) are this
 * person's: only the address their code proved, found by its stored key (an indexed
 * `email_key = ?` or `phone_key = ?`). The other address on a client record was typed into a form
 * and never proved: someone booking with their own email and another's phone must not see that
 * person's visits by signing in with the email.
 */
const mine = (who: ClientIdentity, emailKey: string, phoneKey: string | null): SQL =>
  contactMatches(who.address, emailKey, phoneKey) ?? sql`0`;

/**
 * Whether a visit's manage link is theirs: it went with the confirmation, which goes by email, so
 * to the booking's email; by WhatsApp (the phone) only for a booking with no email.
 */
const confirmedTo = (who: ClientIdentity, visit: { emailKey: string | null }) =>
  who.address.by === 'email' || visit.emailKey === null;

interface VisitRow {
  id: string;
  reference: string;
  subservices: string;
  date: string;
  time: string;
  status: string;
  therapistId: string | null;
  therapistName: string | null;
  emailKey: string | null;
}

/** "/booking?treatments=Swedish,Hot%20Stone&therapist=…": the booking form filled as the visit was. */
const bookAgainPath = (visit: VisitRow) => {
  const query = new URLSearchParams({ treatments: (JSON.parse(visit.subservices) as string[]).join(',') });
  if (visit.therapistId) query.set('therapist', visit.therapistId);
  return `/booking?${query}`;
};

/** Their page, or undefined when the session has ended (`who` from a token reads it in the same batch). */
export async function accountView(db: Database, who: ClientIdentity, options: { now: Date; linkSecret: string }) {
  const today = lagosDate(options.now);
  // One round trip to the database (in Europe) for the whole page: every part is read in one batch.
  const [session, named, visitRows, packageRows, membershipRows, voucherRows, receiptRows] = await db.$client.batch([
    d1Statement(db, who.contact),
    d1Statement(db, nameSql(who)),
    d1Statement(db, visitsSql(who)),
    d1Statement(db, packagesSql(who)),
    d1Statement(db, membershipSql(who)),
    d1Statement(db, vouchersSql(who)),
    d1Statement(db, receiptsSql(who)),
  ]);
  if (!session?.results.length) return undefined;
  const rows = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];
  const visits = rows<VisitRow>(visitRows);
  const isUpcoming = (visit: VisitRow) =>
    visit.date >= today && (visit.status === 'booked' || visit.status === 'arrived');
  const upcoming = await Promise.all(
    visits
      .filter(isUpcoming)
      .reverse()
      .map(async (visit) => ({
        _id: visit.id,
        reference: visit.reference,
        treatments: JSON.parse(visit.subservices) as string[],
        date: visit.date,
        time: visit.time,
        therapist: visit.therapistName,
        status: visit.status,
        // null: the link went to the booking's email, which this sign-in did not prove.
        manageUrl: confirmedTo(who, visit) ? managePath(await manageToken(visit.reference, options.linkSecret)) : null,
      })),
  );
  const past = visits
    .filter((visit) => !isUpcoming(visit))
    .slice(0, 20)
    .map((visit) => ({
      _id: visit.id,
      treatments: JSON.parse(visit.subservices) as string[],
      date: visit.date,
      time: visit.time,
      therapist: visit.therapistName,
      status: visit.status,
      bookAgainUrl: bookAgainPath(visit),
    }));
  return {
    name: rows<{ name: string }>(named)[0]?.name ?? null,
    upcoming,
    past,
    packages: rows<PackageRow>(packageRows).map((each) => ({ ...each, expired: each.expiresOn < today })),
    membership: membershipFrom(rows<MembershipRow>(membershipRows)[0], options.now),
    vouchers: rows<VoucherRow>(voucherRows).map((row) => voucherFrom(row, today)),
    receipts: rows<PaymentRow>(receiptRows).map((row) => ({
      reference: row.reference,
      kind: row.kind,
      description: describe(row),
      amount: row.amount,
      paidAt: row.paidAt,
    })),
  };
}

const visitsSql = (who: ClientIdentity) =>
  sql`select b.id, b.payment_reference as reference, b.subservices, b.date, b.time, b.service_status as status,
      t.id as therapistId, t.name as therapistName, b.email_key as emailKey
    from bookings b left join therapists t on t.id = b.therapist_id
    where ${mine(who, 'b.email_key', 'b.phone_key')}
    order by b.date desc, b.time desc limit 60`;

interface PackageRow {
  _id: string;
  name: string;
  sessions: number;
  sessionsLeft: number;
  expiresOn: string;
  codeLast4: string;
}

const packagesSql = (who: ClientIdentity) =>
  sql`select id as _id, name, sessions, sessions_left as sessionsLeft, expires_on as expiresOn, code_last4 as codeLast4
    from package_purchases where plan_id is null and status = 'active'
      and ${mine(who, 'buyer_email_key', 'buyer_phone_key')}
    order by expires_on desc limit 20`;

interface MembershipRow {
  _id: string;
  planName: string;
  status: string;
  paidUntil: string;
  subscriptionCode: string | null;
  sessionsLeft: number;
  codeLast4: string;
}

const membershipSql = (who: ClientIdentity) =>
  sql`select m.id as _id, p.name as planName, m.status, m.paid_until as paidUntil,
      m.subscription_code as subscriptionCode, w.sessions_left as sessionsLeft, w.code_last4 as codeLast4
    from memberships m join membership_plans p on p.id = m.plan_id join package_purchases w on w.id = m.purchase_id
    where ${mine(who, 'm.email_key', 'm.phone_key')} order by m.created_at desc limit 1`;

function membershipFrom(row: MembershipRow | undefined, now: Date) {
  if (!row) return null;
  const over = row.paidUntil <= now.toISOString() && row.status !== 'active';
  return {
    _id: row._id,
    planName: row.planName,
    status: over ? 'ended' : row.status,
    renewsOn: lagosDate(new Date(row.paidUntil)),
    sessionsLeft: over ? 0 : row.sessionsLeft,
    codeLast4: row.codeLast4,
    canManage: row.subscriptionCode !== null && !over,
  };
}

interface VoucherRow {
  _id: string;
  amount: number;
  treatment: string | null;
  balance: number;
  expiresOn: string;
  codeLast4: string;
  status: string;
  received: number;
  recipientName: string;
}

/** Vouchers they bought, and those sent to them (only once delivered: a gift is a surprise until its day). */
function vouchersSql(who: ClientIdentity) {
  // A buyer leaves no phone: a phone's sign-in looks only for vouchers received (no `or 0` scan).
  const bought = contactMatches(who.address, 'buyer_email_key', null);
  const received = sql`(delivered_at is not null and ${mine(who, 'recipient_email_key', 'recipient_phone_key')})`;
  return sql`select id as _id, amount, treatment, balance, expires_on as expiresOn, code_last4 as codeLast4, status,
      ${received} as received,
      recipient_name as recipientName
    from vouchers
    where ${received}${bought ? sql` or ${bought}` : sql``}
    order by created_at desc limit 20`;
}

function voucherFrom(row: VoucherRow, today: string) {
  return {
    _id: row._id,
    title: voucherTitle(row),
    role: row.received ? ('received' as const) : ('bought' as const),
    recipientName: row.recipientName,
    balance: row.balance,
    expiresOn: row.expiresOn,
    codeLast4: row.codeLast4,
    usable: row.status === 'active' && row.expiresOn >= today && row.balance > 0,
  };
}

interface PaymentRow {
  reference: string;
  kind: string;
  amount: number;
  subtotal: number;
  discount: number;
  voucherAmount: number;
  dueAtStudio: number;
  method: string;
  paidAt: string;
  details: string;
}

const paymentColumns = sql`p.reference, p.kind, p.amount, p.subtotal, p.discount, p.voucher_amount as voucherAmount,
  p.due_at_studio as dueAtStudio, p.method, p.paid_at as paidAt, p.details`;

const paidByThem = (who: ClientIdentity) =>
  sql`status = 'paid' and paid_at is not null
    and (${mine(who, 'email_key', 'phone_key')}
      or reference in (select payment_reference from bookings where ${mine(who, 'email_key', 'phone_key')})
      or reference in (select payment_reference from orders where ${mine(who, 'email_key', 'phone_key')}))`;

/** What any kind of payment stores, as far as a receipt reads it. */
interface StoredDetails {
  booking?: { subservices?: string[] };
  voucher?: { recipientName?: string };
  purchase?: { name?: string };
  membership?: { planName?: string };
  memberDiscount?: { percent?: number; amount?: number };
  lines?: Array<{
    name?: string;
    price?: number;
    productName?: string;
    size?: string;
    unitPrice?: number;
    quantity?: number;
  }>;
}

/** What a payment was for, in a line. */
function describe(row: PaymentRow): string {
  const details = JSON.parse(row.details || '{}') as StoredDetails;
  if (row.kind === 'booking') return details.booking?.subservices?.join(', ') ?? 'A visit';
  if (row.kind === 'order') return 'Skincare order';
  if (row.kind === 'voucher') return `Gift voucher for ${details.voucher?.recipientName ?? 'a friend'}`;
  if (row.kind === 'package') return `${details.purchase?.name ?? 'A'} package`;
  return `${details.membership?.planName ?? 'Membership'} (first month)`;
}

/**
 * Their paid payments, newest first: found from their own keys (the payment's, its booking's, its
 * order's: three indexed lookups), never by walking every paid payment for theirs (`+` keeps the
 * planner off the status index, which it would otherwise take on a small table).
 */
const receiptsSql = (who: ClientIdentity) =>
  sql`select ${paymentColumns} from (
      select reference from payments where ${mine(who, 'email_key', 'phone_key')}
      union select payment_reference from bookings where ${mine(who, 'email_key', 'phone_key')}
      union select payment_reference from orders where ${mine(who, 'email_key', 'phone_key')}
    ) own join payments p on p.reference = own.reference
    where +p.status = 'paid' and p.paid_at is not null
    order by p.paid_at desc limit 50`;

const methodLabels: Record<string, string> = {
  paystack: 'Card or transfer (Paystack)',
  test: 'Test checkout',
  free: 'Free (coupon)',
  voucher: 'Gift voucher',
  package: 'Package sessions',
  cash: 'Cash',
  transfer: 'Bank transfer',
  pos: 'POS',
  unpaid: 'At the studio',
};

/**
 * One of their receipts, line by line, for its printable page; undefined when it is not theirs,
 * 'signed-out' when the session has ended.
 */
export async function accountReceipt(db: Database, who: ClientIdentity, reference: string) {
  const [session, found, used] = await db.$client.batch([
    d1Statement(db, who.contact),
    d1Statement(
      db,
      sql`select ${paymentColumns} from payments p where p.reference = ${reference} and ${paidByThem(who)}`,
    ),
    d1Statement(
      db,
      sql`select value, sessions from package_uses where payment_reference = ${reference} and state = 'spent'`,
    ),
  ]);
  if (!session?.results.length) return 'signed-out' as const;
  const row = found?.results[0] as PaymentRow | undefined;
  if (!row) return undefined;
  const details = JSON.parse(row.details || '{}') as StoredDetails;
  const stored = details.lines ?? [];
  const lines: Array<{ label: string; amount: number }> =
    row.kind === 'booking'
      ? stored.map((line) => ({ label: line.name ?? '', amount: line.price ?? 0 }))
      : row.kind === 'order'
        ? stored.map((line) => ({
            label: `${line.productName} ${line.size} × ${line.quantity}`,
            amount: (line.unitPrice ?? 0) * (line.quantity ?? 0),
          }))
        : [{ label: describe(row), amount: row.subtotal }];
  const member = details.memberDiscount;
  if (member?.amount) lines.push({ label: `Member discount (${member.percent}%)`, amount: -member.amount });
  const packageUse = used?.results[0] as { value: number; sessions: number } | undefined;
  return {
    reference: row.reference,
    description: describe(row),
    paidAt: row.paidAt,
    lines,
    packageSessions: packageUse ? { sessions: packageUse.sessions, value: packageUse.value } : null,
    discount: row.discount,
    voucher: row.voucherAmount,
    dueAtStudio: row.dueAtStudio,
    paid: row.amount,
    method: methodLabels[row.method] ?? row.method,
  };
}
