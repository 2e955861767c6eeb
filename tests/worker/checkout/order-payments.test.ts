import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { coupons, orderItems, orders, payments, stockHolds, timeBlocks } from '../../../worker/db/schema';
import { paymentMessages } from '../../../worker/services/checkout/context';
import { reconcilePayments } from '../../../worker/services/jobs/maintenance';
import { checkoutMessages, type OrderDetailsInput } from '../../../worker/shared/catalogue/order-schema';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { CART_KOBO, item, orderDetails } from './payment-fixtures';
import {
  call,
  db,
  type Env,
  fake,
  liveEnv,
  origin,
  startPayment,
  startPaymentOk,
  testModeEnv,
  verify,
  webhook,
  withFakePaystack,
} from './payment-harness';

const initialize = (details: OrderDetailsInput, amountKobo = CART_KOBO, environment: Env = liveEnv) =>
  startPayment(details, amountKobo, environment);
const initializeOk = (details = orderDetails(), amountKobo = CART_KOBO, environment: Env = liveEnv) =>
  startPaymentOk(details, amountKobo, environment);

const orderRows = () => db.select().from(orders);
const itemRows = () => db.select().from(orderItems);

withFakePaystack();

beforeEach(async () => {
  await db.delete(orderItems);
  await db.delete(orders);
  await db.delete(timeBlocks);
  await db.delete(stockHolds);
  await db.delete(payments);
  await db.delete(coupons);
});

