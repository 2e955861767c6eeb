import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, coupons, orders, payments } from '../../../worker/db/schema';
import type { CouponView } from '../../../worker/services/catalogue/coupons';
import { couponMessages } from '../../../worker/services/catalogue/coupons';
import { couponFormMessages } from '../../../worker/shared/catalogue/coupon-schema';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { adminCall, clearData, db, signIn } from '../admin-harness';
import { bookingDetails, orderDetails } from '../checkout/payment-fixtures';
import {
  fake,
  origin,
  call as publicCall,
  startPayment,
  startPaymentOk,
  verify,
  withFakePaystack,
} from '../checkout/payment-harness';

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(clearData);
withFakePaystack();

const today = () => lagosDate(new Date());
const valid = () => ({
  code: 'spring25',
  discount: 25,
  minAmount: 20_000,
  expiryDate: addDays(today(), 30),
  active: true,
});

const create = (body: unknown) => adminCall(cookie, '/api/create-coupons', 'POST', body);
const couponList = async () => (await (await adminCall(cookie, '/api/get-coupons')).json()) as CouponView[];
const validateCoupon = async (code: string, amount: number) =>
  (await (
    await publicCall('/api/validate-coupon', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, amount }),
    })
  ).json()) as { success: boolean; discountAmount: number; message: string };

describe('creating a coupon', () => {
  it('stores the code in upper case and answers the coupon', async () => {
    const response = await create(valid());
    expect(response.status).toBe(201);
    const body = (await response.json()) as { message: string; coupon: CouponView };
    expect(body).toEqual({
      message: couponFormMessages.created,
      coupon: {
        _id: expect.any(String),
        code: 'SPRING25',
        type: 'percent',
        discount: 25,
        minAmount: 20_000,
        expiryDate: valid().expiryDate,
        active: true,
        maxUses: null,
        oncePerCustomer: false,
        startsAt: null,
        appliesTo: 'both',
        uses: 0,
      },
    });
    expect(await couponList()).toEqual([body.coupon]);
    expect(await validateCoupon('spring25', 40_000)).toMatchObject({ success: true, discountAmount: 10_000 });
  });

  it('is active by default and may expire today', async () => {
    const { active: _active, ...rest } = valid();
    const response = await create({ ...rest, expiryDate: today() });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { coupon: CouponView }).coupon.active).toBe(true);
  });

  it('refuses a code that exists in any case with 409', async () => {
    expect((await create(valid())).status).toBe(201);
    const duplicate = await create({ ...valid(), code: 'Spring25' });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ message: couponFormMessages.duplicate('SPRING25') });
    expect(await couponList()).toHaveLength(1);
  });

  it.each([
    ['no code', { code: '' }, couponFormMessages.codeRequired],
    ['a blank code', { code: '   ' }, couponFormMessages.codeRequired],
    ['a code with spaces', { code: 'TEN OFF' }, couponFormMessages.codeFormat],
    ['a code over 40 characters', { code: 'A'.repeat(41) }, couponFormMessages.codeFormat],
    ['a discount over 100', { discount: 101 }, couponFormMessages.discount],
    ['a negative discount', { discount: -1 }, couponFormMessages.discount],
    ['a fractional discount', { discount: 12.5 }, couponFormMessages.discount],
    ['a discount as text', { discount: '10' }, couponFormMessages.discount],
    ['a negative minimum', { minAmount: -1 }, couponFormMessages.minAmount],
    ['no minimum', { minAmount: undefined }, couponFormMessages.minAmount],
    ['an expiry in the past', { expiryDate: addDays(lagosDate(new Date()), -1) }, couponFormMessages.expiryPast],
    ['an expiry that is not a date', { expiryDate: '2026-02-30' }, couponFormMessages.expiryRequired],
    ['no expiry', { expiryDate: undefined }, couponFormMessages.expiryRequired],
    ['active as text', { active: 'yes' }, undefined],
    ['an unknown type', { type: 'bogo' }, couponFormMessages.type],
    ['a fixed discount of 0', { type: 'fixed', discount: 0 }, couponFormMessages.fixedDiscount],
    ['a fixed discount over ₦10,000,000', { type: 'fixed', discount: 10_000_001 }, couponFormMessages.fixedDiscount],
    ['no uses at all', { maxUses: 0 }, couponFormMessages.maxUses],
    ['uses as a fraction', { maxUses: 2.5 }, couponFormMessages.maxUses],
    ['a start that is not a date', { startsAt: '2026-13-01' }, couponFormMessages.startsAt],
    [
      'a start after the expiry',
      { startsAt: addDays(lagosDate(new Date()), 31) },
      couponFormMessages.startsAfterExpiry,
    ],
    ['an unknown kind of purchase', { appliesTo: 'gifts' }, couponFormMessages.appliesTo],
    ['once per customer as text', { oncePerCustomer: 'yes' }, undefined],
  ])('refuses %s with 400 and stores nothing', async (_label, change, message) => {
    const response = await create({ ...valid(), ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    // Every refusal says why: the form's own words where it has them, else the validator's.
    expect(body.message).toEqual(message ?? expect.stringMatching(/\w/));
    expect(await couponList()).toEqual([]);
  });
});

