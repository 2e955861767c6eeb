// Closed days and places per slot by day of the week: what staff set in the admin, and how
// availability, the hold taken at initialize and a late payment obey it.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, closures, payments, slotCapacities } from '../../worker/db/schema';
import { closureMessages } from '../../worker/routes/closures';
import { paymentMessages } from '../../worker/services/payments';
import { addDays, lagosDate } from '../../worker/shared/time';
import { call as adminAppCall, adminCall, jsonInit, signIn } from './admin-harness';
import { bookingDetails, tomorrow } from './payment-fixtures';
import { call, db, fake, startPayment, startPaymentOk, verify, withFakePaystack } from './payment-harness';

withFakePaystack();

beforeEach(async () => {
  await db.delete(bookings);
  await db.delete(payments);
  await db.delete(closures);
  await db.delete(slotCapacities);
});

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

async function availabilityOf(date: string) {
  const response = await call(`/api/availability?date=${date}`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    date: string;
    closed: boolean;
    reason?: string;
    slots: Array<{ time: string; left: number }>;
  };
}

const leftAt = (day: Awaited<ReturnType<typeof availabilityOf>>, time: string) =>
  day.slots.find((slot) => slot.time === time)?.left;

describe('closed days', () => {
  it('lets staff close a day with a reason, lists it for everyone, and opens it again', async () => {
    const cookie = await signIn();
    const date = addDays(lagosDate(new Date()), 3);
    const created = await adminCall(cookie, '/api/closures', 'POST', { date, reason: '  Public holiday ' });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ date, reason: 'Public holiday', bookedCount: 0 });

    const listed = await call('/api/closures');
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([{ date, reason: 'Public holiday' }]);

    const again = await adminCall(cookie, '/api/closures', 'POST', { date, reason: 'Training day' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: closureMessages.alreadyClosed });

    expect((await adminCall(cookie, `/api/closures/${date}`, 'DELETE')).status).toBe(204);
    expect((await adminCall(cookie, `/api/closures/${date}`, 'DELETE')).status).toBe(404);
    expect(await (await call('/api/closures')).json()).toEqual([]);
  });

  it('lists only days from today on, soonest first', async () => {
    const today = lagosDate(new Date());
    await db.insert(closures).values([
      { date: addDays(today, 9), reason: 'Later' },
      { date: addDays(today, -1), reason: 'Yesterday' },
      { date: today, reason: 'Today' },
    ]);
    const listed = (await (await call('/api/closures')).json()) as Array<{ reason: string }>;
    expect(listed.map((closure) => closure.reason)).toEqual(['Today', 'Later']);
  });

  it('refuses a bad date, a past day and an empty or long reason, and changes nothing', async () => {
    const cookie = await signIn();
    const yesterday = addDays(lagosDate(new Date()), -1);
    const cases: Array<[unknown, number, string]> = [
      [{ date: '2026-13-40', reason: 'Holiday' }, 400, closureMessages.date],
      [{ date: tomorrow(), reason: '   ' }, 400, closureMessages.reason],
      [{ date: tomorrow(), reason: 'x'.repeat(121) }, 400, closureMessages.reason],
      [{ date: yesterday, reason: 'Holiday' }, 409, closureMessages.pastDate],
    ];
    for (const [body, status, message] of cases) {
      const response = await adminCall(cookie, '/api/closures', 'POST', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect(await db.select().from(closures)).toEqual([]);
  });

  it('keeps closing and opening days to staff, from the site itself', async () => {
    const date = tomorrow();
    const anonymous = await adminAppCall('/api/closures', jsonInit('POST', { date, reason: 'Holiday' }));
    expect(anonymous.status).toBe(401);
    const cookie = await signIn();
    const foreign = await adminAppCall('/api/closures', {
      ...jsonInit('POST', { date, reason: 'Holiday' }, { Origin: 'https://evil.example', Cookie: cookie }),
    });
    expect(foreign.status).toBe(403);
    expect(await db.select().from(closures)).toEqual([]);
  });

  it('answers a closed date as closed, with its reason and no place in any slot', async () => {
    const date = tomorrow();
    await db.insert(closures).values({ date, reason: 'Staff training' });
    const day = await availabilityOf(date);
    expect(day).toMatchObject({ date, closed: true, reason: 'Staff training' });
    expect(day.slots).toHaveLength(9);
    expect(day.slots.every((slot) => slot.left === 0)).toBe(true);
    expect((await availabilityOf(addDays(date, 1))).closed).toBe(false);
  });

  it('refuses to hold a place on a closed date with 409 and the reason, and holds nothing', async () => {
    const date = tomorrow();
    await db.insert(closures).values({ date, reason: 'Public holiday' });
    const response = await startPayment(bookingDetails({ appointmentDate: date }), 5_500_000);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(paymentMessages.closed('Public holiday'));
    expect(await db.select().from(payments)).toEqual([]);
  });

  it('counts the bookings already on a day staff close, and keeps them', async () => {
    const date = tomorrow();
    const { reference } = await startPaymentOk(bookingDetails({ appointmentDate: date }), 5_500_000);
    fake.settle(reference, 'success');
    expect((await verify(reference)).status).toBe(200);
    const cookie = await signIn();
    const created = await adminCall(cookie, '/api/closures', 'POST', { date, reason: 'Burst pipe' });
    expect(((await created.json()) as { bookedCount: number }).bookedCount).toBe(1);
    const [booking] = await db.select().from(bookings);
    expect(booking?.serviceStatus).toBe('booked');
    // Staff see whom to move, day by day.
    const listed = await adminCall(cookie, '/api/closures/with-bookings');
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([
      {
        date,
        reason: 'Burst pipe',
        bookings: [{ _id: booking?.id, name: 'Ada Obi', phone: booking?.phone, time: '10:00' }],
      },
    ]);
    expect((await adminAppCall('/api/closures/with-bookings')).status).toBe(401);
  });

  it('flags a booking whose payment lands on a day closed after its hold was taken', async () => {
    const date = tomorrow();
    const { reference } = await startPaymentOk(bookingDetails({ appointmentDate: date }), 5_500_000);
    await db.insert(closures).values({ date, reason: 'Power cut' });
    fake.settle(reference, 'success');
    expect((await verify(reference)).status).toBe(200);
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(booking?.needsAttention).toBe(true);
  });
});

