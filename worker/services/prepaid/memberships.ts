/**
 * A client's membership: started once by its first paid month (the payment's record), with its
 * sessions in a package_purchases row and the code that spends them sent to the member; what its
 * messages say; and what the member and the paying browser see of it. Paystack's later events
 * about it are membership-events.ts's.
 */
import { sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement, rowOfPayment } from '../../db/client';
import { memberships } from '../../db/schema';
import type { MembershipFacts } from '../../messages/templates/memberships';
import type { MembershipJoin } from '../../shared/prepaid/membership-rules';
import { formatVoucherCode, normalizeVoucherCode } from '../../shared/prepaid/voucher-rules';
import { lagosDate } from '../../shared/time';
import { phoneKeyOf, phoneKeySql } from '../clients/client-records';
import { markPaid, type Payment } from '../payments/payment-rows';
import { coveredTreatments, newPackageCode, type PackagePurchaseRow, packageCodeHash } from './package-sessions';
import { VOUCHER_CODE_LENGTH } from './voucher-codes';

export type MembershipRow = typeof memberships.$inferSelect;

/** What a membership's first payment stores: the plan as joined, and the member. */
export interface StoredMembershipPayment {
  membership: {
    planId: string;
    planName: string;
    planCode: string;
    treatmentIds: string[];
    sessionsPerMonth: number;
    price: number;
    shopPercent: number;
    buyerName: string;
    buyerEmail: string;
    buyerPhone: string;
  };
}

export const storedMembership = (
  plan: {
    _id: string;
    name: string;
    treatments: Array<{ _id: string }>;
    sessionsPerMonth: number;
    price: number;
    shopPercent: number;
  },
  planCode: string,
  member: Pick<MembershipJoin, 'buyerName' | 'buyerEmail' | 'buyerPhone'>,
): StoredMembershipPayment => ({
  membership: {
    planId: plan._id,
    planName: plan.name,
    planCode,
    treatmentIds: plan.treatments.map((treatment) => treatment._id),
    sessionsPerMonth: plan.sessionsPerMonth,
    price: plan.price,
    shopPercent: plan.shopPercent,
    buyerName: member.buyerName,
    buyerEmail: member.buyerEmail,
    buyerPhone: member.buyerPhone,
  },
});

/** SQL: an ISO time a month after the later of `from` and now (a lapsed month starts again from today). */
export const monthAfter = (from: unknown, nowIso: string) =>
  sql`strftime('%Y-%m-%dT%H:%M:%fZ', max(${from}, ${nowIso}), '+1 month')`;

/** SQL: the Lagos date of an ISO time (UTC+1, no daylight saving). */
export const lagosDateOf = (iso: unknown) => sql`date(${iso}, '+1 hour')`;

/**
 * Marks the first month paid and starts the membership, once (its payment reference is unique):
 * its sessions (the month's, at most two months' held at once), valid to the paid month's end,
 * with a new code. Only the call that started it gets the code back: the one to send.
 */
export async function startMembership(
  db: Database,
  payment: Payment,
  now: Date,
): Promise<{ membership: MembershipRow; code: string } | undefined> {
  const { membership: joined } = payment.details as StoredMembershipPayment;
  const code = newPackageCode();
  const nowIso = now.toISOString();
  const purchaseId = crypto.randomUUID();
  const paidUntil = monthAfter(sql`${nowIso}`, nowIso);
  const results = await db.$client.batch([
    markPaid(db, payment, now),
    d1Statement(
      db,
      sql`insert into package_purchases (
          id, payment_reference, plan_id, name, treatment_ids, sessions, sessions_left, price, buyer_name,
          buyer_email, buyer_phone, code_hash, code_last4, expires_on
        )
        select ${purchaseId}, ${payment.reference}, ${joined.planId}, ${joined.planName},
          ${JSON.stringify(joined.treatmentIds)}, ${joined.sessionsPerMonth * 2}, ${joined.sessionsPerMonth},
          ${joined.price}, ${joined.buyerName}, ${joined.buyerEmail}, ${joined.buyerPhone},
          ${await packageCodeHash(code)}, ${code.slice(-4)}, ${lagosDateOf(paidUntil)}
        where exists (select 1 from payments where reference = ${payment.reference} and status = 'paid')
        on conflict (payment_reference) do nothing`,
    ),
    d1Statement(
      db,
      sql`insert into memberships (id, plan_id, payment_reference, purchase_id, name, email, phone, paid_until)
        select ${crypto.randomUUID()}, ${joined.planId}, ${payment.reference}, ${purchaseId}, ${joined.buyerName},
          ${joined.buyerEmail}, ${joined.buyerPhone}, ${paidUntil}
        where changes() = 1`,
    ),
  ]);
  if (!changedRow(results[2])) return undefined;
  const membership = await membershipOfPayment(db, payment.reference);
  return membership ? { membership, code } : undefined;
}

