// A booking's private manage link: given on confirmation, unguessable, stored only as a hash, and
// the 24-hour notice in Lagos time that decides whether the visitor may still change it.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, closures, outboxMessages, payments, refunds } from '../../worker/db/schema';
import { manageBookingMessages } from '../../worker/routes/manage-booking';
import {
  canChange,
  cancelOwnBooking,
  changeableUntil,
  manageMessages,
  rescheduleOwnBooking,
} from '../../worker/services/manage-booking';
import { manageToken, manageTokenHash } from '../../worker/services/manage-tokens';
import { MAX_REFUND_ATTEMPTS, retryRefunds } from '../../worker/services/refunds';
import type { BookingDetailsInput } from '../../worker/shared/booking-schema';
import { lagosDate, lagosToUtc } from '../../worker/shared/time';
import { bookingDetails, inDays, insertPaidBooking, tomorrow } from './payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  liveEnv,
  startPaymentOk,
  testModeEnv,
  verify,
  withFakePaystack,
} from './payment-harness';

withFakePaystack();

beforeEach(clearPaymentData);

/** Books and pays tomorrow at `time`; returns what the confirmation page receives. */
async function paidBooking(time: BookingDetailsInput['appointmentTime'] = '10:00', date = tomorrow()) {
  const { reference } = await startPaymentOk(
    bookingDetails({ appointmentDate: date, appointmentTime: time }),
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
        treatmentIds: ['swedish', 'hotstone'],
        date,
        time: '15:00',
        endTime: '17:30',
        durationMinutes: 150,
        therapist: { _id: 'therapist-1', name: 'Therapist 1' },
        payment: 'paystack',
        serviceStatus: 'booked',
        amount: 55_000,
        amountPaid: 55_000,
        balanceDue: 0,
        paidOnline: 55_000,
        paidByVoucher: 0,
      },
      canChange: Date.now() < lagosToUtc(date, '15:00').getTime() - 24 * 3_600_000,
      slotTaken: false,
      changeableUntil: new Date(lagosToUtc(date, '15:00').getTime() - 24 * 3_600_000).toISOString(),
      refund: null,
    });
  });

  it('is the same link on the confirmation page and in its email, and a different one per booking', async () => {
    const first = await paidBooking('11:00');
    const emails = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'booking-confirmation'));
    expect(emails.some((email) => email.text.includes(`${first.manageUrl}`))).toBe(true);
    // The confirmation page shows it once: asked again, the same browser gets the receipt alone.
    const again = (await (await verify(first.reference)).json()) as { data: { manageUrl?: string } };
    expect(again.data.manageUrl).toBeUndefined();
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

  it('keeps working when the pepper and LINK_SECRET are rotated: it has a secret of its own', async () => {
    const { reference, manageUrl } = await paidBooking();
    const token = manageUrl.split('/').at(-1) ?? '';
    const rotated = { ...env, ADMIN_PASSWORD_PEPPER: 'a-new-pepper', LINK_SECRET: 'a-new-link-secret' };
    expect((await call(`/api/manage-booking/${token}`, {}, rotated)).status).toBe(200);
    // The reminder writes the same link again.
    expect(await manageToken(reference, rotated.MANAGE_LINK_SECRET)).toBe(token);
    // Each purpose has its own key: the same text under LINK_SECRET's purposes gives another token.
    expect(await manageToken(reference, env.LINK_SECRET)).not.toBe(token);
  });

  it('cannot be guessed or forged: another secret, an altered token or a malformed one opens nothing', async () => {
    const { reference, manageUrl } = await paidBooking();
    const token = manageUrl.split('/').at(-1) ?? '';
    const forged = await manageToken(reference, 'not-the-pepper');
    expect(forged).not.toBe(token);
    expect(await manageToken(reference, env.MANAGE_LINK_SECRET)).toBe(token);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const candidate of [forged, altered, 'short', `${token}x`, token.replace(/.$/, '!')]) {
      const response = await call(`/api/manage-booking/${encodeURIComponent(candidate)}`);
      expect(response.status, candidate).toBe(404);
      expect(await response.json()).toEqual({ message: manageBookingMessages.notFound });
    }
  });
});

