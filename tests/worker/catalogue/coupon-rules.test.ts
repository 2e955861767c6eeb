// Coupons that cannot be drained: a fixed amount, a total number of uses (held and paid ones
// counted in the statement that takes the hold), one use per customer, a start date and what
// they apply to; an unfinished payment's use comes back when its hold ends.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, coupons, orders, outboxMessages, payments, productSizes } from '../../../worker/db/schema';
import { type CouponView, couponMessages } from '../../../worker/services/catalogue/coupons';
import { nairaToKobo } from '../../../worker/shared/money';
import { adminCall, signIn } from '../admin-harness';
import { bookingDetails, inDays, item, oneHourVisit, orderDetails } from '../checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  payerCookie,
  startPayment,
  startPaymentOk,
  verify,
  withFakePaystack,
} from '../checkout/payment-harness';

withFakePaystack();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(() => clearPaymentData());

const farOff = '2099-12-31';
const addCoupon = (values: Partial<typeof coupons.$inferInsert> & { code: string }) =>
  db.insert(coupons).values({ discount: 10, expiryDate: farOff, ...values });

const validateCoupon = async (code: string, amount: number, kind?: 'booking' | 'order') =>
  (await (
    await call('/api/validate-coupon', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, amount, kind }),
    })
  ).json()) as { success: boolean; discountAmount: number; message: string };

/** One bar of soap: ₦6,000. */
const soapOrder = (email: string, couponCode: string, amount: number) =>
  orderDetails({
    customerEmail: email,
    customerPhone: `0809 ${email.length.toString().padStart(3, '0')} ${email.charCodeAt(0)}`,
    orderItems: [item('goat-milk-bar-soap', '100g', 1)],
    couponCode,
    amount,
  });

/** Pays a started payment at the fake Paystack and verifies it from the paying browser: its answer (shown once). */
async function pay(reference: string, browser = payerCookie()) {
  fake.settle(reference, 'success');
  const response = await verify(reference, undefined, browser);
  const answer = (await response.json()) as { status: boolean; data: Record<string, unknown> };
  expect(answer.status).toBe(true);
  return answer;
}

const couponList = async () => (await (await adminCall(cookie, '/api/get-coupons')).json()) as CouponView[];

describe('a fixed amount off', () => {
  it('takes whole naira off a booking', async () => {
    await addCoupon({ code: 'FIVEK', type: 'fixed', discount: 5_000 });
    expect(await validateCoupon('fivek', 55_000, 'booking')).toEqual({
      success: true,
      discountAmount: 5_000,
      message: 'Coupon applied: ₦5,000 off.',
    });
    const { reference } = await startPaymentOk(
      bookingDetails({ couponCode: 'FIVEK', amount: 50_000 }),
      nairaToKobo(50_000),
    );
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ amount: 50_000, subtotal: 55_000, discount: 5_000, couponCode: 'FIVEK' });
    expect(fake.initializeCalls.at(-1)?.body.amount).toBe(5_000_000);
  });

  it('never takes the amount below zero: more than the cart is a free order', async () => {
    await addCoupon({ code: 'BIGGIFT', type: 'fixed', discount: 100_000 });
    expect((await validateCoupon('BIGGIFT', 52_000)).discountAmount).toBe(52_000);
    const { reference } = await startPaymentOk(orderDetails({ couponCode: 'BIGGIFT', amount: 0 }), 0);
    expect(fake.initializeCalls).toHaveLength(0);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ status: 'paid', amount: 0, discount: 52_000, method: 'free' });
  });

  it('refuses a client that subtracted more than the coupon gives', async () => {
    await addCoupon({ code: 'FIVEK', type: 'fixed', discount: 5_000 });
    const response = await startPayment(bookingDetails({ couponCode: 'FIVEK' }), nairaToKobo(45_000));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ expectedAmount: 50_000 });
    expect(await db.select().from(payments)).toHaveLength(0);
  });
});

