/**
 * The coupon form's rules, shared by the admin form and the API: the code is upper case, the
 * discount a whole percent from 0 to 100, the minimum amount whole naira from 0, and the last day
 * (yyyy-MM-dd, Lagos) not before today.
 */
import * as z from 'zod/mini';
import { isIsoDate, lagosDate } from './time';

export const couponFormMessages = {
  codeRequired: 'Please enter a coupon code',
  codeFormat: 'Use letters, digits, dashes or underscores only (at most 40)',
  discount: 'The discount must be a whole number from 0 to 100',
  minAmount: 'The minimum amount must be a whole number of naira, 0 or more',
  expiryRequired: 'Please choose an expiry date',
  expiryPast: 'The expiry date cannot be before today',
  duplicate: (code: string) => `A coupon with the code ${code} already exists.`,
  notFound: 'That coupon no longer exists.',
  created: 'Coupon created successfully!',
  updated: 'Coupon updated successfully!',
  deleted: 'Coupon deleted successfully!',
} as const;

export const MAX_MIN_AMOUNT = 100_000_000;

export const couponInputSchema = z.object({
  code: z.pipe(
    z
      .string({ error: couponFormMessages.codeRequired })
      .check(z.trim(), z.minLength(1, couponFormMessages.codeRequired)),
    z
      .string()
      .check(
        z.toUpperCase(),
        z.maxLength(40, couponFormMessages.codeFormat),
        z.regex(/^[A-Z0-9_-]+$/, couponFormMessages.codeFormat),
      ),
  ),
  discount: z
    .int({ error: couponFormMessages.discount })
    .check(z.minimum(0, couponFormMessages.discount), z.maximum(100, couponFormMessages.discount)),
  minAmount: z
    .int({ error: couponFormMessages.minAmount })
    .check(z.minimum(0, couponFormMessages.minAmount), z.maximum(MAX_MIN_AMOUNT, couponFormMessages.minAmount)),
  expiryDate: z.string({ error: couponFormMessages.expiryRequired }).check(
    z.refine(isIsoDate, couponFormMessages.expiryRequired),
    z.refine((date) => date >= lagosDate(new Date()), couponFormMessages.expiryPast),
  ),
  active: z._default(z.boolean(), true),
});

export type CouponInput = z.output<typeof couponInputSchema>;

export const couponActiveSchema = z.object({ active: z.boolean({ error: 'Say whether the coupon is active' }) });
