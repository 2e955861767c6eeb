import { nairaToKobo } from '../../shared/money';
import { membershipJoinSchema, membershipMessages } from '../../shared/prepaid/membership-rules';
import { findPlan } from '../prepaid/membership-plans';
import { storedMembership } from '../prepaid/memberships';
import { HOLD_MINUTES } from '../schedule/slots';
import { openCheckout } from './checkout';
import {
  type InitializeRequest,
  type InitializeResult,
  MAX_OPEN_HOLDS,
  type PaymentContext,
  paymentMessages,
} from './context';
import { holdSale } from './sale-hold';

export async function initializeMembershipJoin(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = membershipJoinSchema().safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid membership details' };
  }
  const plan = await findPlan(context.db, parsed.data.planId);
  if (!plan?.shown) return { ok: false, status: 409, message: membershipMessages.notOffered };
  // Only Paystack renews a card each month: the test checkout cannot take a membership.
  if (!plan.paystackPlanCode || context.gateway?.mode !== 'paystack') {
    return { ok: false, status: 503, message: membershipMessages.notReady };
  }
  if (request.amount !== nairaToKobo(plan.price)) {
    return { ok: false, status: 409, message: paymentMessages.amountChanged, expectedAmount: plan.price };
  }
  const email = parsed.data.buyerEmail;
  const reference = await holdSale(context, request, {
    kind: 'membership',
    prefix: 'MB',
    amount: plan.price,
    email,
    details: storedMembership(plan, plan.paystackPlanCode, parsed.data),
    method: 'paystack',
  });
  if (!reference) {
    return {
      ok: false,
      status: 429,
      message: membershipMessages.tooManyOpen(MAX_OPEN_HOLDS, HOLD_MINUTES),
      retryAfterSeconds: HOLD_MINUTES * 60,
    };
  }
  return openCheckout(
    context,
    'membership',
    reference,
    plan.price,
    email,
    { kind: 'membership', plan: plan.name },
    { plan: plan.paystackPlanCode, channels: ['card'] },
  );
}
