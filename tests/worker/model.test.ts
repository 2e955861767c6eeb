// A model-based test: random sequences of what visitors, Paystack, the cron and staff do to a
// small studio (two slots of one place, four visitors): hold, pay, verify, webhook, time passing
// and the cron, reschedule, cancel, refunds followed, complete. After every step the invariants
// hold: a slot never has more bookings than places (a payment that came in after its hold
// expired into a slot filled meanwhile is recorded and flagged for staff, the one allowed
// excess); every paid payment has exactly one booking; no booking without a payment Paystack
// calls successful; every cancelled paid booking has exactly one refund, never more than paid.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, payments, refunds } from '../../worker/db/schema';
import { reconcilePayments } from '../../worker/services/payment-maintenance';
import { retryRefunds } from '../../worker/services/refunds';
import { addDays, lagosDate } from '../../worker/shared/time';
import { bookingDetails } from './payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  liveEnv,
  startPayment,
  verify,
  webhook,
  withFakePaystack,
} from './payment-harness';

withFakePaystack();

const date = addDays(lagosDate(new Date()), 6);
const slots = ['10:00', '11:00'] as const;
const visitors = ['v0', 'v1', 'v2', 'v3'] as const;

async function clear(therapists = 2) {
  await clearPaymentData(therapists);
  fake.transactions.clear();
  fake.refunds.clear();
}

type Op =
  | { kind: 'hold'; visitor: number; slot: number }
  | { kind: 'pay' | 'verify' | 'webhook'; payment: number }
  | { kind: 'cron' | 'refunds' }
  | { kind: 'reschedule'; booking: number; slot: number }
  | { kind: 'cancel' | 'complete'; booking: number };

const payment = fc.nat(7);
const booking = fc.nat(5);
// Weighted so that sequences often get as far as a booking, and then change it.
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('hold' as const), visitor: fc.nat(3), slot: fc.nat(1) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), payment }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('verify' as const), payment }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('webhook' as const), payment }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('cron' as const, 'refunds' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reschedule' as const), booking, slot: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), booking }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complete' as const), booking }) },
);

const json = { 'Content-Type': 'application/json', Origin: 'https://studio.test' };