export const membershipOfPayment = (db: Database, reference: string) => rowOfPayment(db, memberships, reference);

/** What a membership's messages say, from its row and its first payment's stored plan. */
export async function membershipFacts(
  db: Database,
  membership: MembershipRow,
  code?: string,
): Promise<MembershipFacts> {
  const payment = await db.get<{ details: string }>(
    sql`select details from payments where reference = ${membership.paymentReference}`,
  );
  const joined = (JSON.parse(payment?.details ?? '{}') as Partial<StoredMembershipPayment>).membership;
  return {
    reference: membership.paymentReference,
    name: membership.name,
    planName: joined?.planName ?? 'Your membership',
    sessionsPerMonth: joined?.sessionsPerMonth ?? 0,
    treatments: (await coveredTreatments(db, joined?.treatmentIds ?? [])).map((treatment) => treatment.name),
    price: joined?.price ?? 0,
    shopPercent: joined?.shopPercent ?? 0,
    renewsOn: lagosDate(new Date(membership.paidUntil)),
    ...(code ? { code: formatVoucherCode(code) } : {}),
  };
}

/** What verify answers the paying browser about a started membership (no code: it is sent). */
export interface MembershipSummary {
  kind: 'membership';
  paid: true;
  reference: string;
  name: string;
  planName: string;
  sessionsPerMonth: number;
  price: number;
  renewsOn: string;
  codeLast4: string;
  sentTo: { email: string | null; phone: string | null };
}

export async function membershipSummary(db: Database, payment: Payment): Promise<MembershipSummary | undefined> {
  const membership = await membershipOfPayment(db, payment.reference);
  if (!membership) return undefined;
  const wallet = await db.get<Pick<PackagePurchaseRow, 'codeLast4'>>(
    sql`select code_last4 as codeLast4 from package_purchases where id = ${membership.purchaseId}`,
  );
  const facts = await membershipFacts(db, membership);
  return {
    kind: 'membership',
    paid: true,
    reference: payment.reference,
    name: membership.name,
    planName: facts.planName,
    sessionsPerMonth: facts.sessionsPerMonth,
    price: facts.price,
    renewsOn: facts.renewsOn,
    codeLast4: wallet?.codeLast4 ?? '',
    sentTo: { email: membership.email, phone: membership.phone },
  };
}

/** Who an order is for: its email and phone, as the order (or the payment dialog) gives them. */
export interface ShopCustomer {
  email?: string | null;
  phone?: string | null;
}

/**
 * SQL: whether the membership `m` is the customer's own, by the email (trimmed, any case) or the
 * phone (its key: "0803…" and "+234 803…" are one) the member joined with; true when no customer
 * is given (a check before the checkout form is filled).
 */
function isMembersOwn(customer: ShopCustomer | undefined) {
  const email = customer?.email?.trim().toLowerCase() ?? '';
  const phoneKey = customer?.phone ? phoneKeyOf(customer.phone) : '';
  if (!email && !phoneKey) return customer ? sql`0` : sql`1`;
  return sql`((${email} <> '' and lower(trim(m.email)) = ${email})
    or (${phoneKey} <> '' and ${phoneKeySql(sql`m.phone`)} = ${phoneKey}))`;
}

/**
 * A member's percentage off the shop, from their code: the plan's, while the membership has not
 * ended; `own` says whether it is the member's own order (`customer`'s email or phone is theirs):
 * the discount is the member's, not the code holder's.
 */
export async function memberShopPercent(
  db: Database,
  typed: string,
  now: Date,
  customer?: ShopCustomer,
): Promise<{ planName: string; percent: number; own: boolean } | undefined> {
  const code = normalizeVoucherCode(typed);
  if (code.length !== VOUCHER_CODE_LENGTH) return undefined;
  const row = await db.get<{ planName: string; percent: number; own: number }>(
    sql`select p.name as planName, p.shop_percent as percent, ${isMembersOwn(customer)} as own
      from package_purchases w join memberships m on m.purchase_id = w.id join membership_plans p on p.id = m.plan_id
      where w.code_hash = ${await packageCodeHash(code)} and w.status = 'active'
        and m.status != 'ended' and m.paid_until > ${now.toISOString()} and p.shop_percent > 0`,
  );
  return row ? { planName: row.planName, percent: row.percent, own: Boolean(row.own) } : undefined;
}
