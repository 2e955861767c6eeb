import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookings, outboxMessages } from '../../../worker/db/schema';
import { bookingConfirmation, bookingReminder } from '../../../worker/messages/templates/booking';
import { voucherDelivery } from '../../../worker/messages/templates/vouchers';
import { createWhatsAppClient } from '../../../worker/providers/whatsapp';
import { manageToken } from '../../../worker/services/bookings/manage-tokens';
import { queueReminders } from '../../../worker/services/bookings/reminders';
import {
  DEAD_LETTER_QUEUE,
  deliver,
  handleMessageBatch,
  MAX_ATTEMPTS,
  retryDelaySeconds,
  type Senders,
} from '../../../worker/services/jobs/message-queue';
import { studioDetails } from '../../../worker/services/outbox/notifications';
import { sweepOutbox } from '../../../worker/services/outbox/outbox';
import { FakeEmailSender } from '../../fakes/email';
import { FakeWhatsApp } from '../../fakes/whatsapp';
import { adminCall, clearData, seedOrder, signIn } from '../admin-harness';
import { bookingDetails, insertPaidBooking } from '../checkout/payment-fixtures';
import { db, fake, startPaymentOk, verify, webhook, withFakePaystack } from '../checkout/payment-harness';

withFakePaystack();

const whatsappApi = new FakeWhatsApp('https://graph.whatsapp.fake/v21.0', 'wa-test-token', '1234567890');
const realFetch = globalThis.fetch;

beforeEach(async () => {
  await db.delete(outboxMessages);
  await clearData();
  whatsappApi.reset();
});

const outbox = () => db.select().from(outboxMessages).orderBy(outboxMessages.idempotencyKey);
const byTemplate = async () => (await outbox()).map((row) => `${row.template}:${row.channel}:${row.recipient}`);

function emailRow(overrides: Partial<typeof outboxMessages.$inferInsert> = {}) {
  return {
    channel: 'email' as const,
    recipient: 'ada@example.com',
    template: 'booking-confirmation' as const,
    subject: 'Your booking is confirmed',
    text: 'Dear Ada',
    html: '<p>Dear Ada</p>',
    idempotencyKey: `test:${crypto.randomUUID()}`,
    ...overrides,
  };
}

async function insertRow(overrides: Partial<typeof outboxMessages.$inferInsert> = {}) {
  const [row] = await db.insert(outboxMessages).values(emailRow(overrides)).returning();
  if (!row) throw new Error('not inserted');
  return row;
}

