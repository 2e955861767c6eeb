// The waitlist for full times: joining with every bad input refused by its field's
// message, matching a freed place to the first entry in line whose treatments, therapist and part
// of the day it can serve, and every kind of freeing offering it.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closures,
  outboxMessages,
  staffAccounts,
  therapistTimeOff,
  timeWaitlistEntries,
} from '../../../worker/db/schema';
import { forgetEndedEntries } from '../../../worker/services/time-waitlist/time-waitlist';
import { MAX_WAITLIST_DAYS_AHEAD, timeWaitlistMessages } from '../../../worker/shared/bookings/time-waitlist';
import { seedBooking, signIn, staffSession } from '../admin-harness';
import { bookingDetails, inDays } from '../checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  origin,
  staffCall,
  startPaymentOk,
  verify,
  withFakePaystack,
} from '../checkout/payment-harness';
import {
  bookTimes,
  cancelBody,
  clockAt,
  day,
  freeQuietly,
  join,
  joinBody,
  joined,
  joinedWhileFull,
  offerNow,
  offersOf,
  openOffers,
} from './time-waitlist-fixtures';

withFakePaystack();
let cookie: string;
beforeEach(async () => {
  // Accounts linked to a therapist go before the team is reset.
  await db.delete(staffAccounts).where(sql`therapist_id is not null`);
  await clearPaymentData(1);
  clockAt('10:00');
  // Signed in on the test's clock (a session lasts 8 hours, whatever the hour the suite runs).
  cookie = await signIn();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('joining', () => {
  it('answers 201 with the entry and its place in line, and sends the private link by email and WhatsApp', async () => {
    // The wished-for mornings are full: a join while a start is free is refused (time-waitlist-abuse.test.ts).
    for (const days of [2, 3, 4]) await bookTimes(inDays(days), ['09:00', '10:00', '11:00']);
    const first = await join(joinBody());
    expect(first.status).toBe(201);
    const body = (await first.json()) as { _id: string; position: number };
    expect(body).toEqual({ _id: expect.any(String), position: 1 });
    const second = await join(
      joinBody({ email: 'bisi@example.com', phone: '0805 000 0000', dates: [day(), inDays(3)] }),
    );
    expect(await second.json()).toMatchObject({ position: 2 });
    // Another day only: first in its own line.
    const other = await join(joinBody({ email: 'chi@example.com', phone: '0806 000 0000', dates: [inDays(4)] }));
    expect(await other.json()).toMatchObject({ position: 1 });

    const messages = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'time-waitlist-joined'));
    const toAda = messages.filter(
      (message) => message.recipient === 'ada@example.com' || message.recipient === '0803 123 4567',
    );
    expect(toAda.map((message) => message.channel).sort()).toEqual(['email', 'whatsapp']);
    expect(toAda[0]?.text).toContain(`/time-waitlist/${body._id}.`);
    // The email asks to confirm by its link, the WhatsApp by a reply: only confirmed entries are offered places.
    expect(toAda.find((message) => message.channel === 'email')?.text).toContain('?confirm=1');
    expect(toAda.find((message) => message.channel === 'whatsapp')?.text).toContain('Reply to this message');
    const [entry] = await db.select().from(timeWaitlistEntries).where(eq(timeWaitlistEntries.id, body._id));
    expect(entry).toMatchObject({
      status: 'waiting',
      dayPart: 'morning',
      treatmentIds: ['swedish'],
      therapistId: null,
    });
  });

  it('refuses each bad input with 400 and its field’s message, and keeps nothing', async () => {
    await db.insert(closures).values({ date: inDays(5), reason: 'Public holiday' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ treatments: [] }, timeWaitlistMessages.treatments],
      [{ treatments: ['no-such-treatment'] }, timeWaitlistMessages.unknownTreatment],
      [{ therapistId: 'therapist-9' }, timeWaitlistMessages.unknownTherapist],
      [{ dates: [] }, timeWaitlistMessages.dates],
      [{ dates: [1, 2, 3, 4, 5, 6].map(inDays) }, timeWaitlistMessages.dates],
      [{ dates: ['2026-02-30'] }, timeWaitlistMessages.dates],
      [{ dates: [inDays(-1), day()] }, timeWaitlistMessages.datePast],
      [{ dates: [inDays(MAX_WAITLIST_DAYS_AHEAD + 1)] }, timeWaitlistMessages.dateFar],
      [{ dates: [day(), inDays(5)] }, 'The studio is closed on'],
      [{ window: 'night' }, timeWaitlistMessages.window],
      [{ email: '', phone: '' }, timeWaitlistMessages.contact],
      [{ email: 'not-an-email' }, 'email'],
      [{ consent: false }, timeWaitlistMessages.consent],
      [{ name: '' }, 'name'],
    ];
    for (const [overrides, message] of cases) {
      const response = await join({ ...joinBody(), ...overrides });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(((await response.json()) as { message: string }).message.toLowerCase()).toContain(message.toLowerCase());
    }
    expect(await db.select().from(timeWaitlistEntries)).toEqual([]);
  });

  it('takes an entry with only an email or only a WhatsApp number, and refuses another site’s form', async () => {
    await bookTimes(day(), ['09:00', '10:00', '11:00']);
    expect((await join(joinBody({ phone: '' }))).status).toBe(201);
    expect((await join(joinBody({ email: '', phone: '0809 111 2222' }))).status).toBe(201);
    const forged = await call('/api/time-waitlist', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify(joinBody()),
    });
    expect(forged.status).toBe(403);
  });

  it('keeps at most 3 entries waiting per email or phone (429), and a fourth once one is left', async () => {
    for (const days of [2, 3, 4, 5]) await bookTimes(inDays(days), ['09:00', '10:00', '11:00']);
    const ids = [];
    for (const days of [2, 3, 4]) ids.push(await joined({ dates: [inDays(days)] }));
    const fourth = await join(joinBody({ dates: [inDays(5)] }));
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({ message: timeWaitlistMessages.tooMany });
    // The same phone written another way, with another email.
    const byPhone = await join(joinBody({ email: 'other@example.com', phone: '+234 803 123 4567' }));
    expect(byPhone.status).toBe(429);
    expect((await staffCall(cookie, `/api/time-waitlist/${ids[0]}`, 'DELETE')).status).toBe(204);
    expect((await join(joinBody({ dates: [inDays(5)] }))).status).toBe(201);
  });
});

