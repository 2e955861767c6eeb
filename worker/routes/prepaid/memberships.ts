import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { keptPagePaths, refreshCataloguePages } from '../../services/pages/catalogue-pages';
import { paystackPlans } from '../../services/payments/gateway';
import { allPlans, createPlan, type PlanResult, shownPlans, updatePlan } from '../../services/prepaid/membership-plans';
import { memberShopPercent } from '../../services/prepaid/memberships';
import {
  membershipMessages,
  membershipPlanChangeSchema,
  newMembershipPlanSchema,
} from '../../shared/prepaid/membership-rules';
import { routeGroup } from '../route-group';

const noStore = { 'Cache-Control': 'no-store' };

const checkBody = () =>
  z.object({
    code: z
      .string({ error: membershipMessages.code })
      .check(z.trim(), z.minLength(1, membershipMessages.code), z.maxLength(40)),
    // The order's customer, when the checkout form has them: the discount is for the member's own orders.
    email: z.optional(z.string().check(z.maxLength(254))),
    phone: z.optional(z.string().check(z.maxLength(40))),
  });

/** A save as the API answers it: the plan, and what Paystack could not take yet (if anything). */
const answer = (result: Extract<PlanResult, { ok: true }>) => ({
  ...result.plan,
  ...(result.paystackProblem ? { warning: result.paystackProblem } : {}),
});

const refusal = (result: Extract<PlanResult, { ok: false }>) => ({
  message: result.message,
  ...(result.field ? { field: result.field } : {}),
});

/**
 * Membership plans: the ones visitors can join for anyone; staff (managers, owners) define them,
 * each kept as a monthly Paystack plan.
 */
export const membershipRoutes = routeGroup()
  .get('/memberships', async (c) => c.json(await shownPlans(c.var.db), 200, noStore))
  // A member's code in the shop's payment dialog: their percentage off (the coupons' rate limit).
  .post('/memberships/check', rateLimit('FORM_LIMITER', 'coupon'), validate('json', checkBody), async (c) => {
    const { code, email, phone } = c.req.valid('json');
    const customer = email || phone ? { email, phone } : undefined;
    const member = await memberShopPercent(c.var.db, code, new Date(), customer);
    if (!member) return c.json({ message: membershipMessages.notMember }, 404, noStore);
    if (!member.own) return c.json({ message: membershipMessages.notOwnOrder }, 409, noStore);
    return c.json({ planName: member.planName, shopPercent: member.percent }, 200, noStore);
  })
  .get('/memberships/staff', async (c) => c.json(await allPlans(c.var.db), 200, noStore))
  .post('/memberships', sameOriginJson, validate('json', newMembershipPlanSchema), async (c) => {
    const result = await createPlan(c.var.db, c.req.valid('json'), paystackPlans(c.env));
    if (!result.ok) return c.json(refusal(result), result.status);
    afterResponse(c, refreshCataloguePages(c.env, keptPagePaths));
    return c.json(answer(result), 201);
  })
  .put('/memberships/:id', sameOriginJson, validate('json', membershipPlanChangeSchema), async (c) => {
    const result = await updatePlan(c.var.db, c.req.param('id'), c.req.valid('json'), paystackPlans(c.env));
    if (!result.ok) return c.json(refusal(result), result.status);
    afterResponse(c, refreshCataloguePages(c.env, keptPagePaths));
    return c.json(answer(result), 200);
  });