describe('GET /api/payment/initialize for an order', () => {
  it('prices the cart from the catalogue and asks Paystack with the order confirmation callback', async () => {
    const data = await initializeOk();
    expect(data.reference).toMatch(/^OR-\d{8}-[0-9a-f]{16}$/);
    expect(fake.initializeCalls[0]?.body).toMatchObject({
      email: 'chioma@example.com',
      amount: CART_KOBO,
      currency: 'NGN',
      reference: data.reference,
      callback_url: `${origin}/order-confirmation-pg`,
      metadata: {
        kind: 'order',
        items: ['All Glow Body Oil 100ml x 2', 'All Glow Body Oil 250ml x 1', 'Goat Milk Bar Soap 100g x 1'],
      },
    });
    const [payment] = await db.select().from(payments).where(eq(payments.reference, data.reference));
    expect(payment).toMatchObject({
      kind: 'order',
      status: 'pending',
      amount: 52_000,
      subtotal: 52_000,
      slotDate: null,
    });
    // The units are held for as long as a booking's place would be.
    expect(Date.parse(payment?.holdExpiresAt ?? '') - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(await orderRows()).toHaveLength(0); // nothing is ordered before it is paid
  });

  it('ignores the prices and names the client sends with the items', async () => {
    const tampered = orderDetails({
      orderItems: [
        item('mystic-body-oil', '250ml', 1, {
          productPrice: 1,
          productName: 'Free oil',
          productSize: { size: '250ml', price: 1 },
        }),
      ],
    });
    const cheap = await initialize(tampered, 100);
    expect(cheap.status).toBe(409);
    expect(await cheap.json()).toMatchObject({ message: paymentMessages.amountChanged, expectedAmount: 25_000 });
    expect(await db.select().from(payments)).toHaveLength(0);
    const { reference } = await initializeOk(tampered, 2_500_000);
    fake.settle(reference, 'success');
    await verify(reference);
    expect((await itemRows())[0]).toMatchObject({ productName: 'Mystic Body Oil', unitPrice: 25_000, quantity: 1 });
  });

  it('refuses a client amount that differs from the catalogue total with 409 and stores nothing', async () => {
    for (const amount of [CART_KOBO - 100, CART_KOBO + 100, 1, 999_999_999_900]) {
      const response = await initialize(orderDetails(), amount);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ status: false, expectedAmount: 52_000 });
    }
    expect(await db.select().from(payments)).toHaveLength(0);
    expect(fake.initializeCalls).toHaveLength(0);
  });

  it.each([
    ['an unknown product', [item('snake-oil', '100ml', 1)], 'Unknown product: snake-oil'],
    [
      'a size the product does not come in',
      [item('goat-milk-bar-soap', '1kg', 1)],
      'Goat Milk Bar Soap does not come in 1kg.',
    ],
    ['no quantity', [item('goat-milk-bar-soap', '100g', 0)], 'Quantity must be a whole number from 1 to 20.'],
    ['a negative quantity', [item('goat-milk-bar-soap', '100g', -2)], 'Quantity must be a whole number from 1 to 20.'],
    [
      'more than 20 of a line',
      [item('goat-milk-bar-soap', '100g', 21)],
      'Quantity must be a whole number from 1 to 20.',
    ],
    [
      'a fractional quantity',
      [item('goat-milk-bar-soap', '100g', 1.5)],
      'Quantity must be a whole number from 1 to 20.',
    ],
    [
      'the same product and size twice',
      [item('goat-milk-bar-soap', '100g', 1), item('goat-milk-bar-soap', '100g', 2)],
      'Goat Milk Bar Soap 100g is listed twice.',
    ],
    ['an empty cart', [], checkoutMessages.emptyCart],
  ])('refuses %s with 400 and a clear message', async (_case, orderItemsSent, message) => {
    const response = await initialize(orderDetails({ orderItems: orderItemsSent }), CART_KOBO);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: false, message });
    expect(await db.select().from(payments)).toHaveLength(0);
  });

  it.each([
    ['shippingAddress', '  ', checkoutMessages.address],
    ['customerName', '', checkoutMessages.name],
    ['customerEmail', 'chioma@', checkoutMessages.email],
    ['customerPhone', 'call me', checkoutMessages.phone],
  ])('refuses an order whose %s is not valid', async (field, value, message) => {
    const response = await initialize(orderDetails({ [field]: value }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
    expect(await db.select().from(payments)).toHaveLength(0);
  });

  it('takes a coupon off the order total and refuses one that no longer applies', async () => {
    const today = lagosDate(new Date());
    await db.insert(coupons).values([
      { code: 'GLOW10', discount: 10, minAmount: 50_000, expiryDate: today },
      { code: 'BIGSPEND', discount: 20, minAmount: 60_000, expiryDate: today },
      { code: 'OLD', discount: 10, expiryDate: addDays(today, -1) },
    ]);
    const data = await initializeOk(orderDetails({ couponCode: 'glow10' }), 4_680_000);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, data.reference));
    expect(payment).toMatchObject({ amount: 46_800, subtotal: 52_000, discount: 5_200, couponCode: 'GLOW10' });
    expect(fake.initializeCalls[0]?.body.amount).toBe(4_680_000);

    const belowMinimum = await initialize(orderDetails({ couponCode: 'BIGSPEND' }), 4_160_000);
    expect(belowMinimum.status).toBe(409);
    const expired = await initialize(orderDetails({ couponCode: 'OLD' }), 4_680_000);
    expect(expired.status).toBe(409);
    expect(await expired.json()).toMatchObject({ message: 'This coupon code is invalid or expired.' });
  });
});

