// A visit a therapist books with themselves (Book the next visit) is only their word until the desk
// or the client confirms it: anyone's name and contact may be on it. It earns commission only on
// what was collected, counts toward no client's no-shows, and opens none of the client's earlier
// notes on the therapist's Today; the desk's and the client's own visits are unchanged.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, outboxMessages, reviewRequests, staffAccounts } from '../../../worker/db/schema';
import { visitFormToken } from '../../../worker/services/bookings/visit-form-links';
import type { TodayView } from '../../../worker/services/day/today';
import { queueReviewRequests } from '../../../worker/services/reviews/reviews';
import { lagosToUtc } from '../../../worker/shared/time';
import { adminCall, call, clearData, db, jsonInit, seedBooking, signIn, staffSession } from '../admin-harness';
import { inDays } from '../checkout/payment-fixtures';

let owner: string;
let reception: string;
let therapist: string;
beforeAll(async () => {
  owner = await signIn();
  reception = await staffSession('reception', 'desk@own-visits.test');
});
beforeEach(async () => {
  await db.delete(staffAccounts).where(eq(staffAccounts.email, 'tolu@own-visits.test'));
  await clearData();
  therapist = await staffSession('therapist', 'tolu@own-visits.test', 'therapist-1');
  expect((await adminCall(owner, '/api/schedule-settings', 'PUT', { noShowLimit: 2 })).status).toBe(200);
});

const ada = { name: 'Ada Obi', email: 'ada@example.com', phone: '0803 123 4567' };

/** A visit the therapist books with themselves for Ada, to pay at the studio: its id. */
async function ownVisit(date: string, time: string) {
  const response = await adminCall(therapist, '/api/bookings', 'POST', {
    ...ada,
    subservices: ['Swedish'],
    date,
    time,
    therapistId: 'therapist-1',
    payment: 'unpaid',
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { booking: { _id: string } }).booking._id;
}

/** Moves a visit into the past (as if its day came) and lets `cookie` set its status. */
async function mark(cookie: string, id: string, serviceStatus: 'completed' | 'no-show', date = inDays(-3)) {
  await db.update(bookings).set({ date }).where(eq(bookings.id, id));
  const response = await adminCall(cookie, `/api/bookings/${id}`, 'PUT', { serviceStatus });
  expect(response.status).toBe(200);
}

const terms = async () => {
  const response = await call('/api/booking-terms', jsonInit('POST', { email: ada.email, phone: ada.phone }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { payInFull: boolean }).payInFull;
};

describe('commission and visit value', () => {
  it('count what was collected: nothing for an unpaid visit a therapist marked completed', async () => {
    expect((await adminCall(owner, '/api/commissions/therapist-1', 'PUT', { percent: 10 })).status).toBe(200);
    const invented = await ownVisit(inDays(2), '10:00');
    await mark(therapist, invented, 'completed');
    const report = async () =>
      (await (await adminCall(owner, `/api/reports?from=${inDays(-5)}&to=${inDays(0)}`)).json()) as {
        therapists: Array<{ id: string; completedVisits: number; visitValue: number; commission: number }>;
        clients: { visitValue: number };
      };
    const before = await report();
    expect(before.therapists.find((row) => row.id === 'therapist-1')).toMatchObject({
      completedVisits: 1,
      visitValue: 0,
      commission: 0,
    });
    expect(before.clients.visitValue).toBe(0);
    // Paid at the desk afterwards: what was collected counts.
    expect((await adminCall(reception, `/api/bookings/${invented}`, 'PUT', { payment: 'cash' })).status).toBe(200);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, invented));
    const after = (await report()).therapists.find((line) => line.id === 'therapist-1');
    expect(after).toMatchObject({ visitValue: row?.amount, commission: Math.round((row?.amount ?? 0) / 10) });
  });
});

describe('the review request', () => {
  it('is not sent for a visit a therapist booked and marked completed, until confirmed', async () => {
    const invented = await ownVisit(inDays(2), '10:00');
    await mark(therapist, invented, 'completed');
    const deskMade = await seedBooking({ ...ada, date: inDays(-3), time: '14:00' });
    await mark(reception, deskMade.id, 'completed');
    await queueReviewRequests(env, lagosToUtc(inDays(2), '12:00'));
    const asked = await db.select().from(reviewRequests);
    expect(asked.map((request) => request.bookingId)).toEqual([deskMade.id]);
  });
});

