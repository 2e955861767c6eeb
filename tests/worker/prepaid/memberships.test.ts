// Memberships: plans kept as monthly Paystack plans; joined through Paystack's checkout
// with the plan, card only; Paystack's events (subscription.create, each month's charge.success,
// invoice.payment_failed, subscription.not_renew, subscription.disable) applied once whatever
// their order and repetition; the sessions spent at booking like a package's.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { membershipEvents, membershipPlans, memberships, outboxMessages, payments } from '../../../worker/db/schema';
import { nairaToKobo } from '../../../worker/shared/money';
import { membershipMessages } from '../../../worker/shared/prepaid/membership-rules';
import { lagosDate } from '../../../worker/shared/time';
import { signIn } from '../admin-harness';
import { bookingDetails, item, oneHourVisit, orderDetails } from '../checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  payerCookie,
  staffCall,
  startPayment,
  testModeEnv,
  withFakePaystack,
} from '../checkout/payment-harness';
import { definePlan, deliver, joinAndPay, joining, membershipOf, monthlyCalm } from './membership-fixtures';
import { checkCode } from './package-fixtures';

withFakePaystack();

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await clearPaymentData();
  await db.delete(outboxMessages);
  await db.$client.exec('delete from membership_plan_treatments; delete from membership_plans;');
});

const sent = async (template: 'membership-started' | 'membership-unpaid') =>
  db.select().from(outboxMessages).where(eq(outboxMessages.template, template));

const codeIn = (text: string) => /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/.exec(text)?.[0] ?? '';

/** A renewal as Paystack signs it, with some of its data changed (another customer, amount or currency). */
async function renewalWith(
  subscription: ReturnType<typeof fake.subscriptions.subscribe>,
  reference: string,
  change: (data: Record<string, unknown>) => void,
) {
  const { body } = await fake.subscriptions.renewal(subscription, reference);
  const { event, data } = JSON.parse(body) as { event: string; data: Record<string, unknown> };
  change(data);
  return fake.subscriptions.sign(event, data);
}

/** This month's money in for packages and memberships, as the Reports screen reads it. */
const packagesMoneyIn = async () =>
  ((await (await staffCall(cookie, '/api/reports')).json()) as { revenue: { totals: { packages: number } } }).revenue
    .totals.packages;