describe('recording a paid order', () => {
  it('records the order from the stored details on verify: processing, its lines, the address', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const response = await verify(reference);
    expect(await response.json()).toEqual({
      status: true,
      data: {
        kind: 'order',
        paid: true,
        reference,
        name: 'Chioma Nwosu',
        shippingAddress: '12 Admiralty Way, Lekki Phase 1, Lagos',
        items: [
          { productName: 'All Glow Body Oil', productSize: '100ml', unitPrice: 13_000, quantity: 2 },
          { productName: 'All Glow Body Oil', productSize: '250ml', unitPrice: 20_000, quantity: 1 },
          { productName: 'Goat Milk Bar Soap', productSize: '100g', unitPrice: 6_000, quantity: 1 },
        ],
        amount: 52_000,
        amountPaid: 52_000,
        balanceDue: 0,
        subtotal: 52_000,
        discount: 0,
        couponCode: null,
        orderStatus: 'processing',
      },
    });
    const [order] = await orderRows();
    expect(order).toMatchObject({ phone: '+234 803 123 4567', amount: 52_000, orderStatus: 'processing' });
    expect(await itemRows()).toHaveLength(3);
  });

  it('tells another browser holding the reference only that the order is paid: no name, no address', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const answer = await (await verify(reference, liveEnv, '')).json();
    expect(answer).toEqual({ status: true, data: { reference, kind: 'order', paid: true } });
    expect(JSON.stringify(answer)).not.toContain('Admiralty');
    expect(await orderRows()).toHaveLength(1);
  });

  it('gives one order and one set of lines however verify and webhook race, in any order and number', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const { body, signature } = await fake.webhook(reference);
    const answers = await Promise.all([
      webhook(body, signature),
      verify(reference),
      webhook(body, signature),
      verify(reference),
      webhook(body, signature),
      verify(reference),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await orderRows()).toHaveLength(1);
    expect(await itemRows()).toHaveLength(3);
    expect(await (await verify(reference)).json()).toMatchObject({ status: true, data: { reference } });
  });

  it('records the order from a signed webhook alone', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const { body, signature } = await fake.webhook(reference);
    expect((await webhook(body, signature)).status).toBe(200);
    expect(await orderRows()).toHaveLength(1);
    expect(await itemRows()).toHaveLength(3);
    // The paying browser's confirmation then: the summary read with the payment, in one batch.
    expect(await (await verify(reference)).json()).toMatchObject({
      status: true,
      data: {
        kind: 'order',
        name: 'Chioma Nwosu',
        shippingAddress: '12 Admiralty Way, Lekki Phase 1, Lagos',
        items: [
          { productName: 'All Glow Body Oil', productSize: '100ml', unitPrice: 13_000, quantity: 2 },
          { productName: 'All Glow Body Oil', productSize: '250ml', unitPrice: 20_000, quantity: 1 },
          { productName: 'Goat Milk Bar Soap', productSize: '100g', unitPrice: 6_000, quantity: 1 },
        ],
        amountPaid: 52_000,
        balanceDue: 0,
      },
    });
  });

  it.each(['abandoned', 'failed'] as const)('records nothing for a payment that was %s', async (status) => {
    const { reference } = await initializeOk();
    fake.settle(reference, status);
    expect(await (await verify(reference)).json()).toEqual({ status: false, message: paymentMessages.notCompleted });
    expect(await orderRows()).toHaveLength(0);
  });

  it('records nothing when less was paid than the order costs', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success', { amount: 100 });
    expect(await (await verify(reference)).json()).toEqual({ status: false, message: paymentMessages.mismatch });
    expect(await orderRows()).toHaveLength(0);
  });

  it('is recorded by the cron when the visitor never came back and no webhook arrived', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    await db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where(eq(payments.reference, reference));
    await reconcilePayments(liveEnv, new Date());
    expect(await orderRows()).toHaveLength(1);
    expect(await itemRows()).toHaveLength(3);
  });
});

describe('an order in the built-in test checkout', () => {
  it('lists the items and returns to the order confirmation page', async () => {
    const data = await initializeOk(orderDetails(), CART_KOBO, testModeEnv);
    const html = await (await call(`/api/payment/test-checkout/${data.reference}`, {}, testModeEnv)).text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('All Glow Body Oil 100ml × 2, All Glow Body Oil 250ml × 1, Goat Milk Bar Soap 100g × 1');
    expect(html).toContain('₦52,000');
    const pay = await call(
      `/api/payment/test-checkout/${data.reference}`,
      { method: 'POST', headers: { Origin: origin }, body: new URLSearchParams({ outcome: 'paid' }) },
      testModeEnv,
    );
    expect(pay.headers.get('Location')).toBe(
      `${origin}/order-confirmation-pg?trxref=${data.reference}&reference=${data.reference}`,
    );
    expect(await (await verify(data.reference, testModeEnv)).json()).toMatchObject({
      status: true,
      data: { kind: 'order', amount: 52_000 },
    });
    expect(await orderRows()).toHaveLength(1);
  });
});
