// A booking's private manage link: given on confirmation, unguessable, stored only as a hash, and
// the 24-hour notice in Lagos time that decides whether the visitor may still change it.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, payments } from '../../worker/db/schema';
import { manageBookingMessages } from '../../worker/routes/manage-booking';
import { canChange, changeableUntil } from '../../worker/services/manage-booking';
import { manageToken, manageTokenHash } from '../../worker/services/manage-tokens';
import type { BookingDetailsInput } from '../../worker/shared/booking-schema';
import { lagosToUtc } from '../../worker/shared/time';
import { bookingDetails, tomorrow } from './payment-fixtures';
import { call, db, fake, startPaymentOk, verify, withFakePaystack } from './payment-harness';

withFakePaystack();

beforeEach(async () => {
  await db.delete(bookings);
  await db.delete(payments);
});

/** Books and pays tomorrow at `time`; returns what the confirmation page receives. */
async function paidBooking(time: BookingDetailsInput['appointmentTime'] = '10:00') {
  const { reference } = await startPaymentOk(
    bookingDetails({ appointmentDate: tomorrow(), appointmentTime: time }),
    5_500_000,
  );
  fake.settle(reference, 'success');
  const response = await verify(reference);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { status: boolean; data: { manageUrl: string; reference: string } };
  return { reference, manageUrl: body.data.manageUrl };
}

describe('the manage link', () => {
  it('comes with the confirmation, and opens the booking with what may still be done', async () => {
    const { manageUrl } = await paidBooking('15:00');
    expect(manageUrl).toMatch(/^\/manage-booking\/[A-Za-z0-9_-]{43}$/);
    const response = await call(`/api/${manageUrl.slice(1)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    const date = tomorrow();
    expect(body).toEqual({
      booking: {
        _id: expect.any(String),
        name: 'Ada Obi',
        subservices: ['Swedish', 'Hotstone'],
        date,
        time: '15:00',
        serviceStatus: 'booked',
        amount: 55_000,
      },
      canChange: Date.now() < lagosToUtc(date, '15:00').getTime() - 24 * 3_600_000,
      changeableUntil: new Date(lagosToUtc(date, '15:00').getTime() - 24 * 3_600_000).toISOString(),
      refund: null,
    });
  });

  it('is the same link every time the confirmation is asked for, and a different one per booking', async () => {
    const first = await paidBooking('11:00');
    const again = (await (await verify(first.reference)).json()) as { data: { manageUrl: string } };
    expect(again.data.manageUrl).toBe(first.manageUrl);
    const second = await paidBooking('12:00');
    expect(second.manageUrl).not.toBe(first.manageUrl);
  });

  it('is kept only as its SHA-256: the database holds no link', async () => {
    const { reference, manageUrl } = await paidBooking();
    const token = manageUrl.split('/').at(-1) ?? '';
    const [row] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(row?.manageTokenHash).toBe(await manageTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('cannot be guessed or forged: another secret, an altered token or a malformed one opens nothing', async () => {
    const { reference, manageUrl } = await paidBooking();
    const token = manageUrl.split('/').at(-1) ?? '';
    const forged = await manageToken(reference, 'not-the-pepper');
    expect(forged).not.toBe(token);
    expect(await manageToken(reference, env.ADMIN_PASSWORD_PEPPER)).toBe(token);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const candidate of [forged, altered, 'short', `${token}x`, token.replace(/.$/, '!')]) {
      const response = await call(`/api/manage-booking/${encodeURIComponent(candidate)}`);
      expect(response.status, candidate).toBe(404);
      expect(await response.json()).toEqual({ message: manageBookingMessages.notFound });
    }
  });
});

describe('the 24-hour notice, in Lagos time', () => {
  const booked = { serviceStatus: 'booked' as const, date: '2026-12-24', time: '10:00' };
  // 10:00 in Lagos (UTC+1) on the 24th is 09:00 UTC; the notice ends 24 hours before.
  const limit = new Date('2026-12-23T09:00:00.000Z');

  it('ends exactly 24 hours before the start', () => {
    expect(changeableUntil(booked.date, booked.time).toISOString()).toBe(limit.toISOString());
  });

  it('allows a change until the last millisecond before it, and none from it on', () => {
    expect(canChange(booked, new Date(limit.getTime() - 1))).toBe(true);
    expect(canChange(booked, limit)).toBe(false);
    expect(canChange(booked, new Date(limit.getTime() + 60_000))).toBe(false);
  });

  it('allows no change to a booking that is completed or cancelled', () => {
    const early = new Date('2026-12-01T00:00:00.000Z');
    expect(canChange({ ...booked, serviceStatus: 'completed' }, early)).toBe(false);
    expect(canChange({ ...booked, serviceStatus: 'cancelled' }, early)).toBe(false);
  });
});

describe('a cancelled booking', () => {
  it('gives its place back to the slot', async () => {
    const date = tomorrow();
    const { reference } = await paidBooking('16:00');
    const left = async () => {
      const body = (await (await call(`/api/availability?date=${date}`)).json()) as {
        slots: Array<{ time: string; left: number }>;
      };
      return body.slots.find((slot) => slot.time === '16:00')?.left;
    };
    expect(await left()).toBe(1);
    await db.update(bookings).set({ serviceStatus: 'cancelled' }).where(eq(bookings.paymentReference, reference));
    expect(await left()).toBe(2);
  });
});
