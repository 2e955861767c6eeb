// Stock that never oversells: a payment holds its units in the batch that creates it, so K buyers
// for the last N units get exactly N payments (the rest 409 "Only N left", nothing held); a paid
// order takes its units once, whatever verify, webhook and cron race; an expired or replaced hold
// gives them back; the shop's `stock` is what is left to sell now.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, payments, productSizes, stockHolds } from '../../../worker/db/schema';
import { stockMessages } from '../../../worker/shared/catalogue/stock';
import { item, orderDetails } from '../checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  origin,
  payerCookie,
  startPayment,
  verify,
  webhook,
  withFakePaystack,
} from '../checkout/payment-harness';

withFakePaystack();
beforeEach(() => clearPaymentData());

const OIL = 'all-glow-body-oil';
const OIL_NAME = 'All Glow Body Oil';
const oil100 = sql`product_id = ${OIL} and size = '100ml'`;
let sequence = 0;
const buyer = () => {
  sequence += 1;
  return { email: `buyer${sequence}@example.com`, cookie: payerCookie(`buyer-${sequence}-`.padEnd(43, 'k')) }; // a payer key is 43 characters
};

async function setShelf(units: number | null) {
  await db.update(productSizes).set({ stock: units }).where(oil100);
}
const shelf = async () => (await db.select().from(productSizes).where(oil100))[0]?.stock;
const onSale = async () => {
  const shop = (await (await call('/api/products')).json()) as Array<{
    _id: string;
    sizes: Array<{ size: string; stock: number | null }>;
  }>;
  return shop.find((product) => product._id === OIL)?.sizes.find((size) => size.size === '100ml')?.stock;
};

/** Starts paying for `quantity` of the 100 ml oil (₦13,000 each) as a buyer of its own browser. */
function buyOil(quantity: number, who = buyer()) {
  return startPayment(
    orderDetails({ customerEmail: who.email, orderItems: [item(OIL, '100ml', quantity)], amount: 13_000 * quantity }),
    1_300_000 * quantity,
    undefined,
    { Cookie: who.cookie },
  );
}

type Refusal = { status: boolean; message: string; stock?: Array<{ productId: string; size: string; left: number }> };

describe('K buyers for the last N units at once', () => {
  it.each([
    [20, 1],
    [50, 5],
  ])('%i buyers, %i units: exactly N payments, the rest told what is left with nothing held', async (buyers, units) => {
    await setShelf(units);
    const responses = await Promise.all(Array.from({ length: buyers }, () => buyOil(1)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(units);
    expect(statuses.filter((status) => status === 409)).toHaveLength(buyers - units);
    for (const response of responses.filter((each) => each.status === 409)) {
      const body = (await response.json()) as Refusal;
      expect(body.message).toBe(stockMessages.onlyLeft(0, OIL_NAME, '100ml'));
      expect(body.stock).toEqual([{ productId: OIL, size: '100ml', left: 0 }]);
    }
    expect(await db.select().from(payments)).toHaveLength(units);
    const held = await db.select().from(stockHolds);
    expect(held.reduce((total, hold) => total + hold.quantity, 0)).toBe(units);
    expect(await onSale()).toBe(0);
    // Holding is not selling: the shelf is untouched until someone pays.
    expect(await shelf()).toBe(units);
  });
});

describe('a cart asking for more than is left', () => {
  it('is refused with how many are left, holding nothing; untracked sizes never run out', async () => {
    await setShelf(2);
    const refused = await buyOil(3);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as Refusal;
    expect(body.message).toBe(stockMessages.onlyLeft(2, OIL_NAME, '100ml'));
    expect(body.message.startsWith('Only 2 left')).toBe(true);
    expect(body.stock).toEqual([{ productId: OIL, size: '100ml', left: 2 }]);
    expect(await db.select().from(payments)).toEqual([]);
    expect(await db.select().from(stockHolds)).toEqual([]);

    await setShelf(null);
    expect((await buyOil(20)).status).toBe(200);
    expect(await onSale()).toBeNull();
  });
});

describe('a paid order', () => {
  it('takes its units once while verify and webhooks race, and the shop shows what is left', async () => {
    await setShelf(5);
    const who = buyer();
    const started = await buyOil(2, who);
    expect(started.status).toBe(200);
    const { data } = (await started.json()) as { data: { reference: string } };
    expect(await onSale()).toBe(3);
    fake.settle(data.reference, 'success');
    const signed = await fake.webhook(data.reference);
    const answers = await Promise.all([
      verify(data.reference, undefined, who.cookie),
      webhook(signed.body, signed.signature),
      verify(data.reference, undefined, who.cookie),
      webhook(signed.body, signed.signature),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await db.select().from(orders).where(eq(orders.paymentReference, data.reference))).toHaveLength(1);
    expect(await shelf()).toBe(3);
    expect(await onSale()).toBe(3);
    // Again, later (the cron's re-verify takes the same path): nothing more is taken.
    await verify(data.reference, undefined, who.cookie);
    expect(await shelf()).toBe(3);
  });

  it('moves the product’s version on, so a staff form opened before the sale cannot write the old count back', async () => {
    await setShelf(5);
    const [before] = await db.all<{ version: number }>(sql`select version from products where id = ${OIL}`);
    const who = buyer();
    const { data } = (await (await buyOil(1, who)).json()) as { data: { reference: string } };
    fake.settle(data.reference, 'success');
    await verify(data.reference, undefined, who.cookie);
    const [after] = await db.all<{ version: number }>(sql`select version from products where id = ${OIL}`);
    expect(after?.version).toBe((before?.version ?? 0) + 1);
  });
});

describe('holds that end', () => {
  it('an expired hold gives its units back; paid late, it still takes what is left, never below 0', async () => {
    await setShelf(1);
    const first = buyer();
    const started = await buyOil(1, first);
    const { data } = (await started.json()) as { data: { reference: string } };
    expect((await buyOil(1)).status).toBe(409);
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, data.reference));
    expect(await onSale()).toBe(1);
    const second = buyer();
    const again = await buyOil(1, second);
    expect(again.status).toBe(200);
    const { data: secondData } = (await again.json()) as { data: { reference: string } };
    fake.settle(secondData.reference, 'success');
    await verify(secondData.reference, undefined, second.cookie);
    expect(await shelf()).toBe(0);
    // The first buyer paid on Paystack's page after all: the money is taken and the order recorded.
    fake.settle(data.reference, 'success');
    await verify(data.reference, undefined, first.cookie);
    expect(await db.select().from(orders)).toHaveLength(2);
    expect(await shelf()).toBe(0);
  });

  it('a retry from the same browser replaces its earlier hold instead of counting against it', async () => {
    await setShelf(1);
    const who = buyer();
    const first = await buyOil(1, who);
    expect(first.status).toBe(200);
    const retry = await buyOil(1, who);
    expect(retry.status).toBe(200);
    const statuses = (await db.select().from(payments)).map((payment) => payment.status).sort();
    expect(statuses).toEqual(['abandoned', 'pending']);
    expect(await onSale()).toBe(0);
    // Cancelling on the site gives the unit back at once.
    const { data } = (await retry.json()) as { data: { reference: string } };
    fake.settle(data.reference, 'abandoned');
    const cancelled = await call('/api/payment/cancel', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json', Cookie: who.cookie },
      body: JSON.stringify({ reference: data.reference }),
    });
    expect(cancelled.status).toBe(200);
    expect(await onSale()).toBe(1);
  });
});