describe('the 24-hour notice, in Lagos time', () => {
  const booked = { serviceStatus: 'booked' as const, date: '2026-12-24', time: '10:00', needsAttention: false };
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

  it('does not hold for a booking paid into a slot that had filled: it may change until it is moved', () => {
    const overbooked = { ...booked, needsAttention: true };
    expect(canChange(overbooked, new Date(limit.getTime() + 60_000))).toBe(true);
    expect(canChange({ ...overbooked, serviceStatus: 'cancelled' }, limit)).toBe(false);
  });
});

describe('a booking paid after its hold ran out, into a slot that had filled', () => {
  /** Two bookings fill today's or tomorrow's `time` while a third visitor's hold runs out; then they pay. */
  async function latePayment() {
    const details = bookingDetails({ appointmentDate: tomorrow(), appointmentTime: '13:00' });
    const late = await startPaymentOk(details, 5_500_000);
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, late.reference));
    for (const email of ['b@example.com', 'c@example.com']) {
      const other = await startPaymentOk({ ...details, customerEmail: email }, 5_500_000);
      fake.settle(other.reference, 'success');
      expect((await verify(other.reference)).status).toBe(200);
    }
    await db.delete(outboxMessages);
    fake.settle(late.reference, 'success');
    const answer = (await (await verify(late.reference)).json()) as {
      data: { needsAttention: boolean; manageUrl: string };
    };
    expect(answer.data.needsAttention).toBe(true);
    return { reference: late.reference, token: answer.data.manageUrl.split('/').at(-1) ?? '' };
  }

  it('asks the visitor (email and WhatsApp) to choose another time and warns the studio, once', async () => {
    const { reference, token } = await latePayment();
    expect((await verify(reference)).status).toBe(200);
    const messages = await db.select().from(outboxMessages);
    expect(messages.map((message) => `${message.template}:${message.channel}`).sort()).toEqual([
      'booking-confirmation:email',
      'booking-confirmation:whatsapp',
      'booking-notice:email',
    ]);
    const email = messages.find(
      (message) => message.channel === 'email' && message.template === 'booking-confirmation',
    );
    expect(email?.subject).toBe('Payment received: please choose another time');
    expect(email?.text).toContain('was taken by another client while you were paying');
    expect(email?.text).toContain(`/manage-booking/${token}`);
    expect(email?.text).not.toContain('confirmed');
    const whatsapp = messages.find((message) => message.channel === 'whatsapp');
    expect(whatsapp?.whatsappTemplate?.name).toBe('booking_slot_taken');
    const notice = messages.find((message) => message.template === 'booking-notice');
    expect(notice?.subject).toMatch(/^Over capacity: move this booking: /);
  });

  it('lets the visitor move it to any later time with room, even within 24 hours, which settles it', async () => {
    const { reference, token } = await latePayment();
    const view = (await (await call(`/api/manage-booking/${token}`)).json()) as Record<string, unknown>;
    expect(view).toMatchObject({ canChange: true, slotTaken: true });
    // Three hours before the booking, to two hours after it: refused for any other booking.
    const now = lagosToUtc(tomorrow(), '10:00');
    const [row] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    if (!row) throw new Error('the late booking was not recorded');
    // Both therapists are with the others until 15:30: the next morning is free.
    const moved = await rescheduleOwnBooking(db, row, { date: inDays(2), time: '09:00' }, now);
    expect(moved).toMatchObject({ ok: true, booking: { time: '09:00', needsAttention: false } });
    const after = (await (await call(`/api/manage-booking/${token}`)).json()) as Record<string, unknown>;
    expect(after).toMatchObject({ slotTaken: false, booking: { time: '09:00' } });
    const settled = { ...row, needsAttention: false };
    expect(await rescheduleOwnBooking(db, settled, { date: tomorrow(), time: '16:00' }, now)).toEqual({
      ok: false,
      message: manageMessages.tooLate,
    });
  });

  it('lets the visitor cancel it for a full refund, however near it is', async () => {
    const { reference, token } = await latePayment();
    const now = lagosToUtc(tomorrow(), '12:00');
    const [row] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    if (!row) throw new Error('the late booking was not recorded');
    expect(await cancelOwnBooking(db, row, now, false)).toMatchObject({ ok: true, refund: { amount: 55_000 } });
    const view = (await (await call(`/api/manage-booking/${token}`)).json()) as Record<string, unknown>;
    expect(view).toMatchObject({ canChange: false, slotTaken: false, booking: { serviceStatus: 'cancelled' } });
  });
});

