import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { coupons } from '../db/schema';
import { formatNaira } from '../shared/money';
import { percentDiscount } from '../shared/pricing';
import { lagosDate } from '../shared/time';

export type CouponCheck =
  | { success: true; discountAmount: number; message: string; code: string; percent: number }
  | { success: false; discountAmount: 0; message: string };

export const couponMessages = {
  unknown: 'This coupon code is not valid.',
  inactive: 'This coupon is no longer active.',
  expired: 'This coupon has expired.',
  belowMinimum: (minimum: number) => `This coupon applies to amounts of ${formatNaira(minimum)} or more.`,
  applied: (percent: number) => `Coupon applied: ${percent}% off.`,
} as const;

/**
 * Whether `code` (any case) gives a discount on `amount` naira today in Lagos: it must exist, be
 * active, not be past its last day, and `amount` must reach its minimum. The discount is
 * round(amount × percent / 100).
 */
export async function checkCoupon(db: Database, code: string, amount: number, now: Date): Promise<CouponCheck> {
  const [coupon] = await db.select().from(coupons).where(sql`upper(${coupons.code}) = upper(${code.trim()})`).limit(1);
  if (!coupon) return { success: false, discountAmount: 0, message: couponMessages.unknown };
  if (!coupon.active) return { success: false, discountAmount: 0, message: couponMessages.inactive };
  if (coupon.expiryDate < lagosDate(now)) return { success: false, discountAmount: 0, message: couponMessages.expired };
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
