// The health form before the visit: a booking staff took sends a private link to the
// same questions and consent as the online form; the answers are stored as an online booking's,
// once, until the visit ends; an altered link opens nothing; the cron sends the link again a day
// before while the answers are missing.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, outboxMessages } from '../../../worker/db/schema';
import { queueReminders } from '../../../worker/services/bookings/reminders';
import { visitFormToken } from '../../../worker/services/bookings/visit-form-links';
import type { TodayView } from '../../../worker/services/day/today';
import { visitFormMessages } from '../../../worker/services/day/visit-forms';
import { bookingMessages as formMessages } from '../../../worker/shared/bookings/booking';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { adminCall, call, clearData, db, jsonInit, seedBooking, signIn } from '../admin-harness';
import { inDays } from '../checkout/payment-fixtures';

let owner: string;
beforeAll(async () => {
  owner = await signIn();
});
beforeEach(async () => {
  await clearData();
  await db.delete(outboxMessages);
});

const answers = {
  previousMassageTherapy: true,
  onMedication: true,
  medicationDetails: 'Lisinopril 10mg',
  exercising: true,
  exerciseFrequency: 3,
  exerciseHours: 4,
  healthConditions: ['High Blood pressure'],
  notes: 'Left knee is sore.',
  disclaimerAgreed: true,
};

/** A booking taken by phone, as reception takes it: its id. */
async function phoneBooking(date = inDays(5), time = '11:00') {
  const response = await adminCall(owner, '/api/bookings', 'POST', {
    name: 'Funke Ade',
    phone: '0803 222 3333',
    email: 'funke@example.com',
    subservices: ['Swedish'],
    date,
    time,
    payment: 'unpaid',
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { booking: { _id: string } }).booking._id;
}

const formOf = async (id: string) => `/api/visit-form/${await visitFormToken(id, env.MANAGE_LINK_SECRET)}`;
const send = (path: string, body: unknown) => call(path, jsonInit('POST', body));
const rowOf = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0];

describe('the visit form link', () => {
  it('goes by email and WhatsApp with a booking staff took, and Today shows the form missing', async () => {
    const id = await phoneBooking();
    const path = await formOf(id);
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'visit-form'));
    expect(sent.map((message) => [message.channel, message.recipient]).sort()).toEqual([
      ['email', 'funke@example.com'],
      ['whatsapp', '0803 222 3333'],
    ]);
    const link = `${env.SITE_URL.replace(/\/$/, '')}${path.replace('/api', '')}`;
    expect(sent.find((message) => message.channel === 'email')?.text).toContain(link);
    expect(sent.find((message) => message.channel === 'whatsapp')?.whatsappTemplate).toEqual({
      name: 'visit_form',
      parameters: ['Funke Ade', expect.any(String), link],
    });
    const today = (await (await adminCall(owner, `/api/today?date=${inDays(5)}`)).json()) as TodayView;
    expect(today.visits[0]).toMatchObject({ form: 'missing', formPath: path.replace('/api', '') });
  });

  it('shows the visit, never answers, takes the answers once as an online booking’s, and says so after', async () => {
    const id = await phoneBooking();
    const path = await formOf(id);
    const opened = await call(path);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({
      visit: {
        firstName: 'Funke',
        date: inDays(5),
        time: '11:00',
        treatments: ['Swedish'],
        therapist: expect.any(String),
      },
      done: false,
    });

    const saved = await send(path, answers);
    expect(saved.status).toBe(200);
    // Stored as an online booking's answers are: every one, in the booking's own columns.
    const { disclaimerAgreed: _, ...stored } = answers;
    expect(await rowOf(id)).toMatchObject({ ...stored, healthFormAt: expect.any(String) });
    const again = await call(path);
    expect(await again.json()).toMatchObject({ done: true });
    expect(JSON.stringify(await (await call(path)).json())).not.toContain('Lisinopril');
    const twice = await send(path, { ...answers, medicationDetails: 'Something else' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: visitFormMessages.done });
    expect((await rowOf(id))?.medicationDetails).toBe('Lisinopril 10mg');
    const today = (await (await adminCall(owner, `/api/today?date=${inDays(5)}`)).json()) as TodayView;
    expect(today.visits[0]).toMatchObject({ form: 'done', formPath: null });
  });

  it('refuses what the online form refuses, with the field’s message, and changes nothing', async () => {
    const id = await phoneBooking();
    const path = await formOf(id);
    for (const [body, message] of [
      [{ ...answers, medicationDetails: '' }, formMessages.medicationDetails],
      [{ ...answers, disclaimerAgreed: false }, formMessages.noDisclaimer],
      [{ ...answers, healthConditions: ['Something made up'] }, undefined],
      [{ ...answers, exerciseFrequency: 99 }, undefined],
      [{ ...answers, notes: 'Line\u0000break' }, undefined],
    ] as const) {
      const response = await send(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (message) expect(await response.json()).toMatchObject({ message });
    }
    expect((await rowOf(id))?.healthFormAt).toBeNull();
  });

  it('opens nothing when altered or made up, and nothing once the visit has ended', async () => {
    const id = await phoneBooking();
    const path = await formOf(id);
    const altered = `${path.slice(0, -2)}${path.endsWith('AA') ? 'BB' : 'AA'}`;
    const other = await phoneBooking(inDays(6));
    const swapped = path.replace(id, other);
    for (const wrong of [altered, swapped, '/api/visit-form/not-a-token', `/api/visit-form/${id}`]) {
      const response = await call(wrong);
      expect(response.status, wrong).toBe(404);
      expect(await response.json()).toEqual({ message: visitFormMessages.invalid });
      expect((await send(wrong, answers)).status, wrong).toBe(404);
    }

    // Over: its time passed, or completed, or cancelled.
    const past = await seedBooking({ date: addDays(lagosDate(new Date()), -1), healthFormAt: null });
    const cancelled = await seedBooking({ date: inDays(3), healthFormAt: null });
    await db.update(bookings).set({ serviceStatus: 'cancelled' }).where(eq(bookings.id, cancelled.id));
    for (const ended of [past.id, cancelled.id]) {
      const response = await call(await formOf(ended));
      expect(response.status).toBe(410);
      expect(await response.json()).toEqual({ message: visitFormMessages.ended });
      expect((await send(await formOf(ended), answers)).status).toBe(410);
    }
    expect((await rowOf(past.id))?.healthFormAt).toBeNull();
  });

  it('goes again with the reminder a day before while the answers are missing, never once they are in', async () => {
    const start = new Date(Date.now() + 20 * 3_600_000 + 3_600_000);
    const date = start.toISOString().slice(0, 10);
    const time = `${start.toISOString().slice(11, 13)}:00`;
    const missing = await seedBooking({ name: 'Missing Form', date, time, healthFormAt: null });
    await seedBooking({ name: 'Answered Form', date, time, email: 'other@example.com', phone: '0803 999 0000' });
    const longAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    await db.update(bookings).set({ createdAt: longAgo });
    await queueReminders(env, new Date());
    await queueReminders(env, new Date());
    const again = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'visit-form'));
    expect(again.map((message) => message.idempotencyKey).sort()).toEqual([
      `visit-form:email:${missing.paymentReference}:again`,
      `visit-form:whatsapp:${missing.paymentReference}:again`,
    ]);
    expect(again[0]?.text).toContain(await visitFormToken(missing.id, env.MANAGE_LINK_SECRET));
  });
});
