// Closed days and therapists' days off: what staff set in the admin, and how availability, the
// hold taken at initialize and a late payment obey them.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, closures, payments, therapistTimeOff } from '../../../worker/db/schema';
import { closureMessages } from '../../../worker/routes/schedule/closures';
import { paymentMessages } from '../../../worker/services/checkout/context';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { call as adminAppCall, adminCall, jsonInit, signIn } from '../admin-harness';
import { bookingDetails, tomorrow } from '../checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  startPayment,
  startPaymentOk,
  verify,
  withFakePaystack,
} from '../checkout/payment-harness';

withFakePaystack();

beforeEach(() => clearPaymentData());

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

describe('fewer therapists on a day', () => {
  it('holds as many places as therapists at work, in availability and at initialize', async () => {
    const date = tomorrow();
    await db.insert(therapistTimeOff).values({ therapistId: 'therapist-2', date, reason: 'Annual leave' });
    expect(leftAt(await availabilityOf(date), '10:00')).toBe(1);
    await startPaymentOk(bookingDetails({ appointmentDate: date, appointmentTime: '10:00' }), 5_500_000);
    expect(leftAt(await availabilityOf(date), '10:00')).toBe(0);
    const second = await startPayment(
      bookingDetails({ appointmentDate: date, appointmentTime: '10:00', customerEmail: 'bola@example.com' }),
      5_500_000,
    );
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toBe(paymentMessages.slotFull);

    // The next day both work again.
    const next = addDays(date, 1);
    expect(leftAt(await availabilityOf(next), '10:00')).toBe(2);
  });

  it('takes no booking on a day no therapist works', async () => {
    const date = tomorrow();
    for (const therapistId of ['therapist-1', 'therapist-2']) {
      await db.insert(therapistTimeOff).values({ therapistId, date, reason: 'Training' });
    }
    expect((await availabilityOf(date)).slots.every((slot) => slot.left === 0)).toBe(true);
    expect((await startPayment(bookingDetails({ appointmentDate: date }), 5_500_000)).status).toBe(409);
  });

  it('never cancels what is booked when a therapist takes the day off: the bookings are listed to move', async () => {
    const date = tomorrow();
    for (let index = 0; index < 2; index++) {
      const { reference } = await startPaymentOk(
        bookingDetails({ appointmentDate: date, appointmentTime: '14:00' }),
        5_500_000,
      );
      fake.settle(reference, 'success');
      expect((await verify(reference)).status).toBe(200);
    }
    const [first] = await db.select().from(bookings).where(eq(bookings.therapistId, 'therapist-1'));
    // Read just before: the day off shows at once all the same (the team read is not reused after a change).
    expect(leftAt(await availabilityOf(date), '10:00')).toBe(2);
    const cookie = await signIn();
    const response = await adminCall(cookie, '/api/staff/therapist-1/time-off', 'POST', { date, reason: 'Sick' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      date,
      reason: 'Sick',
      bookings: [{ _id: first?.id, name: first?.name, phone: first?.phone, date, time: '14:00' }],
    });
    const rows = await db.select().from(bookings);
    expect(rows.map((row) => row.serviceStatus)).toEqual(['booked', 'booked']);
    expect(leftAt(await availabilityOf(date), '14:00')).toBe(0);
    expect(leftAt(await availabilityOf(date), '10:00')).toBe(1);
  });
});
