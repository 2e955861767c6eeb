// A freed place offered from the waitlist: held for one entry at a time, declined or
// lapsed to the next in line, raced for by places freeing together and by visitors buying online,
// never sent at night nor more than 3 times a day, and booked and paid through Paystack.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bookings,
  outboxMessages,
  payments,
  timeWaitlistEntries,
  timeWaitlistOffers,
  treatments,
} from '../../../worker/db/schema';
import { entryToken } from '../../../worker/services/time-waitlist/time-waitlist-links';
import { timeWaitlistMessages } from '../../../worker/shared/bookings/time-waitlist';
import { lagosToUtc } from '../../../worker/shared/time';
import { seedBooking, signIn } from '../admin-harness';
import { bookingDetails, inDays } from '../checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  liveEnv,
  origin,
  payerCookie,
  staffCall,
  startPayment,
  verify,
  withFakePaystack,
} from '../checkout/payment-harness';
import {
  allDay,
  bookTimes,
  cancelBody,
  clockAt,
  day,
  freeQuietly,
  joined,
  joinedWhileFull,
  offerNow,
  offersOf,
  openOffers,
  tokenOf,
} from './time-waitlist-fixtures';

withFakePaystack();
let cookie: string;
beforeEach(async () => {
  await clearPaymentData(1);
  // Deposits outlive the reset of the menu: every treatment paid in full online unless a test says.
  await db.update(treatments).set({ depositPercent: 0 });
  clockAt('10:00');
  cookie = await signIn();
});
afterEach(() => {
  vi.useRealTimers();
});

