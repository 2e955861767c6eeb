// A booking's payment started: coupons checked, availability, initialize (the server's price, the
// holds and their limits), the Paystack client, and the built-in test checkout. Settling it:
// payment-settlement.test.ts.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { coupons, payments, timeBlocks } from '../../../worker/db/schema';
import { createPaystackClient, PaystackError } from '../../../worker/providers/paystack';
import { couponMessages } from '../../../worker/services/catalogue/coupons';
import { paymentMessages } from '../../../worker/services/checkout/context';
import { addDays, lagosDate, lagosToUtc } from '../../../worker/shared/time';
import { bookingRows, clearBookingPayments, initialize, initializeOk } from './booking-payment-steps';
import { bookingDetails, oneHourVisit, tomorrow } from './payment-fixtures';
import {
  call,
  db,
  fake,
  liveEnv,
  origin,
  secretKey,
  startPayment,
  testModeEnv,
  verify,
  withFakePaystack,
} from './payment-harness';

withFakePaystack();

beforeEach(clearBookingPayments);

describe('POST /api/validate-coupon', () => {
  const validateCoupon = async (code: string, amount: number) => {
    const response = await call('/api/validate-coupon', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, amount }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { success: boolean; discountAmount: number; message: string };
  };

  beforeEach(async () => {
    const today = lagosDate(new Date());
    await db.insert(coupons).values([
      { code: 'GLOW10', discount: 10, minAmount: 20_000, expiryDate: today },
      { code: 'OLD20', discount: 20, expiryDate: addDays(today, -1) },
      { code: 'PAUSED', discount: 15, expiryDate: addDays(today, 30), active: false },
      { code: 'THIRD', discount: 33, expiryDate: addDays(today, 30) },
    ]);
  });

  it('matches the code whatever its case and is valid through its last day in Lagos', async () => {
    expect(await validateCoupon('glow10', 25_000)).toEqual({
      success: true,
      discountAmount: 2_500,
      message: couponMessages.applied({ type: 'percent', discount: 10, minAmount: 20_000 }),
    });
  });

  it('rounds the discount to whole naira', async () => {
    expect((await validateCoupon('THIRD', 25_000)).discountAmount).toBe(8_250);
    expect((await validateCoupon('THIRD', 20_001)).discountAmount).toBe(6_600);
  });

  it.each([
    ['an unknown code', 'NOPE', 25_000, couponMessages.invalid],
    ['an expired code', 'OLD20', 25_000, couponMessages.invalid],
    ['an inactive code', 'PAUSED', 25_000, couponMessages.invalid],
    // Answered as an unknown code: a guesser does not learn that the code exists, with a minimum.
    ['an amount under the minimum', 'GLOW10', 19_999, couponMessages.invalid],
  ])('refuses %s with a zero discount', async (_label, code, amount, message) => {
    expect(await validateCoupon(code, amount)).toEqual({ success: false, discountAmount: 0, message });
  });

  it('tells the minimum once the coupon applies', async () => {
    expect(await validateCoupon('GLOW10', 20_000)).toMatchObject({
      success: true,
      message: 'Coupon applied: 10% off (on amounts of ₦20,000 or more).',
    });
  });

  it('refuses a malformed request with 400', async () => {
    const response = await call('/api/validate-coupon', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'GLOW10', amount: -5 }),
    });
    expect(response.status).toBe(400);
  });
});

