// Names and free text refuse control characters at the schema: no subject line, email header or
// WhatsApp parameter can carry a CR, LF or NUL typed (or sent) into a form. Refused: 400, nothing written.
import { beforeEach, describe, expect, it } from 'vitest';
import { academyWaitlistEntries, closures, payments } from '../../worker/db/schema';
import { plainTextMessage } from '../../worker/shared/plain-text';
import { adminCall, signIn } from './admin-harness';
import { bookingDetails, CART_KOBO, orderDetails } from './checkout/payment-fixtures';
import { call, clearPaymentData, db, startPayment, withFakePaystack } from './checkout/payment-harness';

withFakePaystack();

beforeEach(async () => {
  await clearPaymentData();
  await db.delete(academyWaitlistEntries);
});

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('control characters', () => {
  it.each([
    ['a name with a line break', { customerName: 'Ada Obi\r\nBcc: all@example.com' }],
    ['a name with a NUL', { customerName: 'Ada\u0000Obi' }],
    ['medication on two lines', { onMedication: true, medicationDetails: 'Lisinopril\nand more' }],
    ['notes with a NUL', { notes: 'Gentle, please\u0000' }],
    ['notes with a line separator', { notes: 'Gentle\u2028please' }],
  ])('refuse %s in a booking', async (_label, overrides) => {
    const response = await startPayment(bookingDetails(overrides), 5_500_000);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(plainTextMessage);
    expect(await db.select().from(payments)).toHaveLength(0);
  });

  it('refuse an email address with a NUL', async () => {
    const response = await startPayment(bookingDetails({ customerEmail: 'ada\u0000@example.com' }), 5_500_000);
    expect(response.status).toBe(400);
    expect(await db.select().from(payments)).toHaveLength(0);
  });

  it('leave the line breaks of notes and a shipping address alone', async () => {
    expect((await startPayment(bookingDetails({ notes: 'Gentle, please.\r\nNo oils.' }), 5_500_000)).status).toBe(200);
    const order = orderDetails({ shippingAddress: '12 Admiralty Way\nLekki Phase 1\nLagos' });
    expect((await startPayment(order, CART_KOBO)).status).toBe(200);
    const refused = await startPayment(orderDetails({ shippingAddress: '12 Admiralty Way\u0007, Lagos' }), CART_KOBO);
    expect(refused.status).toBe(400);
    expect(await messageOf(refused)).toBe(plainTextMessage);
    expect(await db.select().from(payments)).toHaveLength(2);
  });

  it('refuse a waitlist name with a line break', async () => {
    const response = await call('/api/academy-waitlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Ada\nBcc',
        email: 'ada@example.com',
        whatsapp: '08031234567',
        state: 'Lagos',
      }),
    });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(plainTextMessage);
    expect(await db.select().from(academyWaitlistEntries)).toHaveLength(0);
  });

  it('refuse a campaign subject or a closed day’s reason with a line break', async () => {
    const cookie = await signIn();
    const campaign = await adminCall(cookie, '/api/send-bulk-email', 'POST', { subject: 'News\r\nBcc: all' });
    expect(campaign.status).toBe(400);
    expect(await messageOf(campaign)).toBe(plainTextMessage);
    const closure = await adminCall(cookie, '/api/closures', 'POST', { date: '2099-01-01', reason: 'Holiday\nBcc' });
    expect(closure.status).toBe(400);
    expect(await db.select().from(closures)).toHaveLength(0);
  });
});
