// A booking's payment settled: verify (at most one Paystack question a minute), the signed webhook,
// a payment that outlives its hold, and the cron that asks again; each records the booking once.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, payments } from '../../../worker/db/schema';
import { PAYER_COOKIE } from '../../../worker/middleware/payer-cookie';
import { paymentMessages } from '../../../worker/services/checkout/context';
import { reconcilePayments } from '../../../worker/services/jobs/maintenance';
import { inOneRateWindow } from '../../fakes/rate-window';
import { aMinuteLater, bookingRows, clearBookingPayments, initializeOk } from './booking-payment-steps';
import { bookingDetails, tomorrow } from './payment-fixtures';
import {
  call,
  db,
  fake,
  liveEnv,
  payerCookie,
  testModeEnv,
  verify,
  webhook,
  withFakePaystack,
} from './payment-harness';

withFakePaystack();

beforeEach(clearBookingPayments);

describe('POST /api/payment/verify', () => {
  it('records the booking from the stored details once Paystack says success for the full amount', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const response = await verify(reference);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: boolean; data: Record<string, unknown> };
    expect(body).toMatchObject({
      status: true,
      data: { reference, treatments: ['Swedish', 'Hotstone'], date: tomorrow(), time: '10:00', amount: 55_000 },
    });
    const rows = await bookingRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada Obi',
      serviceStatus: 'booked',
      amount: 55_000,
      healthConditions: ['High Blood pressure'],
      needsAttention: false,
    });
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment?.status).toBe('paid');
  });

  it('gives the manage link and the booking only to the browser that paid; anyone else with the reference learns only that it is paid', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    for (const cookie of ['', payerCookie('someone-else-entirely-0123456789abcdefghijk')]) {
      const answer = await (await verify(reference, liveEnv, cookie)).json();
      expect(answer).toEqual({ status: true, data: { reference, kind: 'booking', paid: true } });
    }
    // Recorded all the same (whoever asked), once.
    expect(await bookingRows()).toHaveLength(1);
    const own = (await (await verify(reference)).json()) as { data: { manageUrl?: string; name?: string } };
    expect(own.data.manageUrl).toMatch(/^\/manage-booking\/[A-Za-z0-9_-]{43}$/);
    expect(own.data.name).toBe('Ada Obi');
  });

  it('shows the paying browser its manage link once, then ends its payer key (a shared computer’s next user)', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const first = await verify(reference);
    expect(((await first.json()) as { data: { manageUrl?: string } }).data.manageUrl).toMatch(/^\/manage-booking\//);
    expect(first.headers.get('Set-Cookie')).toMatch(new RegExp(`^${PAYER_COOKIE}=;.*Max-Age=0`));
    // The same browser again (a reload, the next person at the computer): the receipt alone.
    expect(await (await verify(reference)).json()).toEqual({
      status: true,
      data: { reference, kind: 'booking', paid: true },
    });
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment?.browserKeyHash).toBeNull();
    // Two at once from the paying browser: one gets the link.
    const second = await initializeOk(bookingDetails({ appointmentTime: '14:00' }));
    fake.settle(second.reference, 'success');
    const racing = await Promise.all([verify(second.reference), verify(second.reference)]);
    const bodies = (await Promise.all(racing.map((answer) => answer.json()))) as Array<{
      data?: { manageUrl?: string };
    }>;
    expect(bodies.filter((body) => body.data?.manageUrl !== undefined)).toHaveLength(1);
  });

  it('does not trust paymentDetails sent by the client', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    await call('/api/payment/verify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reference, paymentDetails: { customerName: 'Mallory', amount: 1 } }),
    });
    expect((await bookingRows())[0]).toMatchObject({ name: 'Ada Obi', amount: 55_000 });
  });

  it.each([
    ['abandoned', 'abandoned'],
    ['failed', 'failed'],
  ] as const)('records nothing for a payment Paystack reports %s', async (status, stored) => {
    const { reference } = await initializeOk();
    fake.settle(reference, status);
    expect(await (await verify(reference)).json()).toEqual({ status: false, message: paymentMessages.notCompleted });
    expect(await bookingRows()).toHaveLength(0);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment?.status).toBe(stored);
  });

  it('records nothing when the paid amount or currency does not match', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success', { amount: 100 });
    expect(await (await verify(reference)).json()).toEqual({ status: false, message: paymentMessages.mismatch });
    fake.settle(reference, 'success', { amount: 5_500_000, currency: 'USD' });
    await aMinuteLater(reference);
    expect(await (await verify(reference)).json()).toEqual({ status: false, message: paymentMessages.mismatch });
    expect(await bookingRows()).toHaveLength(0);
  });

  it('says a payment still in progress is not complete, and records nothing', async () => {
    const { reference } = await initializeOk();
    expect(await (await verify(reference)).json()).toEqual({ status: false, message: paymentMessages.stillProcessing });
    expect(await bookingRows()).toHaveLength(0);
  });

  it('answers status false for an unknown reference and 400 for a malformed body', async () => {
    expect(await (await verify('BK-nope')).json()).toEqual({
      status: false,
      message: paymentMessages.unknownReference,
    });
    const malformed = await call('/api/payment/verify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(malformed.status).toBe(400);
  });

  it('answers 502 when Paystack cannot be reached', async () => {
    const { reference } = await initializeOk();
    fake.outage = 500;
    expect((await verify(reference)).status).toBe(502);
    expect(await bookingRows()).toHaveLength(0);
  });
});