describe('messages queued for events', () => {
  it('queues one confirmation (email and WhatsApp) and one studio notice, however often verify and webhook come', async () => {
    const { reference } = await startPaymentOk(
      bookingDetails({ onMedication: true, medicationDetails: 'Warfarin 5mg' }),
      5_500_000,
    );
    fake.settle(reference, 'success');
    const event = await fake.webhook(reference);
    await Promise.all([
      verify(reference),
      verify(reference),
      webhook(event.body, event.signature),
      webhook(event.body, event.signature),
    ]);
    await verify(reference);
    expect(await byTemplate()).toEqual([
      `booking-confirmation:email:ada@example.com`,
      `booking-confirmation:whatsapp:0803 123 4567`,
      `booking-notice:email:${env.STUDIO_EMAIL}`,
    ]);
    const [confirmation] = await outbox();
    expect(confirmation?.subject).toContain('(WAT)');
    expect(confirmation?.idempotencyKey).toBe(`booking-confirmation:email:${reference}`);
    // The same private link the confirmation page gives, absolute, in the text and the HTML.
    const manageUrl = `${studioDetails(env).siteUrl}/manage-booking/${await manageToken(reference, env.MANAGE_LINK_SECRET)}`;
    expect(confirmation?.text).toContain(manageUrl);
    expect(confirmation?.html).toContain(`href="${manageUrl}"`);
    // Health answers are sensitive data: never in a message, the studio's own notice included.
    for (const message of await outbox()) {
      expect(JSON.stringify(message), message.template).not.toMatch(/High Blood pressure|Warfarin/);
    }
    const notice = (await outbox()).find((message) => message.template === 'booking-notice');
    expect(notice?.text).toContain('Health answers and notes: In the staff area');
  });

  it('queues an order confirmation once, and the shipped and delivered emails as staff move the order', async () => {
    const order = await seedOrder({ name: 'Kemi Balogun' });
    const cookie = await signIn();
    await adminCall(cookie, `/api/orders/${order.id}`, 'PUT', { orderStatus: 'shipped' });
    await adminCall(cookie, `/api/orders/${order.id}`, 'PUT', { orderStatus: 'shipped' }); // 409, nothing new
    await adminCall(cookie, `/api/orders/${order.id}`, 'PUT', { orderStatus: 'delivered' });
    expect(await byTemplate()).toEqual([
      'order-delivered:email:chioma@example.com',
      'order-shipped:email:chioma@example.com',
    ]);
    const [delivered] = await outbox();
    expect(delivered?.text).toContain('All Glow Body Oil (100ml) × 2');
  });

  it('asks a new waitlist subscriber to confirm (again within the hour sends nothing new), then welcomes them once', async () => {
    const join = () =>
      adminCall('', '/api/academy-waitlist', 'POST', {
        firstName: 'Amaka',
        email: 'Amaka@Example.com',
        whatsapp: '0803 555 6666',
        state: 'Lagos',
      });
    expect((await join()).status).toBe(201);
    expect((await join()).status).toBe(201);
    expect(await byTemplate()).toEqual(['waitlist-confirm:email:amaka@example.com']);
    const [confirmation] = await outbox();
    expect(confirmation?.subject).toBe('Please confirm your place on the academy waitlist');
    expect(confirmation?.html).toContain('Confirm my email');
    const token = decodeURIComponent(/\/academy\/confirm\?token=(\S+)/.exec(confirmation?.text ?? '')?.[1] ?? '');
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await adminCall('', '/api/academy-waitlist/confirm', 'POST', { token })).status).toBe(200);
    }
    expect((await join()).status).toBe(409);
    expect((await byTemplate()).sort()).toEqual([
      'waitlist-confirm:email:amaka@example.com',
      'waitlist-welcome:email:amaka@example.com',
    ]);
  });
});

