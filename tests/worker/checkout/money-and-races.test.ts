// Money and races, with generated cases: what reaches Paystack is always the catalogue less the
// coupon, whatever the client says; a slot of C places gives exactly C holds to K visitors
// arriving at once; verify and webhook racing for one payment record it once, with one
// confirmation, every time; a refund is never more than was paid.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, coupons, orders, outboxMessages, payments, refunds } from '../../../worker/db/schema';
import { percentDiscount } from '../../../worker/shared/catalogue/pricing';
import { products } from '../../../worker/shared/catalogue/products';
import { treatments } from '../../../worker/shared/catalogue/treatment-list';
import { bookingDetails, inDays, oneHourVisit, orderDetails } from './payment-fixtures';
import { call, clearPaymentData, db, fake, startPayment, verify, webhook, withFakePaystack } from './payment-harness';

withFakePaystack();

const clear = clearPaymentData;
beforeEach(clear);

let sequence = 0;
const uniqueEmail = () => `visitor${++sequence}.${crypto.randomUUID().slice(0, 6)}@example.com`;

/** What the studio charges, computed here from the catalogue and the coupon's terms. */
function expectedCharge(subtotal: number, coupon: { discount: number; minAmount: number; active: boolean } | null) {
  if (!coupon?.active || subtotal < coupon.minAmount) return subtotal;
  return subtotal - percentDiscount(subtotal, coupon.discount);
}

const couponTerms = fc.option(
  fc.record({
    discount: fc.integer({ min: 0, max: 100 }),
    minAmount: fc.integer({ min: 0, max: 200_000 }),
    active: fc.boolean(),
  }),
);