describe('membership plans', () => {
  it('keeps each plan as a monthly Paystack plan at its price, and updates it when the price changes', async () => {
    const plan = await definePlan(cookie);
    expect(plan).toMatchObject({ name: 'Monthly calm', paystackReady: true, sessionsPerMonth: 2, shopPercent: 10 });
    expect(fake.subscriptions.planCalls[0]).toMatchObject({
      method: 'POST',
      path: '/plan',
      body: { name: 'Monthly calm', amount: 4_000_000, interval: 'monthly', currency: 'NGN' },
    });
    const listed = (await (await call('/api/memberships')).json()) as Array<Record<string, unknown>>;
    expect(listed).toEqual([
      expect.objectContaining({
        _id: plan._id,
        price: 40_000,
        treatments: [expect.objectContaining({ _id: 'swedish' })],
      }),
    ]);
    expect(listed[0]).not.toHaveProperty('paystackReady');
    const changed = await staffCall(cookie, `/api/memberships/${plan._id}`, 'PUT', { price: 45_000 });
    expect(changed.status).toBe(200);
    const [stored] = await db.select().from(membershipPlans);
    expect(fake.subscriptions.planCalls[1]).toEqual({
      method: 'PUT',
      path: `/plan/${stored?.paystackPlanCode}`,
      body: { name: 'Monthly calm', amount: 4_500_000, interval: 'monthly', currency: 'NGN' },
    });
  });

  it('saves a plan Paystack could not take, keeps it off the site, and sends it on the next save', async () => {
    fake.outage = 503;
    const created = await staffCall(cookie, '/api/memberships', 'POST', monthlyCalm);
    expect(created.status).toBe(201);
    const body = (await created.json()) as { _id: string; paystackReady: boolean; warning?: string };
    expect(body).toMatchObject({ paystackReady: false, warning: membershipMessages.paystackPlan });
    expect(await (await call('/api/memberships')).json()).toEqual([]);
    fake.outage = undefined;
    const again = await staffCall(cookie, `/api/memberships/${body._id}`, 'PUT', { shown: true });
    expect(await again.json()).toMatchObject({ paystackReady: true });
    expect(await (await call('/api/memberships')).json()).toHaveLength(1);
  });

  it('changes nothing when Paystack cannot take a new price (its plan would charge the old one)', async () => {
    const plan = await definePlan(cookie);
    fake.outage = 503;
    const changed = await staffCall(cookie, `/api/memberships/${plan._id}`, 'PUT', { price: 45_000 });
    expect(changed.status).toBe(502);
    expect(await changed.json()).toMatchObject({ message: membershipMessages.paystackChange });
    fake.outage = undefined;
    const [stored] = await db.select().from(membershipPlans);
    expect(stored?.price).toBe(40_000);
  });

  it('refuses bad input with its field’s message', async () => {
    for (const [overrides, message] of [
      [{ sessionsPerMonth: 0 }, membershipMessages.sessions],
      [{ sessionsPerMonth: 9 }, membershipMessages.sessions],
      [{ shopPercent: 51 }, membershipMessages.shopPercent],
      [{ treatments: [] }, membershipMessages.treatments],
      [{ price: 0 }, membershipMessages.price],
    ] as const) {
      const response = await staffCall(cookie, '/api/memberships', 'POST', { ...monthlyCalm, ...overrides });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    expect(await db.select().from(membershipPlans)).toEqual([]);
  });
});

describe('joining', () => {
  it('opens Paystack’s checkout with the plan, card only, at the plan’s price', async () => {
    const plan = await definePlan(cookie);
    const wrong = await startPayment(joining(plan._id), nairaToKobo(1_000));
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ expectedAmount: 40_000 });
    await joinAndPay(plan);
    const [stored] = await db.select().from(membershipPlans);
    expect(fake.initializeCalls.at(-1)?.body).toMatchObject({
      email: 'funke@example.com',
      amount: 4_000_000,
      plan: stored?.paystackPlanCode,
      channels: ['card'],
    });
  });

  it('cannot be joined on the test checkout (no Paystack to renew it)', async () => {
    const plan = await definePlan(cookie);
    const refused = await startPayment(joining(plan._id), nairaToKobo(40_000), testModeEnv);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ message: membershipMessages.notReady });
  });
});

