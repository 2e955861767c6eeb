// Memberships for the tests: a plan defined through the staff's API (and so at the fake
// Paystack), joined through the real initialize, its events delivered as Paystack signs them.
import { eq } from 'drizzle-orm';
import { memberships, packagePurchases } from '../../../worker/db/schema';
import { nairaToKobo } from '../../../worker/shared/money';
import type { MembershipJoin } from '../../../worker/shared/prepaid/membership-rules';
import { db, fake, staffCall, startPaymentOk, webhook } from '../checkout/payment-harness';

/** Two Swedish sessions a month for ₦40,000, 10% off the shop. */
export const monthlyCalm = {
  name: 'Monthly calm',
  treatments: ['swedish'],
  sessionsPerMonth: 2,
  price: 40_000,
  shopPercent: 10,
};

export async function definePlan(cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await staffCall(cookie, '/api/memberships', 'POST', { ...monthlyCalm, ...overrides });
  if (response.status !== 201) throw new Error(`plan not created: ${await response.text()}`);
  return (await response.json()) as { _id: string; price: number; paystackReady: boolean };
}

export const joining = (planId: string, overrides: Partial<MembershipJoin> = {}) => ({
  paymentType: 'membership' as const,
  planId,
  buyerName: 'Funke Akin',
  buyerEmail: 'funke@example.com',
  buyerPhone: '0803 222 3333',
  ...overrides,
  customerEmail: overrides.buyerEmail ?? 'funke@example.com',
});

/** Delivers one signed event to the site's webhook, as Paystack does; answers its status. */
export const deliver = async (event: { body: string; signature: string }) =>
  (await webhook(event.body, event.signature)).status;

/**
 * Joins the plan and pays the first month at the fake Paystack: the first charge and the new
 * subscription's events, not yet delivered (the test chooses their order).
 */
export async function joinAndPay(plan: { _id: string; price: number }, email = 'funke@example.com') {
  const { reference } = await startPaymentOk(joining(plan._id, { buyerEmail: email }), nairaToKobo(plan.price));
  const transaction = fake.settle(reference, 'success');
  const subscription = fake.subscriptions.subscribe(transaction.plan ?? '', email);
  return {
    reference,
    subscription,
    charge: await fake.webhook(reference),
    created: await fake.subscriptions.created(subscription),
  };
}

export async function membershipOf(email = 'funke@example.com') {
  const [membership] = await db.select().from(memberships).where(eq(memberships.email, email));
  if (!membership) return undefined;
  const [wallet] = await db.select().from(packagePurchases).where(eq(packagePurchases.id, membership.purchaseId));
  return { ...membership, sessionsLeft: wallet?.sessionsLeft, expiresOn: wallet?.expiresOn };
}
