// A booking's private manage link: given on confirmation, unguessable, stored only as a hash, and
// the 24-hour notice in Lagos time that decides whether the visitor may still change it.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, closures, outboxMessages, payments } from '../../../worker/db/schema';
import { manageBookingMessages } from '../../../worker/routes/bookings/manage-booking';
import {
  canChange,
  cancelOwnBooking,
  changeableUntil,
  manageMessages,
  rescheduleOwnBooking,
} from '../../../worker/services/bookings/manage-booking';
import { manageToken, manageTokenHash } from '../../../worker/services/bookings/manage-tokens';
import { lagosDate, lagosToUtc } from '../../../worker/shared/time';
import { paidBooking } from '../checkout/paid-booking';
import { bookingDetails, inDays, insertPaidBooking, tomorrow } from '../checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  startPaymentOk,
  verify,
  withFakePaystack,
} from '../checkout/payment-harness';

withFakePaystack();

beforeEach(clearPaymentData);

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
