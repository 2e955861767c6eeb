// The waitlist cannot keep free times off sale: a join for a wish with a free start is refused
// with the free times, live entries are capped per client network too, an entry is offered
// places only once its owner confirmed it (the email's link, or a WhatsApp reply from its
// number) and ends unconfirmed after 24 hours, and two offers lapsing in a row end it.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxMessages, timeWaitlistEntries } from '../../../worker/db/schema';
import { MAX_LIVE_ENTRIES_PER_NETWORK, timeWaitlistMessages } from '../../../worker/shared/bookings/time-waitlist';
import { metaWebhook } from '../../fakes/whatsapp';
import { signIn } from '../admin-harness';
import { inDays } from '../checkout/payment-fixtures';
import { call, clearPaymentData, db, liveEnv, origin, staffCall, withFakePaystack } from '../checkout/payment-harness';
import {
  bookTimes,
  cancelBody,
  clockAt,
  confirmEntry,
  day,
  join,
  joinBody,
  joined,
  joinedUnconfirmed,
  offerNow,
  offersOf,
  tokenOf,
} from './time-waitlist-fixtures';

withFakePaystack();
const appSecret = 'meta-app-secret-for-tests';
const metaEnv = { ...liveEnv, WHATSAPP_APP_SECRET: appSecret };
let cookie: string;
beforeEach(async () => {
  await clearPaymentData(1);
  clockAt('10:00');
  cookie = await signIn();
});
afterEach(() => {
  vi.useRealTimers();
});

const statusOf = async (id: string) =>
  (await db.select().from(timeWaitlistEntries).where(eq(timeWaitlistEntries.id, id)))[0]?.status;

const reply = async (from: string, text: string) => {
  const { body, signature } = await metaWebhook(from, text, appSecret);
  return call(
    '/api/whatsapp/webhook',
    { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature }, body },
    metaEnv,
  );
};

/** The morning of day() full but for the 10:00 staff then cancel (one therapist). */
async function tenFreesLater() {
  const [, ten, eleven] = await bookTimes(day(), ['09:00', '10:00', '11:00']);
  return {
    freeTen: async () =>
      expect((await staffCall(cookie, `/api/bookings/${ten?.id}`, 'PUT', cancelBody)).status).toBe(200),
    freeEleven: async () =>
      expect((await staffCall(cookie, `/api/bookings/${eleven?.id}`, 'PUT', cancelBody)).status).toBe(200),
  };
}

describe('joining for a time that is free', () => {
  it('refuses with 409 and the free times, and keeps nothing', async () => {
    await bookTimes(day(), ['09:00']);
    const response = await join(joinBody({ dates: [day(), inDays(3)] }));
    expect(response.status).toBe(409);
    const body = (await response.json()) as { message: string; free: Array<{ date: string; times: string[] }> };
    expect(body.message).toContain(timeWaitlistMessages.timeFree);
    expect(body.message).toContain('10:00, 11:00');
    expect(body.free).toEqual([
      { date: day(), times: ['10:00', '11:00'] },
      { date: inDays(3), times: ['09:00', '10:00', '11:00'] },
    ]);
    expect(await db.select().from(timeWaitlistEntries)).toEqual([]);
    // The afternoon is wished for while the morning is full: still free, refused too.
    await bookTimes(day(), ['10:00', '11:00']);
    expect((await join(joinBody({ window: 'afternoon' }))).status).toBe(409);
    expect((await join(joinBody())).status).toBe(201);
  });
});

describe('live entries per client network', () => {
  it(`takes ${MAX_LIVE_ENTRIES_PER_NETWORK} from one network, refuses the next (429), and takes another network’s`, async () => {
    for (const days of [2, 3, 4]) await bookTimes(inDays(days), ['09:00', '10:00', '11:00']);
    const from = (address: string) => ({ 'CF-Connecting-IP': address });
    for (let n = 0; n < MAX_LIVE_ENTRIES_PER_NETWORK; n++) {
      await joinedUnconfirmed({ email: `client-${n}@example.com`, phone: '' }, from('203.0.113.7'));
    }
    const over = await join(joinBody({ email: 'one-more@example.com', phone: '' }), from('203.0.113.7'));
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ message: timeWaitlistMessages.busyNetwork });
    const other = await join(joinBody({ email: 'one-more@example.com', phone: '' }), from('198.51.100.2'));
    expect(other.status).toBe(201);
    // The per-address limit keeps its own message.
    for (const n of [1, 2]) {
      await joinedUnconfirmed(
        { email: 'one-more@example.com', phone: '', dates: [inDays(2 + n)] },
        from('2001:db8::1'),
      );
    }
    const fourth = await join(joinBody({ email: 'one-more@example.com', phone: '' }), from('2001:db8::2'));
    expect(await fourth.json()).toMatchObject({ message: timeWaitlistMessages.tooMany });
  });
});

