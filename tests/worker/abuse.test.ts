// Scripts that loop on the public endpoints: payment starts that hoard a day's slots, and the
// waitlist and coupon forms. Per client address they meet 429 with Retry-After; a visitor's own
// use never does.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, payments } from '../../worker/db/schema';
import { RATE_LIMIT_PERIOD_SECONDS, rateLimitMessage } from '../../worker/middleware/rate-limit';
import { MAX_OPEN_HOLDS, MAX_OPEN_HOLDS_PER_NETWORK, paymentMessages } from '../../worker/services/checkout/context';
import { inOneRateWindow } from '../fakes/rate-window';
import { bookingDetails, inDays, oneHourVisit } from './checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  liveEnv,
  origin,
  payerCookie,
  startPayment,
  verify,
  withFakePaystack,
} from './checkout/payment-harness';

withFakePaystack();

beforeEach(clearPaymentData);

/**
 * A fresh address per test: the limiter's counts live as long as the runtime. Taken in turn from a
 * random start, so two tests never share one (two random picks sometimes did, and a count ran out early).
 */
let lastAddress = Math.floor(Math.random() * 250);
const newAddress = () => `203.0.113.${(lastAddress++ % 250) + 1}`;

/** A payment start for a one-hour booking, from `address` (CF-Connecting-IP). */
function startBooking(address: string | undefined, email: string, time: string, days = 5) {
  const details = bookingDetails({
    ...oneHourVisit,
    customerEmail: email,
    appointmentDate: inDays(days),
    appointmentTime: time as '10:00',
  });
  return startPayment(details, oneHourVisit.amount * 100, liveEnv, address ? { 'CF-Connecting-IP': address } : {});
}

/** The hours of a day, then of the next days: a distinct slot for each index. */
const slotAt = (index: number) => ({ time: `${9 + (index % 9)}:00`.padStart(5, '0'), days: 5 + Math.floor(index / 9) });

