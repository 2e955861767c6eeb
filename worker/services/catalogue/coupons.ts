import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { coupons, type payments } from '../../db/schema';
import type { CouponScope } from '../../shared/catalogue/coupon-rules';
import type { CouponInput } from '../../shared/catalogue/coupon-schema';
import { couponDiscount } from '../../shared/catalogue/pricing';
import { formatNaira } from '../../shared/money';
import { lagosDate } from '../../shared/time';
import { phoneKeySql } from '../clients/client-records';

type CouponRow = typeof coupons.$inferSelect;

export type CouponCheck =
  | { success: true; discountAmount: number; message: string; code: string; coupon: CouponRow }
  | { success: false; discountAmount: 0; message: string };

export const couponMessages = {
  /**
   * One answer for an unknown, inactive, expired, not yet started or used up code, one for the
   * other kind of purchase, or one below its minimum: a guesser learns nothing from it, not even
   * that a code exists with a minimum. The minimum is told once the coupon applies.
   */
  invalid: 'This coupon code is invalid or expired.',
  applied: (coupon: Pick<CouponRow, 'type' | 'discount' | 'minAmount'>) =>
    `Coupon applied: ${coupon.type === 'percent' ? `${coupon.discount}%` : formatNaira(coupon.discount)} off${
      coupon.minAmount > 0 ? ` (on amounts of ${formatNaira(coupon.minAmount)} or more)` : ''
    }.`,
  usedByCustomer: 'This coupon has already been used with your email address or phone number.',
} as const;

/**
 * The payments that count as uses of the coupon `couponId` at `nowIso`: paid ones, and unpaid ones
 * whose hold is still live (an expired hold gives its use back). `replaced` names payments the
 * caller is about to replace (a retried card): they count for nothing.
 */
function usesOf(couponId: SQL, nowIso: string, replaced?: SQL): SQL {
  return sql`select email, phone_key from payments
    where coupon_id = ${couponId} and (status = 'paid' or (status = 'pending' and hold_expires_at > ${nowIso}))
      ${replaced ? sql`and reference not in (${replaced})` : sql``}`;
}

/** Who a payment is for: a coupon for one use per customer knows them by either. */
export interface CouponCustomer {
  email: string;
  phone: string;
}

/**
 * SQL: the coupon may still pay for this customer now: within its total uses and, when it is one
 * per customer, not yet used (paid or held) with their email or phone. Part of the statement that
 * inserts the payment, so racing starts cannot pass it together: the 11th of a 10-use coupon's 50
 * simultaneous starts finds ten uses already there.
 */
export function couponStillOpen(couponId: string, customer: CouponCustomer, nowIso: string, replaced: SQL): SQL {
  const id = sql`${couponId}`;
  const uses = usesOf(id, nowIso, replaced);
  return sql`exists (select 1 from coupons c where c.id = ${id}
    and (c.max_uses is null or (select count(*) from (${uses})) < c.max_uses)
    and (not c.once_per_customer or not exists (select 1 from (${uses}) u
      where lower(u.email) = lower(${customer.email})
        or (u.phone_key <> '' and u.phone_key = ${phoneKeySql(sql`${customer.phone}`)}))))`;
}

/**
 * For the batch that records a payment, before it is marked paid: a payment recorded after its
 * hold gave the coupon's use back keeps the coupon only if a use is still free for it now. If the
 * coupon was used up meanwhile (or by the same customer), the payment loses it, and what it took
 * off stays to pay (at the studio, or on delivery), so a coupon never pays more than its uses. A
 * payment within its hold always keeps its coupon, whatever staff changed of it meanwhile.
 */
export function dropLapsedCouponStatement(
  db: Database,
  payment: Pick<typeof payments.$inferSelect, 'reference' | 'couponId' | 'email' | 'phoneKey'>,
  nowIso: string,
): D1PreparedStatement[] {
  if (!payment.couponId) return [];
  const customer = { email: payment.email, phone: payment.phoneKey ?? '' };
  const open = couponStillOpen(payment.couponId, customer, nowIso, sql`${payment.reference}`);
  return [
    d1Statement(
      db,
      sql`update payments set coupon_id = null, coupon_code = null, due_at_studio = due_at_studio + discount, discount = 0
        where reference = ${payment.reference} and status != 'paid' and coupon_id is not null
          and not (status = 'pending' and hold_expires_at > ${nowIso}) and not ${open}`,
    ),
  ];
}

/**
 * Whether `code` (any case) gives a discount on `amount` naira today in Lagos, for a payment of
 * `scope` (any when not said): it must exist, be active, have started and not be past its last day,
 * apply to that kind of purchase, have uses left (`replaced` payments aside) and `amount` must
 * reach its minimum, all answered alike.
 */
