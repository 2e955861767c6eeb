// Staff cancel a processing order: its units go back on the shelf, the money goes back through
// Paystack when they say so (once, however often they click), the customer is emailed, and the
// order shows under Cancelled and in the export. A shipped order cannot be cancelled.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, outboxMessages, productSizes, refunds } from '../../../worker/db/schema';
import { orderMessages } from '../../../worker/routes/shop/orders';
import { jsonInit, signIn } from '../admin-harness';
import { item, orderDetails } from './payment-fixtures';
import { call, clearPaymentData, db, fake, liveEnv, startPaymentOk, verify, withFakePaystack } from './payment-harness';

withFakePaystack();
beforeEach(() => clearPaymentData());

const oil100 = sql`product_id = 'all-glow-body-oil' and size = '100ml'`;
const shelf = async () => (await db.select().from(productSizes).where(oil100))[0]?.stock;

/** A paid order of two 100 ml oils (₦26,000) and a soap, from a shelf of 5 oils. */
async function paidOrder() {
  await db.update(productSizes).set({ stock: 5 }).where(oil100);
  const details = orderDetails({
    orderItems: [item('all-glow-body-oil', '100ml', 2), item('goat-milk-bar-soap', '100g', 1)],
    amount: 32_000,
  });
  const { reference } = await startPaymentOk(details, 3_200_000);
  fake.settle(reference, 'success');
  await verify(reference);
  const [order] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
  if (!order) throw new Error('the order was not recorded');
  expect(await shelf()).toBe(3);
  return order;
}

const staffPut = (cookie: string, id: string, body: unknown) =>
  call(`/api/orders/${id}`, { ...jsonInit('PUT', body, { Cookie: cookie }) }, liveEnv);

describe('cancelling an order', () => {
  it('with a refund: units back, one Paystack refund of the amount paid, an email, under Cancelled', async () => {
    const cookie = await signIn();
    const order = await paidOrder();
    const answer = await staffPut(cookie, order.id, { orderStatus: 'cancelled', refund: true });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      success: true,
      orderStatus: 'cancelled',
      refund: { status: 'pending', amount: 32_000, testMode: false },
    });
    expect(await shelf()).toBe(5);
    expect(fake.refundCalls).toEqual([{ transaction: order.paymentReference }]);

    // A second click (or a stale page) changes nothing and refunds nothing more.
    const again = await staffPut(cookie, order.id, { orderStatus: 'cancelled', refund: true });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(orderMessages.onlyProcessing);
    expect(await shelf()).toBe(5);
    expect(fake.refundCalls).toHaveLength(1);
    expect(await db.select().from(refunds)).toHaveLength(1);

    const [email] = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'order-cancelled'));
    expect(email?.recipient).toBe('chioma@example.com');
    expect(email?.subject).toBe('Your order has been cancelled');
    expect(email?.text).toContain('We have asked Paystack to refund ₦32,000');

    const listed = (await (
      await call('/api/orders?status=cancelled', { headers: { Cookie: cookie } }, liveEnv)
    ).json()) as Array<{ _id: string; orderStatus: string; refund: unknown }>;
    expect(listed.map((each) => [each._id, each.orderStatus])).toEqual([[order.id, 'cancelled']]);
    expect(listed[0]?.refund).toEqual({ status: 'pending', amount: 32_000, testMode: false });
    const csv = await (
      await call('/api/export/orders.csv?status=cancelled', { headers: { Cookie: cookie } }, liveEnv)
    ).text();
    expect(csv).toContain(',Refund (NGN)');
    expect(csv).toContain(`${order.paymentReference},32000 (pending)`);
  });

  it('without a refund: units back, no money moved, the email says so', async () => {
    const cookie = await signIn();
    const order = await paidOrder();
    const answer = await staffPut(cookie, order.id, { orderStatus: 'cancelled', refund: false });
    expect(await answer.json()).toEqual({ success: true, orderStatus: 'cancelled', refund: null });
    expect(await shelf()).toBe(5);
    expect(fake.refundCalls).toEqual([]);
    expect(await db.select().from(refunds)).toEqual([]);
    const [email] = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'order-cancelled'));
    expect(email?.text).toContain('No refund is due for this order.');
  });

  it('is refused for a shipped order, without a refund choice, and for an unknown order, changing nothing', async () => {
    const cookie = await signIn();
    const order = await paidOrder();
    const missing = await staffPut(cookie, order.id, { orderStatus: 'cancelled' });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(orderMessages.refundNeeded);
    const stray = await staffPut(cookie, order.id, { orderStatus: 'shipped', refund: true });
    expect(stray.status).toBe(400);
    expect((await staffPut(cookie, 'no-such-order', { orderStatus: 'cancelled', refund: true })).status).toBe(404);

    expect((await staffPut(cookie, order.id, { orderStatus: 'shipped' })).status).toBe(200);
    const late = await staffPut(cookie, order.id, { orderStatus: 'cancelled', refund: true });
    expect(late.status).toBe(409);
    expect(await shelf()).toBe(3);
    expect(fake.refundCalls).toEqual([]);
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.orderStatus).toBe('shipped');
  });
});