describe('holding slots without paying', () => {
  it(`allows ${MAX_OPEN_HOLDS} unpaid holds per email address, then 429 with Retry-After until one frees`, async () => {
    const times = ['09:00', '10:00', '11:00', '12:00'];
    const statuses = [];
    for (const time of times) statuses.push((await startBooking(undefined, 'hoarder@example.com', time)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await startBooking(undefined, 'HOARDER@example.com', '13:00');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(await refused.json()).toEqual({ status: false, message: paymentMessages.tooManyHolds(30) });
    expect(await db.select().from(payments)).toHaveLength(MAX_OPEN_HOLDS);

    // The visitor pays one: a hold is free again.
    const [first] = await db.select().from(payments).limit(1);
    await db
      .update(payments)
      .set({ status: 'paid', holdExpiresAt: null })
      .where(eq(payments.reference, first?.reference ?? ''));
    expect((await startBooking(undefined, 'hoarder@example.com', '13:00')).status).toBe(200);
  });

  it(`lets ${MAX_OPEN_HOLDS_PER_NETWORK} people behind one shared address hold places, then says what to do`, async () => {
    const address = newAddress();
    const statuses = [];
    for (let index = 0; index <= MAX_OPEN_HOLDS_PER_NETWORK; index++) {
      const { time, days } = slotAt(index);
      statuses.push((await startBooking(address, `guest${index}@example.com`, time, days)).status);
    }
    expect(statuses.slice(0, MAX_OPEN_HOLDS_PER_NETWORK).every((status) => status === 200)).toBe(true);
    const { time, days } = slotAt(MAX_OPEN_HOLDS_PER_NETWORK + 1);
    const refused = await startBooking(address, 'late-guest@example.com', time, days);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: false, message: paymentMessages.busyNetwork(30) });
    // Another visitor, elsewhere, books as usual.
    expect((await startBooking(newAddress(), 'someone@example.com', '12:00')).status).toBe(200);
    // Keys are digests: no address is stored.
    const rows = await db.select().from(payments);
    expect(JSON.stringify(rows)).not.toContain(address);
    expect(new Set(rows.map((row) => row.clientKey)).size).toBe(2);
  });

  it('counts an IPv6 network by its /64 prefix', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:42`;
    for (let index = 0; index < MAX_OPEN_HOLDS_PER_NETWORK; index++) {
      const { time, days } = slotAt(index);
      expect((await startBooking(`${prefix}::${index + 1}`, `v6-${index}@example.com`, time, days)).status).toBe(200);
    }
    const { time, days } = slotAt(MAX_OPEN_HOLDS_PER_NETWORK);
    expect((await startBooking(`${prefix}:abcd:ef01:2345:6789`, 'v6-late@example.com', time, days)).status).toBe(429);
    expect((await startBooking(`${prefix}1::1`, 'v6-other@example.com', time, days)).status).toBe(200);
  });

  it(`lets exactly ${MAX_OPEN_HOLDS_PER_NETWORK} of 14 simultaneous starts from one address through`, async () => {
    const address = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 14 }, (_, index) => {
        const { time, days } = slotAt(index);
        return startBooking(address, `rush${index}@example.com`, time, days);
      }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_OPEN_HOLDS_PER_NETWORK);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14 - MAX_OPEN_HOLDS_PER_NETWORK);
    expect(await db.select().from(payments)).toHaveLength(MAX_OPEN_HOLDS_PER_NETWORK);
  });

  it('frees the count when a hold expires', async () => {
    for (const time of ['09:00', '10:00', '11:00']) await startBooking(undefined, 'late@example.com', time);
    await db.update(payments).set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await startBooking(undefined, 'late@example.com', '12:00')).status).toBe(200);
    expect(fake.initializeCalls).toHaveLength(4);
  });
});

describe('retrying a payment', () => {
  it('replaces the earlier hold: a declined card retried five times is one hold, and the earlier references verify as abandoned', async () => {
    const references: string[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await startBooking(newAddress(), 'retry@example.com', '14:00');
      expect(response.status).toBe(200);
      references.push(((await response.json()) as { data: { reference: string } }).data.reference);
    }
    const held = await db.select().from(payments).where(eq(payments.status, 'pending'));
    expect(held.map((payment) => payment.reference)).toEqual([references.at(-1)]);
    // The slot's other place is still free for someone else, and so is the visitor's cap.
    expect((await startBooking(undefined, 'other@example.com', '14:00')).status).toBe(200);
    for (const time of ['09:00', '10:00'])
      expect((await startBooking(undefined, 'retry@example.com', time)).status).toBe(200);
    for (const reference of references.slice(0, -1)) {
      const answer = (await (await verify(reference)).json()) as { status: boolean; message?: string };
      expect(answer).toEqual({ status: false, message: paymentMessages.notCompleted });
    }
  });

  it('releases the hold when the paying browser cancels the payment, and only that browser', async () => {
    const response = await startBooking(undefined, 'cancel@example.com', '15:00');
    const { reference } = ((await response.json()) as { data: { reference: string } }).data;
    const cancel = (cookie?: string) =>
      call('/api/payment/cancel', {
        method: 'POST',
        headers: {
          Origin: origin,
          'Content-Type': 'application/json',
          ...(cookie === undefined ? {} : { Cookie: cookie }),
        },
        body: JSON.stringify({ reference }),
      });
    expect((await cancel()).status).toBe(404);
    expect((await cancel('__Host-spa_payer=another-browser-key-0123456789abcdefghijklmn')).status).toBe(404);
    const [before] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(before?.status).toBe('pending');
    const cancelled = await call('/api/payment/cancel', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json', Cookie: payerCookie() },
      body: JSON.stringify({ reference }),
    });
    expect(cancelled.status).toBe(200);
    const [after] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(after).toMatchObject({ status: 'abandoned', holdExpiresAt: null });
  });
});

describe('cancelling a payment that went through', () => {
  it('records it instead, and answers 409: the place stays the paying visitor’s', async () => {
    const response = await startBooking(undefined, 'paid-then-cancel@example.com', '16:00');
    const { reference } = ((await response.json()) as { data: { reference: string } }).data;
    fake.settle(reference, 'success'); // paid at Paystack, then Back and "Cancel this payment"
    const cancelled = await call('/api/payment/cancel', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json', Cookie: payerCookie() },
      body: JSON.stringify({ reference }),
    });
    expect(cancelled.status).toBe(409);
    expect(await cancelled.json()).toEqual({ message: paymentMessages.alreadyPaid });
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment?.status).toBe('paid');
    expect(await db.select().from(bookings).where(eq(bookings.paymentReference, reference))).toHaveLength(1);
  });
});

describe('requests in a loop from one address', () => {
  const limit = 20; // wrangler.toml's [[ratelimits]]

  const waitlist = (address: string, index: number) =>
    call('/api/academy-waitlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
      body: JSON.stringify({
        firstName: 'Loop',
        email: `loop${index}@example.com`,
        whatsapp: '08031234567',
        state: 'Lagos',
      }),
    });
  const coupon = (address: string, code: string) =>
    call('/api/validate-coupon', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
      body: JSON.stringify({ code, amount: 50_000 }),
    });

  it('gets 429 with Retry-After after 20 payment starts a minute, whatever they carry', async () => {
    await inOneRateWindow();
    const address = newAddress();
    const statuses = [];
    const badStart = (ip: string) =>
      call('/api/payment/initialize', {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
        body: JSON.stringify({ amount: 'x' }),
      });
    for (let index = 0; index <= limit; index += 1) statuses.push((await badStart(address)).status);
    expect(statuses.slice(0, limit).every((status) => status === 400)).toBe(true);
    const refused = await badStart(address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe(String(RATE_LIMIT_PERIOD_SECONDS));
    expect(await refused.json()).toEqual({ message: rateLimitMessage });
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits the waitlist and the coupon check each on its own count', async () => {
    await inOneRateWindow();
    const address = newAddress();
    const joined = [];
    for (let index = 0; index <= limit; index += 1) joined.push((await waitlist(address, index)).status);
    expect(joined.slice(0, limit).every((status) => status === 201 || status === 200)).toBe(true);
    expect(joined[limit]).toBe(429);
    // Guessing coupon codes from the same address has its own count, and meets its own limit.
    const guesses = [];
    for (let index = 0; index <= limit; index += 1) guesses.push((await coupon(address, `GUESS${index}`)).status);
    expect(guesses.slice(0, limit).every((status) => status !== 429)).toBe(true);
    expect(guesses[limit]).toBe(429);
    // Another address is not affected.
    expect((await coupon(newAddress(), 'GUESS')).status).not.toBe(429);
  });

  it('counts gift voucher checks with coupon checks: guessing either kind of code meets one limit', async () => {
    await inOneRateWindow();
    const address = newAddress();
    const voucher = (code: string) =>
      call('/api/vouchers/check', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
        body: JSON.stringify({ code }),
      });
    const statuses = [];
    for (let index = 0; index < limit / 2; index += 1) statuses.push((await coupon(address, `GUESS${index}`)).status);
    for (let index = 0; index < limit / 2; index += 1) statuses.push((await voucher(`ABCD-EFGH-JK${index}`)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await voucher('ABCD-EFGH-JKMN');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: rateLimitMessage });
  });
});