describe('matching a freed place', () => {
  it('offers it to the first in line whose part of the day it falls in', async () => {
    const [, ten, , , sixteen] = await bookTimes(day(), ['09:00', '10:00', '11:00', '15:00', '16:00', '17:00']);
    const late = await joined({ window: 'late', email: 'late@example.com', phone: '0801 000 0001' });
    const morning = await joined({ window: 'morning', email: 'morning@example.com', phone: '0801 000 0002' });
    const second = await joined({ window: 'morning', email: 'second@example.com', phone: '0801 000 0003' });
    // 16:00 frees (quietly: no run yet); nothing in the morning: nobody is offered it but "late".
    await freeQuietly([sixteen as { id: string; paymentReference: string | null }]);
    await offerNow([day()]);
    expect((await offersOf(late)).map((offer) => offer.time)).toEqual(['16:00']);
    expect(await offersOf(morning)).toEqual([]);

    expect((await staffCall(cookie, `/api/bookings/${ten?.id}`, 'PUT', cancelBody)).status).toBe(200);
    const [offer] = await offersOf(morning);
    expect(offer).toMatchObject({ date: day(), time: '10:00', therapistId: 'therapist-1', status: 'open' });
    expect(await offersOf(second)).toEqual([]);
    // Held for 15 minutes (the default), in the blocks a payment hold uses.
    expect(Date.parse(offer?.expiresAt ?? '') - Date.now()).toBe(15 * 60_000);
    const held = await db.all<{ n: number }>(
      sql`select count(*) as n from time_blocks where payment_reference = ${offer?.reference}`,
    );
    expect(held[0]?.n).toBe(8);
  });

  it('offers a place only to an entry whose treatments fit in it', async () => {
    const [, ten] = await bookTimes(day(), ['09:00', '10:00', '11:00', '12:00']);
    // Hotstone lasts 90 minutes: the freed hour at 10:00 cannot hold it.
    const long = await joined({ treatments: ['hotstone'], email: 'long@example.com', phone: '0801 000 0004' });
    const short = await joined({ treatments: ['swedish'], email: 'short@example.com', phone: '0801 000 0005' });
    await staffCall(cookie, `/api/bookings/${ten?.id}`, 'PUT', cancelBody);
    expect(await offersOf(long)).toEqual([]);
    expect((await offersOf(short)).map((offer) => offer.time)).toEqual(['10:00']);
  });

  it('offers a place only to an entry that asked for its therapist, or for any', async () => {
    await clearPaymentData(2);
    // Both therapists' mornings full.
    const booked = await bookTimes(day(), ['09:00', '09:00', '10:00', '10:00', '11:00', '11:00']);
    const second = await joined({ therapistId: 'therapist-2', email: 'two@example.com', phone: '0801 000 0006' });
    const anyone = await joined({ therapistId: 'any', email: 'any@example.com', phone: '0801 000 0007' });
    const freed = booked.find(
      (booking) => booking.time === '10:00' && 'therapistId' in booking && booking.therapistId === 'therapist-1',
    );
    await staffCall(cookie, `/api/bookings/${freed?.id}`, 'PUT', cancelBody);
    expect(await offersOf(second)).toEqual([]);
    expect((await offersOf(anyone)).map((offer) => [offer.time, offer.therapistId])).toEqual([
      ['10:00', 'therapist-1'],
    ]);
  });
});

