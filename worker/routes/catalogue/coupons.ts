import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { payerKeyHash } from '../../middleware/payer-cookie';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import {
  type CouponChange,
  checkCoupon,
  createCoupon,
  deleteCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
} from '../../services/catalogue/coupons';
import { scopeOfKind } from '../../shared/catalogue/coupon-rules';
import { couponActiveSchema, couponFormMessages, couponInputSchema } from '../../shared/catalogue/coupon-schema';
import { routeGroup } from '../route-group';

const validateCouponBody = () =>
  z.object({
    code: z
      .string({ error: 'Please enter a coupon code' })
      .check(z.trim(), z.minLength(1, 'Please enter a coupon code'), z.maxLength(40)),
    amount: z.int({ error: 'The amount must be a whole number of naira' }).check(z.minimum(0), z.maximum(10_000_000)),
    /** What is being paid for: a coupon for the other kind answers like an unknown one. */
    kind: z.optional(z.enum(['booking', 'order'], { error: 'The kind is booking or order' })),
  });

export const publicCouponRoutes = routeGroup().post(
  '/validate-coupon',
  rateLimit('FORM_LIMITER', 'coupon'),
  validate('json', validateCouponBody),
  async (c) => {
    const { code, amount, kind } = c.req.valid('json');
    // This browser's own unpaid payments are replaced when it pays again: they hold no use of it.
    const browser = await payerKeyHash(c);
    const result = await checkCoupon(c.var.db, code, amount, new Date(), {
      scope: kind && scopeOfKind[kind],
      replaced: browser
        ? sql`select reference from payments where status = 'pending' and browser_key_hash = ${browser}`
        : undefined,
    });
    return c.json({ success: result.success, discountAmount: result.discountAmount, message: result.message });
  },
);

/** A refused change in words staff can act on. */
function refusal(result: Extract<CouponChange, { ok: false }>, code?: string) {
  return result.reason === 'duplicate'
    ? ({ body: { message: couponFormMessages.duplicate(code ?? '') }, status: 409 } as const)
    : ({ body: { message: couponFormMessages.notFound }, status: 404 } as const);
}

/** Staff only: Coupon Management. Paths and methods are the spec's. */
export const adminCouponRoutes = routeGroup()
  .get('/get-coupons', async (c) => c.json(await listCoupons(c.var.db)))
  .post('/create-coupons', sameOriginJson, validate('json', couponInputSchema), async (c) => {
    const input = c.req.valid('json');
    const result = await createCoupon(c.var.db, input);
    if (!result.ok) {
      const { body, status } = refusal(result, input.code);
      return c.json(body, status);
    }
    return c.json({ message: couponFormMessages.created, coupon: result.coupon }, 201);
  })
  .put('/coupons/:id', sameOriginJson, validate('json', couponInputSchema), async (c) => {
    const input = c.req.valid('json');
    const result = await updateCoupon(c.var.db, c.req.param('id'), input);
    if (!result.ok) {
      const { body, status } = refusal(result, input.code);
      return c.json(body, status);
    }
    return c.json({ message: couponFormMessages.updated, coupon: result.coupon });
  })
  .patch('/coupons/:id', sameOriginJson, validate('json', couponActiveSchema), async (c) => {
    const result = await setCouponActive(c.var.db, c.req.param('id'), c.req.valid('json').active);
    if (!result.ok) {
      const { body, status } = refusal(result);
      return c.json(body, status);
    }
    return c.json({ message: couponFormMessages.updated, coupon: result.coupon });
  })
  .delete('/coupons/:id', sameOriginJson, async (c) => {
    if (!(await deleteCoupon(c.var.db, c.req.param('id')))) {
      return c.json({ message: couponFormMessages.notFound }, 404);
    }
    return c.json({ message: couponFormMessages.deleted });
  });