describe('confirming an entry', () => {
  it('offers nothing before its owner confirms from the email, and offers once confirmed', async () => {
    const { freeTen } = await tenFreesLater();
    const id = await joinedUnconfirmed();
    const [email] = await db
      .select()
      .from(outboxMessages)
      .where(sql`template = 'time-waitlist-joined' and channel = 'email'`);
    expect(email?.text).toContain('?confirm=1');
    await freeTen();
    expect(await offersOf(id)).toEqual([]);
    // Staff see it unconfirmed, and cannot offer it by hand either: nobody proved its address.
    const list = await staffCall(cookie, `/api/time-waitlist?date=${day()}`);
    expect(await list.json()).toMatchObject({ entries: [{ _id: id, confirmed: false }] });
    const byHand = await staffCall(cookie, `/api/time-waitlist/${id}/offer`, 'POST', { date: day(), time: '10:00' });
    expect(await byHand.json()).toMatchObject({ message: timeWaitlistMessages.notConfirmed });
    const confirmed = await confirmEntry(id);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ _id: id, confirmed: true });
    expect((await offersOf(id)).map((offer) => offer.time)).toEqual(['10:00']);
  });

  it('confirms by a WhatsApp reply from the entry’s number only; STOP leaves', async () => {
    const { freeTen } = await tenFreesLater();
    const id = await joinedUnconfirmed({ email: '', phone: '0803 123 4567' });
    const other = await joinedUnconfirmed({ email: '', phone: '0805 000 0000' });
    await freeTen();
    expect((await reply('2348039999999', 'Yes')).status).toBe(200);
    expect(await offersOf(id)).toEqual([]);
    expect((await reply('2348031234567', 'Yes please')).status).toBe(200);
    expect((await offersOf(id)).map((offer) => offer.time)).toEqual(['10:00']);
    expect(await offersOf(other)).toEqual([]);
    expect((await reply('2348050000000', 'STOP')).status).toBe(200);
    expect(await statusOf(other)).toBe('left');
  });

  it('ends an entry left unconfirmed for 24 hours', async () => {
    for (const days of [2, 3]) await bookTimes(inDays(days), ['09:00', '10:00', '11:00']);
    const unconfirmed = await joinedUnconfirmed({ dates: [inDays(2), inDays(3)] });
    const confirmed = await joined({ email: 'bisi@example.com', phone: '', dates: [inDays(2)] });
    // Joined at 10:00 on the test's clock: the database stamps rows by its own, the machine's.
    await db.run(sql`update time_waitlist_entries set created_at = ${new Date().toISOString()}`);
    clockAt('09:59', 1);
    await offerNow();
    expect(await statusOf(unconfirmed)).toBe('waiting');
    clockAt('10:01', 1);
    await offerNow();
    expect(await statusOf(unconfirmed)).toBe('ended');
    expect(await statusOf(confirmed)).toBe('waiting');
    expect((await confirmEntry(unconfirmed)).status).toBe(404);
  });
});

describe('offers lapsing without an answer', () => {
  it('ends the entry after two in a row, and tells its owner', async () => {
    const { freeTen, freeEleven } = await tenFreesLater();
    const id = await joined();
    await freeTen();
    clockAt('10:16');
    await offerNow([day()]);
    expect(await statusOf(id)).toBe('waiting');
    await freeEleven();
    expect((await offersOf(id)).map((offer) => [offer.time, offer.status])).toEqual([
      ['10:00', 'lapsed'],
      ['11:00', 'open'],
    ]);
    clockAt('10:32');
    await offerNow([day()]);
    expect(await statusOf(id)).toBe('ended');
    const told = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'time-waitlist-ended'));
    expect(told.map((message) => message.channel).sort()).toEqual(['email', 'whatsapp']);
  });

  it('keeps an entry whose one lapse is followed by an answer', async () => {
    const { freeTen, freeEleven } = await tenFreesLater();
    const id = await joined();
    await freeTen();
    clockAt('10:16');
    await offerNow([day()]);
    await freeEleven();
    const open = (await offersOf(id)).find((offer) => offer.status === 'open');
    const declined = await call(`/api/waitlist-offer/${await tokenOf(open?.reference ?? '')}/decline`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
    });
    expect(declined.status).toBe(200);
    clockAt('10:32');
    await offerNow([day()]);
    expect(await statusOf(id)).toBe('waiting');
  });
});
