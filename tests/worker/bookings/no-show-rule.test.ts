// No-shows cost the client, not the studio: after the set number of no-shows within 12
// months (2 by default, 0 = off) a client books online only by paying in full; the booking page is
// told only that; staff see the count on the booking, Today and the client record, may lift the
// rule, and are asked to take payment when they book such a client to pay later.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, clients, outboxMessages, payments, treatments } from '../../../worker/db/schema';
import { bookingMessages } from '../../../worker/routes/bookings/bookings';
import type { BookingView } from '../../../worker/services/bookings/bookings';
import type { ClientRecord } from '../../../worker/services/client-files/clients';
import { nairaToKobo } from '../../../worker/shared/money';
import { seedBooking, signIn } from '../admin-harness';
import { bookingDetails, inDays, oneHourVisit } from '../checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  origin,
  staffCall,
  startPayment,
  withFakePaystack,
} from '../checkout/payment-harness';

withFakePaystack();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await clearPaymentData();
  await db.update(treatments).set({ depositPercent: 0 });
  // Clients outlive clearPaymentData: a lift from an earlier test is undone.
  await db.update(clients).set({ noShowRuleLiftedAt: null });
  await staffCall(cookie, '/api/schedule-settings', 'PUT', { noShowLimit: 2 });
});

const ada = { email: 'ada@example.com', phone: '0803 123 4567' };
const post = (path: string, body: unknown) =>
  call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify(body),
  });

/** Visits of Ada's marked no-shows `daysAgo` days ago each. */
async function missed(...daysAgo: number[]) {
  for (const days of daysAgo) {
    const visit = await seedBooking({ date: inDays(-days), email: ada.email, phone: ada.phone });
    await db.update(bookings).set({ serviceStatus: 'no-show' }).where(eq(bookings.id, visit.id));
  }
}

const terms = async (contact = ada, signedInCookie = '') => {
  const response = await call('/api/booking-terms', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signedInCookie ? { Cookie: signedInCookie } : {}) },
    body: JSON.stringify(contact),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { payInFull: boolean }).payInFull;
};

describe('the rule', () => {
  it('asks for payment in full after two no-shows within 12 months, not before, nor for older ones', async () => {
    await missed(400);
    await missed(30);
    expect(await terms()).toBe(false);
    await missed(10);
    expect(await terms()).toBe(true);
    // The same person by their phone written another way, and nobody else.
    expect(await terms({ email: 'ADA@example.com ', phone: '+234 803 123 4567' })).toBe(true);
    expect(await terms({ email: 'bisi@example.com', phone: '0803 000 0000' })).toBe(false);
  });

  it('is a setting from 0 (off) to 10', async () => {
    await missed(30, 10);
    expect((await staffCall(cookie, '/api/schedule-settings', 'PUT', { noShowLimit: 0 })).status).toBe(200);
    expect(await terms()).toBe(false);
    const three = await staffCall(cookie, '/api/schedule-settings', 'PUT', { noShowLimit: 3 });
    expect(await three.json()).toMatchObject({ noShowLimit: 3 });
    expect(await terms()).toBe(false);
    for (const wrong of [-1, 11, 1.5, '2']) {
      const response = await staffCall(cookie, '/api/schedule-settings', 'PUT', { noShowLimit: wrong });
      expect(response.status, String(wrong)).toBe(400);
    }
    expect(await (await staffCall(cookie, '/api/schedule-settings')).json()).toMatchObject({ noShowLimit: 3 });
  });

  it('takes no deposit from such a client, even for two bookings at once', async () => {
    expect((await staffCall(cookie, '/api/treatments/swedish', 'PUT', { depositPercent: 30 })).status).toBe(200);
    const deposit = nairaToKobo(7_500);
    const other = await startPayment(
      bookingDetails({
        ...oneHourVisit,
        amount: 7_500,
        customerEmail: 'bisi@example.com',
        customerPhone: '0803 000 0000',
      }),
      deposit,
    );
    expect(other.status).toBe(200);

    await missed(30, 10);
    const answers = await Promise.all(
      ['10:00', '12:00'].map((time) =>
        startPayment(bookingDetails({ ...oneHourVisit, amount: 7_500, appointmentTime: time }), deposit),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({ expectedAmount: 25_000 });
    }
    const full = await startPayment(bookingDetails({ ...oneHourVisit, amount: 25_000 }), nairaToKobo(25_000));
    expect(full.status).toBe(200);
    const held = await db
      .select()
      .from(payments)
      .where(and(eq(payments.email, ada.email), eq(payments.status, 'pending')));
    expect(held.map((payment) => [payment.amount, payment.dueAtStudio])).toEqual([[25_000, 0]]);
  });
});

describe('either key', () => {
  it('finds the no-shows by phone when the email is new, and the payment start then charges in full', async () => {
    expect((await staffCall(cookie, '/api/treatments/swedish', 'PUT', { depositPercent: 30 })).status).toBe(200);
    await missed(30, 10);
    const newEmail = { customerEmail: 'ada.new@example.com', customerPhone: '+234 803 123 4567' };
    const deposit = await startPayment(bookingDetails({ ...oneHourVisit, ...newEmail }), nairaToKobo(7_500));
    expect(deposit.status).toBe(409);
    // booking-terms said deposit (no record has both), so the refusal says why the amount changed.
    expect(await deposit.json()).toMatchObject({
      expectedAmount: 25_000,
      message: 'This booking must be paid in full. Please review the amount and try again.',
    });
    const full = await startPayment(bookingDetails({ ...oneHourVisit, ...newEmail }), nairaToKobo(25_000));
    expect(full.status).toBe(200);
  });

  it('booking-terms answers "pay in full" only when the email and the phone are one record’s', async () => {
    await missed(30, 10);
    await seedBooking({ date: inDays(-40), email: 'bisi@example.com', phone: '0803 000 0000', name: 'Bisi Ade' });
    // Ada's email with Bisi's phone, Ada's phone with a new email: two records or none, deposit.
    expect(await terms({ email: ada.email, phone: '0803 000 0000' })).toBe(false);
    expect(await terms({ email: 'ada.new@example.com', phone: ada.phone })).toBe(false);
    expect(await terms()).toBe(true);
  });

  it('booking-terms answers "pay in full" to the browser signed in at /account as the email typed', async () => {
    await missed(30, 10);
    await seedBooking({ date: inDays(-40), email: 'bisi@example.com', phone: '0803 000 0000', name: 'Bisi Ade' });
    const mixed = { email: ada.email, phone: '0803 000 0000' };
    expect(await terms(mixed)).toBe(false);
    expect((await post('/api/account/code', { contact: ada.email })).status).toBe(202);
    const [sent] = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.template, 'account-code'), eq(outboxMessages.recipient, ada.email)));
    const code = /\b(\d{6})\b/.exec(sent?.text ?? '')?.[1];
    const signedIn = await post('/api/account/sign-in', { contact: ada.email, code });
    expect(signedIn.status).toBe(200);
    const session = (signedIn.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
    expect(await terms(mixed, session)).toBe(true);
    // Signed in as Ada, asking about someone else's email and phone: no.
    expect(await terms({ email: 'bisi@example.com', phone: '0803 000 0000' }, session)).toBe(false);
  });
});

