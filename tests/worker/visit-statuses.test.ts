// A visit's day (issue 34, services/visit-status.ts): arrived from an hour before the start on its
// day, a no-show from 15 minutes after it, booked again the same day; anything else 409 with why.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../worker/db/schema';
import { bookingMessages } from '../../worker/routes/bookings';
import type { BookingView } from '../../worker/services/bookings';
import { type DayStatus, dayStatusRefusal, visitStatusMessages } from '../../worker/services/visit-status';
import { lagosDate } from '../../worker/shared/time';
import { adminCall, clearData, db, seedBooking, signIn } from './admin-harness';
import { inDays } from './payment-fixtures';

/** A Lagos wall-clock instant (UTC+1). */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`);
const visit = { serviceStatus: 'booked' as const, date: '2026-12-01', time: '10:00' };

describe('when a visit’s day status may change', () => {
  const refusal = (to: DayStatus, now: Date, from: typeof visit.serviceStatus | string = 'booked') =>
    dayStatusRefusal({ ...visit, serviceStatus: from as typeof visit.serviceStatus }, to, now);

  it('marks a client arrived on the day, from an hour before the start, only from booked', () => {
    expect(refusal('arrived', at('2026-12-01', '08:59'))).toBe(visitStatusMessages.arrivedWhen);
    expect(refusal('arrived', at('2026-12-01', '09:00'))).toBeNull();
    expect(refusal('arrived', at('2026-12-01', '23:59'))).toBeNull();
    expect(refusal('arrived', at('2026-12-02', '00:00'))).toBe(visitStatusMessages.arrivedWhen);
    expect(refusal('arrived', at('2026-11-30', '23:30'))).toBe(visitStatusMessages.arrivedWhen);
    for (const from of ['arrived', 'completed', 'no-show', 'cancelled']) {
      expect(refusal('arrived', at('2026-12-01', '09:30'), from), from).toBe(visitStatusMessages.arrivedFrom);
    }
  });

  it('marks a no-show from 15 minutes after the start, only from booked', () => {
    expect(refusal('no-show', at('2026-12-01', '10:14'))).toBe(visitStatusMessages.noShowWhen);
    expect(refusal('no-show', at('2026-12-01', '10:15'))).toBeNull();
    expect(refusal('no-show', at('2026-12-03', '12:00'))).toBeNull();
    for (const from of ['arrived', 'completed', 'no-show', 'cancelled']) {
      expect(refusal('no-show', at('2026-12-01', '11:00'), from), from).toBe(visitStatusMessages.noShowFrom);
    }
  });

  it('sets an arrived or missed visit back to booked on its day only', () => {
    for (const from of ['arrived', 'no-show']) {
      expect(refusal('booked', at('2026-12-01', '23:59'), from), from).toBeNull();
      expect(refusal('booked', at('2026-12-02', '00:00'), from), from).toBe(visitStatusMessages.bookedWhen);
    }
    for (const from of ['booked', 'completed', 'cancelled']) {
      expect(refusal('booked', at('2026-12-01', '11:00'), from), from).toBe(visitStatusMessages.bookedFrom);
    }
  });
});

describe('PUT /api/bookings/:id { serviceStatus } of the visit’s day', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });
  beforeEach(clearData);

  const put = (id: string, serviceStatus: string) => adminCall(cookie, `/api/bookings/${id}`, 'PUT', { serviceStatus });
  /** A visit starting `minutes` from now (negative: started), by the Lagos clock to the minute. */
  const visitAt = (minutes: number, name = 'Ada Obi') => {
    const start = new Date(Date.now() + minutes * 60_000 + 3_600_000);
    return seedBooking({ name, date: start.toISOString().slice(0, 10), time: start.toISOString().slice(11, 16) });
  };
  const tab = async (status: string) =>
    ((await (await adminCall(cookie, `/api/bookings?status=${status}`)).json()) as BookingView[]).map(
      (row) => row.name,
    );

  it('marks a client arrived, completes the visit from there, and lists each under its tab', async () => {
    const booking = await visitAt(0);
    const arrived = await put(booking.id, 'arrived');
    expect(arrived.status).toBe(200);
    expect(await arrived.json()).toEqual({ success: true, serviceStatus: 'arrived' });
    expect(await tab('arrived')).toEqual(['Ada Obi']);
    expect(await tab('booked')).toEqual([]);
    expect((await put(booking.id, 'arrived')).status).toBe(409);
    expect((await put(booking.id, 'completed')).status).toBe(200);
    expect(await tab('completed')).toEqual(['Ada Obi']);
  });

  it('marks a no-show after 15 minutes and not before, and undoes it the same day', async () => {
    const early = await visitAt(-5, 'Early');
    const tooEarly = await put(early.id, 'no-show');
    expect(tooEarly.status).toBe(409);
    expect(await tooEarly.json()).toEqual({ message: visitStatusMessages.noShowWhen });
    const missed = await visitAt(-16, 'Missed');
    expect((await put(missed.id, 'no-show')).status).toBe(200);
    expect(await tab('no-show')).toEqual(['Missed']);
    const undo = await put(missed.id, 'booked');
    // Undone on the visit's day; 16 minutes after a Lagos midnight the visit was yesterday's.
    if (missed.date === lagosDate(new Date())) {
      expect(undo.status).toBe(200);
      expect(await tab('no-show')).toEqual([]);
    } else {
      expect(await undo.json()).toEqual({ message: visitStatusMessages.bookedWhen });
    }
  });

  it('refuses a visit still to come, one cancelled, and one that does not exist; changes nothing', async () => {
    const tomorrow = await seedBooking({ name: 'Tomorrow', date: inDays(1), time: '10:00' });
    const early = await put(tomorrow.id, 'arrived');
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: visitStatusMessages.arrivedWhen });
    expect(await (await put(tomorrow.id, 'booked')).json()).toEqual({ message: visitStatusMessages.bookedFrom });
    expect(await tab('booked')).toEqual(['Tomorrow']);
    const missing = await put('no-such-booking', 'arrived');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: bookingMessages.notFound });
    expect((await adminCall(cookie, `/api/bookings/${tomorrow.id}`, 'PUT', { serviceStatus: 'gone' })).status).toBe(
      400,
    );
  });

  it('lets one of two people marking the same visit at once win, and tells the other why', async () => {
    const booking = await visitAt(-20);
    const answers = await Promise.all([put(booking.id, 'no-show'), put(booking.id, 'no-show')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(await refused?.json()).toEqual({ message: visitStatusMessages.noShowFrom });
  });

  it('records each change in the activity log by name', async () => {
    const booking = await visitAt(0);
    await put(booking.id, 'arrived');
    await put(booking.id, 'booked');
    const entries = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, booking.id), inArray(auditLog.action, ['booking-arrived', 'booking-reopened'])));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['booking-arrived', 'booking-reopened']);
  });
});
