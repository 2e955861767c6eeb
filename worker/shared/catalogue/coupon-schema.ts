/**
 * The coupon form's rules, shared by the admin form and the API: the code is upper case, the
 * discount a whole percent from 0 to 100 or a whole number of naira, the minimum amount whole naira
 * from 0, the last day (yyyy-MM-dd, Lagos) not before today and not before the first, and at most
 * `maxUses` payments in all (none: unlimited).
 */
import * as z from 'zod/mini';
import { isIsoDate, lagosDate } from '../time';
import { MAX_PRICE } from './catalogue-rules';
import { couponScopes, couponTypes } from './coupon-rules';

export const couponFormMessages = {
  codeRequired: 'Please enter a coupon code',
  codeFormat: 'Use letters, digits, dashes or underscores only (at most 40)',
  discount: 'The discount must be a whole number from 0 to 100',
  fixedDiscount: 'The discount must be a whole number of naira, at least ₦1',
  type: 'Choose a percentage or a fixed amount',
  maxUses: 'Total uses must be a whole number, 1 or more (or empty for unlimited)',
  startsAt: 'Please choose a valid start date',
  startsAfterExpiry: 'The start date cannot be after the expiry date',
  appliesTo: 'Choose what the coupon applies to: bookings, the shop or both',
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

export const couponInputSchema = () =>
  z
    .object({
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
      type: z._default(z.enum(couponTypes, { error: couponFormMessages.type }), 'percent'),
      discount: z.int({ error: couponFormMessages.discount }).check(z.minimum(0, couponFormMessages.discount)),
      minAmount: z
        .int({ error: couponFormMessages.minAmount })
        .check(z.minimum(0, couponFormMessages.minAmount), z.maximum(MAX_MIN_AMOUNT, couponFormMessages.minAmount)),
      expiryDate: z.string({ error: couponFormMessages.expiryRequired }).check(
        z.refine(isIsoDate, couponFormMessages.expiryRequired),
        z.refine((date) => date >= lagosDate(new Date()), couponFormMessages.expiryPast),
      ),
      active: z._default(z.boolean(), true),
      maxUses: z._default(
        z.nullable(
          z
            .int({ error: couponFormMessages.maxUses })
            .check(z.minimum(1, couponFormMessages.maxUses), z.maximum(1_000_000, couponFormMessages.maxUses)),
        ),
        null,
      ),
      oncePerCustomer: z._default(z.boolean({ error: 'Say whether it is one use per customer' }), false),
      startsAt: z._default(
        z.nullable(
          z.string({ error: couponFormMessages.startsAt }).check(z.refine(isIsoDate, couponFormMessages.startsAt)),
        ),
        null,
      ),
      appliesTo: z._default(z.enum(couponScopes, { error: couponFormMessages.appliesTo }), 'both'),
    })
    .check(
      z.superRefine((coupon, context) => {
        const percent = coupon.type === 'percent';
        if (percent ? coupon.discount > 100 : coupon.discount < 1 || coupon.discount > MAX_PRICE) {
          const message = percent ? couponFormMessages.discount : couponFormMessages.fixedDiscount;
          context.issues.push({ code: 'custom', message, path: ['discount'], input: coupon.discount });
        }
        if (coupon.startsAt && coupon.startsAt > coupon.expiryDate) {
          const message = couponFormMessages.startsAfterExpiry;
          context.issues.push({ code: 'custom', message, path: ['startsAt'], input: coupon.startsAt });
        }
      }),
    );

export type CouponInput = z.output<ReturnType<typeof couponInputSchema>>;

export const couponActiveSchema = () => z.object({ active: z.boolean({ error: 'Say whether the coupon is active' }) });
