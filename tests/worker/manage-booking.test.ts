// A booking's private manage link: given on confirmation, unguessable, stored only as a hash, and
// the 24-hour notice in Lagos time that decides whether the visitor may still change it.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, closures, payments } from '../../worker/db/schema';
import { manageBookingMessages } from '../../worker/routes/manage-booking';
import { canChange, changeableUntil, rescheduleMessages } from '../../worker/services/manage-booking';
import { manageToken, manageTokenHash } from '../../worker/services/manage-tokens';
import type { BookingDetailsInput } from '../../worker/shared/booking-schema';
import { addDays, lagosDate, lagosToUtc } from '../../worker/shared/time';
import { bookingDetails, insertPaidBooking, tomorrow } from './payment-fixtures';
import { call, db, fake, startPaymentOk, verify, withFakePaystack } from './payment-harness';

withFakePaystack();

beforeEach(async () => {
  await db.delete(bookings);
  await db.delete(payments);
  await db.delete(closures);
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

describe('rescheduling through the manage link', () => {
  const inDays = (days: number) => addDays(lagosDate(new Date()), days);

  /** A paid booking written straight into D1, with its manage link; `date` defaults to 3 days on. */
  async function storedBooking(index: number, date = inDays(3), time: string = '10:00') {
    const reference = `BK-MOVE-${index}-${crypto.randomUUID().slice(0, 8)}`;
    const token = await manageToken(reference, env.ADMIN_PASSWORD_PEPPER);
    await insertPaidBooking(db, {
      reference,
      date,
      time,
      name: `Client ${index}`,
      email: `client${index}@example.com`,
      manageTokenHash: await manageTokenHash(token),
    });
    return token;
  }

  const move = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    call(`/api/manage-booking/${token}/reschedule`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://studio.test', ...headers },
      body: JSON.stringify(body),
    });

  const placesLeft = async (date: string, time: string) => {
    const body = (await (await call(`/api/availability?date=${date}`)).json()) as {
      slots: Array<{ time: string; left: number }>;
    };
    return body.slots.find((slot) => slot.time === time)?.left;
  };

  it('moves the booking to a free slot, freeing the old place in the same step', async () => {
    const token = await storedBooking(1);
    const to = { date: inDays(4), time: '14:00' };
    const response = await move(token, to);
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { booking: { date: string; time: string; amount: number } }).booking,
    ).toMatchObject({
      ...to,
      amount: 25_000,
    });
    expect(await placesLeft(inDays(3), '10:00')).toBe(2);
    expect(await placesLeft(to.date, '14:00')).toBe(1);
    const view = (await (await call(`/api/manage-booking/${token}`)).json()) as { booking: { date: string } };
    expect(view.booking.date).toBe(to.date);
  });

  it('refuses a full slot, a closed day, a time within 24 hours and the same slot, keeping the booking', async () => {
    const token = await storedBooking(1);
    await storedBooking(2, inDays(5), '11:00');
    await storedBooking(3, inDays(5), '11:00');
    await db.insert(closures).values({ date: inDays(6), reason: 'Public holiday' });
    const cases: Array<[{ date: string; time: string }, string]> = [
      [{ date: inDays(5), time: '11:00' }, rescheduleMessages.full],
      [{ date: inDays(6), time: '11:00' }, rescheduleMessages.closed('Public holiday')],
      [{ date: lagosDate(new Date()), time: '17:00' }, rescheduleMessages.tooSoon],
      [{ date: inDays(3), time: '10:00' }, rescheduleMessages.sameSlot],
    ];
    for (const [to, message] of cases) {
      const response = await move(token, to);
      expect(response.status, JSON.stringify(to)).toBe(409);
      expect(await response.json()).toEqual({ message });
    }
    const [row] = await db.select().from(bookings).where(eq(bookings.name, 'Client 1'));
    expect(row).toMatchObject({ date: inDays(3), time: '10:00', serviceStatus: 'booked' });
  });

  it('refuses any move once the booking starts within 24 hours, or is no longer booked', async () => {
    const soon = await storedBooking(1, lagosDate(new Date()), '17:00');
    expect(await (await move(soon, { date: inDays(4), time: '10:00' })).json()).toEqual({
      message: rescheduleMessages.tooLate,
    });
    const token = await storedBooking(2);
    await db.update(bookings).set({ serviceStatus: 'cancelled' }).where(eq(bookings.name, 'Client 2'));
    const response = await move(token, { date: inDays(4), time: '10:00' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: rescheduleMessages.notBooked });
  });

  it('takes a JSON body from the site itself, with a date and a listed time', async () => {
    const token = await storedBooking(1);
    expect((await move(token, { date: inDays(4), time: '10:00' }, { Origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await move(token, { date: inDays(4), time: '10:30' })).status).toBe(400);
    expect((await move(token, { date: 'soon', time: '10:00' })).status).toBe(400);
    expect((await move('x'.repeat(43), { date: inDays(4), time: '10:00' })).status).toBe(404);
    const [row] = await db.select().from(bookings);
    expect(row).toMatchObject({ date: inDays(3), time: '10:00' });
  });

  it('lets exactly one of 20 visitors moving at once into the last place have it; the others keep theirs', async () => {
    const target = { date: inDays(7), time: '15:00' };
    await storedBooking(0, target.date, target.time); // one of the two places is taken
    const tokens = await Promise.all(
      Array.from({ length: 20 }, (_, index) => storedBooking(index + 1, inDays(3 + (index % 3)), `1${index % 7}:00`)),
    );
    const responses = await Promise.all(tokens.map((token) => move(token, target)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const inSlot = await db
      .select()
      .from(bookings)
      .where(sql`${bookings.date} = ${target.date} and ${bookings.time} = ${target.time}`);
    expect(inSlot).toHaveLength(2);
    expect(await db.select().from(bookings)).toHaveLength(21);
  });
});