describe('GET /api/availability', () => {
  it('lists the nine hourly starts with the therapists free for an hour after bookings and live holds', async () => {
    const date = tomorrow();
    const hour = (overrides: Parameters<typeof bookingDetails>[0]) =>
      initializeOk(bookingDetails({ ...oneHourVisit, ...overrides }), oneHourVisit.amount * 100);
    await hour({ appointmentTime: '11:00' });
    await hour({ appointmentTime: '11:00', customerEmail: 'bola@example.com' });
    await hour({ appointmentTime: '12:00' });
    const response = await call(`/api/availability?date=${date}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { date: string; slots: Array<{ time: string; left: number }> };
    expect(body.date).toBe(date);
    expect(body.slots.map((slot) => slot.time)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
    expect(Object.fromEntries(body.slots.map((slot) => [slot.time, slot.left]))).toMatchObject({
      '10:00': 2,
      '11:00': 0,
      '12:00': 1,
    });
  });

  it('gives a released or expired hold its place back', async () => {
    const { reference } = await initializeOk(bookingDetails({ appointmentTime: '13:00' }));
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, reference));
    const body = (await (await call(`/api/availability?date=${tomorrow()}`)).json()) as {
      slots: Array<{ time: string; left: number }>;
    };
    expect(body.slots.find((slot) => slot.time === '13:00')?.left).toBe(2);
  });

  it('shows no place on a past day', async () => {
    const body = (await (await call('/api/availability?date=2020-01-01')).json()) as { slots: Array<{ left: number }> };
    expect(body.slots.every((slot) => slot.left === 0)).toBe(true);
  });

  it('refuses a date that is not yyyy-MM-dd', async () => {
    expect((await call('/api/availability?date=2026-02-30')).status).toBe(400);
    expect((await call('/api/availability')).status).toBe(400);
  });
});

describe('POST /api/payment/initialize', () => {
  it('prices the booking itself, holds the slot and asks Paystack with its own callback URL', async () => {
    const data = await initializeOk();
    expect(data.authorization_url).toMatch(/^https:\/\/paystack\.fake\/checkout\//);
    expect(fake.initializeCalls).toHaveLength(1);
    const [sent] = fake.initializeCalls;
    expect(sent?.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent?.body).toMatchObject({
      email: 'ada@example.com',
      amount: 5_500_000,
      currency: 'NGN',
      reference: data.reference,
      callback_url: `${origin}/booking-confirmation-pg`,
    });
    const [payment] = await db.select().from(payments).where(eq(payments.reference, data.reference));
    expect(payment).toMatchObject({
      status: 'pending',
      amount: 55_000,
      subtotal: 55_000,
      slotTime: '10:00',
      kind: 'booking',
    });
    expect(new Date(payment?.holdExpiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('refuses a client amount that differs from the catalogue price with 409 and holds nothing', async () => {
    const response = await initialize(bookingDetails({ amount: 100 }), 10_000);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      status: false,
      message: paymentMessages.amountChanged,
      expectedAmount: 55_000,
    });
    expect(await db.select().from(payments)).toHaveLength(0);
    expect(fake.initializeCalls).toHaveLength(0);
  });

  it.each([
    ['an unknown option', bookingDetails({ subservices: ['Free Massage'] as never }), 5_500_000],
    ['no option', bookingDetails({ subservices: [] }), 5_500_000],
    ['a negative amount', bookingDetails(), -5_500_000],
    ['a fractional amount', bookingDetails(), 55.5],
    ['no disclaimer', bookingDetails({ disclaimerAgreed: false as never }), 5_500_000],
    ['medication without details', bookingDetails({ onMedication: true }), 5_500_000],
    ['a time that is not a slot', bookingDetails({ appointmentTime: '18:00' as never }), 5_500_000],
  ])('refuses %s with 400 and holds nothing', async (_label, details, amount) => {
    const response = await initialize(details, amount);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(0);
    expect(await db.select().from(payments)).toHaveLength(0);
  });

  it('refuses an absurd amount as a price change', async () => {
    const response = await initialize(bookingDetails(), 999_999_999_900);
    expect(response.status).toBe(409);
  });

  it('refuses metadata that is not JSON', async () => {
    const response = await call('/api/payment/initialize', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 5_500_000, email: 'ada@example.com', metadata: '{not json' }),
    });
    expect(response.status).toBe(400);
  });

  it('answers GET with 405, and takes no hold from a page elsewhere or a form', async () => {
    const query = new URLSearchParams({
      amount: '5500000',
      email: 'ada@example.com',
      metadata: JSON.stringify({ details: bookingDetails() }),
    });
    const get = await call(`/api/payment/initialize?${query}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
    expect((await initialize(bookingDetails(), 5_500_000, liveEnv)).status).toBe(200);
    await db.delete(timeBlocks);
    await db.delete(payments);
    const foreign = await startPayment(bookingDetails(), 5_500_000, liveEnv, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const form = await call('/api/payment/initialize', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: query,
    });
    expect(form.status).toBe(415);
    expect(await db.select().from(payments)).toHaveLength(0);
  });

  it('starts nothing in live mode without a Paystack key: 503 and no hold', async () => {
    const unconfigured = { ...liveEnv, PAYMENT_MODE: 'live', PAYSTACK_SECRET_KEY: '' };
    const response = await initialize(bookingDetails(), 5_500_000, unconfigured);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: false, message: 'Payments are not configured' });
    expect(await db.select().from(payments)).toHaveLength(0);
    expect(fake.initializeCalls).toHaveLength(0);
  });

  it('refuses test mode outright on a public site: no test checkout, no hold', async () => {
    // Its own secrets, so that the site runs at all (site-config.test.ts): only test mode is refused.
    const publicTestMode = {
      ...testModeEnv,
      SITE_URL: 'https://studio.example.ng',
      ADMIN_PASSWORD_HASH: 'pbkdf2-sha256:100000:b3du:b3du',
      ADMIN_PASSWORD_PEPPER: 'a-pepper-of-our-own',
      LINK_SECRET: 'a-link-secret-of-our-own',
      MANAGE_LINK_SECRET: 'a-manage-link-secret-of-our-own',
    };
    const response = await initialize(bookingDetails(), 5_500_000, publicTestMode);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ message: 'Payments are not configured' });
    expect(await db.select().from(payments)).toHaveLength(0);
    const { reference } = await initializeOk(bookingDetails(), 5_500_000, testModeEnv);
    expect((await call(`/api/payment/test-checkout/${reference}`, {}, publicTestMode)).status).toBe(404);
    const pay = await call(
      `/api/payment/test-checkout/${reference}`,
      { method: 'POST', headers: { Origin: origin }, body: new URLSearchParams({ outcome: 'paid' }) },
      publicTestMode,
    );
    expect(pay.status).toBe(404);
    expect((await db.select().from(payments))[0]?.testCheckoutOutcome).toBeNull();
  });

  it('gives the paying browser an HttpOnly, Secure, SameSite=Lax key for the hold and a day, and stores only its hash', async () => {
    const response = await call('/api/payment/initialize', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: 5_500_000,
        email: 'ada@example.com',
        metadata: JSON.stringify({ details: bookingDetails() }),
      }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('Set-Cookie') ?? '';
    const key = /^__Host-spa_payer=([A-Za-z0-9_-]{43});/.exec(cookie)?.[1];
    expect(key).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toContain(`Max-Age=${30 * 60 + 24 * 60 * 60}`);
    const [payment] = await db.select().from(payments);
    expect(payment?.browserKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(payment)).not.toContain(key);
  });

  it('applies a valid coupon and refuses one that no longer applies', async () => {
    await db.insert(coupons).values({ code: 'GLOW10', discount: 10, expiryDate: addDays(lagosDate(new Date()), 5) });
    const data = await initializeOk(bookingDetails({ couponCode: 'glow10' }), 4_950_000);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, data.reference));
    expect(payment).toMatchObject({ amount: 49_500, subtotal: 55_000, discount: 5_500, couponCode: 'GLOW10' });

    const stale = await initialize(bookingDetails({ couponCode: 'GONE' }), 4_950_000);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ message: couponMessages.invalid });
  });

  it('refuses a past day and a slot of today that has begun with 409', async () => {
    const yesterday = await initialize(bookingDetails({ appointmentDate: addDays(lagosDate(new Date()), -1) }));
    expect(yesterday.status).toBe(409);
    expect(await yesterday.json()).toMatchObject({ message: paymentMessages.datePast });
    // At 15:00 Lagos (a fixed clock, whatever the hour the suite runs), today's 09:00 has begun.
    const today = lagosDate(new Date());
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(lagosToUtc(today, '15:00'));
      const started = await initialize(bookingDetails({ appointmentDate: today, appointmentTime: '09:00' }));
      expect(started.status).toBe(409);
      expect(await started.json()).toMatchObject({ message: paymentMessages.slotPast });
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds exactly as many places as the slot has when visitors arrive together', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        initialize(bookingDetails({ appointmentTime: '15:00', customerEmail: `visitor${index}@example.com` })),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409]);
    const held = await db.select().from(payments).where(sql`slot_time = '15:00' and status = 'pending'`);
    expect(held).toHaveLength(2);
    const refused = responses.find((response) => response.status === 409);
    expect(await refused?.json()).toMatchObject({ message: paymentMessages.slotFull });
  });

  it('answers 502 when Paystack fails, and releases the hold', async () => {
    fake.outage = 503;
    const response = await initialize(bookingDetails({ appointmentTime: '15:00' }));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ status: false, message: paymentMessages.initializeFailed });
    const [payment] = await db.select().from(payments);
    expect(payment?.status).toBe('failed');
    const slots = (await (await call(`/api/availability?date=${tomorrow()}`)).json()) as {
      slots: Array<{ time: string; left: number }>;
    };
    expect(slots.slots.find((slot) => slot.time === '15:00')?.left).toBe(2);
  });
});

