// "Notes for your therapist" is health data: a client writes about their body there. It follows
// the health answers' rules: only those who care for the client read it (each view logged), it is
// never in a CSV, an email or a message, and it is erased with the health answers.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, outboxMessages, payments, staffAccounts } from '../../../worker/db/schema';
import { SESSION_COOKIE } from '../../../worker/middleware/admin-session';
import { eraseOldHealthAnswers } from '../../../worker/services/day/health-retention';
import { hashPassword } from '../../../worker/services/staff/password';
import { addDays, addMonths, lagosDate } from '../../../worker/shared/time';
import { login, sessionIdFrom, signIn } from '../admin-harness';
import { bookingDetails, inDays } from '../checkout/payment-fixtures';
import {
  clearPaymentData,
  db,
  fake,
  payerCookie,
  staffCall,
  startPaymentOk,
  verify,
  withFakePaystack,
} from '../checkout/payment-harness';

const NOTE = 'Old shoulder injury, please go gently';

withFakePaystack();

beforeEach(async () => {
  await clearPaymentData();
  await db.delete(auditLog);
  await db.delete(staffAccounts).where(sql`${staffAccounts.id} <> 'owner'`);
});

async function paidBookingWithNotes(): Promise<string> {
  const { reference } = await startPaymentOk(bookingDetails({ appointmentDate: inDays(5), notes: NOTE }), 5_500_000);
  fake.settle(reference, 'success');
  expect(((await (await verify(reference, undefined, payerCookie())).json()) as { status: boolean }).status).toBe(true);
  return reference;
}

async function receptionCookie(): Promise<string> {
  await db.insert(staffAccounts).values({
    id: 'notes-reception',
    name: 'Amaka Obi',
    email: 'amaka@notes.test',
    role: 'reception',
    passwordHash: await hashPassword('a long team password 2026', env.ADMIN_PASSWORD_PEPPER),
  });
  const response = await login('amaka@notes.test', 'a long team password 2026', '198.18.11.1');
  return `${SESSION_COOKIE}=${sessionIdFrom(response)}`;
}

describe('notes for the therapist', () => {
  it('are read only by those who care for the client, each view logged', async () => {
    const reference = await paidBookingWithNotes();
    const listed = async (cookie: string) =>
      (
        (await (await staffCall(cookie, '/api/bookings')).json()) as Array<{ paymentReference: string; notes?: string }>
      ).find((booking) => booking.paymentReference === reference);
    const reception = await receptionCookie();
    const seenByReception = await listed(reception);
    expect(seenByReception).toBeDefined();
    expect(seenByReception).not.toHaveProperty('notes');
    const owner = await signIn();
    expect((await listed(owner))?.notes).toBe(NOTE);
    const views = await db.select().from(auditLog).where(eq(auditLog.action, 'health-view'));
    expect(views.map((view) => view.actorName)).toEqual(['Studio owner']);
  });

  it('are in no CSV, email or message', async () => {
    const reference = await paidBookingWithNotes();
    const owner = await signIn();
    const csv = await (await staffCall(owner, '/api/export/bookings.csv')).text();
    expect(csv).toContain(reference);
    expect(csv).not.toContain(NOTE);
    expect(csv.split('\n')[0]).not.toContain('Notes');
    const messages = await db.select().from(outboxMessages);
    expect(messages.map((message) => message.template)).toContain('booking-notice');
    for (const message of messages) {
      expect(`${message.text} ${message.html} ${JSON.stringify(message.whatsappTemplate)}`).not.toContain(NOTE);
    }
  });

  it('are erased with the health answers, from the booking and its payment', async () => {
    const reference = await paidBookingWithNotes();
    const past = addDays(addMonths(lagosDate(new Date()), -12), -1);
    await db.update(bookings).set({ date: past }).where(eq(bookings.paymentReference, reference));
    await db.run(sql`update payments set slot_date = ${past} where reference = ${reference}`);
    const [before] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(JSON.stringify(before?.details)).toContain(NOTE);
    await eraseOldHealthAnswers(db, new Date());
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(booking?.notes).toBeNull();
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(JSON.stringify(payment?.details)).not.toContain(NOTE);
  });
});
