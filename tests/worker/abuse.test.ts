// Scripts that loop on the public endpoints: payment starts that hoard a day's slots, and the
// waitlist and coupon forms. Per client address they meet 429 with Retry-After; a visitor's own
// use never does.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../worker/db/schema';
import { RATE_LIMIT_PERIOD_SECONDS, rateLimitMessage } from '../../worker/middleware/rate-limit';
import { MAX_OPEN_HOLDS, paymentMessages } from '../../worker/services/payments';
import { bookingDetails, inDays } from './payment-fixtures';
import { call, clearPaymentData, db, fake, withFakePaystack } from './payment-harness';

withFakePaystack();

beforeEach(clearPaymentData);

/** A fresh address per test: the limiter's counts live as long as the runtime. */
const newAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;

/** GET /api/payment/initialize for one booking, from `address` (CF-Connecting-IP). */
function startBooking(address: string | undefined, email: string, time: string, days = 5) {
  const details = bookingDetails({
    customerEmail: email,
    appointmentDate: inDays(days),
    appointmentTime: time as '10:00',
  });
  const query = new URLSearchParams({
    amount: '5500000',
    email,
    metadata: JSON.stringify({ details }),
  });
  return call(`/api/payment/initialize?${query}`, address ? { headers: { 'CF-Connecting-IP': address } } : {});
}

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

  it('counts the holds of one connection across email addresses, and no one else’s', async () => {
    const address = newAddress();
    const statuses = [];
    for (const [index, time] of ['09:00', '10:00', '11:00', '12:00'].entries()) {
      statuses.push((await startBooking(address, `guest${index}@example.com`, time)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another visitor, elsewhere, books as usual.
    expect((await startBooking(newAddress(), 'someone@example.com', '12:00')).status).toBe(200);
    // Keys are digests: no address is stored.
    const rows = await db.select().from(payments);
    expect(JSON.stringify(rows)).not.toContain(address);
    expect(new Set(rows.map((row) => row.clientKey)).size).toBe(2);
  });

  it(`lets exactly ${MAX_OPEN_HOLDS} of 12 simultaneous starts from one address through`, async () => {
    const address = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        startBooking(address, `rush${index}@example.com`, `1${index % 8}:00`, 6 + (index % 3)),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_OPEN_HOLDS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - MAX_OPEN_HOLDS);
    expect(await db.select().from(payments)).toHaveLength(MAX_OPEN_HOLDS);
  });

  it('frees the count when a hold expires', async () => {
    for (const time of ['09:00', '10:00', '11:00']) await startBooking(undefined, 'late@example.com', time);
    await db.update(payments).set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await startBooking(undefined, 'late@example.com', '12:00')).status).toBe(200);
    expect(fake.initializeCalls).toHaveLength(4);
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
    const address = newAddress();
    const statuses = [];
    for (let index = 0; index <= limit; index += 1) {
      statuses.push(
        (await call('/api/payment/initialize?amount=x', { headers: { 'CF-Connecting-IP': address } })).status,
      );
    }
    expect(statuses.slice(0, limit).every((status) => status === 400)).toBe(true);
    const refused = await call('/api/payment/initialize?amount=x', { headers: { 'CF-Connecting-IP': address } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe(String(RATE_LIMIT_PERIOD_SECONDS));
    expect(await refused.json()).toEqual({ message: rateLimitMessage });
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits the waitlist and the coupon check each on its own count', async () => {
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
});