describe('the email templates', () => {
  const studio = studioDetails(env);
  const booking = {
    reference: 'BK-20261201-abc',
    name: 'Ada <script>alert(1)</script>',
    email: 'ada@example.com',
    phone: '+2348031234567',
    treatments: ['Swedish', 'Hotstone'],
    date: '2026-12-01',
    time: '15:00',
    amount: 55_000,
    therapistName: 'Amaka',
    durationMinutes: 150,
  };

  it('says what, when (WAT, from start to end), with whom, how much, where and the policy, in HTML and in text', async () => {
    const message = await bookingConfirmation(booking, studio);
    for (const part of [message.text, message.html]) {
      expect(part).toContain('Tuesday, 1 December 2026 at 3:00 PM – 5:30 PM (WAT)');
      expect(part).toContain('Amaka');
      expect(part).toContain('₦55,000');
      expect(part).toContain('BK-20261201-abc');
      expect(part).toContain(studio.address);
      expect(part).toContain('24 hours');
    }
    expect(message.html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(message.html).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&lt;script&gt;');
    expect(message.whatsapp).toEqual({
      name: 'booking_confirmation',
      parameters: [
        booking.name,
        'Swedish, Hotstone',
        'Tuesday, 1 December 2026 at 3:00 PM – 5:30 PM (WAT) with Amaka',
        'Amount paid: ₦55,000',
        'BK-20261201-abc',
      ],
    });
    // The Google Calendar link spans the whole visit: 14:00 to 16:30 UTC.
    expect(message.html).toContain('20261201T140000Z%2F20261201T163000Z');
  });

  it('says an overnight visit ends the next morning, and a booking to pay at the studio says so', async () => {
    const overnight = await bookingConfirmation(
      { ...booking, time: '17:00', durationMinutes: 16 * 60, paidOnArrival: true },
      studio,
    );
    expect(overnight.text).toContain('Tuesday, 1 December 2026 at 5:00 PM – 9:00 AM the next day (WAT)');
    expect(overnight.text).toContain('please pay at the studio when you arrive');
    expect(overnight.text).toContain('To pay at the studio');
    expect(overnight.text).not.toContain('confirmed and paid');
    expect(overnight.whatsapp?.parameters[3]).toBe('To pay at the studio: ₦55,000');
  });

  it('tells a client with a deposit paid what is left to bring, in the confirmation and the WhatsApp reminder', async () => {
    const deposit = { ...booking, amountPaid: 16_500 };
    expect((await bookingConfirmation(deposit, studio)).whatsapp?.parameters[3]).toBe(
      'Paid (deposit): ₦16,500; To pay at the studio: ₦38,500',
    );
    const reminder = await bookingReminder(deposit, studio);
    expect(reminder.text).toContain('To pay at the studio: ₦38,500');
    expect(reminder.text).not.toContain('Paid (deposit)');
    expect(reminder.whatsapp).toEqual({
      name: 'booking_reminder',
      parameters: [
        booking.name,
        'Tuesday, 1 December 2026 at 3:00 PM – 5:30 PM (WAT) with Amaka',
        'To pay at the studio: ₦38,500',
      ],
    });
    expect((await bookingReminder(booking, studio)).whatsapp?.parameters[2]).toBe('Nothing to pay at the studio');
  });

  it('puts the buyer’s message on the gift voucher’s WhatsApp card, on one line', async () => {
    const voucher = {
      reference: 'VC-1',
      amount: 50_000,
      balance: 50_000,
      treatment: null,
      buyerName: 'Tunde',
      recipientName: 'Ngozi',
      recipientEmail: null,
      recipientPhone: '+2348031234567',
      message: 'Happy birthday!\n\nRelax, you deserve it.',
      deliverOn: '2026-12-01',
      expiresOn: '2027-12-01',
      code: 'ABCD-EFGH-JKMN',
      cardUrl: 'https://example.com/gift-vouchers/card/x',
    };
    expect((await voucherDelivery(voucher, studio)).whatsapp).toEqual({
      name: 'gift_voucher',
      parameters: [
        'Ngozi',
        'Tunde',
        '₦50,000',
        'ABCD-EFGH-JKMN',
        'Wednesday, 1 December 2027',
        'https://example.com/gift-vouchers/card/x',
        '“Happy birthday! Relax, you deserve it.”',
      ],
    });
    expect((await voucherDelivery({ ...voucher, message: null }, studio)).whatsapp?.parameters[6]).toBe(
      'Enjoy your treat.',
    );
  });
});

describe('delivering an outbox row', () => {
  let email: FakeEmailSender;
  let senders: Senders;
  beforeEach(() => {
    email = new FakeEmailSender();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      return whatsappApi.handles(request.url) ? whatsappApi.fetch(request) : realFetch(request);
    });
    senders = {
      email,
      whatsapp: createWhatsAppClient({
        baseUrl: whatsappApi.baseUrl,
        token: whatsappApi.token,
        phoneNumberId: whatsappApi.phoneNumberId,
      }),
    };
  });
  afterEach(() => vi.restoreAllMocks());

  const rowOf = async (id: string) => (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];

  it('sends an email once, however many times the queue delivers it', async () => {
    const row = await insertRow();
    const now = new Date();
    expect(await deliver(db, senders, row.id, now)).toBe('sent');
    expect(await deliver(db, senders, row.id, now)).toBe('skipped');
    expect(email.sent).toEqual([{ to: 'ada@example.com', subject: row.subject, html: row.html, text: row.text }]);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null });
  });

  it('lets only one of two simultaneous deliveries send', async () => {
    const row = await insertRow();
    const outcomes = await Promise.all([
      deliver(db, senders, row.id, new Date()),
      deliver(db, senders, row.id, new Date()),
    ]);
    expect(outcomes.sort()).toEqual(['sent', 'skipped']);
    expect(email.sent).toHaveLength(1);
  });

  it('retries a failed send with growing delays, then gives up as dead', async () => {
    const row = await insertRow();
    email.failRate = 1;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await deliver(db, senders, row.id, new Date())).toEqual({ retryAfterSeconds: retryDelaySeconds(attempt) });
      expect(await rowOf(row.id)).toMatchObject({
        status: 'failed',
        attempts: attempt,
        lastError: 'Email provider unavailable',
      });
    }
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(3)).toBe(120);
    expect(await deliver(db, senders, row.id, new Date())).toBe('dead');
    expect(await rowOf(row.id)).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
    expect(email.sent).toEqual([]);
  });

  it('sends WhatsApp through the Cloud API as an approved template, numbers in international form', async () => {
    const row = await insertRow({
      channel: 'whatsapp',
      recipient: '0803 123 4567',
      whatsappTemplate: { name: 'booking_confirmation', parameters: ['Ada', 'Swedish'] },
    });
    expect(await deliver(db, senders, row.id, new Date())).toBe('sent');
    expect(whatsappApi.refusals).toEqual([]);
    expect(whatsappApi.sent).toEqual([
      { to: '2348031234567', template: 'booking_confirmation', parameters: ['Ada', 'Swedish'] },
    ]);
  });

  it('holds WhatsApp messages while no token is set, without counting an attempt', async () => {
    const row = await insertRow({ channel: 'whatsapp', recipient: '+2348031234567' });
    expect(await deliver(db, { email }, row.id, new Date())).toBe('held');
    expect(await rowOf(row.id)).toMatchObject({ status: 'held', attempts: 0 });
    expect(whatsappApi.sent).toEqual([]);
  });

  it('refuses a number that is not a WhatsApp number with a clear reason, and does not crash', async () => {
    const row = await insertRow({ channel: 'whatsapp', recipient: 'call me maybe' });
    expect(await deliver(db, senders, row.id, new Date())).toBe('dead');
    expect((await rowOf(row.id))?.lastError).toBe('Not a WhatsApp number: call me maybe');
  });

  it('acks what was delivered, retries what failed, and the dead-letter queue marks rows dead', async () => {
    const sent = await insertRow();
    const failing = await insertRow({ recipient: 'not-an-address' });
    const acked: string[] = [];
    const retried: Array<[string, number | undefined]> = [];
    const message = (outboxId: string) => ({
      id: outboxId,
      timestamp: new Date(),
      attempts: 1,
      body: { outboxId },
      ack: () => acked.push(outboxId),
      retry: (options?: { delaySeconds?: number }) => retried.push([outboxId, options?.delaySeconds]),
    });
    const batch = (queue: string, ids: string[]) =>
      ({ queue, messages: ids.map(message), ackAll: () => {}, retryAll: () => {} }) as unknown as MessageBatch<unknown>;
    await handleMessageBatch(batch('spa-studio-messages', [sent.id, failing.id]), env, senders);
    expect(acked).toEqual([sent.id]);
    expect(retried).toEqual([[failing.id, 30]]);
    await handleMessageBatch(batch(DEAD_LETTER_QUEUE, [failing.id]), env, senders);
    expect(await rowOf(failing.id)).toMatchObject({
      status: 'dead',
      lastError: 'Not an email address: not-an-address',
    });
  });
});