describe('Paystack’s events', () => {
  it.each([
    ['charge.success', 'subscription.create'],
    ['subscription.create', 'charge.success'],
  ] as const)('starts the membership once from %s then %s, each sent twice', async (first, second) => {
    const plan = await definePlan(cookie);
    const { charge, created, subscription } = await joinAndPay(plan);
    const events = { 'charge.success': charge, 'subscription.create': created };
    for (const event of [events[first], events[first], events[second], events[second]]) {
      expect(await deliver(event)).toBe(200);
    }
    const membership = await membershipOf();
    expect(membership).toMatchObject({
      status: 'active',
      months: 1,
      subscriptionCode: subscription.subscriptionCode,
      sessionsLeft: 2,
    });
    const messages = await sent('membership-started');
    expect(messages.map((message) => message.channel).sort()).toEqual(['email', 'whatsapp']);
    const code = codeIn(messages[0]?.text ?? '');
    expect((await checkCode(code)).body).toMatchObject({ name: 'Monthly calm', sessionsLeft: 2 });
  });

  it('adds each paid month’s sessions once, rolling unused ones over one month at most', async () => {
    const plan = await definePlan(cookie);
    const { charge, created, subscription } = await joinAndPay(plan);
    await deliver(charge);
    await deliver(created);
    const before = await membershipOf();
    const second = await fake.subscriptions.renewal(subscription, 'T-RENEW-2');
    expect(await deliver(second)).toBe(200);
    expect(await deliver(second)).toBe(200);
    const renewed = await membershipOf();
    expect(renewed).toMatchObject({ months: 2, status: 'active', sessionsLeft: 4 });
    expect(Date.parse(renewed?.paidUntil ?? '')).toBeGreaterThan(Date.parse(before?.paidUntil ?? ''));
    // The wallet lasts to the Lagos date of the new paid month's end (lagosDate already adds Lagos's hour).
    expect(renewed?.expiresOn).toBe(lagosDate(new Date(renewed?.paidUntil ?? '')));
    await deliver(await fake.subscriptions.renewal(subscription, 'T-RENEW-3'));
    expect(await membershipOf()).toMatchObject({ months: 3, sessionsLeft: 4 });
  });

  it('renews by the Paystack customer: another customer’s charge of the plan under the same email renews nothing', async () => {
    const plan = await definePlan(cookie);
    const { charge, created, subscription } = await joinAndPay(plan);
    await deliver(charge);
    await deliver(created);
    const stranger = await renewalWith(subscription, 'T-OTHER-2', (data) => {
      data.customer = { ...(data.customer as object), customer_code: 'CUS_someone_else' };
    });
    expect(await deliver(stranger)).toBe(200);
    expect(await membershipOf()).toMatchObject({ months: 1, sessionsLeft: 2 });
    const own = await fake.subscriptions.renewal(subscription, 'T-OWN-2');
    expect(await deliver(own)).toBe(200);
    expect(await deliver(own)).toBe(200);
    expect(await membershipOf()).toMatchObject({ months: 2, sessionsLeft: 4 });
  });

  it('keeps a renewal that comes before its subscription is linked, and applies it once it is', async () => {
    const plan = await definePlan(cookie);
    const { charge, created, subscription } = await joinAndPay(plan);
    await deliver(charge);
    expect(await deliver(await fake.subscriptions.renewal(subscription, 'T-EARLY-2'))).toBe(200);
    expect(await membershipOf()).toMatchObject({ months: 1, sessionsLeft: 2 });
    await deliver(created);
    await deliver(created);
    expect(await membershipOf()).toMatchObject({ months: 2, sessionsLeft: 4, customerCode: subscription.customerCode });
  });

  it('keeps a renewal of the wrong amount or currency unapplied, and the reports count none of it', async () => {
    const plan = await definePlan(cookie);
    const { charge, created, subscription } = await joinAndPay(plan);
    await deliver(charge);
    await deliver(created);
    const before = await packagesMoneyIn();
    const short = await renewalWith(subscription, 'T-SHORT-2', (data) => {
      data.amount = nairaToKobo(plan.price) - 100_000;
    });
    const dollars = await renewalWith(subscription, 'T-USD-2', (data) => {
      data.currency = 'USD';
    });
    for (const event of [short, dollars, short]) expect(await deliver(event)).toBe(200);
    expect(await membershipOf()).toMatchObject({ months: 1, sessionsLeft: 2, status: 'active' });
    const kept = await db.select().from(membershipEvents).where(eq(membershipEvents.event, 'charge.success'));
    expect(kept.map((event) => [event.key, event.applied]).sort()).toEqual([
      ['charge.success:T-SHORT-2', false],
      ['charge.success:T-USD-2', false],
    ]);
    expect(await packagesMoneyIn()).toBe(before);
    // The month at the plan's price still renews, once however often it comes.
    const right = await fake.subscriptions.renewal(subscription, 'T-RIGHT-2');
    expect(await deliver(right)).toBe(200);
    expect(await deliver(right)).toBe(200);
    expect(await membershipOf()).toMatchObject({ months: 2, sessionsLeft: 4 });
    expect(await packagesMoneyIn()).toBe(before + plan.price);
  });

  it('renews at the plan’s new price once repriced, and at the price the member joined at', async () => {
    const plan = await definePlan(cookie);
    const { charge, created, subscription } = await joinAndPay(plan);
    await deliver(charge);
    await deliver(created);
    expect((await staffCall(cookie, `/api/memberships/${plan._id}`, 'PUT', { price: 45_000 })).status).toBe(200);
    // Paystack charges its plan's amount, now ₦45,000.
    expect(await deliver(await fake.subscriptions.renewal(subscription, 'T-NEW-PRICE'))).toBe(200);
    expect(await membershipOf()).toMatchObject({ months: 2 });
    // A subscription Paystack kept at the ₦40,000 the member joined at is still the month paid.
    const joinedPrice = await renewalWith(subscription, 'T-OLD-PRICE', (data) => {
      data.amount = nairaToKobo(40_000);
    });
    expect(await deliver(joinedPrice)).toBe(200);
    expect(await membershipOf()).toMatchObject({ months: 3 });
  });

  it('marks a failed month unpaid (no sessions, the member told once) until a charge goes through', async () => {
    const plan = await definePlan(cookie);
    const { charge, created, subscription } = await joinAndPay(plan);
    await deliver(charge);
    await deliver(created);
    // A month on: the renewal is due.
    await db.update(memberships).set({ paidUntil: new Date(Date.now() + 3_600_000).toISOString() });
    const failed = await fake.subscriptions.paymentFailed(subscription, 'INV_month2');
    expect(await deliver(failed)).toBe(200);
    expect(await deliver(failed)).toBe(200);
    expect(await membershipOf()).toMatchObject({ status: 'unpaid', months: 1, sessionsLeft: 2 });
    const told = await sent('membership-unpaid');
    expect(told.map((message) => message.channel).sort()).toEqual(['email', 'whatsapp']);
    await deliver(await fake.subscriptions.renewal(subscription, 'T-RETRY-2'));
    expect(await membershipOf()).toMatchObject({ status: 'active', months: 2, sessionsLeft: 4 });
    // That month's failure told late (after the retry went through) changes nothing.
    expect(await deliver(await fake.subscriptions.paymentFailed(subscription, 'INV_month2_late'))).toBe(200);
    expect(await membershipOf()).toMatchObject({ status: 'active', months: 2 });
  });

  it('never gives back more sessions than two months’ worth, whatever comes back after a renewal', async () => {
    const plan = await definePlan(cookie);
    const { charge, created, subscription } = await joinAndPay(plan);
    await deliver(charge);
    await deliver(created);
    await deliver(await fake.subscriptions.renewal(subscription, 'T-CAP-2'));
    const code = codeIn((await sent('membership-started'))[0]?.text ?? '');
    // Two visits held on it (unpaid: the Hotstone is paid online), then another month paid.
    for (const time of ['10:00', '12:00'] as const) {
      const held = await startPayment(
        bookingDetails({
          customerEmail: 'funke@example.com',
          appointmentTime: time,
          packageCode: code,
          amount: 30_000,
        }),
        3_000_000,
        undefined,
        // Two browsers: one browser's next payment would take over its earlier one's session.
        { Cookie: payerCookie(`browser-${time.replace(':', '')}-0123456789abcdefghijklmnopqrst`) },
      );
      expect(held.status).toBe(200);
    }
    expect(await membershipOf()).toMatchObject({ sessionsLeft: 2 });
    await deliver(await fake.subscriptions.renewal(subscription, 'T-CAP-3'));
    expect(await membershipOf()).toMatchObject({ sessionsLeft: 4 });
    // The holds lapse: their sessions come back, up to the ceiling, and booking still works.
    await db.update(payments).set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await checkCode(code, payerCookie('someone-else-0123456789abcdefghijklmnop'))).body).toMatchObject({
      sessionsLeft: 4,
    });
    const next = await startPayment(
      bookingDetails({ ...oneHourVisit, customerEmail: 'funke@example.com', packageCode: code, amount: 0 }),
      0,
    );
    expect(next.status).toBe(200);
  });

  it('ends at the paid month’s end on not_renew or disable, in any order and repeated', async () => {
    const plan = await definePlan(cookie);
    const { charge, created, subscription } = await joinAndPay(plan);
    const notRenewing = await fake.subscriptions.notRenewing(subscription);
    const disabled = await fake.subscriptions.disabled(subscription);
    // The end arrives first, before Paystack's create and the first charge: it waits for them.
    for (const event of [disabled, notRenewing, created, notRenewing, charge, disabled]) {
      expect(await deliver(event)).toBe(200);
    }
    const membership = await membershipOf();
    expect(membership).toMatchObject({ status: 'ending', sessionsLeft: 2 });
    const keys = (await db.select().from(membershipEvents)).map((event) => [event.key.split(':')[0], event.applied]);
    expect(keys.sort()).toEqual([
      ['subscription.create', true],
      ['subscription.disable', true],
      ['subscription.not_renew', true],
    ]);
  });

  it('refuses an unsigned event and changes nothing', async () => {
    const plan = await definePlan(cookie);
    const { created } = await joinAndPay(plan);
    expect(await deliver({ body: created.body, signature: 'forged' })).toBe(401);
    expect(await db.select().from(membershipEvents)).toEqual([]);
  });
});

