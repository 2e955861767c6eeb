import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { validate } from '../middleware/validate';
import { checkCoupon } from '../services/coupons';

const validateCouponBody = z.object({
  code: z
    .string({ error: 'Please enter a coupon code' })
    .check(z.trim(), z.minLength(1, 'Please enter a coupon code'), z.maxLength(40)),
  amount: z.int({ error: 'The amount must be a whole number of naira' }).check(z.minimum(0), z.maximum(10_000_000)),
});

export const publicCouponRoutes = new Hono<AppEnv>().post(
  '/validate-coupon',
  validate('json', validateCouponBody),
  async (c) => {
    const { code, amount } = c.req.valid('json');
    const result = await checkCoupon(c.var.db, code, amount, new Date());
    return c.json({ success: result.success, discountAmount: result.discountAmount, message: result.message });
  },
);
