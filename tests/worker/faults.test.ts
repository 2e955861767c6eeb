// Faults at the providers: Paystack failing or dropping its answer on 30% of calls across 200
// payments. The visitor always gets a clear answer (never a 5xx), and after the reconciliation
// cron every paid payment has exactly one booking or order and one confirmation.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, orders, outboxMessages, payments } from '../../worker/db/schema';
import { paymentMessages } from '../../worker/services/checkout/context';
import { reconcilePayments } from '../../worker/services/jobs/maintenance';
import { timeSlots } from '../../worker/shared/bookings/booking';
import { bookingDetails, inDays, oneHourVisit, orderDetails } from './checkout/payment-fixtures';
import {
  clearPaymentData,
  db,
  fake,
  liveEnv,
  startPayment,
  verify,
  webhook,
  withFakePaystack,
} from './checkout/payment-harness';

withFakePaystack();

beforeEach(clearPaymentData);

const unreachable = 'We could not reach the payment provider. Please try again in a moment.';

describe('Paystack failing 30% of its calls', () => {
  it('200 payments: a clear answer every time, and after the cron none lost and none twice', async () => {
    fake.faultRate = 0.3;
    const paid: Array<{ reference: string; kind: 'booking' | 'order'; email: string }> = [];
    let refusedAtStart = 0;
    for (let index = 0; index < 200; index += 1) {
      const kind = index % 2 === 0 ? 'booking' : 'order';
      const email = `fault${index}.${crypto.randomUUID().slice(0, 6)}@example.com`;
      const details =
        kind === 'order'
          ? orderDetails({ customerEmail: email })
          : bookingDetails({
              ...oneHourVisit,
              customerEmail: email,
              appointmentDate: inDays(30 + Math.floor(index / 18)),
              appointmentTime: timeSlots[Math.floor(index / 2) % timeSlots.length] as '09:00',
            });
      const started = await startPayment(details, kind === 'order' ? 5_200_000 : oneHourVisit.amount * 100);
      expect([200, 502], `start ${index}`).toContain(started.status);
      const startBody = (await started.json()) as { message?: string; data?: { reference: string } };
      if (started.status === 502) {
        expect(startBody.message).toBe(paymentMessages.initializeFailed);
        refusedAtStart += 1;
        continue;
      }
      const reference = startBody.data?.reference ?? '';
      // The visitor pays at Paystack and comes back: verify may fail, the webhook may never come.
      fake.settle(reference, 'success');
      paid.push({ reference, kind, email });
      const verified = await verify(reference);
      expect([200, 502], `verify ${index}`).toContain(verified.status);
      const answer = (await verified.json()) as { status?: boolean; message?: string };
      if (verified.status === 502) expect(answer.message).toBe(unreachable);
      else if (!answer.status) expect(answer.message).toBeTruthy();
      if (index % 3 === 0) {
        const signed = await fake.webhook(reference);
        expect((await webhook(signed.body, signed.signature)).status).toBeLessThan(500);
      }
    }
    expect(fake.faults.refused + fake.faults.lost).toBeGreaterThan(50);
    expect(refusedAtStart).toBeGreaterThan(0);

    // The cron, 20 minutes on, as often as it takes (25 payments a run, some calls still failing).
    const later = new Date(Date.now() + 20 * 60_000);
    for (let run = 0; run < 30; run += 1) await reconcilePayments(liveEnv, later);

    // Every paid payment has its booking or order, once; nothing else was recorded.
    const recorded = [
      ...(await db.select({ reference: bookings.paymentReference }).from(bookings)),
      ...(await db.select({ reference: orders.paymentReference }).from(orders)),
    ].map((row) => row.reference);
    expect(recorded.sort()).toEqual(paid.map((payment) => payment.reference).sort());
    for (const payment of paid) {
      const confirmations = await db
        .select()
        .from(outboxMessages)
        .where(
          sql`${outboxMessages.recipient} = ${payment.email} and ${outboxMessages.template} in ('booking-confirmation', 'order-confirmation') and ${outboxMessages.channel} = 'email'`,
        );
      expect(confirmations, payment.reference).toHaveLength(1);
      const [row] = await db.select().from(payments).where(eq(payments.reference, payment.reference));
      expect(row?.status, payment.reference).toBe('paid');
    }
  }, 120_000);
});
