// Today: GET /api/today answers one day's visits in time order, for a therapist or
// all (a therapist: their own, whatever they ask); POST /api/bookings/:id/notes keeps a visit's
// notes, health data read only by those who may read health answers, and erased with them.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, staffAccounts, visitNotes } from '../../../worker/db/schema';
import { bookingMessages } from '../../../worker/routes/bookings/bookings';
import { eraseOldHealthAnswers } from '../../../worker/services/day/health-retention';
import type { TodayView } from '../../../worker/services/day/today';
import { VISIT_NOTES_MAX, visitNotesMessages } from '../../../worker/services/day/visit-notes';
import { accessMessages } from '../../../worker/shared/permissions';
import { lagosDate } from '../../../worker/shared/time';
import { adminCall, clearData, db, seedBooking, signIn, staffSession } from '../admin-harness';
import { inDays } from '../checkout/payment-fixtures';

const day = inDays(3);
let owner: string;
let reception: string;
let therapist: string;

beforeAll(async () => {
  owner = await signIn();
  reception = await staffSession('reception', 'desk@today.test');
});
beforeEach(async () => {
  // clearData makes the therapists anew: Tolu's account (linked to one) is made again after it.
  await db.delete(staffAccounts).where(eq(staffAccounts.email, 'tolu@today.test'));
  await clearData();
  therapist = await staffSession('therapist', 'tolu@today.test', 'therapist-1');
});

/** A visit on `date` at `time` given by `therapistId` (set outright, whoever is free). */
async function visit(
  name: string,
  time: string,
  therapistId: string,
  extra: Partial<Parameters<typeof seedBooking>[0]> = {},
) {
  const booking = await seedBooking({
    name,
    date: day,
    time,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    ...extra,
  });
  const roomId = therapistId.replace('therapist', 'room');
  await db.update(bookings).set({ therapistId, roomId }).where(eq(bookings.id, booking.id));
  return booking.id;
}