describe('the 24-hour reminder', () => {
  const reminderKeys = async () =>
    (await outbox())
      .filter((row) => row.template === 'booking-reminder')
      .map((row) => `${row.channel}:${row.idempotencyKey.split(':').slice(2).join(':').split('@')[0]}`);

  const bookedAt = (
    reference: string,
    date: string,
    time: string,
    createdAt: string,
    status: 'booked' | 'completed' = 'booked',
  ) => insertPaidBooking(db, { reference, date, time, createdAt, serviceStatus: status });

  // 22:30 UTC on 23 November is 23:30 in Lagos: the next Lagos day starts in half an hour.
  const now = new Date('2026-11-23T22:30:00.000Z');
  const longAgo = '2026-11-01T10:00:00.000Z';

  it('is queued once the start is 24 hours away or less, across the Lagos midnight, and never twice', async () => {
    await bookedAt('BK-TOMORROW-9', '2026-11-24', '09:00', longAgo); // 9.5 h away (08:00 UTC)
    await bookedAt('BK-EDGE-IN', '2026-11-24', '17:00', longAgo); // 17.5 h away
    await bookedAt('BK-DAY-AFTER', '2026-11-25', '09:00', longAgo); // 33.5 h away: not yet
    await bookedAt('BK-DONE', '2026-11-24', '10:00', longAgo, 'completed');
    await queueReminders(env, now);
    await queueReminders(env, now);
    await queueReminders(env, new Date(now.getTime() + 15 * 60_000));
    expect((await reminderKeys()).sort()).toEqual([
      'email:BK-EDGE-IN',
      'email:BK-TOMORROW-9',
      'whatsapp:BK-EDGE-IN',
      'whatsapp:BK-TOMORROW-9',
    ]);
  });

  it('is queued again for the new time when a reminded booking is moved, and carries the manage link', async () => {
    await bookedAt('BK-MOVED', '2026-11-24', '09:00', longAgo);
    await queueReminders(env, now);
    await db.update(bookings).set({ time: '15:00' }).where(eq(bookings.paymentReference, 'BK-MOVED'));
    await queueReminders(env, now);
    const reminders = (await outbox()).filter((row) => row.template === 'booking-reminder' && row.channel === 'email');
    expect(reminders.map((row) => row.idempotencyKey).sort()).toEqual([
      'booking-reminder:email:BK-MOVED@2026-11-24T09:00',
      'booking-reminder:email:BK-MOVED@2026-11-24T15:00',
    ]);
    const token = await manageToken('BK-MOVED', env.MANAGE_LINK_SECRET);
    expect(reminders[0]?.text).toContain(`/manage-booking/${token}`);
    expect(reminders[0]?.html).toContain(`/manage-booking/${token}`);
  });

  it('takes the window to the minute: 24 hours away is in, a minute more is out', async () => {
    // 23:00 on 24 November in Lagos is 22:00 UTC that day: 24 hours after 22:00 UTC on the 23rd.
    await bookedAt('BK-IN', '2026-11-24', '23:00', longAgo);
    const exactly24h = new Date('2026-11-23T22:00:00.000Z');
    const oneMinuteEarlier = new Date('2026-11-23T21:59:00.000Z');
    await queueReminders(env, oneMinuteEarlier);
    expect(await reminderKeys()).toEqual([]);
    await queueReminders(env, exactly24h);
    expect((await reminderKeys()).sort()).toEqual(['email:BK-IN', 'whatsapp:BK-IN']);
  });

  it('is never sent for an appointment booked inside the 24 hours (its confirmation said it all)', async () => {
    await bookedAt('BK-LATE', '2026-11-24', '12:00', '2026-11-23T20:00:00.000Z');
    await queueReminders(env, now);
    await queueReminders(env, new Date('2026-11-24T09:00:00.000Z'));
    expect(await reminderKeys()).toEqual([]);
  });

  it('waits while a booking paid into a full slot has no new time, and is sent once it is moved', async () => {
    await insertPaidBooking(db, {
      reference: 'BK-FULL',
      date: '2026-11-24',
      time: '10:00',
      createdAt: longAgo,
      needsAttention: true,
    });
    await queueReminders(env, now);
    expect(await reminderKeys()).toEqual([]);
    await db
      .update(bookings)
      .set({ time: '14:00', needsAttention: false })
      .where(eq(bookings.paymentReference, 'BK-FULL'));
    await queueReminders(env, now);
    expect((await reminderKeys()).sort()).toEqual(['email:BK-FULL', 'whatsapp:BK-FULL']);
  });

  it('is not sent for an appointment that has begun', async () => {
    await bookedAt('BK-PAST', '2026-11-23', '17:00', longAgo);
    await queueReminders(env, now);
    expect(await reminderKeys()).toEqual([]);
    expect(await db.select({ n: sql`count(*)` }).from(outboxMessages)).toEqual([{ n: 0 }]);
  });
});

describe('the cron sweep of the outbox', () => {
  it('queues again a row whose queue message was lost, and releases held WhatsApp messages once a token is set', async () => {
    const sent: string[] = [];
    const queue = {
      sendBatch: async (messages: Iterable<{ body: { outboxId: string } }>) => {
        for (const message of messages) sent.push(message.body.outboxId);
      },
    } as unknown as Queue;
    const now = new Date();
    const lost = await insertRow({ createdAt: new Date(now.getTime() - 11 * 60_000).toISOString() });
    const fresh = await insertRow();
    const held = await insertRow({ channel: 'whatsapp', recipient: '+2348031234567' });
    await db.update(outboxMessages).set({ status: 'held' }).where(eq(outboxMessages.id, held.id));

    await sweepOutbox(db, queue, now, false);
    expect(sent).toEqual([lost.id]);
    sent.length = 0;
    await sweepOutbox(db, queue, now, true);
    expect(sent.sort()).toEqual([held.id, lost.id].sort());
    expect(sent).not.toContain(fresh.id);
    const [released] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, held.id));
    expect(released?.status).toBe('queued');
  });
});