describe('a start date', () => {
  it('answers like an unknown code until its first day, then works', async () => {
    await addCoupon({ code: 'SOON', startsAt: inDays(1) });
    expect(await validateCoupon('SOON', 55_000)).toEqual({
      success: false,
      discountAmount: 0,
      message: couponMessages.invalid,
    });
    const early = await startPayment(bookingDetails({ couponCode: 'SOON', amount: 49_500 }), nairaToKobo(49_500));
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ message: couponMessages.invalid });
    expect(await db.select().from(payments)).toHaveLength(0);

    await db.update(coupons).set({ startsAt: inDays(0) });
    expect(await validateCoupon('SOON', 55_000)).toMatchObject({ success: true, discountAmount: 5_500 });
  });
});

describe('what a coupon applies to', () => {
  beforeEach(async () => {
    await addCoupon({ code: 'SHOPONLY', appliesTo: 'shop' });
    await addCoupon({ code: 'SPAONLY', appliesTo: 'bookings' });
  });

  it('answers like an unknown code for the other kind of purchase', async () => {
    expect(await validateCoupon('SHOPONLY', 55_000, 'booking')).toMatchObject({
      success: false,
      message: couponMessages.invalid,
    });
    expect(await validateCoupon('SHOPONLY', 52_000, 'order')).toMatchObject({ success: true });
    expect(await validateCoupon('SPAONLY', 52_000, 'order')).toMatchObject({ success: false });
    expect(await validateCoupon('SPAONLY', 55_000, 'booking')).toMatchObject({ success: true });
  });

  it('refuses to price a booking with a shop coupon, and the reverse', async () => {
    const booking = await startPayment(bookingDetails({ couponCode: 'SHOPONLY', amount: 49_500 }), nairaToKobo(49_500));
    expect(booking.status).toBe(409);
    expect(await booking.json()).toMatchObject({ message: couponMessages.invalid });
    const order = await startPayment(orderDetails({ couponCode: 'SPAONLY', amount: 46_800 }), nairaToKobo(46_800));
    expect(order.status).toBe(409);
    expect(await db.select().from(payments)).toHaveLength(0);

    await startPaymentOk(orderDetails({ couponCode: 'SHOPONLY', amount: 46_800 }), nairaToKobo(46_800));
    await startPaymentOk(bookingDetails({ couponCode: 'SPAONLY', amount: 49_500 }), nairaToKobo(49_500));
  });
});