describe('the staff side', () => {
  it('shows the count on the booking and the record, lifts the rule (audited), and counts new ones after', async () => {
    await missed(30, 10);
    const upcoming = await seedBooking({ date: inDays(5), email: ada.email, phone: ada.phone });
    const list = (await (await staffCall(cookie, '/api/bookings?status=booked')).json()) as BookingView[];
    expect(list.find((booking) => booking._id === upcoming.id)?.noShows).toBe(2);
    const clientId = list.find((booking) => booking._id === upcoming.id)?.clientId;
    const record = (await (await staffCall(cookie, `/api/clients/${clientId}`)).json()) as ClientRecord;
    expect(record).toMatchObject({ noShows: 2, noShowRuleLiftedAt: null });

    const lifted = await staffCall(cookie, `/api/clients/${clientId}/no-show-rule/lift`, 'POST', {});
    expect(lifted.status).toBe(200);
    expect(await terms()).toBe(false);
    const after = (await (await staffCall(cookie, '/api/bookings?status=booked')).json()) as BookingView[];
    expect(after.find((booking) => booking._id === upcoming.id)?.noShows).toBe(0);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'client-no-show-lift'));
    expect(entry?.target).toBe(clientId);
    expect((await staffCall(cookie, '/api/clients/no-such-client/no-show-rule/lift', 'POST', {})).status).toBe(404);

    // Missed again after the lift: counted again (a day on, as the lift's own day is forgiven).
    await db
      .update(bookings)
      .set({ date: inDays(1), serviceStatus: 'no-show' })
      .where(eq(bookings.id, upcoming.id));
    const again = (await (await staffCall(cookie, `/api/clients/${clientId}`)).json()) as ClientRecord;
    expect(again.noShows).toBe(1);
  });

  it('asks the desk to take payment when it books such a client to pay later', async () => {
    await missed(30, 10);
    const book = (payment: string, time: string) =>
      staffCall(cookie, '/api/bookings', 'POST', {
        name: 'Ada Obi',
        phone: ada.phone,
        email: ada.email,
        subservices: ['Swedish'],
        date: inDays(6),
        time,
        payment,
      });
    const unpaid = await book('unpaid', '10:00');
    expect(unpaid.status).toBe(201);
    expect(await unpaid.json()).toMatchObject({ paymentAdvice: bookingMessages.paymentAdvice('Ada Obi', 2) });
    const paid = await book('cash', '12:00');
    expect(await paid.json()).toMatchObject({ paymentAdvice: null });
  });
});
