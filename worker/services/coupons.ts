import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { coupons } from '../db/schema';
import type { CouponInput } from '../shared/coupon-schema';
import { formatNaira } from '../shared/money';
import { percentDiscount } from '../shared/pricing';
import { lagosDate } from '../shared/time';

export type CouponCheck =
  | { success: true; discountAmount: number; message: string; code: string; percent: number }
  | { success: false; discountAmount: 0; message: string };

export const couponMessages = {
  /** One answer for an unknown, inactive or expired code: a guesser learns nothing from it. */
  invalid: 'This coupon code is invalid or expired.',
  belowMinimum: (minimum: number) => `This coupon applies to amounts of ${formatNaira(minimum)} or more.`,
  applied: (percent: number) => `Coupon applied: ${percent}% off.`,
} as const;

/**
 * Whether `code` (any case) gives a discount on `amount` naira today in Lagos: it must exist, be
 * active, not be past its last day (all three answered alike), and `amount` must reach its minimum. The discount is
 * round(amount × percent / 100).
 */
export async function checkCoupon(db: Database, code: string, amount: number, now: Date): Promise<CouponCheck> {
  const [coupon] = await db.select().from(coupons).where(sql`upper(${coupons.code}) = upper(${code.trim()})`).limit(1);
  if (!coupon?.active || coupon.expiryDate < lagosDate(now)) {
    return { success: false, discountAmount: 0, message: couponMessages.invalid };
  }
  if (amount < coupon.minAmount) {
    return { success: false, discountAmount: 0, message: couponMessages.belowMinimum(coupon.minAmount) };
  }
  return {
    success: true,
    discountAmount: percentDiscount(amount, coupon.discount),
    message: couponMessages.applied(coupon.discount),
    code: coupon.code,
    percent: coupon.discount,
  };
}

/** A coupon on the admin wire, with the spec's field names. */
export interface CouponView {
  _id: string;
  code: string;
  discount: number;
  minAmount: number;
  expiryDate: string;
  active: boolean;
}

const toView = (coupon: typeof coupons.$inferSelect): CouponView => ({
  _id: coupon.id,
  code: coupon.code,
  discount: coupon.discount,
  minAmount: coupon.minAmount,
  expiryDate: coupon.expiryDate,
  active: coupon.active,
});

export type CouponChange = { ok: true; coupon: CouponView } | { ok: false; reason: 'not-found' | 'duplicate' };

export async function listCoupons(db: Database): Promise<CouponView[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code));
  return rows.map(toView);
}

/** The unique index on upper(code) decides duplicates, so two staff creating one code at once get one coupon. */
export async function createCoupon(db: Database, input: CouponInput): Promise<CouponChange> {
  const [created] = await db.insert(coupons).values(input).onConflictDoNothing().returning();
  return created ? { ok: true, coupon: toView(created) } : { ok: false, reason: 'duplicate' };
}

export async function updateCoupon(db: Database, id: string, input: CouponInput): Promise<CouponChange> {
  try {
    const [updated] = await db.update(coupons).set(input).where(eq(coupons.id, id)).returning();
    return updated ? { ok: true, coupon: toView(updated) } : { ok: false, reason: 'not-found' };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
    throw error;
  }
}

export async function setCouponActive(db: Database, id: string, active: boolean): Promise<CouponChange> {
  const [updated] = await db.update(coupons).set({ active }).where(eq(coupons.id, id)).returning();
  return updated ? { ok: true, coupon: toView(updated) } : { ok: false, reason: 'not-found' };
}

export async function deleteCoupon(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return deleted.length === 1;
}

function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return text.includes('UNIQUE constraint failed');
}