describe('every kind of freeing offers the place', () => {
  it('a visitor cancelling on their manage page', async () => {
    await bookTimes(day(), ['09:00', '13:00']);
    // Swedish and Hotstone: 10:00 to 12:30 (the manage page's booking), so the morning is full.
    const { reference } = await startPaymentOk(
      bookingDetails({ appointmentDate: day(), appointmentTime: '10:00' }),
      5_500_000,
    );
    fake.settle(reference, 'success');
    const paid = (await (await verify(reference)).json()) as { data: { manageUrl: string } };
    const token = paid.data.manageUrl.split('/').pop();
    const entry = await joined({ email: 'wait@example.com', phone: '0801 000 0008' });
    await offerNow([day()]);
    expect(await offersOf(entry)).toEqual([]);
    const cancelled = await call(`/api/manage-booking/${token}/cancel`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(cancelled.status).toBe(200);
    expect((await offersOf(entry)).map((offer) => offer.time)).toEqual(['10:00']);
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'waitlist-offer'));
    expect(sent.map((message) => [message.channel, message.recipient]).sort()).toEqual([
      ['email', 'wait@example.com'],
      ['whatsapp', '0801 000 0008'],
    ]);
    expect(sent[0]?.text).toMatch(/\/waitlist-offer\/WO-[0-9a-f-]{36}\.[\w-]{43}/);
  });

  it('staff moving a booking to another day', async () => {
    const [, ten] = await bookTimes(day(), ['09:00', '10:00', '11:00']);
    const entry = await joined();
    const moved = await staffCall(cookie, `/api/bookings/${ten?.id}`, 'PUT', { date: inDays(3), time: '10:00' });
    expect(moved.status).toBe(200);
    expect((await offersOf(entry)).map((offer) => [offer.date, offer.time])).toEqual([[day(), '10:00']]);
  });

  it('an unpaid hold lapsing (the cron offers it)', async () => {
    await bookTimes(day(), ['09:00', '11:00']);
    await startPaymentOk(
      bookingDetails({ appointmentDate: day(), appointmentTime: '10:00', subservices: ['Swedish'], amount: 25_000 }),
      2_500_000,
    );
    const entry = await joined();
    await offerNow();
    expect(await offersOf(entry)).toEqual([]);
    clockAt('10:31');
    await offerNow();
    expect((await offersOf(entry)).map((offer) => offer.time)).toEqual(['10:00']);
  });

  it('staff taking back a day off', async () => {
    await db.insert(therapistTimeOff).values({ therapistId: 'therapist-1', date: day(), reason: 'Training' });
    const entry = await joined();
    await offerNow();
    expect(await offersOf(entry)).toEqual([]);
    const back = await staffCall(cookie, `/api/staff/therapist-1/time-off/${day()}`, 'DELETE');
    expect(back.status).toBe(204);
    expect((await offersOf(entry)).map((offer) => offer.time)).toEqual(['09:00']);
  });

  it('staff reopening a closed day', async () => {
    await bookTimes(inDays(3), ['09:00', '10:00', '11:00']);
    const morning = await bookTimes(day(), ['09:00', '10:00', '11:00']);
    // Joined at night (no offer then), before staff closed the day and its bookings were cancelled.
    clockAt('22:00');
    const entry = await joined({ dates: [day(), inDays(3)] });
    await db.insert(closures).values({ date: day(), reason: 'Staff training' });
    await freeQuietly(morning);
    clockAt('10:00');
    await offerNow();
    expect((await offersOf(entry)).map((offer) => [offer.date, offer.time])).toEqual([]);
    expect((await staffCall(cookie, `/api/closures/${day()}`, 'DELETE')).status).toBe(204);
    expect((await offersOf(entry)).map((offer) => [offer.date, offer.time])).toEqual([[day(), '09:00']]);
  });

  it('staff widening a therapist’s hours', async () => {
    const morningsOnly = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => [weekday, [{ start: '09:00', end: '12:00' }]]),
    );
    expect((await staffCall(cookie, '/api/staff/therapist-1', 'PUT', { hours: morningsOnly })).status).toBe(200);
    const entry = await joined({ window: 'late' });
    await offerNow();
    expect(await offersOf(entry)).toEqual([]);
    const allDay = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => [weekday, [{ start: '09:00', end: '18:00' }]]),
    );
    expect((await staffCall(cookie, '/api/staff/therapist-1', 'PUT', { hours: allDay })).status).toBe(200);
    expect((await offersOf(entry)).map((offer) => offer.time)).toEqual(['15:00']);
  });
});

