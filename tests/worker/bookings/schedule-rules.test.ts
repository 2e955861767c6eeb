// The scheduling rules as a client meets them: a visit holds its therapist and a room for its
// whole length; bad input is refused with a message and writes nothing; and when requests for the
// same therapist arrive at once (visitors, staff, a move), exactly one wins and the others hold
// nothing.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bookings, outboxMessages, payments, timeBlocks } from '../../../worker/db/schema';
import { therapistsAndRoomsMessages } from '../../../worker/routes/schedule/therapists-and-rooms';
import { staffBookingMessages } from '../../../worker/services/bookings/staff-bookings';
import { timeMessages } from '../../../worker/services/schedule/booking-time';
import { lagosDate, lagosToUtc } from '../../../worker/shared/time';
import { adminCall, signIn } from '../admin-harness';
import { bookingDetails, inDays, oneHourVisit } from '../checkout/payment-fixtures';
import { call, clearPaymentData, db, fake, startPayment, verify, withFakePaystack } from '../checkout/payment-harness';

withFakePaystack();
beforeEach(() => clearPaymentData());

const date = inDays(9);
let sequence = 0;
const email = () => `guest${++sequence}.${crypto.randomUUID().slice(0, 6)}@example.com`;

/** A visitor's payment start for a visit of `treatments` (names) at `time`, with `therapistId`. */
function start(time: string, overrides: Partial<Parameters<typeof bookingDetails>[0]> = {}) {
  const details = bookingDetails({
    customerEmail: email(),
    appointmentDate: date,
    appointmentTime: time,
    ...overrides,
  });
  const amount = overrides?.amount ?? 55_000;
  return startPayment(details, amount * 100);
}

const nothingWritten = async () => {
  expect(await db.select().from(payments)).toEqual([]);
  expect(await db.select().from(timeBlocks)).toEqual([]);
};