const today = async (cookie: string, query = `?date=${day}`) => {
  const response = await adminCall(cookie, `/api/today${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TodayView;
};
const writeNotes = (cookie: string, id: string, text: unknown) =>
  adminCall(cookie, `/api/bookings/${id}/notes`, 'POST', { text });

describe('GET /api/today', () => {
  it('lists the day’s visits in time order with what the room needs, cancelled ones left out', async () => {
    await visit('Bisi Ade', '14:00', 'therapist-2', { amount: 30_000 });
    await visit('Ada Obi', '10:00', 'therapist-1', { healthFormAt: null });
    const cancelled = await visit('Gone Client', '12:00', 'therapist-1');
    await db.update(bookings).set({ serviceStatus: 'cancelled' }).where(eq(bookings.id, cancelled));
    await db.update(bookings).set({ amountPaid: 10_000 }).where(eq(bookings.name, 'Bisi Ade'));

    const answer = await today(owner);
    expect(answer.date).toBe(day);
    expect(answer.visits.map((each) => [each.time, each.clientName])).toEqual([
      ['10:00', 'Ada Obi'],
      ['14:00', 'Bisi Ade'],
    ]);
    expect(answer.visits[0]).toMatchObject({
      endTime: '11:00',
      treatments: ['Swedish'],
      room: 'Room 1',
      therapist: { _id: 'therapist-1', name: 'Therapist 1' },
      serviceStatus: 'booked',
      balanceDue: 0,
      form: 'missing',
      lastNotes: null,
      visitNotes: null,
    });
    expect(answer.visits[1]).toMatchObject({ balanceDue: 20_000, form: 'done' });
  });

  it('answers today when no date is given, one therapist when asked, and a therapist only their own', async () => {
    await visit('Ada Obi', '10:00', 'therapist-1');
    await visit('Bisi Ade', '11:00', 'therapist-2');
    expect((await today(owner, '')).date).toBe(lagosDate(new Date()));
    expect((await today(owner, `?date=${day}&therapistId=therapist-2`)).visits.map((each) => each.clientName)).toEqual([
      'Bisi Ade',
    ]);
    expect((await today(owner, `?date=${day}&therapistId=all`)).visits).toHaveLength(2);
    for (const query of [`?date=${day}`, `?date=${day}&therapistId=therapist-2`, `?date=${day}&therapistId=all`]) {
      const theirs = await today(therapist, query);
      expect(
        theirs.visits.map((each) => each.clientName),
        query,
      ).toEqual(['Ada Obi']);
      expect(theirs.therapistId).toBe('therapist-1');
    }
  });

  it('refuses a date that is not one', async () => {
    const response = await adminCall(owner, '/api/today?date=2026-13-45');
    expect(response.status).toBe(400);
  });
});

describe('visit notes', () => {
  it('are written after a visit and shown on the client’s next visit, to those who may read health data', async () => {
    const earlier = await seedBooking({ name: 'Ada Obi', date: inDays(-14), time: '10:00', email: 'ada@example.com' });
    await db
      .update(bookings)
      .set({ therapistId: 'therapist-1', serviceStatus: 'completed' })
      .where(eq(bookings.id, earlier.id));
    const next = await visit('Ada Obi', '10:00', 'therapist-1', { email: 'ada@example.com' });

    const written = await writeNotes(
      therapist,
      earlier.id,
      '  Deep tissue, firm pressure.\nShoulders tight; suggested the body oil.  ',
    );
    expect(written.status).toBe(200);
    expect(await written.json()).toEqual({
      success: true,
      visitNotes: {
        text: 'Deep tissue, firm pressure.\nShoulders tight; suggested the body oil.',
        writtenBy: 'therapist tolu',
        writtenAt: expect.any(String),
      },
    });
    // Rewritten, not added to.
    expect((await writeNotes(owner, earlier.id, 'Deep tissue, firm pressure. Shoulders tight.')).status).toBe(200);
    expect(await db.select().from(visitNotes)).toHaveLength(1);

    for (const cookie of [owner, therapist]) {
      const [card] = (await today(cookie)).visits;
      expect(card?._id).toBe(next);
      expect(card?.lastNotes).toEqual({
        date: inDays(-14),
        text: 'Deep tissue, firm pressure. Shoulders tight.',
        writtenBy: 'Studio owner',
      });
    }
    // Reception runs the desk without health data: no notes, no health answers.
    const [desk] = (await today(reception)).visits;
    expect(desk?.lastNotes).toBeNull();
    expect(desk?.visitNotes).toBeNull();
    expect(JSON.stringify(desk)).not.toMatch(/Shoulders|healthConditions|onMedication/);
    // Each reading is in the activity log, the text never.
    const views = await db.select().from(auditLog).where(eq(auditLog.action, 'visit-notes-view'));
    expect(views.length).toBeGreaterThanOrEqual(2);
    const writes = await db.select().from(auditLog).where(eq(auditLog.action, 'visit-notes'));
    expect(writes.map((entry) => entry.target)).toEqual([earlier.id, earlier.id]);
    expect(JSON.stringify(writes)).not.toContain('Shoulders');
  });

  it('are written by the visit’s therapist, managers and owners only', async () => {
    const theirs = await visit('Bisi Ade', '11:00', 'therapist-2');
    const colleague = await writeNotes(therapist, theirs, 'Not mine to write.');
    expect(colleague.status).toBe(403);
    expect(await colleague.json()).toEqual({ message: accessMessages.forbidden });
    const desk = await writeNotes(reception, theirs, 'Reception may not.');
    expect(desk.status).toBe(403);
    expect((await writeNotes(owner, 'no-such-booking', 'Nobody.')).status).toBe(404);
    expect(await db.select().from(visitNotes)).toHaveLength(0);
  });

  it('refuse empty or over-long text, control characters, and a cancelled visit; change nothing', async () => {
    const id = await visit('Ada Obi', '10:00', 'therapist-1');
    for (const [text, message] of [
      ['   ', visitNotesMessages.empty],
      ['x'.repeat(VISIT_NOTES_MAX + 1), visitNotesMessages.tooLong],
      ['Pressure\u0000firm', undefined],
      [42, visitNotesMessages.empty],
    ] as const) {
      const response = await writeNotes(owner, id, text);
      expect(response.status, String(text).slice(0, 20)).toBe(400);
      if (message) expect(await response.json()).toMatchObject({ message });
    }
    expect((await writeNotes(owner, id, 'x'.repeat(VISIT_NOTES_MAX))).status).toBe(200);
    await db.update(bookings).set({ serviceStatus: 'cancelled' }).where(eq(bookings.id, id));
    const cancelled = await writeNotes(owner, id, 'Too late.');
    expect(cancelled.status).toBe(409);
    expect(await cancelled.json()).toEqual({ message: visitNotesMessages.cancelled });
  });

  it('go with the health answers after the retention period, and with the client when erased; never in a CSV', async () => {
    const old = await seedBooking({ name: 'Old Visit', date: inDays(-400), email: 'old@example.com' });
    const recent = await visit('Ada Obi', '10:00', 'therapist-1');
    await writeNotes(owner, old.id, 'Old notes.');
    await writeNotes(owner, recent, 'Recent notes.');
    await eraseOldHealthAnswers(db, new Date());
    expect((await db.select().from(visitNotes)).map((note) => note.text)).toEqual(['Recent notes.']);

    const csv = await (await adminCall(owner, '/api/export/bookings.csv')).text();
    expect(csv).not.toContain('Recent notes');

    const [row] = await db.select({ clientId: bookings.clientId }).from(bookings).where(eq(bookings.id, recent));
    const copy = (await (await adminCall(owner, `/api/clients/${row?.clientId}/export`)).json()) as {
      visitNotes: Array<{ text: string }>;
    };
    expect(copy.visitNotes.map((note) => note.text)).toEqual(['Recent notes.']);
    const record = (await (await adminCall(owner, `/api/clients/${row?.clientId}`)).json()) as {
      visitNotes: Array<{ text: string }>;
    };
    expect(record.visitNotes.map((note) => note.text)).toEqual(['Recent notes.']);
    const forDesk = (await (await adminCall(reception, `/api/clients/${row?.clientId}`)).json()) as {
      visitNotes: unknown[];
    };
    expect(forDesk.visitNotes).toEqual([]);

    expect((await adminCall(owner, `/api/clients/${row?.clientId}`, 'DELETE')).status).toBe(200);
    expect(await db.select().from(visitNotes)).toHaveLength(0);
  });
});

describe('Book the next visit', () => {
  const next = (therapistId: string, payment: string) => ({
    name: 'Ada Obi',
    phone: '0803 123 4567',
    subservices: ['Swedish'],
    date: inDays(28),
    time: '10:00',
    therapistId,
    payment,
  });

  it('lets a therapist book a client’s next visit with themselves, paid at the studio, and nothing else', async () => {
    for (const body of [
      next('therapist-2', 'unpaid'),
      next('therapist-1', 'cash'),
      { ...next('', 'unpaid'), therapistId: undefined },
    ]) {
      const refused = await adminCall(therapist, '/api/bookings', 'POST', body);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(await refused.json()).toEqual({ message: bookingMessages.onlyOwnNextVisit });
    }
    expect(await db.select().from(bookings)).toHaveLength(0);
    const booked = await adminCall(therapist, '/api/bookings', 'POST', next('therapist-1', 'unpaid'));
    expect(booked.status).toBe(201);
    expect(await booked.json()).toMatchObject({
      booking: { date: inDays(28), time: '10:00', therapist: { _id: 'therapist-1' }, payment: 'unpaid' },
    });
    // The desk books with anyone, paid any way.
    expect(
      (await adminCall(reception, '/api/bookings', 'POST', { ...next('therapist-2', 'cash'), time: '12:00' })).status,
    ).toBe(201);
  });

  it('gives a therapist the team to book with, without colleagues’ days off or the clients on them', async () => {
    await visit('Bisi Ade', '11:00', 'therapist-2');
    const offDay = await adminCall(owner, '/api/staff/therapist-2/time-off', 'POST', {
      date: day,
      reason: 'Hospital appointment',
    });
    expect(offDay.status).toBe(201);
    const forDesk = await (await adminCall(reception, '/api/staff')).text();
    expect(forDesk).toContain('Hospital appointment');
    const forTherapist = await adminCall(therapist, '/api/staff');
    expect(forTherapist.status).toBe(200);
    const text = await forTherapist.text();
    expect(text).toContain('Therapist 2');
    expect(text).not.toMatch(/Hospital appointment|Bisi Ade/);
  });
});