const post = (path: string, body: unknown = {}) =>
  call(path, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const decline = async (reference: string) => post(`/api/waitlist-offer/${await tokenOf(reference)}/decline`);

/** Three waiting for the morning of day(), which is full but for the 10:00 staff then cancel. */
async function threeWaitingForTen() {
  const [, ten] = await bookTimes(day(), ['09:00', '10:00', '11:00']);
  const entries = [];
  for (const name of ['ada', 'bisi', 'chi']) {
    entries.push(await joined({ name: `${name} Obi`, email: `${name}@example.com`, phone: '' }));
  }
  expect((await staffCall(cookie, `/api/bookings/${ten?.id}`, 'PUT', cancelBody)).status).toBe(200);
  return entries as [string, string, string];
}

describe('declined or lapsed, the place moves to the next in line', () => {
  it('goes to the second when the first says "No, thanks", and to the third when the second lets it lapse', async () => {
    const [ada, bisi, chi] = await threeWaitingForTen();
    const [first] = await offersOf(ada);
    expect(first?.status).toBe('open');
    expect((await decline(first?.reference ?? '')).status).toBe(200);
    expect((await offersOf(ada)).map((offer) => offer.status)).toEqual(['declined']);
    const [second] = await offersOf(bisi);
    expect(second).toMatchObject({ time: '10:00', status: 'open' });
    // A decline again, or of an offer that moved on, changes nothing.
    expect((await decline(first?.reference ?? '')).status).toBe(409);

    clockAt('10:16');
    await offerNow([day()]);
    expect((await offersOf(bisi)).map((offer) => offer.status)).toEqual(['lapsed']);
    expect((await offersOf(chi)).map((offer) => [offer.time, offer.status])).toEqual([['10:00', 'open']]);
    // Ada, who declined it, is not offered the same place again.
    expect((await offersOf(ada)).map((offer) => offer.status)).toEqual(['declined']);
  });

  it('comes back through the queue message sent when the hold ends', async () => {
    const [, bisi] = await threeWaitingForTen();
    const sent = vi.spyOn(liveEnv.MESSAGES, 'send');
    clockAt('10:16');
    const { handleMessageBatch } = await import('../../../worker/services/jobs/message-queue');
    const [first] = await openOffers();
    const acked: string[] = [];
    await handleMessageBatch(
      {
        queue: 'spa-studio-messages',
        messages: [
          {
            id: '1',
            timestamp: new Date(),
            attempts: 1,
            body: { offerLapse: first?.reference },
            ack: () => acked.push('ack'),
            retry: () => acked.push('retry'),
          },
        ],
        retryAll: () => undefined,
        ackAll: () => undefined,
      } as unknown as MessageBatch<unknown>,
      liveEnv as never,
      { email: { send: async () => undefined } },
    );
    expect(acked).toEqual(['ack']);
    expect((await offersOf(bisi)).map((offer) => offer.status)).toEqual(['open']);
    // The new offer's own lapse message, due when its hold ends.
    expect(sent).toHaveBeenCalledWith(
      { offerLapse: (await offersOf(bisi))[0]?.reference },
      { delaySeconds: 15 * 60 + 5 },
    );
  });
});

describe('exactly one entry holds a freed place at a time', () => {
  it('gives two places freeing at once to two entries', async () => {
    const [nine, ten] = await bookTimes(day(), ['09:00', '10:00', '11:00']);
    const ada = await joined({ email: 'ada@example.com', phone: '' });
    const bisi = await joined({ email: 'bisi@example.com', phone: '' });
    const cancels = await Promise.all(
      [nine, ten].map((booking) => staffCall(cookie, `/api/bookings/${booking?.id}`, 'PUT', cancelBody)),
    );
    expect(cancels.map((response) => response.status)).toEqual([200, 200]);
    const offers = await openOffers();
    expect(offers).toHaveLength(2);
    expect(new Set(offers.map((offer) => offer.entryId))).toEqual(new Set([ada, bisi]));
    expect(offers.map((offer) => offer.time).sort()).toEqual(['09:00', '10:00']);
  });

  it('offers a place once however many offering runs race for it', async () => {
    const [, ten] = await bookTimes(day(), ['09:00', '10:00', '11:00']);
    clockAt('22:00');
    for (const name of ['ada', 'bisi', 'chi', 'dayo']) await joined({ email: `${name}@example.com`, phone: '' });
    await freeQuietly([ten as { id: string; paymentReference: string | null }]);
    clockAt('10:00');
    const runs = await Promise.all(Array.from({ length: 6 }, () => offerNow([day()])));
    expect(runs.flat()).toHaveLength(1);
    const offers = await openOffers();
    expect(offers.map((offer) => offer.time)).toEqual(['10:00']);
    const held = await db.all<{ n: number }>(
      sql`select count(*) as n from time_blocks where payment_reference like 'WO-%'`,
    );
    expect(held[0]?.n).toBe(8);
  });

  it('offers a place once when a decline and the lapse run arrive together', async () => {
    const [ada, bisi, chi] = await threeWaitingForTen();
    const [first] = await offersOf(ada);
    await Promise.all([decline(first?.reference ?? ''), offerNow([day()]), offerNow([day()])]);
    const offers = await openOffers();
    expect(offers.map((offer) => [offer.entryId, offer.time])).toEqual([[bisi, '10:00']]);
    expect(await offersOf(chi)).toEqual([]);
  });

  it('shows an offered time unavailable to visitors, and refuses their payment for it', async () => {
    await threeWaitingForTen();
    const availability = await call(`/api/availability?date=${day()}&treatments=swedish`);
    const slots = ((await availability.json()) as { slots: Array<{ time: string; left: number }> }).slots;
    expect(slots.find((slot) => slot.time === '10:00')?.left).toBe(0);
    const bought = await startPayment(
      bookingDetails({
        appointmentDate: day(),
        appointmentTime: '10:00',
        subservices: ['Swedish'],
        amount: 25_000,
        customerEmail: 'dayo@example.com',
      }),
      2_500_000,
    );
    expect(bought.status).toBe(409);
  });
});

describe('night and daily limits', () => {
  it('sends nothing at night: the place is on sale until the 07:00 run offers it, if still free', async () => {
    const [, ten] = await bookTimes(day(), ['09:00', '10:00', '11:00']);
    clockAt('22:00');
    const night = await signIn();
    const entry = await joined();
    expect((await staffCall(night, `/api/bookings/${ten?.id}`, 'PUT', cancelBody)).status).toBe(200);
    expect(await offersOf(entry)).toEqual([]);
    const availability = await call(`/api/availability?date=${day()}&treatments=swedish`);
    const slots = ((await availability.json()) as { slots: Array<{ time: string; left: number }> }).slots;
    expect(slots.find((slot) => slot.time === '10:00')?.left).toBe(1);
    clockAt('06:45', 1);
    await offerNow();
    expect(await offersOf(entry)).toEqual([]);
    clockAt('07:00', 1);
    await offerNow();
    expect((await offersOf(entry)).map((offer) => offer.time)).toEqual(['10:00']);
  });

  it('makes an entry at most 3 offers a Lagos day, and more the next day', async () => {
    const entry = await joinedWhileFull({ window: 'any' }, allDay);
    await offerNow();
    for (let offer = 0; offer < 3; offer++) {
      const [open] = (await offersOf(entry)).filter((each) => each.status === 'open');
      expect(open, `offer ${offer + 1}`).toBeDefined();
      expect((await decline(open?.reference ?? '')).status).toBe(200);
    }
    await offerNow();
    expect((await offersOf(entry)).map((offer) => offer.status)).toEqual(['declined', 'declined', 'declined']);
    clockAt('07:00', 1);
    await offerNow();
    expect((await offersOf(entry)).filter((offer) => offer.status === 'open')).toHaveLength(1);
  });

  it('ends an entry once its last day has passed', async () => {
    const entry = await joinedWhileFull({ dates: [inDays(1)] });
    clockAt('07:00', 2);
    await offerNow();
    const [row] = await db.select().from(timeWaitlistEntries).where(eq(timeWaitlistEntries.id, entry));
    expect(row?.status).toBe('ended');
  });
});

describe('the offer, booked and paid', () => {
  const offerDetails = (token: string, overrides = {}) =>
    bookingDetails({
      appointmentDate: day(),
      appointmentTime: '10:00',
      subservices: ['Swedish'],
      amount: 25_000,
      customerEmail: 'ada@example.com',
      waitlistOffer: token,
      ...overrides,
    });

  it('shows the place and its price on the offer page, then books it once paid; the entry ends', async () => {
    const [ada] = await threeWaitingForTen();
    const [offer] = await offersOf(ada);
    const token = await tokenOf(offer?.reference ?? '');
    const page = await call(`/api/waitlist-offer/${token}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      status: 'open',
      date: day(),
      time: '10:00',
      endTime: '11:00',
      therapist: { _id: 'therapist-1', name: 'Therapist 1' },
      treatments: ['Swedish'],
      price: 25_000,
      payNow: 25_000,
      // The link may be forwarded: the name only, never the contact details.
      client: { name: 'ada Obi' },
    });
    expect((await call(`/api/waitlist-offer/${token.slice(0, -2)}xx`)).status).toBe(404);

    const started = await startPayment(offerDetails(token), 2_500_000);
    const body = (await started.json()) as { message?: string; data: { reference: string } };
    expect(started.status, body.message).toBe(200);
    expect((await offersOf(ada))[0]?.status).toBe('paying');
    // Still held (now by the payment): nobody else is offered it, nor can buy it.
    await offerNow([day()]);
    expect(await openOffers()).toHaveLength(1);

    fake.settle(body.data.reference, 'success');
    expect((await verify(body.data.reference)).status).toBe(200);
    const [booked] = await db.select().from(bookings).where(eq(bookings.paymentReference, body.data.reference));
    expect(booked).toMatchObject({ date: day(), time: '10:00', therapistId: 'therapist-1', needsAttention: false });
    expect((await offersOf(ada))[0]?.status).toBe('booked');
    const [entry] = await db.select().from(timeWaitlistEntries).where(eq(timeWaitlistEntries.id, ada));
    expect(entry).toMatchObject({ status: 'booked', bookingId: booked?.id });
    const list = (await (await staffCall(cookie, `/api/time-waitlist?date=${day()}`)).json()) as {
      entries: Array<{ _id: string }>;
      month: { filled: number; revenue: number };
    };
    expect(list.month).toEqual({ filled: 1, revenue: 25_000 });
    expect(list.entries.map((each) => each._id)).not.toContain(ada);
  });

  it('lets the client start again after cancelling the checkout, within the offer’s time', async () => {
    const [ada] = await threeWaitingForTen();
    const token = await tokenOf((await offersOf(ada))[0]?.reference ?? '');
    const first = await startPayment(offerDetails(token), 2_500_000);
    const { data } = (await first.json()) as { data: { reference: string } };
    const cancelled = await call('/api/payment/cancel', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json', Cookie: payerCookie() },
      body: JSON.stringify({ reference: data.reference }),
    });
    expect(cancelled.status).toBe(200);
    // Typed with another email this time: the first payment's hold is not in the way either.
    clockAt('10:05');
    const again = await startPayment(offerDetails(token, { customerEmail: 'ada.obi@example.com' }), 2_500_000);
    const body = (await again.json()) as { message?: string; data: { reference: string } };
    expect(again.status, body.message).toBe(200);
    // The payment's hold lasts as long as the offer (15 minutes from 10:00), at least 10 minutes.
    const [held] = await db.select().from(payments).where(eq(payments.reference, body.data.reference));
    expect(held?.holdExpiresAt).toBe(lagosToUtc(inDays(0), '10:15').toISOString());
    clockAt('10:14');
    const late = await startPayment(offerDetails(token), 2_500_000);
    const lateBody = (await late.json()) as { data: { reference: string } };
    const [lateHold] = await db.select().from(payments).where(eq(payments.reference, lateBody.data.reference));
    expect(lateHold?.holdExpiresAt).toBe(lagosToUtc(inDays(0), '10:24').toISOString());
    // The earlier attempt gave way: one pending payment for the place.
    const pending = await db.select().from(payments).where(sql`status = 'pending' and slot_time = '10:00'`);
    expect(pending.map((payment) => payment.reference)).toEqual([lateBody.data.reference]);
  });

  it('charges in full a client past the no-show rule, and says so on the offer page', async () => {
    await staffCall(cookie, '/api/schedule-settings', 'PUT', { noShowLimit: 1 });
    await staffCall(cookie, '/api/treatments/swedish', 'PUT', { depositPercent: 40 });
    const missed = await seedBooking({ date: inDays(-20), email: 'ada@example.com', phone: '0803 000 0001' });
    await db.update(bookings).set({ serviceStatus: 'no-show' }).where(eq(bookings.id, missed.id));
    const [ada, bisi] = await threeWaitingForTen();
    // Ada's offer: in full; Bisi's would be a 40% deposit.
    const page = (await (
      await call(`/api/waitlist-offer/${await tokenOf((await offersOf(ada))[0]?.reference ?? '')}`)
    ).json()) as {
      price: number;
      payNow: number;
    };
    expect(page).toMatchObject({ price: 25_000, payNow: 25_000 });
    const token = await tokenOf((await offersOf(ada))[0]?.reference ?? '');
    expect((await startPayment(offerDetails(token), 2_500_000)).status).toBe(200);
    expect(await offersOf(bisi)).toEqual([]);
    const sent = await db
      .select()
      .from(outboxMessages)
      .where(sql`template = 'waitlist-offer' and recipient = 'ada@example.com'`);
    expect(sent[0]?.text).toContain('₦25,000');
  });

  it('withdraws the entry’s newer offer when its earlier payment arrives after the hold', async () => {
    const booked = await bookTimes(day(), allDay);
    const ada = await joined({ window: 'any', email: 'ada@example.com', phone: '' });
    const ten = booked[1];
    await freeQuietly(booked.slice(4));
    await offerNow([day()]);
    // Ada is offered 13:00 (the first free start), starts paying, and lets it run out.
    const [first] = await offersOf(ada);
    expect(first?.time).toBe('13:00');
    const token = await tokenOf(first?.reference ?? '');
    const started = await startPayment(offerDetails(token, { appointmentTime: '13:00' }), 2_500_000);
    const { data } = (await started.json()) as { data: { reference: string } };
    clockAt('10:30');
    expect((await staffCall(cookie, `/api/bookings/${ten?.id}`, 'PUT', cancelBody)).status).toBe(200);
    const [, second] = await offersOf(ada);
    expect(second).toMatchObject({ time: '10:00', status: 'open' });
    // The first payment comes through late: booked (13:00 was still free), the newer offer withdrawn.
    fake.settle(data.reference, 'success');
    expect((await verify(data.reference)).status).toBe(200);
    const statuses = (await offersOf(ada)).map((offer) => [offer.time, offer.status]);
    expect(statuses).toEqual([
      ['13:00', 'booked'],
      ['10:00', 'withdrawn'],
    ]);
    expect(await db.all(sql`select * from time_blocks where payment_reference = ${second?.reference}`)).toEqual([]);
  });

  it('lets a declined card be retried, and refuses another time or an offer that ended', async () => {
    const [ada, bisi] = await threeWaitingForTen();
    const token = await tokenOf((await offersOf(ada))[0]?.reference ?? '');
    const other = await startPayment(offerDetails(token, { appointmentTime: '11:00' }), 2_500_000);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ message: timeWaitlistMessages.offerDoesNotMatch });
    const first = await startPayment(offerDetails(token), 2_500_000);
    expect(first.status).toBe(200);
    const retry = await startPayment(offerDetails(token), 2_500_000);
    expect(retry.status).toBe(200);
    expect((await offersOf(ada))[0]?.status).toBe('paying');

    const bisiToken = await tokenOf('WO-00000000-0000-0000-0000-000000000000');
    expect((await startPayment(offerDetails(bisiToken), 2_500_000)).status).toBe(400);
    // Bisi's turn never came (Ada is paying); an offer past its hold cannot be paid.
    expect(await offersOf(bisi)).toEqual([]);
    clockAt('10:45');
    await offerNow([day()]);
    expect((await offersOf(ada))[0]?.status).toBe('lapsed');
    expect((await startPayment(offerDetails(token), 2_500_000)).status).toBe(409);
  });
});

describe('the client’s own link', () => {
  it('shows the entry without contact details, and leaves it', async () => {
    const entry = await joinedWhileFull();
    await offerNow();
    const token = await entryToken(entry, liveEnv.MANAGE_LINK_SECRET);
    const shown = await call(`/api/time-waitlist/entry/${token}`);
    expect(shown.status).toBe(200);
    const body = (await shown.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ _id: entry, status: 'waiting', window: 'morning', dates: [day()] });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('phone');
    expect((await call(`/api/time-waitlist/entry/${entry}.${'x'.repeat(43)}`)).status).toBe(404);
    const left = await call(`/api/time-waitlist/entry/${token}`, { method: 'DELETE', headers: { Origin: origin } });
    expect(left.status).toBe(204);
    expect(await (await call(`/api/time-waitlist/entry/${token}`)).json()).toMatchObject({ status: 'left' });
    const offersSent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'waitlist-offer'));
    expect(offersSent.map((message) => message.channel).sort()).toEqual(['email', 'whatsapp']);
    expect(await db.select().from(timeWaitlistOffers).where(eq(timeWaitlistOffers.entryId, entry))).toHaveLength(1);
  });
});