describe('the staff side', () => {
  it('lists who waits for a day with their live offer, for reception too but not therapists', async () => {
    const [, ten] = await bookTimes(day(), ['09:00', '10:00', '11:00']);
    const first = await joined({ name: 'Ada Obi' });
    const second = await joined({ name: 'Bisi Ade', email: 'bisi@example.com', phone: '0805 000 0000' });
    await staffCall(cookie, `/api/bookings/${ten?.id}`, 'PUT', cancelBody);
    const response = await staffCall(cookie, `/api/time-waitlist?date=${day()}`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as {
      entries: Array<{ _id: string; position: number; offer: { time: string; expiresAt: string } | null }>;
      month: { filled: number; revenue: number };
    };
    expect(list.entries.map((entry) => [entry._id, entry.position, entry.offer?.time ?? null])).toEqual([
      [first, 1, '10:00'],
      [second, 2, null],
    ]);
    expect(list.month).toEqual({ filled: 0, revenue: 0 });
    expect((await staffCall(cookie, '/api/time-waitlist?date=soon')).status).toBe(400);

    // The Calendar: "2 waiting" on the day, and the offered place held for Ada.
    const calendar = (await (await staffCall(cookie, `/api/calendar?from=${day()}&to=${inDays(3)}`)).json()) as {
      waiting: Record<string, number>;
      holds: Array<{ name: string; time: string; waitlistOffer: boolean }>;
    };
    expect(calendar.waiting).toEqual({ [day()]: 2 });
    expect(calendar.holds.map((hold) => [hold.name, hold.time, hold.waitlistOffer])).toEqual([
      ['Ada Obi', '10:00', true],
    ]);

    const reception = await staffSession('reception', 'desk@waitlist.test');
    expect((await staffCall(reception, `/api/time-waitlist?date=${day()}`)).status).toBe(200);
    const therapist = await staffSession('therapist', 'hands@waitlist.test', 'therapist-1');
    expect((await staffCall(therapist, `/api/time-waitlist?date=${day()}`)).status).toBe(403);
    expect((await staffCall(therapist, `/api/time-waitlist/${second}`, 'DELETE')).status).toBe(403);
  });

  it('offers a place by hand and removes an entry, whose offered place then goes to the next', async () => {
    const [, ten] = await bookTimes(day(), ['09:00', '10:00', '11:00']);
    // At night: nobody is offered the 10:00 freed then until staff do it by hand.
    clockAt('22:00');
    const first = await joined();
    const second = await joined({ email: 'bisi@example.com', phone: '0805 000 0000' });
    await freeQuietly([ten as { id: string; paymentReference: string | null }]);
    await offerNow();
    expect(await openOffers()).toEqual([]);
    // Signed in on this (fixed) clock: a session lasts 8 hours.
    const night = await signIn();
    const byHand = await staffCall(night, `/api/time-waitlist/${first}/offer`, 'POST', { date: day(), time: '10:00' });
    expect(byHand.status).toBe(201);
    expect(await byHand.json()).toMatchObject({ date: day(), time: '10:00', therapistId: 'therapist-1' });
    const otherDay = await staffCall(night, `/api/time-waitlist/${second}/offer`, 'POST', {
      date: inDays(5),
      time: '10:00',
    });
    expect(await otherDay.json()).toMatchObject({ message: timeWaitlistMessages.notThatDay });
    const again = await staffCall(night, `/api/time-waitlist/${second}/offer`, 'POST', { date: day(), time: '10:00' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: timeWaitlistMessages.notAvailable });

    expect((await staffCall(night, `/api/time-waitlist/${first}`, 'DELETE')).status).toBe(204);
    expect((await staffCall(night, `/api/time-waitlist/${first}`, 'DELETE')).status).toBe(404);
    const [withdrawn] = await offersOf(first);
    expect(withdrawn?.status).toBe('withdrawn');
    // Still night: the place is back on sale, offered to the next in line in the morning.
    expect(await offersOf(second)).toEqual([]);
    clockAt('07:00', 1);
    await offerNow();
    expect((await offersOf(second)).map((offer) => offer.time)).toEqual(['10:00']);
  });

  it('holds an offered place for the minutes staff set (5 to 120)', async () => {
    for (const wrong of [4, 121, 15.5]) {
      expect((await staffCall(cookie, '/api/schedule-settings', 'PUT', { offerMinutes: wrong })).status).toBe(400);
    }
    const set = await staffCall(cookie, '/api/schedule-settings', 'PUT', { offerMinutes: 30 });
    expect(await set.json()).toMatchObject({ offerMinutes: 30 });
    const entry = await joinedWhileFull();
    await offerNow();
    const [offer] = await offersOf(entry);
    expect(Date.parse(offer?.expiresAt ?? '') - Date.now()).toBe(30 * 60_000);
  });

  it('forgets entries 90 days after they ended, with their offers', async () => {
    const morning = await bookTimes(day(), ['09:00', '10:00', '11:00']);
    const old = await joined({ email: 'old@example.com', phone: '' });
    const recent = await joined({ email: 'recent@example.com', phone: '' });
    const waiting = await joined({ email: 'waiting@example.com', phone: '' });
    await freeQuietly(morning);
    await offerNow();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await db
      .update(timeWaitlistEntries)
      .set({ status: 'left', endedAt: daysAgo(91) })
      .where(eq(timeWaitlistEntries.id, old));
    await db
      .update(timeWaitlistEntries)
      .set({ status: 'booked', endedAt: daysAgo(10) })
      .where(eq(timeWaitlistEntries.id, recent));
    expect(await offersOf(old)).toHaveLength(1);
    await forgetEndedEntries(db, new Date());
    const left = (await db.select().from(timeWaitlistEntries)).map((entry) => entry.id).sort();
    expect(left).toEqual([recent, waiting].sort());
    expect(await offersOf(old)).toEqual([]);
  });

  it('shows entries on the client record and erases them with the client', async () => {
    const visit = await seedBooking({ date: inDays(-10), email: 'ada@example.com', phone: '+2348031234567' });
    const entry = await joinedWhileFull({ email: 'ADA@example.com', phone: '0803 123 4567' });
    const client = await db.get<{ clientId: string }>(
      sql`select client_id as clientId from bookings where id = ${visit.id}`,
    );
    const record = await staffCall(cookie, `/api/clients/${client?.clientId}`);
    expect(
      ((await record.json()) as { timeWaitlist: Array<{ _id: string }> }).timeWaitlist.map((each) => each._id),
    ).toEqual([entry]);
    await offerNow();
    expect(await offersOf(entry)).toHaveLength(1);
    const erased = await staffCall(cookie, `/api/clients/${client?.clientId}`, 'DELETE');
    expect(erased.status).toBe(200);
    expect(await db.select().from(timeWaitlistEntries)).toEqual([]);
    expect(await db.all(sql`select * from time_blocks where payment_reference like 'WO-%'`)).toEqual([]);
  });
});