describe('places per slot by day of the week', () => {
  it('answers the default for every day until staff set one, then their numbers', async () => {
    const cookie = await signIn();
    const initial = await adminCall(cookie, '/api/capacity');
    expect(initial.status).toBe(200);
    expect(await initial.json()).toEqual({
      default: 2,
      byWeekday: { 0: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2 },
    });
    const byWeekday = { 0: 0, 1: 1, 2: 2, 3: 3, 4: 2, 5: 2, 6: 4 };
    const saved = await adminCall(cookie, '/api/capacity', 'PUT', { default: 2, byWeekday });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ default: 2, byWeekday });
    expect(await (await adminCall(cookie, '/api/capacity')).json()).toEqual({ default: 2, byWeekday });
  });

  it('refuses a missing day or a number out of 0 to 20, and changes nothing', async () => {
    const cookie = await signIn();
    for (const byWeekday of [
      { 0: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2 },
      { 0: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 21 },
      { 0: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: -1 },
      { 0: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1.5 },
    ]) {
      const response = await adminCall(cookie, '/api/capacity', 'PUT', { byWeekday });
      expect(response.status, JSON.stringify(byWeekday)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(closureMessages.capacity);
    }
    expect(await db.select().from(slotCapacities)).toEqual([]);
    expect((await adminAppCall('/api/capacity')).status).toBe(401);
  });

  it("holds places up to the day's own number, in availability and at initialize", async () => {
    const date = tomorrow();
    await db.insert(slotCapacities).values({ weekday: weekdayOf(date), capacity: 1 });
    expect(leftAt(await availabilityOf(date), '10:00')).toBe(1);
    await startPaymentOk(bookingDetails({ appointmentDate: date, appointmentTime: '10:00' }), 5_500_000);
    expect(leftAt(await availabilityOf(date), '10:00')).toBe(0);
    const second = await startPayment(
      bookingDetails({ appointmentDate: date, appointmentTime: '10:00', customerEmail: 'bola@example.com' }),
      5_500_000,
    );
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toBe(paymentMessages.slotFull);

    // The next day keeps the default of two.
    const next = addDays(date, 1);
    expect(leftAt(await availabilityOf(next), '10:00')).toBe(2);
  });

  it('takes no booking on a day set to 0 places', async () => {
    const date = tomorrow();
    await db.insert(slotCapacities).values({ weekday: weekdayOf(date), capacity: 0 });
    expect((await availabilityOf(date)).slots.every((slot) => slot.left === 0)).toBe(true);
    expect((await startPayment(bookingDetails({ appointmentDate: date }), 5_500_000)).status).toBe(409);
  });

  it('never cancels what is booked when a day is lowered: the slot just takes no more', async () => {
    const date = tomorrow();
    for (let index = 0; index < 2; index++) {
      const { reference } = await startPaymentOk(
        bookingDetails({ appointmentDate: date, appointmentTime: '14:00' }),
        5_500_000,
      );
      fake.settle(reference, 'success');
      expect((await verify(reference)).status).toBe(200);
    }
    const cookie = await signIn();
    const byWeekday = { 0: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, [weekdayOf(date)]: 1 };
    expect((await adminCall(cookie, '/api/capacity', 'PUT', { byWeekday })).status).toBe(200);
    const rows = await db.select().from(bookings);
    expect(rows.map((row) => row.serviceStatus)).toEqual(['booked', 'booked']);
    expect(leftAt(await availabilityOf(date), '14:00')).toBe(0);
  });
});
