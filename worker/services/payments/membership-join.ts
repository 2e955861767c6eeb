/**
 * Joining a membership online: its first month through Paystack's checkout with the plan (card
 * only, as a subscription renews by card), at the plan's price. The membership itself starts when
 * the payment is recorded (memberships.ts); Paystack's subscription follows (membership-events.ts).
 */
import { sql } from 'drizzle-orm';
import { d1Statement } from '../../db/client';
import { membershipJoinSchema, membershipMessages } from '../../shared/membership-rules';
import { nairaToKobo } from '../../shared/money';
import { findPlan } from '../membership-plans';
import { storedMembership } from '../memberships';
import { HOLD_MINUTES } from '../slots';
import { openCheckout } from './checkout';
import {
  type InitializeRequest,
  type InitializeResult,
  MAX_OPEN_HOLDS,
  newReference,
  type PaymentContext,
  paymentMessages,
} from './context';
import { findPayment } from './records';

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
  const reference = newReference('MB');
  const email = parsed.data.buyerEmail;
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const ownEarlier = sql`select reference from payments where kind = 'membership' and status = 'pending'
    and browser_key_hash = ${request.browserKeyHash}`;
  const open = sql`select 1 from payments where kind = 'membership' and status = 'pending'
    and hold_expires_at > ${context.now.toISOString()} and lower(email) = lower(${email})
    and reference not in (${ownEarlier})`;
  await context.db.$client.batch([
    d1Statement(
      context.db,
      sql`insert into payments (reference, kind, status, amount, subtotal, discount, email, details, hold_expires_at,
          client_key, browser_key_hash, method)
        select ${reference}, 'membership', 'pending', ${plan.price}, ${plan.price}, 0, ${email},
          ${JSON.stringify(storedMembership(plan, plan.paystackPlanCode, parsed.data))}, ${holdUntil},
          ${request.clientKey ?? null}, ${request.browserKeyHash}, 'paystack'
        where (select count(*) from (${open})) < ${MAX_OPEN_HOLDS}`,
    ),
    d1Statement(
      context.db,
      sql`update payments set status = 'abandoned', hold_expires_at = null
        where reference in (${ownEarlier}) and reference != ${reference}
          and exists (select 1 from payments where reference = ${reference})`,
    ),
  ]);
  if (!(await findPayment(context.db, reference))) {
    return {
      ok: false,
      status: 429,
      message: paymentMessages.tooManyHolds(HOLD_MINUTES),
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