describe('a total number of uses', () => {
  let soapStock: number | null | undefined;
  beforeEach(async () => {
    // Enough soap on the shelf for every racer: only the coupon may limit them.
    const [soap] = await db.select().from(productSizes).where(eq(productSizes.productId, 'goat-milk-bar-soap'));
    soapStock = soap?.stock;
    await db.update(productSizes).set({ stock: null }).where(eq(productSizes.productId, 'goat-milk-bar-soap'));
    return async () => {
      await db
        .update(productSizes)
        .set({ stock: soapStock ?? null })
        .where(eq(productSizes.productId, 'goat-milk-bar-soap'));
    };
  });

  it('of 10, started 50 times at once, holds 10 and is paid with 10 at most', async () => {
    await addCoupon({ code: 'TEN', maxUses: 10 });
    const starts = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        startPayment(soapOrder(`racer${index}@example.com`, 'TEN', 5_400), nairaToKobo(5_400), undefined, {
          Cookie: payerCookie(`racer-browser-${index}-0123456789abcdefghijklmnop`),
        }),
      ),
    );
    const statuses = starts.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
    const held = await db.select().from(payments).where(eq(payments.couponCode, 'TEN'));
    expect(held).toHaveLength(10);

    // Every hold is paid (the webhook, the verify, in any order): ten orders, ten uses.
    for (const payment of held) {
      await pay(payment.reference, payerCookie(`unknown-browser-0123456789abcdefghijklmnopq`));
    }
    expect(await db.select().from(orders)).toHaveLength(10);
    expect((await couponList()).find((coupon) => coupon.code === 'TEN')?.uses).toBe(10);
    expect(await validateCoupon('TEN', 6_000)).toMatchObject({ success: false, message: couponMessages.invalid });
    const late = await startPayment(soapOrder('late@example.com', 'TEN', 5_400), nairaToKobo(5_400));
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: couponMessages.invalid });
  });

  it('counts a live hold as taken, and gives its use back when the hold expires unpaid', async () => {
    await addCoupon({ code: 'LASTONE', maxUses: 1 });
    const first = await startPaymentOk(soapOrder('first@example.com', 'LASTONE', 5_400), nairaToKobo(5_400));
    expect((await couponList())[0]?.uses).toBe(0); // held, not yet a use
    const second = await startPayment(
      soapOrder('second@example.com', 'LASTONE', 5_400),
      nairaToKobo(5_400),
      undefined,
      {
        Cookie: payerCookie('second-browser-0123456789abcdefghijklmnopqrs'),
      },
    );
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ message: couponMessages.invalid });

    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, first.reference));
    expect(await validateCoupon('LASTONE', 6_000)).toMatchObject({ success: true });
    const third = await startPayment(soapOrder('third@example.com', 'LASTONE', 5_400), nairaToKobo(5_400), undefined, {
      Cookie: payerCookie('third-browser-0123456789abcdefghijklmnopqrst'),
    });
    expect(third.status).toBe(200);
  });

  it('is never exceeded by a payment that comes after its hold gave the use back: it loses the coupon', async () => {
    await addCoupon({ code: 'LASTONE', maxUses: 1 });
    const expire = (reference: string) =>
      db
        .update(payments)
        .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(payments.reference, reference));
    // A's booking hold runs out; B takes the freed use and pays.
    const late = await startPaymentOk(
      bookingDetails({ ...oneHourVisit, couponCode: 'LASTONE', amount: 22_500 }),
      nairaToKobo(22_500),
    );
    await expire(late.reference);
    const other = payerCookie('other-browser-0123456789abcdefghijklmnopqrs');
    const paid = await startPayment(soapOrder('b@example.com', 'LASTONE', 5_400), nairaToKobo(5_400), undefined, {
      Cookie: other,
    });
    expect(paid.status).toBe(200);
    await pay(((await paid.json()) as { data: { reference: string } }).data.reference, other);

    // Then A's card goes through after all: the visit is recorded at its full price, the coupon's
    // ₦2,500 left to pay at the studio, and the coupon still has one use.
    const summary = await pay(late.reference);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, late.reference));
    expect(payment).toMatchObject({ status: 'paid', amount: 22_500, discount: 0, couponCode: null, couponId: null });
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, late.reference));
    expect(booking).toMatchObject({ amount: 25_000, amountPaid: 22_500 });
    expect(summary.data).toMatchObject({ amount: 25_000, amountPaid: 22_500, balanceDue: 2_500, couponCode: null });
    const email = (await db.select().from(outboxMessages)).find(
      (message) => message.template === 'booking-confirmation' && message.channel === 'email',
    );
    expect(email?.text).toContain('To pay at the studio: ₦2,500');
    expect((await couponList()).find((coupon) => coupon.code === 'LASTONE')?.uses).toBe(1);

    // An order the same way: recorded at its price before the coupon.
    await db.update(coupons).set({ maxUses: 2 });
    const lateOrder = await startPaymentOk(soapOrder('c@example.com', 'LASTONE', 5_400), nairaToKobo(5_400));
    await expire(lateOrder.reference);
    await db.update(coupons).set({ maxUses: 1 });
    const orderSummary = await pay(lateOrder.reference);
    const [order] = await db.select().from(orders).where(eq(orders.paymentReference, lateOrder.reference));
    expect(order?.amount).toBe(6_000);
    // The customer is told what they paid and what is left for the delivery.
    expect(orderSummary.data).toMatchObject({ amount: 6_000, amountPaid: 5_400, balanceDue: 600 });
    const orderEmail = (await db.select().from(outboxMessages)).find(
      (message) => message.template === 'order-confirmation' && message.text.includes(lateOrder.reference),
    );
    expect(orderEmail?.text).toContain('Amount paid: ₦5,400');
    expect(orderEmail?.text).toContain('To pay on delivery: ₦600');
    expect((await couponList()).find((coupon) => coupon.code === 'LASTONE')?.uses).toBe(1);
    // Staff see what is left to collect on delivery.
    const listed = (await (await adminCall(cookie, '/api/orders')).json()) as Array<Record<string, unknown>>;
    expect(listed.find((row) => row.paymentReference === lateOrder.reference)).toMatchObject({
      amount: 6_000,
      paidOnline: 5_400,
      paidByVoucher: 0,
      balanceDue: 600,
      couponCode: null,
    });
  });

  it('keeps the coupon of a payment made in time, whatever staff changed of the coupon meanwhile', async () => {
    await addCoupon({ code: 'LASTONE', maxUses: 5 });
    const kept = await startPaymentOk(soapOrder('a@example.com', 'LASTONE', 5_400), nairaToKobo(5_400));
    const other = payerCookie('other-browser-0123456789abcdefghijklmnopqrs');
    const gone = await startPayment(soapOrder('b@example.com', 'LASTONE', 5_400), nairaToKobo(5_400), undefined, {
      Cookie: other,
    });
    // Staff lower the uses to one, then delete the coupon, while both customers are paying.
    await db.update(coupons).set({ maxUses: 1 });
    await pay(kept.reference);
    await db.delete(coupons);
    await pay(((await gone.json()) as { data: { reference: string } }).data.reference, other);
    for (const row of await db.select().from(orders)) expect(row.amount).toBe(5_400);
  });

  it('keeps the coupon of a payment that comes after its hold, when a use is still free', async () => {
    await addCoupon({ code: 'LASTONE', maxUses: 1 });
    const { reference } = await startPaymentOk(soapOrder('a@example.com', 'LASTONE', 5_400), nairaToKobo(5_400));
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, reference));
    await pay(reference);
    const [order] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
    expect(order?.amount).toBe(5_400);
    expect((await couponList()).find((coupon) => coupon.code === 'LASTONE')?.uses).toBe(1);
  });

  it('lets the same browser retry a declined card without using the coupon twice', async () => {
    await addCoupon({ code: 'LASTONE', maxUses: 1 });
    const details = bookingDetails({ ...oneHourVisit, couponCode: 'LASTONE', amount: 22_500 });
    const first = await startPaymentOk(details, nairaToKobo(22_500));
    const retry = await startPaymentOk(details, nairaToKobo(22_500));
    expect(retry.reference).not.toBe(first.reference);
    const [replaced] = await db.select().from(payments).where(eq(payments.reference, first.reference));
    expect(replaced?.status).toBe('abandoned');

    const order = soapOrder('shopper@example.com', 'LASTONE', 5_400);
    await db.update(coupons).set({ maxUses: 2 });
    await startPaymentOk(order, nairaToKobo(5_400));
    await startPaymentOk(order, nairaToKobo(5_400));
    const live = await db
      .select()
      .from(payments)
      .where(and(eq(payments.couponCode, 'LASTONE'), eq(payments.status, 'pending')));
    expect(live).toHaveLength(2);
  });
});