describe('using a membership’s sessions', () => {
  it('pays a covered treatment at booking with the membership’s code', async () => {
    const plan = await definePlan(cookie);
    const { charge, created } = await joinAndPay(plan);
    await deliver(charge);
    await deliver(created);
    const code = codeIn((await sent('membership-started'))[0]?.text ?? '');
    const booked = await startPayment(
      bookingDetails({ ...oneHourVisit, customerEmail: 'funke@example.com', packageCode: code, amount: 0 }),
      0,
    );
    expect(booked.status).toBe(200);
    expect(await membershipOf()).toMatchObject({ sessionsLeft: 1 });
  });
});

describe('a member’s discount in the shop', () => {
  async function member() {
    const plan = await definePlan(cookie);
    const { charge, created } = await joinAndPay(plan);
    await deliver(charge);
    await deliver(created);
    return codeIn((await sent('membership-started'))[0]?.text ?? '');
  }
  const soap = () => [item('goat-milk-bar-soap', '100g', 1)];
  /** The member's own order: the email they joined with. */
  const ownOrder = (overrides: Parameters<typeof orderDetails>[0] = {}) =>
    orderDetails({ customerEmail: 'Funke@Example.com ', orderItems: soap(), ...overrides });
  const check = (body: Record<string, unknown>) =>
    call('/api/memberships/check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('takes the plan’s percentage off an order before the coupon, at the server’s price', async () => {
    const code = await member();
    const checked = await check({ code });
    expect(await checked.json()).toEqual({ planName: 'Monthly calm', shopPercent: 10 });
    // A ₦6,000 soap, 10% off: ₦5,400. The full price is refused with the right amount. (The
    // member's own order: another customer's is refused, below.)
    const full = await startPayment(ownOrder({ membershipCode: code, amount: 6_000 }), 600_000);
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ expectedAmount: 5_400 });
    const paid = await startPayment(ownOrder({ membershipCode: code, amount: 5_400 }), 540_000);
    expect(paid.status).toBe(200);
  });

  it('applies only to the member’s own orders (their email or phone): anyone else’s is refused and nothing written', async () => {
    const code = await member();
    const orders = async () => (await db.select().from(payments).where(eq(payments.kind, 'order'))).length;
    // Chioma's order (orderDetails' customer) with Funke's code.
    const someoneElse = await startPayment(
      orderDetails({ orderItems: soap(), membershipCode: code, amount: 5_400 }),
      540_000,
    );
    expect(someoneElse.status).toBe(409);
    expect(await someoneElse.json()).toMatchObject({ message: membershipMessages.notOwnOrder });
    expect(await orders()).toBe(0);
    // The check says so too when the dialog sends the customer; without them it answers as before.
    const refused = await check({ code, email: 'chioma@example.com', phone: '+234 803 123 4567' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: membershipMessages.notOwnOrder });
    expect(await (await check({ code })).json()).toEqual({ planName: 'Monthly calm', shopPercent: 10 });
    expect((await check({ code, email: 'FUNKE@example.com' })).status).toBe(200);
    // The phone the member joined with (0803 222 3333), written another way, is theirs too.
    const byPhone = await startPayment(
      orderDetails({ customerPhone: '+234 803 222 3333', orderItems: soap(), membershipCode: code, amount: 5_400 }),
      540_000,
    );
    expect(byPhone.status).toBe(200);
    expect(await orders()).toBe(1);
  });

  it('refuses a code that is no member’s (a package’s, or a membership that has ended)', async () => {
    const code = await member();
    await db.update(memberships).set({ paidUntil: '2020-01-01T00:00:00.000Z', status: 'ending' });
    const ended = await startPayment(ownOrder({ membershipCode: code, amount: 6_000 }), 600_000);
    expect(ended.status).toBe(409);
    expect(await ended.json()).toMatchObject({ message: membershipMessages.notMember });
    const unknown = await check({ code: 'ABCD-EFGH-JKMN' });
    expect(unknown.status).toBe(404);
  });
});
