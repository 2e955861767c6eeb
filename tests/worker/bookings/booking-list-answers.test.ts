// Pages of the staff bookings list are kept per bookings version (services/bookings/booking-list-answers.ts):
// every write to what a page shows moves the version on, through the API or behind its back, so a
// kept page is never stale for a write.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingsVersion } from '../../../worker/services/bookings/booking-list-answers';
import type { BookingView } from '../../../worker/services/bookings/bookings';
import { adminCall, clearData, db, seedBooking, signIn } from '../admin-harness';
import { inDays } from '../checkout/payment-fixtures';

const run = (statement: string) => env.DB.prepare(statement).run();

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(clearData);

const upcoming = async () => {
  const response = await adminCall(cookie, '/api/bookings?status=booked');
  expect(response.status).toBe(200);
  return (await response.json()) as BookingView[];
};

describe('the bookings list kept per bookings version', () => {
  it('moves the version on for every write to what the list shows, and for no other', async () => {
    const booking = await seedBooking({ date: inDays(5) });
    const reference = booking.paymentReference;
    const writes = [
      `update bookings set name = 'Ada O.' where id = '${booking.id}'`,
      `update payments set coupon_code = 'WELCOME10' where reference = '${reference}'`,
      `update payments set method = 'cash' where reference = '${reference}'`,
      `update payments set amount = 20000, subtotal = 20000 where reference = '${reference}'`,
      `insert into refunds (payment_reference, booking_id, amount, status) values ('${reference}', '${booking.id}', 100, 'pending')`,
      `update refunds set status = 'processed' where booking_id = '${booking.id}'`,
      `insert into booking_events (id, booking_id, kind, actor, from_date, from_time) values ('event-1', '${booking.id}', 'cancelled', 'staff', '${booking.date}', '10:00')`,
      "update therapists set name = 'Ngozi' where id = 'therapist-1'",
      "update rooms set name = 'The garden room' where id = 'room-1'",
      `delete from refunds where booking_id = '${booking.id}'`,
      `delete from booking_events where booking_id = '${booking.id}'`,
      `delete from bookings where id = '${booking.id}'`,
    ];
    for (const write of writes) {
      const version = await bookingsVersion(db);
      await run(write);
      expect(await bookingsVersion(db), write).toBeGreaterThan(version);
    }
    // A payment's email, a therapist's hours: nothing the list shows.
    const unchanged = await bookingsVersion(db);
    await run(`update payments set email = 'b@example.com' where reference = '${reference}'`);
    await run("update therapists set active = active where id = 'therapist-1'");
    expect(await bookingsVersion(db)).toBe(unchanged);
  });

  it('answers a change written behind the API’s back at once, though the page was kept', async () => {
    const booking = await seedBooking({ name: 'Ada Obi', date: inDays(5) });
    expect((await upcoming()).map((row) => row.name)).toEqual(['Ada Obi']);
    const version = await bookingsVersion(db);
    expect((await upcoming()).map((row) => row.name)).toEqual(['Ada Obi']); // kept: same version
    expect(await bookingsVersion(db)).toBe(version);
    await run(`update bookings set name = 'Ada Okafor' where id = '${booking.id}'`);
    expect((await upcoming()).map((row) => row.name)).toEqual(['Ada Okafor']);
    await run("update therapists set name = 'Ngozi Eze' where id = 'therapist-1'");
    expect((await upcoming())[0]?.therapist?.name).toBe('Ngozi Eze');
  });

  it('keeps a page per tab and page: each answers its own', async () => {
    for (const [index, name] of ['First', 'Second', 'Third'].entries()) {
      await seedBooking({ name, date: inDays(5 + index) });
    }
    const page = async (path: string) =>
      ((await (await adminCall(cookie, path)).json()) as BookingView[]).map((row) => row.name);
    expect(await page('/api/bookings?status=booked&pageSize=2')).toEqual(['First', 'Second']);
    expect(await page('/api/bookings?status=booked&pageSize=2&page=2')).toEqual(['Third']);
    expect(await page('/api/bookings?status=completed&pageSize=2')).toEqual([]);
    expect(await page('/api/bookings?status=booked&pageSize=2')).toEqual(['First', 'Second']);
  });
});