describe('one use per customer', () => {
  beforeEach(async () => {
    await addCoupon({ code: 'WELCOME', oncePerCustomer: true });
    const { reference } = await startPaymentOk(
      bookingDetails({ ...oneHourVisit, couponCode: 'WELCOME', amount: 22_500 }),
      nairaToKobo(22_500),
    );
    await pay(reference);
  });

  const again = (overrides: Parameters<typeof bookingDetails>[0]) =>
    startPayment(
      bookingDetails({
        ...oneHourVisit,
        couponCode: 'WELCOME',
        amount: 22_500,
        appointmentDate: inDays(2),
        ...overrides,
      }),
      nairaToKobo(22_500),
      undefined,
      { Cookie: payerCookie('another-browser-0123456789abcdefghijklmnop') },
    );

  it('refuses the same email address, in any case', async () => {
    const response = await again({ customerEmail: 'ADA@example.com', customerPhone: '0701 000 0000' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: couponMessages.usedByCustomer });
  });

  it('refuses the same phone written another way, under another email', async () => {
    const response = await again({ customerEmail: 'ada.other@example.com', customerPhone: '+234 803 123 4567' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: couponMessages.usedByCustomer });
    expect(await db.select().from(payments).where(sql`${payments.status} = 'pending'`)).toHaveLength(0);
  });

  it('lets someone else use it', async () => {
    expect((await again({ customerEmail: 'bisi@example.com', customerPhone: '0802 555 0000' })).status).toBe(200);
    expect((await couponList())[0]?.uses).toBe(1);
  });
});