describe('the Paystack client', () => {
  it('gives up on a Paystack that does not answer within its timeout', async () => {
    fake.hang = true;
    const client = createPaystackClient({ baseUrl: fake.baseUrl, secretKey, timeoutMs: 100 });
    await expect(client.verify('BK-1')).rejects.toBeInstanceOf(PaystackError);
  });
});

describe('the built-in test checkout (no Paystack key)', () => {
  it('takes the visitor to a TEST MODE page whose Pay returns to the callback and confirms through verify', async () => {
    const data = await initializeOk(bookingDetails(), 5_500_000, testModeEnv);
    expect(data.authorization_url).toBe(`${origin}/api/payment/test-checkout/${data.reference}`);
    expect(fake.initializeCalls).toHaveLength(0);

    const page = await call(`/api/payment/test-checkout/${data.reference}`, {}, testModeEnv);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('₦55,000');

    const pay = await call(
      `/api/payment/test-checkout/${data.reference}`,
      { method: 'POST', headers: { Origin: origin }, body: new URLSearchParams({ outcome: 'paid' }) },
      testModeEnv,
    );
    expect(pay.status).toBe(303);
    expect(pay.headers.get('Location')).toBe(
      `${origin}/booking-confirmation-pg?trxref=${data.reference}&reference=${data.reference}`,
    );
    expect(await bookingRows()).toHaveLength(0);
    expect(await (await verify(data.reference, testModeEnv)).json()).toMatchObject({ status: true });
    expect(await bookingRows()).toHaveLength(1);
  });

  it('records nothing when the visitor cancels', async () => {
    const data = await initializeOk(bookingDetails(), 5_500_000, testModeEnv);
    await call(
      `/api/payment/test-checkout/${data.reference}`,
      { method: 'POST', headers: { Origin: origin }, body: new URLSearchParams({ outcome: 'cancelled' }) },
      testModeEnv,
    );
    expect(await (await verify(data.reference, testModeEnv)).json()).toEqual({
      status: false,
      message: paymentMessages.notCompleted,
    });
    expect(await bookingRows()).toHaveLength(0);
  });

  it("refuses another site's form", async () => {
    const data = await initializeOk(bookingDetails(), 5_500_000, testModeEnv);
    for (const headers of [{ Origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const pay = await call(
        `/api/payment/test-checkout/${data.reference}`,
        { method: 'POST', headers, body: new URLSearchParams({ outcome: 'paid' }) },
        testModeEnv,
      );
      expect(pay.status).toBe(403);
    }
    expect(await (await verify(data.reference, testModeEnv)).json()).toMatchObject({ status: false });
    expect(await bookingRows()).toHaveLength(0);
  });

  it('does not exist when Paystack is configured', async () => {
    const { reference } = await initializeOk();
    expect((await call(`/api/payment/test-checkout/${reference}`)).status).toBe(404);
  });
});
