// Cancelling through a booking's manage link: refunded through Paystack (or recorded in test
// mode) once, whatever races it, within the 24-hour notice, and told to the visitor and the studio.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, outboxMessages, payments, refunds } from '../../../worker/db/schema';
import { manageMessages } from '../../../worker/services/bookings/manage-booking';
import { manageToken, manageTokenHash } from '../../../worker/services/bookings/manage-tokens';
import { MAX_REFUND_ATTEMPTS, retryRefunds } from '../../../worker/services/payments/refunds';
import type { BookingDetailsInput } from '../../../worker/shared/bookings/booking-schema';
import { lagosDate } from '../../../worker/shared/time';
import { bookingDetails, inDays, insertPaidBooking } from '../checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  liveEnv,
  startPaymentOk,
  testModeEnv,
  verify,
  withFakePaystack,
} from '../checkout/payment-harness';

withFakePaystack();

beforeEach(clearPaymentData);

describe('cancelling through the manage link', () => {
  /** Booked and paid through the fake Paystack (so it can refund it), `days` from today. */
  async function paidOn(days: number, time: BookingDetailsInput['appointmentTime'] = '10:00', environment = liveEnv) {
    const { reference } = await startPaymentOk(
      bookingDetails({ appointmentDate: inDays(days), appointmentTime: time }),
      5_500_000,
      environment,
    );
    if (environment === liveEnv) fake.settle(reference, 'success');
    else await db.update(payments).set({ testCheckoutOutcome: 'paid' }).where(eq(payments.reference, reference));
    const body = (await (await verify(reference, environment)).json()) as { data: { manageUrl: string } };
    return { reference, token: body.data.manageUrl.split('/').at(-1) ?? '' };
  }

  const cancel = (token: string, environment = liveEnv, body: unknown = {}) =>
    call(
      `/api/manage-booking/${token}/cancel`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://localhost' },
        body: JSON.stringify(body),
      },
      environment,
    );
  const move = (token: string, to: { date: string; time: string }) =>
    call(`/api/manage-booking/${token}/reschedule`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://localhost' },
      body: JSON.stringify(to),
    });
  const view = async (token: string) =>
    (await (await call(`/api/manage-booking/${token}`)).json()) as {
      booking: { serviceStatus: string; date: string; time: string };
      canChange: boolean;
      refund: { status: string; amount: number; testMode: boolean } | null;
    };

  it('cancels, asks Paystack to refund the transaction, frees the place and shows the refund pending', async () => {
    const { reference, token } = await paidOn(3, '13:00');
    const response = await cancel(token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { booking: { serviceStatus: string }; refund: unknown };
    expect(body.booking.serviceStatus).toBe('cancelled');
    expect(body.refund).toEqual({ status: 'pending', amount: 55_000, testMode: false });
    expect(fake.refundCalls).toEqual([{ transaction: reference }]);
    const [refund] = [...fake.refunds.values()];
    expect(refund).toMatchObject({ transaction: reference, amount: 5_500_000 });

    const seen = await view(token);
    expect(seen).toMatchObject({ booking: { serviceStatus: 'cancelled' }, canChange: false });
    expect(seen.refund).toEqual({ status: 'pending', amount: 55_000, testMode: false });
    const slots = (await (await call(`/api/availability?date=${inDays(3)}`)).json()) as {
      slots: Array<{ time: string; left: number }>;
    };
    expect(slots.slots.find((slot) => slot.time === '13:00')?.left).toBe(2);
  });

  it('leaves the link good only for viewing: no second cancel, no move, one refund', async () => {
    const { token } = await paidOn(3);
    expect((await cancel(token)).status).toBe(200);
    const again = await cancel(token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: manageMessages.alreadyCancelled });
    const moved = await move(token, { date: inDays(4), time: '10:00' });
    expect(moved.status).toBe(409);
    expect(await moved.json()).toEqual({ message: manageMessages.notBooked });
    expect(fake.refundCalls).toHaveLength(1);
    expect(await db.select().from(refunds)).toHaveLength(1);
    expect((await call(`/api/manage-booking/${token}`)).status).toBe(200);
  });

  it('refunds once when the same booking is cancelled 10 times at once', async () => {
    const { token } = await paidOn(4);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => cancel(token)))).map((r) => r.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(fake.refundCalls).toHaveLength(1);
    expect(await db.select().from(refunds)).toHaveLength(1);
    expect(await db.select().from(bookingEvents)).toHaveLength(1);
  });

  it('gives one consistent outcome when a cancel races a move of the same booking', async () => {
    const bookingsRaced: Array<{ reference: string; token: string }> = [];
    // Five visits of two and a half hours: both therapists' mornings and afternoons, and one more.
    const times = ['09:00', '09:00', '12:00', '12:00', '15:00'] as const;
    for (const time of times) bookingsRaced.push(await paidOn(3, time));
    await Promise.all(
      bookingsRaced.map(({ token }, index) =>
        Promise.all([cancel(token), move(token, { date: inDays(5), time: times[index] ?? '09:00' })]),
      ),
    );
    for (const { reference } of bookingsRaced) {
      const [row] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
      const events = await db
        .select()
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, row?.id ?? ''));
      const refundRows = await db.select().from(refunds).where(eq(refunds.paymentReference, reference));
      expect(events).toHaveLength(1);
      if (row?.serviceStatus === 'cancelled') {
        // The cancel won: the booking stayed where it was, and its money goes back.
        expect(row.date).toBe(inDays(3));
        expect(events[0]?.kind).toBe('cancelled');
        expect(refundRows).toHaveLength(1);
      } else {
        // The move won: booked at the new time, nothing refunded.
        expect(row).toMatchObject({ serviceStatus: 'booked', date: inDays(5) });
        expect(events[0]?.kind).toBe('rescheduled');
        expect(refundRows).toHaveLength(0);
      }
    }
  });

  it('refuses within 24 hours of the start and changes nothing', async () => {
    // An appointment on the hour, 2 to 3 hours from now (Lagos time).
    const start = new Date(Date.now() + 3 * 3_600_000);
    const hour = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Africa/Lagos',
    }).format(start);
    const reference = `BK-SOON-${crypto.randomUUID().slice(0, 8)}`;
    const token = await manageToken(reference, env.MANAGE_LINK_SECRET);
    await insertPaidBooking(db, {
      reference,
      date: lagosDate(start),
      time: `${hour}:00`,
      manageTokenHash: await manageTokenHash(token),
    });
    const response = await cancel(token);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: manageMessages.tooLate });
    const [row] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(row?.serviceStatus).toBe('booked');
    expect(await db.select().from(refunds)).toHaveLength(0);
    expect(fake.refundCalls).toHaveLength(0);
  });

  it('takes only a JSON object from the site itself', async () => {
    const { token } = await paidOn(3);
    const foreign = await call(`/api/manage-booking/${token}/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect((await cancel(token, liveEnv, [])).status).toBe(400);
    expect((await cancel('x'.repeat(43))).status).toBe(404);
    expect((await view(token)).booking.serviceStatus).toBe('booked');
  });

  it('records the refund as processed and TEST MODE without a Paystack key, calling no one', async () => {
    const { token } = await paidOn(3, '10:00', testModeEnv);
    const response = await cancel(token, testModeEnv);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { refund: unknown }).refund).toEqual({
      status: 'processed',
      amount: 55_000,
      testMode: true,
    });
    expect(fake.refundCalls).toHaveLength(0);
  });

  it('still cancels when Paystack fails; the cron retries until Paystack accepts, then follows it to processed', async () => {
    const { reference, token } = await paidOn(3);
    fake.refundOutage = 503;
    const response = await cancel(token);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { refund: { status: string } }).refund.status).toBe('failed');
    expect((await view(token)).booking.serviceStatus).toBe('cancelled');
    const [failed] = await db.select().from(refunds);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toContain('503');

    await retryRefunds(liveEnv, new Date());
    expect((await db.select().from(refunds))[0]).toMatchObject({ status: 'failed', attempts: 2 });

    fake.refundOutage = undefined;
    await retryRefunds(liveEnv, new Date());
    const [accepted] = await db.select().from(refunds);
    expect(accepted).toMatchObject({ status: 'pending', attempts: 3, lastError: null });
    expect(accepted?.paystackRefundId).toEqual(expect.any(String));
    expect(fake.refundCalls.filter((body) => body.transaction === reference)).toHaveLength(3);

    // Paystack finishes processing; the next run sees it and asks for no new refund.
    const paystackRefund = fake.refunds.get(Number(accepted?.paystackRefundId));
    if (paystackRefund) paystackRefund.status = 'processed';
    await retryRefunds(liveEnv, new Date());
    expect((await db.select().from(refunds))[0]).toMatchObject({ status: 'processed' });
    expect((await view(token)).refund?.status).toBe('processed');
    expect(fake.refundCalls).toHaveLength(3);
  });

  it('takes Paystack at its word when a retried refund was already made (its first answer was lost)', async () => {
    const { reference, token } = await paidOn(3);
    fake.refundOutage = 502;
    await cancel(token);
    fake.refundOutage = undefined;
    // The first call did reach Paystack after all: it holds a refund of the transaction.
    fake.refunds.set(1, { id: 1, transaction: reference, amount: 5_500_000, status: 'processing' });
    await retryRefunds(liveEnv, new Date());
    expect((await db.select().from(refunds))[0]).toMatchObject({ status: 'processed', lastError: null });
    expect(fake.refunds.size).toBe(1);
  });

  it('stops retrying after the last attempt, leaving the refund failed for staff', async () => {
    const { token } = await paidOn(3);
    fake.refundOutage = 500;
    await cancel(token);
    for (let run = 0; run < MAX_REFUND_ATTEMPTS + 3; run += 1) await retryRefunds(liveEnv, new Date());
    expect((await db.select().from(refunds))[0]).toMatchObject({ status: 'failed', attempts: MAX_REFUND_ATTEMPTS });
    expect(fake.refundCalls).toHaveLength(MAX_REFUND_ATTEMPTS);
  });

  it('tells the visitor (email and WhatsApp) and the studio, once each, for a move and for the cancel', async () => {
    const { token } = await paidOn(3, '11:00');
    await db.delete(outboxMessages);
    expect((await move(token, { date: inDays(4), time: '15:00' })).status).toBe(200);
    expect((await cancel(token)).status).toBe(200);
    const messages = await db.select().from(outboxMessages);
    const summary = messages.map((message) => `${message.template}:${message.channel}:${message.recipient}`).sort();
    expect(summary).toEqual(
      [
        'booking-cancelled:email:ada@example.com',
        'booking-cancelled:whatsapp:0803 123 4567',
        `booking-notice:email:${env.STUDIO_EMAIL}`,
        `booking-notice:email:${env.STUDIO_EMAIL}`,
        'booking-rescheduled:email:ada@example.com',
        'booking-rescheduled:whatsapp:0803 123 4567',
      ].sort(),
    );
    const moved = messages.find((message) => message.template === 'booking-rescheduled' && message.channel === 'email');
    expect(moved?.text).toContain('Previously:');
    expect(moved?.text).toContain(`/manage-booking/${token}`);
    const cancelled = messages.find(
      (message) => message.template === 'booking-cancelled' && message.channel === 'email',
    );
    expect(cancelled?.text).toContain('We have asked Paystack to refund ₦55,000');
  });
});