describe('the amount sent to Paystack', () => {
  it('is the catalogue price of the chosen treatments less the coupon, for 150 generated bookings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...treatments.map((treatment) => treatment.name)), {
          minLength: 1,
          maxLength: 4,
        }),
        couponTerms,
        fc.integer({ min: -1_000_000, max: 100_000_000 }),
        async (chosen, coupon, clientKobo) => {
          await clear();
          fake.initializeCalls.length = 0;
          const code = coupon ? `GEN${crypto.randomUUID().slice(0, 6).toUpperCase()}` : undefined;
          if (coupon) await db.insert(coupons).values({ code: code ?? '', ...coupon, expiryDate: '2099-01-01' });
          const subtotal = chosen.reduce(
            (total, name) => total + (treatments.find((t) => t.name === name)?.price ?? 0),
            0,
          );
          const charge = expectedCharge(subtotal, coupon);
          const details = bookingDetails({
            subservices: chosen,
            couponCode: code,
            customerEmail: uniqueEmail(),
            appointmentDate: inDays(9),
            // Up to four treatments fit in a day from 09:00; an overnight visit starts at 17:00.
            appointmentTime: chosen.includes('Sleepover') ? '17:00' : '09:00',
          });
          const couponRefused = coupon !== null && (!coupon.active || subtotal < coupon.minAmount);

          // What the client claims is ignored but for a check: a wrong amount starts nothing.
          const wrong = clientKobo === charge * 100 ? clientKobo + 100 : clientKobo;
          const refused = await startPayment(details, wrong);
          expect([400, 409]).toContain(refused.status);
          expect(fake.initializeCalls).toHaveLength(0);
          expect(await db.select().from(payments)).toHaveLength(0);

          const right = await startPayment(details, charge * 100);
          if (couponRefused) {
            expect(right.status).toBe(409); // the coupon does not apply: the visitor is told
            expect(fake.initializeCalls).toHaveLength(0);
            return;
          }
          expect(right.status).toBe(200);
          // A 100% coupon confirms without Paystack: nothing to charge, nothing sent.
          if (charge === 0) expect(fake.initializeCalls).toHaveLength(0);
          else expect(fake.initializeCalls.at(-1)?.body.amount).toBe(charge * 100);
          const [payment] = await db.select().from(payments);
          expect(payment).toMatchObject({ amount: charge, subtotal, discount: subtotal - charge });
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('is the catalogue price of the cart (product, size, quantity) less the coupon, for 150 generated carts', async () => {
    const sizes = products.flatMap((product) =>
      product.sizes.map((size) => ({ productId: product.id, size: size.size, price: size.price })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ line: fc.constantFrom(...sizes), quantity: fc.integer({ min: 1, max: 20 }) }), {
          minLength: 1,
          maxLength: 5,
          selector: (item) => `${item.line.productId}|${item.line.size}`,
        }),
        couponTerms,
        async (cart, coupon) => {
          await clear();
          fake.initializeCalls.length = 0;
          const code = coupon ? `CART${crypto.randomUUID().slice(0, 6).toUpperCase()}` : undefined;
          if (coupon) await db.insert(coupons).values({ code: code ?? '', ...coupon, expiryDate: '2099-01-01' });
          const subtotal = cart.reduce((total, item) => total + item.line.price * item.quantity, 0);
          const charge = expectedCharge(subtotal, coupon);
          const details = orderDetails({
            couponCode: code,
            customerEmail: uniqueEmail(),
            orderItems: cart.map((item) => ({
              productId: item.line.productId,
              productSize: { size: item.line.size, price: 1 }, // a client price, to be ignored
              productQuantity: item.quantity,
            })),
          });
          const response = await startPayment(details, charge * 100);
          if (coupon && (!coupon.active || subtotal < coupon.minAmount)) {
            expect(response.status).toBe(409);
            return;
          }
          expect(response.status).toBe(200);
          if (charge === 0) expect(fake.initializeCalls).toHaveLength(0);
          else expect(fake.initializeCalls.at(-1)?.body.amount).toBe(charge * 100);
          const [payment] = await db.select().from(payments);
          expect(payment).toMatchObject({ amount: charge, subtotal });
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('verify answers that must record nothing', () => {
  const cases: Array<[string, (reference: string) => void]> = [
    ['a smaller amount', (reference) => fake.settle(reference, 'success', { amount: 100 })],
    ['another currency', (reference) => fake.settle(reference, 'success', { currency: 'USD' })],
    ['a failed charge', (reference) => fake.settle(reference, 'failed')],
    ['an abandoned checkout', (reference) => fake.settle(reference, 'abandoned')],
  ];
  it.each(cases)('%s', async (_label, settle) => {
    const started = await startPayment(bookingDetails({ customerEmail: uniqueEmail() }), 5_500_000);
    const { data } = (await started.json()) as { data: { reference: string } };
    settle(data.reference);
    const answer = (await (await verify(data.reference)).json()) as { status: boolean };
    expect(answer.status).toBe(false);
    expect(await db.select().from(bookings)).toHaveLength(0);
    expect(await db.select().from(outboxMessages)).toHaveLength(0);
  });

  it('an unknown reference', async () => {
    const answer = (await (await verify('BK-NOT-A-REAL-ONE')).json()) as { status: boolean };
    expect(answer.status).toBe(false);
    expect(await db.select().from(bookings)).toHaveLength(0);
  });
});

describe('K visitors starting a payment for one slot of C places at once', () => {
  it.each([
    [20, 1],
    [50, 2],
    [50, 3],
  ])('%i visitors, %i places: exactly C holds', async (visitors, places) => {
    const date = inDays(12);
    await clearPaymentData(places);
    const responses = await Promise.all(
      Array.from({ length: visitors }, () =>
        startPayment(
          bookingDetails({ customerEmail: uniqueEmail(), appointmentDate: date, appointmentTime: '13:00' }),
          5_500_000,
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(places);
    expect(statuses.filter((status) => status === 409)).toHaveLength(visitors - places);
    const held = await db
      .select()
      .from(payments)
      .where(sql`slot_date = ${date} and slot_time = '13:00' and status = 'pending'`);
    expect(held).toHaveLength(places);
  });
});

describe('verify and webhook racing for one payment, 100 times', () => {
  it('records each booking or order once, with one confirmation', async () => {
    for (let round = 0; round < 100; round += 1) {
      const isOrder = round % 2 === 1;
      const email = uniqueEmail();
      const details = isOrder
        ? orderDetails({ customerEmail: email })
        : bookingDetails({
            ...oneHourVisit,
            customerEmail: email,
            appointmentDate: inDays(20 + Math.floor(round / 18)),
            appointmentTime: (
              ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'] as const
            )[Math.floor(round / 2) % 9],
          });
      const started = await startPayment(details, isOrder ? 5_200_000 : oneHourVisit.amount * 100);
      expect(started.status, `round ${round}`).toBe(200);
      const { data } = (await started.json()) as { data: { reference: string } };
      fake.settle(data.reference, 'success');
      const signed = await fake.webhook(data.reference);
      const racers = [
        () => verify(data.reference),
        () => webhook(signed.body, signed.signature),
        () => verify(data.reference),
        () => webhook(signed.body, signed.signature),
      ];
      // A different order of arrival each round.
      const order = racers
        .map((racer, index) => ({ racer, key: (index * 7 + round * 3) % 5 }))
        .sort((a, b) => a.key - b.key);
      const answers = await Promise.all(order.map(({ racer }) => racer()));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const recorded = isOrder
        ? await db.select().from(orders).where(eq(orders.paymentReference, data.reference))
        : await db.select().from(bookings).where(eq(bookings.paymentReference, data.reference));
      expect(recorded, `round ${round}`).toHaveLength(1);
      const confirmations = await db
        .select()
        .from(outboxMessages)
        .where(
          sql`${outboxMessages.recipient} = ${email} and ${outboxMessages.template} in ('booking-confirmation', 'order-confirmation')`,
        );
      expect(confirmations, `round ${round}`).toHaveLength(1);
    }
  }, 120_000);
});

describe('a refund', () => {
  it('is never more than was paid: the visitor gets back the amount of their own transaction', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...treatments.map((t) => t.name)), { minLength: 1, maxLength: 3 }),
        async (chosen) => {
          await clear();
          fake.refunds.clear();
          const subtotal = chosen.reduce(
            (total, name) => total + (treatments.find((t) => t.name === name)?.price ?? 0),
            0,
          );
          const details = bookingDetails({
            subservices: chosen,
            customerEmail: uniqueEmail(),
            appointmentDate: inDays(8),
            appointmentTime: chosen.includes('Sleepover') ? '17:00' : '09:00',
          });
          const started = await startPayment(details, subtotal * 100);
          const { data } = (await started.json()) as { data: { reference: string } };
          fake.settle(data.reference, 'success');
          const verified = (await (await verify(data.reference)).json()) as { data: { manageUrl: string } };
          const cancelled = await call(`/api${verified.data.manageUrl}/cancel`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: 'https://localhost' },
            body: '{}',
          });
          expect(cancelled.status).toBe(200);
          const [payment] = await db.select().from(payments);
          const [refund] = await db.select().from(refunds);
          expect(refund?.amount).toBe(payment?.amount);
          const [atPaystack] = [...fake.refunds.values()];
          expect(atPaystack?.amount).toBeLessThanOrEqual((payment?.amount ?? 0) * 100);
          expect(atPaystack?.transaction).toBe(data.reference);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