describe('the no-show rule', () => {
  it('counts a no-show of a visit a therapist booked only once the desk or the client confirmed it', async () => {
    const desk = await seedBooking({ ...ada, date: inDays(-20) });
    await db.update(bookings).set({ serviceStatus: 'no-show' }).where(eq(bookings.id, desk.id));
    const unconfirmed = await ownVisit(inDays(2), '10:00');
    await mark(therapist, unconfirmed, 'no-show');
    expect(await terms()).toBe(false);
    const [record] = await db.select().from(bookings).where(eq(bookings.id, unconfirmed));
    const client = (await (await adminCall(reception, `/api/clients/${record?.clientId}`)).json()) as {
      noShows: number;
    };
    expect(client.noShows).toBe(1);

    // The desk took payment for another one: confirmed, its no-show counts.
    const paid = await ownVisit(inDays(2), '12:00');
    expect((await adminCall(reception, `/api/bookings/${paid}`, 'PUT', { payment: 'cash' })).status).toBe(200);
    await mark(therapist, paid, 'no-show', inDays(-2));
    expect(await terms()).toBe(true);
  });

  it('sends "We missed you" only for a confirmed one', async () => {
    await db.delete(outboxMessages);
    const unconfirmed = await ownVisit(inDays(2), '10:00');
    await mark(therapist, unconfirmed, 'no-show');
    const paid = await ownVisit(inDays(2), '12:00');
    expect((await adminCall(reception, `/api/bookings/${paid}`, 'PUT', { payment: 'cash' })).status).toBe(200);
    await mark(therapist, paid, 'no-show', inDays(-2));
    const [row] = await db.select().from(bookings).where(eq(bookings.id, paid));
    const missed = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'booking-missed'));
    expect(missed).toHaveLength(2);
    for (const message of missed) expect(message.idempotencyKey).toContain(row?.paymentReference);
  });

  it('counts it once the client filled its visit form', async () => {
    const desk = await seedBooking({ ...ada, date: inDays(-20) });
    await db.update(bookings).set({ serviceStatus: 'no-show' }).where(eq(bookings.id, desk.id));
    const theirs = await ownVisit(inDays(2), '10:00');
    const form = `/api/visit-form/${await visitFormToken(theirs, env.MANAGE_LINK_SECRET)}`;
    const saved = await call(
      form,
      jsonInit('POST', {
        previousMassageTherapy: false,
        onMedication: false,
        exercising: false,
        healthConditions: [],
        disclaimerAgreed: true,
      }),
    );
    expect(saved.status).toBe(200);
    await mark(therapist, theirs, 'no-show');
    expect(await terms()).toBe(true);
  });
});

describe('earlier notes and the form link on Today', () => {
  it('reach a therapist only through a visit the desk or the client made', async () => {
    const earlier = await seedBooking({ ...ada, date: inDays(-14) });
    await db
      .update(bookings)
      .set({ therapistId: 'therapist-1', serviceStatus: 'completed' })
      .where(eq(bookings.id, earlier.id));
    expect(
      (await adminCall(owner, `/api/bookings/${earlier.id}/notes`, 'POST', { text: 'Shoulders tight.' })).status,
    ).toBe(200);
    const day = inDays(3);
    const invented = await ownVisit(day, '10:00');
    const deskMade = await seedBooking({ ...ada, date: day, time: '14:00', healthFormAt: null });
    await db.update(bookings).set({ therapistId: 'therapist-1', roomId: 'room-1' }).where(eq(bookings.id, deskMade.id));

    const cards = async (cookie: string) =>
      ((await (await adminCall(cookie, `/api/today?date=${day}&therapistId=therapist-1`)).json()) as TodayView).visits;
    const [own, desk] = await cards(therapist);
    expect(own?._id).toBe(invented);
    expect(own?.lastNotes).toBeNull();
    // Its form link is the client's to fill, not the therapist's: hidden from them until confirmed.
    expect(own?.formPath).toBeNull();
    expect(desk?._id).toBe(deskMade.id);
    expect(desk?.lastNotes).toMatchObject({ text: 'Shoulders tight.' });
    expect(desk?.formPath).toMatch(/^\/visit-form\//);
    const [ownForOwner] = await cards(owner);
    expect(ownForOwner?.formPath).toMatch(/^\/visit-form\//);
  });
});