describe('POST /api/payment/webhook', () => {
  it('refuses a missing or wrong signature with 401 and changes nothing', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const { body } = await fake.webhook(reference);
    expect((await webhook(body)).status).toBe(401);
    const forged = await fake.webhook(reference, 'sk_test_someone_else');
    expect((await webhook(body, forged.signature)).status).toBe(401);
    expect((await webhook(`${body} `, (await fake.webhook(reference)).signature)).status).toBe(401);
    expect(await bookingRows()).toHaveLength(0);
  });

  it('refuses every webhook in test mode, where there is no key to sign with', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const { body, signature } = await fake.webhook(reference);
    const response = await call(
      '/api/payment/webhook',
      { method: 'POST', headers: { 'x-paystack-signature': signature }, body },
      testModeEnv,
    );
    expect(response.status).toBe(401);
  });

  it('confirms a signed charge.success the same way as verify', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const { body, signature } = await fake.webhook(reference);
    expect((await webhook(body, signature)).status).toBe(200);
    expect(await bookingRows()).toHaveLength(1);
  });

  it('gives one booking however verify and webhook race, in any order and number', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    const { body, signature } = await fake.webhook(reference);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => verify(reference)),
      ...Array.from({ length: 5 }, () => webhook(body, signature)),
    ]);
    expect(results.every((response) => response.status === 200)).toBe(true);
    expect(await bookingRows()).toHaveLength(1);
    const verified = (await Promise.all(results.slice(0, 5).map((response) => response.json()))) as Array<{
      status: boolean;
      message?: string;
    }>;
    // Paystack is asked at most once a minute per reference: a verify in the same minute answers
    // with what is recorded by then, or asks to check again in a minute.
    expect(verified.every((answer) => answer.status || answer.message === paymentMessages.checkedRecently)).toBe(true);
    expect(fake.verifyCalls.filter((called) => called === reference).length).toBeLessThanOrEqual(1);
  });

  it('asks Paystack about a reference at most once a minute, however often the browser verifies', async () => {
    const { reference } = await initializeOk();
    const burst = await Promise.all(Array.from({ length: 8 }, () => verify(reference)));
    const answers = (await Promise.all(burst.map((response) => response.json()))) as Array<{ message: string }>;
    expect(fake.verifyCalls.filter((called) => called === reference)).toHaveLength(1);
    expect(answers.filter((answer) => answer.message === paymentMessages.stillProcessing)).toHaveLength(1);
    expect(answers.filter((answer) => answer.message === paymentMessages.checkedRecently)).toHaveLength(7);
    // Paid meanwhile and recorded by the webhook: a verify within the minute answers the booking.
    fake.settle(reference, 'success');
    const { body, signature } = await fake.webhook(reference);
    expect((await webhook(body, signature)).status).toBe(200);
    const recorded = (await (await verify(reference)).json()) as { status: boolean; data: { manageUrl?: string } };
    expect(recorded.status).toBe(true);
    expect(fake.verifyCalls.filter((called) => called === reference)).toHaveLength(1);
    // A minute on, it asks again.
    const other = await initializeOk(bookingDetails({ appointmentTime: '15:00' }));
    await verify(other.reference);
    await aMinuteLater(other.reference);
    await verify(other.reference);
    expect(fake.verifyCalls.filter((called) => called === other.reference)).toHaveLength(2);
  });

  it('is rate limited per network', async () => {
    await inOneRateWindow();
    const network = { 'CF-Connecting-IP': '198.18.77.9', 'Content-Type': 'application/json' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const response = await call('/api/payment/verify', {
        method: 'POST',
        headers: network,
        body: JSON.stringify({ reference: 'BK-nope' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('a payment that outlives its hold', () => {
  it('is still recorded when its slot has filled meanwhile, flagged for staff', async () => {
    const late = await initializeOk(bookingDetails({ appointmentTime: '14:00' }));
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, late.reference));
    const others = [
      await initializeOk(bookingDetails({ appointmentTime: '14:00', customerEmail: 'bola@example.com' })),
      await initializeOk(bookingDetails({ appointmentTime: '14:00', customerEmail: 'chidi@example.com' })),
    ];
    for (const other of others) {
      fake.settle(other.reference, 'success');
      await verify(other.reference);
    }
    fake.settle(late.reference, 'success');
    const answer = (await (await verify(late.reference)).json()) as {
      status: boolean;
      data: { needsAttention: boolean };
    };
    expect(answer).toMatchObject({ status: true, data: { needsAttention: true } });
    const rows = await db.select().from(bookings).where(eq(bookings.time, '14:00'));
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.needsAttention)).toHaveLength(1);
  });
});

describe('the cron trigger', () => {
  it('re-verifies payments left unpaid for 15 minutes and records the paid ones', async () => {
    const { reference } = await initializeOk();
    fake.settle(reference, 'success');
    await db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where(eq(payments.reference, reference));
    await reconcilePayments(liveEnv, new Date());
    expect(await bookingRows()).toHaveLength(1);
  });

  it('records a payment the visitor replaced by a retry but then completed in the old Paystack tab, with no webhook', async () => {
    const replaced = await initializeOk(bookingDetails({ appointmentTime: '12:00' }));
    await initializeOk(bookingDetails({ appointmentTime: '12:00' })); // the retry replaces the hold
    const [before] = await db.select().from(payments).where(eq(payments.reference, replaced.reference));
    expect(before?.status).toBe('abandoned');
    fake.settle(replaced.reference, 'success');
    await db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where(eq(payments.reference, replaced.reference));
    await reconcilePayments(liveEnv, new Date());
    const rows = await bookingRows();
    expect(rows.map((row) => row.paymentReference)).toEqual([replaced.reference]);
  });

  it('leaves recent payments alone and releases holds that expired unpaid', async () => {
    const fresh = await initializeOk(bookingDetails({ appointmentTime: '09:00' }));
    const stale = await initializeOk(bookingDetails({ appointmentTime: '15:00' }));
    fake.settle(fresh.reference, 'success');
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, stale.reference));
    await reconcilePayments(liveEnv, new Date());
    expect(await bookingRows()).toHaveLength(0);
    const rows = await db.select().from(payments);
    expect(Object.fromEntries(rows.map((row) => [row.reference, row.status]))).toEqual({
      [fresh.reference]: 'pending',
      [stale.reference]: 'expired',
    });
  });
});