describe('editing, switching and deleting a coupon', () => {
  let coupon: CouponView;
  beforeEach(async () => {
    coupon = ((await (await create(valid())).json()) as { coupon: CouponView }).coupon;
  });

  it('updates every field', async () => {
    const changed = {
      code: 'summer30',
      type: 'fixed',
      discount: 5_000,
      minAmount: 0,
      expiryDate: addDays(today(), 5),
      active: false,
      maxUses: 10,
      oncePerCustomer: true,
      startsAt: addDays(today(), 1),
      appliesTo: 'shop',
    };
    const response = await adminCall(cookie, `/api/coupons/${coupon._id}`, 'PUT', changed);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: couponFormMessages.updated,
      coupon: { ...changed, _id: coupon._id, code: 'SUMMER30', uses: 0 },
    });
  });

  it('refuses to rename a coupon to another one’s code', async () => {
    await create({ ...valid(), code: 'OTHER' });
    const response = await adminCall(cookie, `/api/coupons/${coupon._id}`, 'PUT', { ...valid(), code: 'other' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: couponFormMessages.duplicate('OTHER') });
    expect((await couponList()).map((entry) => entry.code).sort()).toEqual(['OTHER', 'SPRING25']);
  });

  it('refuses an invalid edit and changes nothing', async () => {
    const response = await adminCall(cookie, `/api/coupons/${coupon._id}`, 'PUT', { ...valid(), discount: 150 });
    expect(response.status).toBe(400);
    expect(await couponList()).toEqual([coupon]);
  });

  it('deactivates (the coupon stops working) and activates again', async () => {
    const off = await adminCall(cookie, `/api/coupons/${coupon._id}`, 'PATCH', { active: false });
    expect(off.status).toBe(200);
    expect(await validateCoupon('SPRING25', 40_000)).toEqual({
      success: false,
      discountAmount: 0,
      message: couponMessages.invalid,
    });
    await adminCall(cookie, `/api/coupons/${coupon._id}`, 'PATCH', { active: true });
    expect(await validateCoupon('SPRING25', 40_000)).toMatchObject({ success: true });
    expect((await adminCall(cookie, `/api/coupons/${coupon._id}`, 'PATCH', { active: 'no' })).status).toBe(400);
  });

  it('deletes (the code is then unknown)', async () => {
    const response = await adminCall(cookie, `/api/coupons/${coupon._id}`, 'DELETE');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: couponFormMessages.deleted });
    expect(await couponList()).toEqual([]);
    expect(await validateCoupon('SPRING25', 40_000)).toMatchObject({ success: false, message: couponMessages.invalid });
    expect((await adminCall(cookie, `/api/coupons/${coupon._id}`, 'DELETE')).status).toBe(404);
  });

  it('answers 404 for an unknown coupon', async () => {
    for (const [method, body] of [
      ['PUT', valid()],
      ['PATCH', { active: true }],
      ['DELETE', undefined],
    ] as const) {
      const response = await adminCall(cookie, '/api/coupons/no-such-coupon', method, body);
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual({ message: couponFormMessages.notFound });
    }
  });
});

describe('a coupon that brings the amount to zero', () => {
  beforeEach(async () => {
    await db.insert(coupons).values({ code: 'ONTHEHOUSE', discount: 100, expiryDate: '2099-12-31' });
  });

  it('confirms a booking without Paystack: recorded as paid, amount 0, with the coupon', async () => {
    const data = await startPaymentOk(bookingDetails({ couponCode: 'ONTHEHOUSE', amount: 0 }), 0);
    expect(data.authorization_url).toBe(
      `${origin}/booking-confirmation-pg?trxref=${data.reference}&reference=${data.reference}`,
    );
    expect(fake.initializeCalls).toHaveLength(0);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, data.reference));
    expect(payment).toMatchObject({
      status: 'paid',
      amount: 0,
      subtotal: 55_000,
      discount: 55_000,
      couponCode: 'ONTHEHOUSE',
    });
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, data.reference));
    expect(booking).toMatchObject({ amount: 0, serviceStatus: 'booked', needsAttention: false });

    const verified = await verify(data.reference);
    expect(await verified.json()).toMatchObject({ status: true, data: { kind: 'booking', amount: 0 } });
    expect(fake.verifyCalls).toHaveLength(0);
    expect(await db.select().from(bookings)).toHaveLength(1);
  });

  it('confirms an order without Paystack', async () => {
    const data = await startPaymentOk(orderDetails({ couponCode: 'ONTHEHOUSE', amount: 0 }), 0);
    expect(data.authorization_url).toBe(
      `${origin}/order-confirmation-pg?trxref=${data.reference}&reference=${data.reference}`,
    );
    expect(fake.initializeCalls).toHaveLength(0);
    const [order] = await db.select().from(orders).where(eq(orders.paymentReference, data.reference));
    expect(order).toMatchObject({ amount: 0, orderStatus: 'processing' });
  });

  it('still takes the slot under the capacity rule', async () => {
    const details = bookingDetails({ couponCode: 'ONTHEHOUSE', amount: 0, appointmentTime: '15:00' });
    await startPaymentOk(details, 0);
    await startPaymentOk(details, 0);
    const third = await startPayment(details, 0);
    expect(third.status).toBe(409);
    expect(await db.select().from(bookings)).toHaveLength(2);
  });

  it('refuses 0 when the amount is not really zero', async () => {
    const response = await startPayment(bookingDetails(), 0);
    expect(response.status).toBe(409);
    expect(await db.select().from(payments)).toHaveLength(0);
  });
});