describe('a cancelled booking', () => {
  it('gives its place back to the slot', async () => {
    // Two days on: a visitor may cancel online until 24 hours before, whatever the hour this runs.
    const date = inDays(2);
    const { manageUrl } = await paidBooking('15:00', date);
    const left = async () => {
      const body = (await (await call(`/api/availability?date=${date}`)).json()) as {
        slots: Array<{ time: string; left: number }>;
      };
      return body.slots.find((slot) => slot.time === '15:00')?.left;
    };
    expect(await left()).toBe(1);
    const cancelled = await call(`/api${manageUrl}/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://localhost' },
      body: '{}',
    });
    expect(cancelled.status).toBe(200);
    expect(await left()).toBe(2);
  });
});

describe('rescheduling through the manage link', () => {
  /** A paid booking written straight into D1, with its manage link; `date` defaults to 3 days on. */
  async function storedBooking(index: number, date = inDays(3), time: string = '10:00') {
    const reference = `BK-MOVE-${index}-${crypto.randomUUID().slice(0, 8)}`;
    const token = await manageToken(reference, env.MANAGE_LINK_SECRET);
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
      headers: { 'Content-Type': 'application/json', Origin: 'https://localhost', ...headers },
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
      [{ date: inDays(5), time: '11:00' }, manageMessages.full],
      [{ date: inDays(6), time: '11:00' }, manageMessages.closed('Public holiday')],
      [{ date: lagosDate(new Date()), time: '17:00' }, manageMessages.tooSoon],
      [{ date: inDays(3), time: '10:00' }, manageMessages.sameSlot],
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
      message: manageMessages.tooLate,
    });
    const token = await storedBooking(2);
    await db.update(bookings).set({ serviceStatus: 'cancelled' }).where(eq(bookings.name, 'Client 2'));
    const response = await move(token, { date: inDays(4), time: '10:00' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: manageMessages.notBooked });
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

describe('cancelling through the manage link', () => {
  /** Booked and paid through the fake Paystack (so it can refund it), `days` from today. */
  async function paidOn(days: number, time: BookingDetailsInput['appointmentTime'] = '10:00', environment = liveEnv) {
    const { reference } = await startPaymentOk(
      bookingDetails({ appointmentDate: inDays(days), appointmentTime: time }),
      5_500_000,
      environment,
    );
    if (environment === liveEnv) fake.settle(reference, 'success');
    else await db.update(payments).set({ testCheckoutOutcome: 'paid' }).where(eq(payments.reference, reference));
    const body = (await (await verify(reference, environment)).json()) as { data: { manageUrl: string } };
    return { reference, token: body.data.manageUrl.split('/').at(-1) ?? '' };
  }

  const cancel = (token: string, environment = liveEnv, body: unknown = {}) =>
    call(
      `/api/manage-booking/${token}/cancel`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://localhost' },
        body: JSON.stringify(body),
      },
      environment,
    );
  const move = (token: string, to: { date: string; time: string }) =>
    call(`/api/manage-booking/${token}/reschedule`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://localhost' },
      body: JSON.stringify(to),
    });
  const view = async (token: string) =>
    (await (await call(`/api/manage-booking/${token}`)).json()) as {
      booking: { serviceStatus: string; date: string; time: string };
      canChange: boolean;
      refund: { status: string; amount: number; testMode: boolean } | null;
    };

  it('cancels, asks Paystack to refund the transaction, frees the place and shows the refund pending', async () => {
    const { reference, token } = await paidOn(3, '13:00');
    const response = await cancel(token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { booking: { serviceStatus: string }; refund: unknown };
    expect(body.booking.serviceStatus).toBe('cancelled');
    expect(body.refund).toEqual({ status: 'pending', amount: 55_000, testMode: false });
    expect(fake.refundCalls).toEqual([{ transaction: reference }]);
    const [refund] = [...fake.refunds.values()];
    expect(refund).toMatchObject({ transaction: reference, amount: 5_500_000 });

    const seen = await view(token);
    expect(seen).toMatchObject({ booking: { serviceStatus: 'cancelled' }, canChange: false });
    expect(seen.refund).toEqual({ status: 'pending', amount: 55_000, testMode: false });
    const slots = (await (await call(`/api/availability?date=${inDays(3)}`)).json()) as {
      slots: Array<{ time: string; left: number }>;
    };
    expect(slots.slots.find((slot) => slot.time === '13:00')?.left).toBe(2);
  });

  it('leaves the link good only for viewing: no second cancel, no move, one refund', async () => {
    const { token } = await paidOn(3);
    expect((await cancel(token)).status).toBe(200);
    const again = await cancel(token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: manageMessages.alreadyCancelled });
    const moved = await move(token, { date: inDays(4), time: '10:00' });
    expect(moved.status).toBe(409);
    expect(await moved.json()).toEqual({ message: manageMessages.notBooked });
    expect(fake.refundCalls).toHaveLength(1);
    expect(await db.select().from(refunds)).toHaveLength(1);
    expect((await call(`/api/manage-booking/${token}`)).status).toBe(200);
  });

  it('refunds once when the same booking is cancelled 10 times at once', async () => {
    const { token } = await paidOn(4);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => cancel(token)))).map((r) => r.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(fake.refundCalls).toHaveLength(1);
    expect(await db.select().from(refunds)).toHaveLength(1);
    expect(await db.select().from(bookingEvents)).toHaveLength(1);
  });

  it('gives one consistent outcome when a cancel races a move of the same booking', async () => {
    const bookingsRaced: Array<{ reference: string; token: string }> = [];
    // Five visits of two and a half hours: both therapists' mornings and afternoons, and one more.
    const times = ['09:00', '09:00', '12:00', '12:00', '15:00'] as const;
    for (const time of times) bookingsRaced.push(await paidOn(3, time));
    await Promise.all(
      bookingsRaced.map(({ token }, index) =>
        Promise.all([cancel(token), move(token, { date: inDays(5), time: times[index] ?? '09:00' })]),
      ),
    );
    for (const { reference } of bookingsRaced) {
      const [row] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
      const events = await db
        .select()
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, row?.id ?? ''));
      const refundRows = await db.select().from(refunds).where(eq(refunds.paymentReference, reference));
      expect(events).toHaveLength(1);
      if (row?.serviceStatus === 'cancelled') {
        // The cancel won: the booking stayed where it was, and its money goes back.
        expect(row.date).toBe(inDays(3));
        expect(events[0]?.kind).toBe('cancelled');
        expect(refundRows).toHaveLength(1);
      } else {
        // The move won: booked at the new time, nothing refunded.
        expect(row).toMatchObject({ serviceStatus: 'booked', date: inDays(5) });
        expect(events[0]?.kind).toBe('rescheduled');
        expect(refundRows).toHaveLength(0);
      }
    }
  });

  it('refuses within 24 hours of the start and changes nothing', async () => {
    // An appointment on the hour, 2 to 3 hours from now (Lagos time).
    const start = new Date(Date.now() + 3 * 3_600_000);
    const hour = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Africa/Lagos',
    }).format(start);
    const reference = `BK-SOON-${crypto.randomUUID().slice(0, 8)}`;
    const token = await manageToken(reference, env.MANAGE_LINK_SECRET);
    await insertPaidBooking(db, {
      reference,
      date: lagosDate(start),
      time: `${hour}:00`,
      manageTokenHash: await manageTokenHash(token),
    });
    const response = await cancel(token);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: manageMessages.tooLate });
    const [row] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(row?.serviceStatus).toBe('booked');
    expect(await db.select().from(refunds)).toHaveLength(0);
    expect(fake.refundCalls).toHaveLength(0);
  });

  it('takes only a JSON object from the site itself', async () => {
    const { token } = await paidOn(3);
    const foreign = await call(`/api/manage-booking/${token}/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect((await cancel(token, liveEnv, [])).status).toBe(400);
    expect((await cancel('x'.repeat(43))).status).toBe(404);
    expect((await view(token)).booking.serviceStatus).toBe('booked');
  });

  it('records the refund as processed and TEST MODE without a Paystack key, calling no one', async () => {
    const { token } = await paidOn(3, '10:00', testModeEnv);
    const response = await cancel(token, testModeEnv);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { refund: unknown }).refund).toEqual({
      status: 'processed',
      amount: 55_000,
      testMode: true,
    });
    expect(fake.refundCalls).toHaveLength(0);
  });

  it('still cancels when Paystack fails; the cron retries until Paystack accepts, then follows it to processed', async () => {
    const { reference, token } = await paidOn(3);
    fake.refundOutage = 503;
    const response = await cancel(token);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { refund: { status: string } }).refund.status).toBe('failed');
    expect((await view(token)).booking.serviceStatus).toBe('cancelled');
    const [failed] = await db.select().from(refunds);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toContain('503');

    await retryRefunds(liveEnv, new Date());
    expect((await db.select().from(refunds))[0]).toMatchObject({ status: 'failed', attempts: 2 });

    fake.refundOutage = undefined;
    await retryRefunds(liveEnv, new Date());
    const [accepted] = await db.select().from(refunds);
    expect(accepted).toMatchObject({ status: 'pending', attempts: 3, lastError: null });
    expect(accepted?.paystackRefundId).toEqual(expect.any(String));
    expect(fake.refundCalls.filter((body) => body.transaction === reference)).toHaveLength(3);

    // Paystack finishes processing; the next run sees it and asks for no new refund.
    const paystackRefund = fake.refunds.get(Number(accepted?.paystackRefundId));
    if (paystackRefund) paystackRefund.status = 'processed';
    await retryRefunds(liveEnv, new Date());
    expect((await db.select().from(refunds))[0]).toMatchObject({ status: 'processed' });
    expect((await view(token)).refund?.status).toBe('processed');
    expect(fake.refundCalls).toHaveLength(3);
  });

  it('takes Paystack at its word when a retried refund was already made (its first answer was lost)', async () => {
    const { reference, token } = await paidOn(3);
    fake.refundOutage = 502;
    await cancel(token);
    fake.refundOutage = undefined;
    // The first call did reach Paystack after all: it holds a refund of the transaction.
    fake.refunds.set(1, { id: 1, transaction: reference, amount: 5_500_000, status: 'processing' });
    await retryRefunds(liveEnv, new Date());
    expect((await db.select().from(refunds))[0]).toMatchObject({ status: 'processed', lastError: null });
    expect(fake.refunds.size).toBe(1);
  });

  it('stops retrying after the last attempt, leaving the refund failed for staff', async () => {
    const { token } = await paidOn(3);
    fake.refundOutage = 500;
    await cancel(token);
    for (let run = 0; run < MAX_REFUND_ATTEMPTS + 3; run += 1) await retryRefunds(liveEnv, new Date());
    expect((await db.select().from(refunds))[0]).toMatchObject({ status: 'failed', attempts: MAX_REFUND_ATTEMPTS });
    expect(fake.refundCalls).toHaveLength(MAX_REFUND_ATTEMPTS);
  });

  it('tells the visitor (email and WhatsApp) and the studio, once each, for a move and for the cancel', async () => {
    const { token } = await paidOn(3, '11:00');
    await db.delete(outboxMessages);
    expect((await move(token, { date: inDays(4), time: '15:00' })).status).toBe(200);
    expect((await cancel(token)).status).toBe(200);
    const messages = await db.select().from(outboxMessages);
    const summary = messages.map((message) => `${message.template}:${message.channel}:${message.recipient}`).sort();
    expect(summary).toEqual(
      [
        'booking-cancelled:email:ada@example.com',
        'booking-cancelled:whatsapp:0803 123 4567',
        `booking-notice:email:${env.STUDIO_EMAIL}`,
        `booking-notice:email:${env.STUDIO_EMAIL}`,
        'booking-rescheduled:email:ada@example.com',
        'booking-rescheduled:whatsapp:0803 123 4567',
      ].sort(),
    );
    const moved = messages.find((message) => message.template === 'booking-rescheduled' && message.channel === 'email');
    expect(moved?.text).toContain('Previously:');
    expect(moved?.text).toContain(`/manage-booking/${token}`);
    const cancelled = messages.find(
      (message) => message.template === 'booking-cancelled' && message.channel === 'email',
    );
    expect(cancelled?.text).toContain('We have asked Paystack to refund ₦55,000');
  });
});