export async function checkCoupon(
  db: Database,
  code: string,
  amount: number,
  now: Date,
  options: { scope?: Exclude<CouponScope, 'both'>; replaced?: SQL } = {},
): Promise<CouponCheck> {
  const { scope, replaced } = options;
  const today = lagosDate(now);
  const uses = usesOf(sql.raw('coupons.id'), now.toISOString(), replaced);
  const [found] = await db
    .select({ coupon: coupons, uses: sql<number>`(select count(*) from (${uses}))` })
    .from(coupons)
    .where(sql`upper(${coupons.code}) = upper(${code.trim()})`)
    .limit(1);
  const coupon = found?.coupon;
  if (
    !found ||
    !coupon?.active ||
    coupon.expiryDate < today ||
    (coupon.startsAt !== null && coupon.startsAt > today) ||
    (scope && coupon.appliesTo !== 'both' && coupon.appliesTo !== scope) ||
    (coupon.maxUses !== null && found.uses >= coupon.maxUses) ||
    amount < coupon.minAmount
  ) {
    return { success: false, discountAmount: 0, message: couponMessages.invalid };
  }
  return {
    success: true,
    discountAmount: couponDiscount(amount, coupon),
    message: couponMessages.applied(coupon),
    code: coupon.code,
    coupon,
  };
}

/** Whether this customer has used (or holds) the once-per-customer coupon `couponId` already. */
export async function usedByCustomer(
  db: Database,
  couponId: string,
  customer: CouponCustomer,
  now: Date,
  replaced: SQL,
): Promise<boolean> {
  const open = await db.get<{ open: number }>(
    sql`select ${couponStillOpen(couponId, customer, now.toISOString(), replaced)} as open`,
  );
  return open?.open !== 1;
}

/** A coupon on the admin wire, with the spec's field names. */
export interface CouponView {
  _id: string;
  code: string;
  type: CouponRow['type'];
  discount: number;
  minAmount: number;
  expiryDate: string;
  active: boolean;
  maxUses: number | null;
  oncePerCustomer: boolean;
  startsAt: string | null;
  appliesTo: CouponRow['appliesTo'];
  /** Payments it has paid for (a hold not yet paid is not a use yet). */
  uses: number;
}

const toView = (coupon: CouponRow, uses: number): CouponView => ({
  _id: coupon.id,
  code: coupon.code,
  type: coupon.type,
  discount: coupon.discount,
  minAmount: coupon.minAmount,
  expiryDate: coupon.expiryDate,
  active: coupon.active,
  maxUses: coupon.maxUses,
  oncePerCustomer: coupon.oncePerCustomer,
  startsAt: coupon.startsAt,
  appliesTo: coupon.appliesTo,
  uses,
});

const paidUses = (couponId: SQL) =>
  sql<number>`(select count(*) from payments where coupon_id = ${couponId} and status = 'paid')`;

const viewOf = async (db: Database, coupon: CouponRow) =>
  toView(coupon, (await db.get<{ uses: number }>(sql`select ${paidUses(sql`${coupon.id}`)} as uses`))?.uses ?? 0);

export type CouponChange = { ok: true; coupon: CouponView } | { ok: false; reason: 'not-found' | 'duplicate' };

export async function listCoupons(db: Database): Promise<CouponView[]> {
  const rows = await db
    .select({ coupon: coupons, uses: paidUses(sql.raw('coupons.id')) })
    .from(coupons)
    .orderBy(desc(coupons.createdAt), asc(coupons.code));
  return rows.map((row) => toView(row.coupon, row.uses));
}

/** The unique index on upper(code) decides duplicates, so two staff creating one code at once get one coupon. */
export async function createCoupon(db: Database, input: CouponInput): Promise<CouponChange> {
  const [created] = await db.insert(coupons).values(input).onConflictDoNothing().returning();
  return created ? { ok: true, coupon: await viewOf(db, created) } : { ok: false, reason: 'duplicate' };
}

export async function updateCoupon(db: Database, id: string, input: CouponInput): Promise<CouponChange> {
  try {
    const [updated] = await db.update(coupons).set(input).where(eq(coupons.id, id)).returning();
    return updated ? { ok: true, coupon: await viewOf(db, updated) } : { ok: false, reason: 'not-found' };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
    throw error;
  }
}

export async function setCouponActive(db: Database, id: string, active: boolean): Promise<CouponChange> {
  const [updated] = await db.update(coupons).set({ active }).where(eq(coupons.id, id)).returning();
  return updated ? { ok: true, coupon: await viewOf(db, updated) } : { ok: false, reason: 'not-found' };
}

export async function deleteCoupon(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return deleted.length === 1;
}

function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return text.includes('UNIQUE constraint failed');
}