async function staffCookie(): Promise<string> {
  const response = await call('/api/auth/login', {
    method: 'POST',
    headers: { ...json, 'CF-Connecting-IP': `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
    body: JSON.stringify({ username: 'admin', password: 'spa-admin-local' }),
  });
  return (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
}

/** Runs one step; the world is what the database and the fake Paystack hold. */
async function run(step: Op, state: { references: string[]; links: Map<string, string>; cookie: string }) {
  const pick = <T>(list: readonly T[], index: number) => (list.length > 0 ? list[index % list.length] : undefined);
  const bookingRows = () => db.select().from(bookings).orderBy(bookings.createdAt);
  switch (step.kind) {
    case 'hold': {
      const details = bookingDetails({
        customerEmail: `${visitors[step.visitor]}@example.com`,
        appointmentDate: date,
        appointmentTime: slots[step.slot],
      });
      const response = await startPayment(details, 5_500_000);
      expect([200, 409, 429]).toContain(response.status);
      if (response.status === 200) {
        state.references.push(((await response.json()) as { data: { reference: string } }).data.reference);
      }
      return;
    }
    case 'pay': {
      const reference = pick(state.references, step.payment);
      if (reference && fake.transactions.has(reference)) fake.settle(reference, 'success');
      return;
    }
    case 'verify': {
      const reference = pick(state.references, step.payment);
      if (!reference) return;
      const response = await verify(reference);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { status: boolean; data?: { manageUrl?: string } };
      if (body.data?.manageUrl) state.links.set(reference, body.data.manageUrl);
      return;
    }
    case 'webhook': {
      const reference = pick(state.references, step.payment);
      if (!reference || fake.transactions.get(reference)?.status !== 'success') return;
      const signed = await fake.webhook(reference);
      expect((await webhook(signed.body, signed.signature)).status).toBe(200);
      return;
    }
    case 'cron': {
      // Time passes: 40 minutes, so holds expire and the unpaid are verified again.
      await db.update(payments).set({ createdAt: new Date(Date.now() - 60 * 60_000).toISOString() });
      await db
        .update(payments)
        .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(sql`${payments.status} = 'pending'`);
      await reconcilePayments(liveEnv, new Date());
      return;
    }
    case 'refunds':
      await db.update(refunds).set({ updatedAt: new Date(Date.now() - 60 * 60_000).toISOString() });
      await retryRefunds(liveEnv, new Date());
      return;
    case 'reschedule': {
      const booking = pick(await bookingRows(), step.booking);
      const link = booking && (await linkOf(booking.paymentReference, state));
      if (!link) return;
      const response = await call(`/api${link}/reschedule`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ date, time: slots[step.slot] }),
      });
      expect([200, 409]).toContain(response.status);
      return;
    }
    case 'cancel': {
      const booking = pick(await bookingRows(), step.booking);
      const link = booking && (await linkOf(booking.paymentReference, state));
      if (!link) return;
      const response = await call(`/api${link}/cancel`, { method: 'POST', headers: json, body: '{}' });
      expect([200, 409]).toContain(response.status);
      return;
    }
    case 'complete': {
      const booking = pick(await bookingRows(), step.booking);
      if (!booking) return;
      const response = await call(`/api/bookings/${booking.id}`, {
        method: 'PUT',
        headers: { ...json, Cookie: state.cookie },
        body: JSON.stringify({ serviceStatus: 'completed' }),
      });
      expect([200, 409]).toContain(response.status);
      return;
    }
  }
}

/** The booking's manage link, as its confirmation gave it. */
async function linkOf(reference: string, state: { links: Map<string, string> }) {
  if (!state.links.has(reference)) {
    const body = (await (await verify(reference)).json()) as { data?: { manageUrl?: string } };
    if (body.data?.manageUrl) state.links.set(reference, body.data.manageUrl);
  }
  return state.links.get(reference);
}

async function checkInvariants() {
  const all = await db.select().from(bookings);
  for (const time of slots) {
    const inSlot = all.filter((row) => row.time === time && row.serviceStatus !== 'cancelled');
    const flagged = inSlot.filter((row) => row.needsAttention).length;
    expect(inSlot.length - flagged, `bookings at ${time}`).toBeLessThanOrEqual(1);
  }
  const paid = await db.select().from(payments).where(eq(payments.status, 'paid'));
  expect(new Set(all.map((row) => row.paymentReference)).size).toBe(all.length);
  expect(all.map((row) => row.paymentReference).sort()).toEqual(paid.map((row) => row.reference).sort());
  for (const row of all) expect(fake.transactions.get(row.paymentReference)?.status).toBe('success');
  const refundRows = await db.select().from(refunds);
  for (const row of all.filter((booking) => booking.serviceStatus === 'cancelled')) {
    const own = refundRows.filter((refund) => refund.bookingId === row.id);
    expect(own, `refunds of ${row.paymentReference}`).toHaveLength(1);
    expect(own[0]?.amount).toBeLessThanOrEqual(row.amount);
  }
  expect(refundRows.length).toBe(all.filter((booking) => booking.serviceStatus === 'cancelled').length);
  for (const refund of fake.refunds.values()) {
    expect(refund.amount).toBeLessThanOrEqual(fake.transactions.get(refund.transaction)?.amount ?? 0);
  }
}

beforeEach(clear);

describe('random sequences of holds, payments, changes and time', () => {
  it('keep capacity, exactly-once and one refund per cancelled booking, after every step', async () => {
    const cookie = await staffCookie();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (steps) => {
        await clear(1);
        const state = { references: [] as string[], links: new Map<string, string>(), cookie };
        for (const step of steps) {
          await run(step, state);
          await checkInvariants();
        }
      }),
      { numRuns: 150 },
    );
  }, 180_000);
});