async function day(query = '') {
  const response = await call(`/api/availability?date=${date}${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    durationMinutes: number;
    slots: Array<{ time: string; left: number; therapists: string[] }>;
  };
}
const at = (answer: Awaited<ReturnType<typeof day>>, time: string) => answer.slots.find((slot) => slot.time === time);

describe('a visit holds its therapist for its whole length', () => {
  it('holds 09:00 to 11:30 for Swedish and Hotstone, and cannot start where it would end after 18:00', async () => {
    expect((await start('09:00')).status).toBe(200);
    const hour = await day();
    expect([
      at(hour, '09:00')?.left,
      at(hour, '10:00')?.left,
      at(hour, '11:00')?.left,
      at(hour, '12:00')?.left,
    ]).toEqual([1, 1, 1, 2]);
    const visit = await day('&treatments=swedish,hotstone');
    expect(visit.durationMinutes).toBe(150);
    expect([at(visit, '15:00')?.left, at(visit, '16:00')?.left, at(visit, '17:00')?.left]).toEqual([2, 0, 0]);
    const late = await start('16:00');
    expect(late.status).toBe(409);
    expect(await db.select().from(payments)).toHaveLength(1);
  });

  it('starts the overnight visit only at 17:00 and holds its therapist until 09:00 the next morning', async () => {
    const sleepover = { subservices: ['Sleepover'], amount: 200_000 };
    const early = await start('15:00', sleepover);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe(timeMessages.overnightStart('17:00'));
    await nothingWritten();
    expect((await day('&treatments=sleepover')).slots.filter((slot) => slot.left > 0).map((slot) => slot.time)).toEqual(
      ['17:00'],
    );
    const response = await start('17:00', sleepover);
    expect(response.status).toBe(200);
    const { reference } = ((await response.json()) as { data: { reference: string } }).data;
    fake.settle(reference, 'success');
    expect((await verify(reference)).status).toBe(200);
    const [booking] = await db.select().from(bookings);
    expect(booking).toMatchObject({ durationMinutes: 16 * 60 });
    const cookie = await signIn();
    const list = (await (await adminCall(cookie, '/api/bookings?status=booked')).json()) as Array<{ endTime: string }>;
    expect(list[0]?.endTime).toBe('09:00');
    // Its 64 blocks for the therapist and 64 for the room, into the next morning.
    expect(await db.select().from(timeBlocks).where(eq(timeBlocks.paymentReference, reference))).toHaveLength(128);
  });
});

describe('the month agrees with its days', () => {
  it('calls a day full when the therapist is free but no suitable room is, and open for a visit that still has one', async () => {
    const cookie = await signIn();
    const weekday = String(new Date(`${date}T00:00:00Z`).getUTCDay());
    // One start that day for both therapists; Room 2 suits Back/Neck only.
    for (const id of ['therapist-1', 'therapist-2']) {
      const hours = { [weekday]: [{ start: '10:00', end: '11:00' }] };
      expect((await adminCall(cookie, `/api/staff/${id}`, 'PUT', { hours })).status).toBe(200);
    }
    expect((await adminCall(cookie, '/api/rooms/room-2', 'PUT', { treatments: ['back-neck'] })).status).toBe(200);
    // Therapist 1 takes Room 1 at 10:00: Therapist 2 is free, but no room suits a Swedish.
    expect(
      (await start('10:00', { subservices: ['Swedish'], amount: 25_000, therapistId: 'therapist-1' })).status,
    ).toBe(200);
    const month = async (treatments: string) => {
      const response = await call(`/api/availability/month?month=${date.slice(0, 7)}&treatments=${treatments}`);
      const body = (await response.json()) as { days: Array<{ date: string; open: boolean }> };
      return body.days.find((entry) => entry.date === date)?.open;
    };
    expect((await day('&treatments=swedish')).slots.every((slot) => slot.left === 0)).toBe(true);
    expect(await month('swedish')).toBe(false);
    expect(at(await day('&treatments=back-neck'), '10:00')).toMatchObject({ left: 1, therapists: ['therapist-2'] });
    expect(await month('back-neck')).toBe(true);
  });
});

describe('bad input is refused with a message and writes nothing', () => {
  it('refuses a visit past the therapist’s hours, on their day off, on a closed day, a treatment they do not give, or in the past', async () => {
    const cookie = await signIn();
    // Therapist 2 works 09:00-13:00 and 14:00-18:00 that weekday and gives Swedish only.
    const weekday = String(new Date(`${date}T12:00:00Z`).getUTCDay());
    const hours = {
      [weekday]: [
        { start: '09:00', end: '13:00' },
        { start: '14:00', end: '18:00' },
      ],
    };
    expect((await adminCall(cookie, '/api/staff/therapist-2', 'PUT', { hours, treatments: ['swedish'] })).status).toBe(
      200,
    );
    const named = { ...oneHourVisit, therapistId: 'therapist-2' };
    const cases: Array<[Promise<Response>, number, string]> = [
      [start('12:30', named), 400, 'Please choose one of the listed times.'],
      [
        start('12:00', { ...named, subservices: ['Swedish', 'Back/Neck'], amount: 45_000 }),
        400,
        timeMessages.notGiven('Therapist 2', 'Back/Neck'),
      ],
      [start('12:00', named), 200, ''],
    ];
    for (const [response, status, message] of cases) {
      const answer = await response;
      expect(answer.status).toBe(status);
      if (message) expect(((await answer.json()) as { message: string }).message).toBe(message);
    }
    await db.delete(timeBlocks);
    await db.delete(payments);
    // 12:30 to 13:30 runs past the morning's end (with a half-hour step, so 12:30 is a start).
    await adminCall(cookie, '/api/schedule-settings', 'PUT', { startStepMinutes: 30 });
    const pastHours = await start('12:30', named);
    expect(pastHours.status).toBe(409);
    expect(((await pastHours.json()) as { message: string }).message).toBe(
      timeMessages.outsideHours('Therapist 2', '12:30 PM – 1:30 PM'),
    );
    expect((await adminCall(cookie, `/api/staff/therapist-2/time-off`, 'POST', { date, reason: 'Leave' })).status).toBe(
      201,
    );
    const dayOff = await start('10:00', named);
    expect(dayOff.status).toBe(409);
    expect(((await dayOff.json()) as { message: string }).message).toBe(timeMessages.dayOff('Therapist 2'));
    expect((await adminCall(cookie, '/api/closures', 'POST', { date, reason: 'Public holiday' })).status).toBe(201);
    const closed = await start('10:00', oneHourVisit);
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { message: string }).message).toBe(timeMessages.closed('Public holiday'));
    const past = await startPayment(
      bookingDetails({
        ...oneHourVisit,
        customerEmail: email(),
        appointmentDate: inDays(-1),
        appointmentTime: '10:00',
      }),
      oneHourVisit.amount * 100,
    );
    expect(past.status).toBe(409);
    await nothingWritten();
  });

  it('refuses an unknown therapist (400) in availability and at payment, and an unknown treatment', async () => {
    expect((await call(`/api/availability?date=${date}&therapist=nobody`)).status).toBe(400);
    expect((await call(`/api/availability?date=${date}&treatments=swedish,massage-of-the-gods`)).status).toBe(400);
    expect((await call(`/api/availability/month?month=2027-13&treatments=swedish`)).status).toBe(400);
    const unknown = await start('10:00', { ...oneHourVisit, therapistId: 'nobody' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toBe(timeMessages.unknownTherapist);
    await nothingWritten();
  });

  it('refuses hours that overlap or end before they start, and an unknown therapist, changing nothing', async () => {
    const cookie = await signIn();
    const before = await (await adminCall(cookie, '/api/staff')).json();
    for (const [hours, message] of [
      [
        {
          1: [
            { start: '09:00', end: '13:00' },
            { start: '12:00', end: '18:00' },
          ],
        },
        therapistsAndRoomsMessages.overlap(1),
      ],
      [{ 2: [{ start: '18:00', end: '09:00' }] }, therapistsAndRoomsMessages.endsBeforeStart(2, '18:00', '09:00')],
      [{ 3: [{ start: '09:10', end: '18:00' }] }, therapistsAndRoomsMessages.time],
    ] as const) {
      const response = await adminCall(cookie, '/api/staff/therapist-1', 'PUT', { hours });
      expect(response.status, JSON.stringify(hours)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect(await (await adminCall(cookie, '/api/staff')).json()).toEqual(before);
    expect((await adminCall(cookie, '/api/staff/nobody', 'PUT', { name: 'Ghost' })).status).toBe(404);
    expect((await call('/api/staff')).status).toBe(401);
  });

  it('refuses to deactivate a therapist with bookings ahead, listing them, and does it once they are gone', async () => {
    const cookie = await signIn();
    const response = await start('10:00', { ...oneHourVisit, therapistId: 'therapist-1' });
    const { reference } = ((await response.json()) as { data: { reference: string } }).data;
    fake.settle(reference, 'success');
    await verify(reference);
    const [booking] = await db.select().from(bookings);
    const refused = await adminCall(cookie, '/api/staff/therapist-1', 'PUT', { active: false });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: therapistsAndRoomsMessages.hasBookings('Therapist 1', 1),
      bookings: [{ _id: booking?.id, date, time: '10:00' }],
    });
    expect(((await (await call('/api/therapists')).json()) as Array<{ _id: string }>).map((t) => t._id)).toContain(
      'therapist-1',
    );
    await adminCall(cookie, `/api/bookings/${booking?.id}`, 'PUT', { serviceStatus: 'cancelled', refund: false });
    expect((await adminCall(cookie, '/api/staff/therapist-1', 'PUT', { active: false })).status).toBe(200);
    expect(((await (await call('/api/therapists')).json()) as Array<{ _id: string }>).map((t) => t._id)).toEqual([
      'therapist-2',
    ]);
  });
});

describe('bookings taken by phone', () => {
  it('takes a cash booking, and an unpaid one marked paid later once, with the same confirmation when there is a number', async () => {
    const cookie = await signIn();
    const cash = await adminCall(cookie, '/api/bookings', 'POST', {
      name: 'Ngozi Eze',
      phone: '0805 222 3333',
      subservices: ['Swedish'],
      date,
      time: '10:00',
      payment: 'cash',
    });
    expect(cash.status).toBe(201);
    expect(((await cash.json()) as { booking: unknown }).booking).toMatchObject({
      name: 'Ngozi Eze',
      payment: 'cash',
      endTime: '11:00',
      therapist: { _id: 'therapist-1' },
    });
    const unpaid = await adminCall(cookie, '/api/bookings', 'POST', {
      name: 'Bola Ade',
      phone: '0805 222 4444',
      email: 'bola@example.com',
      subservices: ['Swedish'],
      date,
      time: '10:00',
      therapistId: 'therapist-2',
      payment: 'unpaid',
    });
    expect(unpaid.status).toBe(201);
    const { booking } = (await unpaid.json()) as { booking: { _id: string; payment: string } };
    expect(booking.payment).toBe('unpaid');
    // Both therapists are taken at 10:00 now.
    const third = await adminCall(cookie, '/api/bookings', 'POST', {
      name: 'Kemi',
      phone: '0805 222 5555',
      subservices: ['Swedish'],
      date,
      time: '10:00',
      payment: 'pos',
    });
    expect(third.status).toBe(409);
    expect(((await third.json()) as { message: string }).message).toBe(staffBookingMessages.noTherapist);
    expect((await adminCall(cookie, `/api/bookings/${booking._id}`, 'PUT', { payment: 'pos' })).status).toBe(200);
    expect((await adminCall(cookie, `/api/bookings/${booking._id}`, 'PUT', { payment: 'cash' })).status).toBe(409);
    // The messages: Ngozi gave no email (WhatsApp only); Bola gets both, with the manage link.
    const messages = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'booking-confirmation'));
    expect(messages.filter((message) => message.channel === 'email').map((message) => message.recipient)).toEqual([
      'bola@example.com',
    ]);
    expect(messages.filter((message) => message.channel === 'whatsapp')).toHaveLength(2);
    expect(messages.find((message) => message.channel === 'email')?.text).toContain('/manage-booking/');
  });
});

describe('the desk’s New booking', () => {
  const visit = (overrides: Record<string, unknown>) => ({
    name: 'Ngozi Eze',
    phone: '0805 222 3333',
    subservices: ['Swedish'],
    date,
    time: '10:00',
    payment: 'cash',
    ...overrides,
  });

  it('asks before booking the same client twice at an overlapping time, and books when told to', async () => {
    const cookie = await signIn();
    expect((await adminCall(cookie, '/api/bookings', 'POST', visit({}))).status).toBe(201);
    // The same phone written another way, at the same hour (the other therapist is free): asked, nothing written.
    const again = await adminCall(cookie, '/api/bookings', 'POST', visit({ phone: '+234 805 222 3333' }));
    expect(again.status).toBe(409);
    const answer = (await again.json()) as { message: string; overlap: { date: string; time: string } };
    expect(answer.overlap).toEqual({ date, time: '10:00' });
    expect(answer.message).toContain('Ngozi Eze already has a visit at an overlapping time');
    expect(await db.select().from(bookings)).toHaveLength(1);
    // After the first visit ends: no question. Told to: booked.
    expect((await adminCall(cookie, '/api/bookings', 'POST', visit({ time: '11:00' }))).status).toBe(201);
    const anyway = await adminCall(cookie, '/api/bookings', 'POST', visit({ allowOverlap: true }));
    expect(anyway.status).toBe(201);
    expect(await db.select().from(bookings)).toHaveLength(3);
  });

  it('records a walk-in served earlier today as complete, without a confirmation, and refuses one still to come', async () => {
    // At 15:00 Lagos (a fixed clock, whatever the hour the suite runs), 10:00 today has passed.
    const today = lagosDate(new Date());
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(lagosToUtc(today, '15:00'));
      const cookie = await signIn();
      const ahead = await adminCall(
        cookie,
        '/api/bookings',
        'POST',
        visit({ date: today, time: '16:00', served: true }),
      );
      expect(ahead.status).toBe(409);
      expect(((await ahead.json()) as { message: string }).message).toBe(staffBookingMessages.servedAhead);
      const past = await adminCall(cookie, '/api/bookings', 'POST', visit({ date: today, time: '10:00' }));
      expect(((await past.json()) as { message: string }).message).toBe(staffBookingMessages.past);
      const served = await adminCall(
        cookie,
        '/api/bookings',
        'POST',
        visit({ date: today, time: '10:00', served: true }),
      );
      expect(served.status).toBe(201);
      const [row] = await db.select().from(bookings);
      expect(row).toMatchObject({ serviceStatus: 'completed', date: today, time: '10:00' });
      expect(row?.completedAt).not.toBeNull();
      expect(await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'booking-confirmation'))).toEqual(
        [],
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('requests for the same therapist at once', () => {
  const blocksPerHour = 2 * 4;

  it('lets exactly one of 20 visitors have therapist 1 at 10:00; the others get 409 and hold nothing', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => start('10:00', { ...oneHourVisit, therapistId: 'therapist-1' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await db.select().from(payments)).toHaveLength(1);
    expect(await db.select().from(timeBlocks)).toHaveLength(blocksPerHour);
  });

  it('lets one of a visitor and a receptionist have the last therapist, at each of the day’s nine starts', async () => {
    await clearPaymentData(1);
    const cookie = await signIn();
    for (const time of ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']) {
      const [visitor, staff] = await Promise.all([
        start(time, oneHourVisit),
        adminCall(cookie, '/api/bookings', 'POST', {
          name: 'Walk-in',
          phone: '0805 000 0000',
          subservices: ['Swedish'],
          date,
          time,
          payment: 'cash',
        }),
      ]);
      expect([visitor.status, staff.status].sort(), time).toSatisfy(
        (pair: number[]) => JSON.stringify(pair) === '[200,409]' || JSON.stringify(pair) === '[201,409]',
      );
    }
    // Nine starts, nine winners, each holding one hour: no therapist or room twice at once.
    const held = await db.all<{ resource: string; block: number; owners: number }>(
      sql`select resource, block, count(*) as owners from time_blocks group by resource, block having owners > 1`,
    );
    expect(held).toEqual([]);
    expect(await db.select().from(timeBlocks)).toHaveLength(9 * blocksPerHour);
  });

  it('lets one of a staff move and a visitor’s booking have the last free therapist', async () => {
    await clearPaymentData(1);
    const cookie = await signIn();
    const taken = await adminCall(cookie, '/api/bookings', 'POST', {
      name: 'Moving Client',
      phone: '0805 000 1111',
      subservices: ['Swedish'],
      date,
      time: '09:00',
      payment: 'cash',
    });
    const { booking } = (await taken.json()) as { booking: { _id: string } };
    const [move, visitor] = await Promise.all([
      adminCall(cookie, `/api/bookings/${booking._id}`, 'PUT', { date, time: '15:00' }),
      start('15:00', oneHourVisit),
    ]);
    expect([move.status, visitor.status].sort()).toEqual([200, 409]);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking._id));
    if (move.status === 200) {
      expect(row?.time).toBe('15:00');
      expect(await db.select().from(payments).where(eq(payments.status, 'pending'))).toEqual([]);
    } else {
      expect(row?.time).toBe('09:00'); // the move lost: the booking is where it was, its hour still held
    }
    // The winner's hour only: the moved booking at 15:00, or the booking at 09:00 and the visitor's hold.
    expect(await db.select().from(timeBlocks)).toHaveLength(move.status === 200 ? blocksPerHour : 2 * blocksPerHour);
  });
});
