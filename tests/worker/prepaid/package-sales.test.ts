// Packages sold and redeemed: bought online exactly once at the server's price with a
// code sent by email and WhatsApp; checked by code (unknown, used-up and expired alike); one
// session pays one covered treatment at booking, in the batch that holds the time, given back when
// the hold lapses or the visit is cancelled in time, kept on a no-show, and taken once by 20 racers.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, outboxMessages, packagePurchases, payments } from '../../../worker/db/schema';
import { nairaToKobo } from '../../../worker/shared/money';
import { packageMessages } from '../../../worker/shared/prepaid/package-rules';
import { addMonths, lagosDate } from '../../../worker/shared/time';
import { signIn, staffSession } from '../admin-harness';
import { bookingDetails, oneHourVisit } from '../checkout/payment-fixtures';
import {
  clearPaymentData,
  db,
  fake,
  payerCookie,
  staffCall,
  startPayment,
  startPaymentOk,
  verify,
  webhook,
  withFakePaystack,
} from '../checkout/payment-harness';
import { buyPackage, checkCode, definePackage, packagePurchase, sessionsLeft, useOf } from './package-fixtures';

withFakePaystack();

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await clearPaymentData();
  await db.delete(outboxMessages);
  await db.$client.exec('delete from package_treatments; delete from packages;');
});

const otherBrowser = (name: string) => ({ Cookie: payerCookie(`${name}-0123456789abcdefghijklmnopqrstuvwxyz`) });

/** A visit of Swedish (₦25,000) paid by one session: nothing to pay online, recorded at once. */
const swedishOnPackage = (code: string, overrides: Parameters<typeof bookingDetails>[0] = {}) =>
  bookingDetails({ ...oneHourVisit, packageCode: code, amount: 0, ...overrides });

describe('buying a package', () => {
  it('charges the server’s price, records one purchase and sends its code by email and WhatsApp', async () => {
    const pkg = await definePackage(cookie);
    const { purchase, reference, code } = await buyPackage(pkg);
    expect(fake.initializeCalls.at(-1)?.body).toMatchObject({ amount: 6_000_000, email: 'tunde@example.com' });
    expect(code).not.toBe('');
    expect(purchase).toMatchObject({
      name: 'Three Swedish',
      sessions: 3,
      sessionsLeft: 3,
      price: 60_000,
      treatmentIds: ['swedish'],
      codeLast4: code.replace(/-/g, '').slice(-4),
      expiresOn: addMonths(lagosDate(new Date()), 6),
      status: 'active',
    });
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ kind: 'package', status: 'paid', amount: 60_000 });
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'package-bought'));
    expect(sent.map((message) => [message.channel, message.recipient]).sort()).toEqual([
      ['email', 'tunde@example.com'],
      ['whatsapp', '0803 123 4567'],
    ]);
    expect(sent.every((message) => message.text.includes(code))).toBe(true);
    const stored = JSON.stringify(await db.select().from(packagePurchases)) + JSON.stringify(payment);
    expect(stored).not.toContain(code.replace(/-/g, ''));
  });

  it('records the purchase once, whatever the order and number of verifies and webhooks', async () => {
    const pkg = await definePackage(cookie);
    const { reference } = await startPaymentOk(packagePurchase(pkg._id), nairaToKobo(60_000));
    fake.settle(reference, 'success');
    const { body, signature } = await fake.webhook(reference);
    await Promise.all([verify(reference), webhook(body, signature), verify(reference), webhook(body, signature)]);
    expect(await db.select().from(packagePurchases)).toHaveLength(1);
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'package-bought'));
    expect(sent).toHaveLength(2);
  });

  it('tells the paying browser what it bought and where the code went, and nobody else', async () => {
    const pkg = await definePackage(cookie);
    const { reference } = await startPaymentOk(packagePurchase(pkg._id), nairaToKobo(60_000));
    fake.settle(reference, 'success');
    const mine = (await (await verify(reference)).json()) as { data: Record<string, unknown> };
    expect(mine.data).toMatchObject({
      kind: 'package',
      name: 'Tunde Bello',
      packageName: 'Three Swedish',
      sessions: 3,
      sentTo: { email: 'tunde@example.com' },
    });
    const theirs = (await (await verify(reference, undefined, '')).json()) as { data: Record<string, unknown> };
    expect(theirs.data).toEqual({ reference, kind: 'package', paid: true });
  });

  it('refuses a client’s own price, a hidden package and bad details, and keeps nothing', async () => {
    const pkg = await definePackage(cookie);
    const hidden = await definePackage(cookie, { name: 'Hidden five', shown: false });
    const cheap = await startPayment(packagePurchase(pkg._id), nairaToKobo(1_000));
    expect(cheap.status).toBe(409);
    expect(await cheap.json()).toMatchObject({ expectedAmount: 60_000 });
    const gone = await startPayment(packagePurchase(hidden._id), nairaToKobo(60_000));
    expect(gone.status).toBe(409);
    expect(await gone.json()).toMatchObject({ message: packageMessages.notOffered });
    const noPhone = await startPayment(packagePurchase(pkg._id, { buyerPhone: 'call me' }), nairaToKobo(60_000));
    expect(noPhone.status).toBe(400);
    expect(await db.select().from(payments)).toEqual([]);
  });
});

describe('selling a package at the desk', () => {
  it('records the payment and the purchase at once, and sends the code to the buyer', async () => {
    const pkg = await definePackage(cookie);
    const sold = await staffCall(cookie, `/api/packages/${pkg._id}/sales`, 'POST', {
      buyerName: 'Kemi Ade',
      buyerPhone: '0809 777 1212',
      payment: 'pos',
    });
    expect(sold.status).toBe(201);
    const body = (await sold.json()) as { _id: string; reference: string; last4: string };
    const [purchase] = await db.select().from(packagePurchases).where(eq(packagePurchases.id, body._id));
    expect(purchase).toMatchObject({ name: 'Three Swedish', sessionsLeft: 3, soldBy: expect.any(String) });
    expect(body.last4).toBe(purchase?.codeLast4);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, body.reference));
    expect(payment).toMatchObject({ kind: 'package', status: 'paid', method: 'pos', amount: 60_000 });
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'package-bought'));
    expect(sent.map((message) => message.channel)).toEqual(['whatsapp']);
    const code = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/.exec(sent[0]?.text ?? '')?.[0] ?? '';
    expect((await checkCode(code)).body).toMatchObject({ sessionsLeft: 3 });
  });

  it('refuses a sale with no way to send the code, and reception (managers and owners sell packages)', async () => {
    const pkg = await definePackage(cookie);
    const noContact = await staffCall(cookie, `/api/packages/${pkg._id}/sales`, 'POST', {
      buyerName: 'Kemi Ade',
      payment: 'cash',
    });
    expect(noContact.status).toBe(400);
    expect(await noContact.json()).toMatchObject({ message: packageMessages.deskContact });
    const reception = await staffSession('reception', 'desk@example.com');
    const refused = await staffCall(reception, `/api/packages/${pkg._id}/sales`, 'POST', {
      buyerName: 'Kemi Ade',
      buyerEmail: 'kemi@example.com',
      payment: 'cash',
    });
    expect(refused.status).toBe(403);
    expect(await db.select().from(packagePurchases)).toEqual([]);
  });
});

describe('checking a package code', () => {
  it('answers its name, sessions left, expiry and treatments; unknown, used-up and expired alike', async () => {
    const pkg = await definePackage(cookie, { sessions: 2, price: 45_000 });
    const { purchase, code } = await buyPackage(pkg);
    expect(await checkCode(code.toLowerCase())).toEqual({
      status: 200,
      body: {
        name: 'Three Swedish',
        sessionsLeft: 2,
        expiresAt: purchase.expiresOn,
        treatments: [{ _id: 'swedish', name: 'Swedish' }],
      },
    });
    const unknown = await checkCode('ABCD-EFGH-JKMN');
    expect(unknown).toEqual({ status: 404, body: { message: packageMessages.unusable } });
    await db.update(packagePurchases).set({ sessionsLeft: 0 }).where(eq(packagePurchases.id, purchase.id));
    expect(await checkCode(code)).toEqual(unknown);
    await db
      .update(packagePurchases)
      .set({ sessionsLeft: 2, expiresOn: '2020-01-01' })
      .where(eq(packagePurchases.id, purchase.id));
    expect(await checkCode(code)).toEqual(unknown);
  });
});

describe('redeeming a package at booking', () => {
  it('pays a covered treatment with one session: nothing online, the booking recorded at once', async () => {
    const { purchase, code } = await buyPackage(await definePackage(cookie));
    const { reference } = await startPaymentOk(swedishOnPackage(code), 0);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ status: 'paid', method: 'package', amount: 0, subtotal: 0 });
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(booking).toMatchObject({ amount: 0, amountPaid: 0, needsAttention: false });
    expect(await useOf(reference)).toMatchObject({ state: 'spent', sessions: 1, value: 25_000 });
    expect(await sessionsLeft(purchase.id)).toBe(2);
  });

  it('mixes a session with a paid treatment, charging only the one it does not cover', async () => {
    const { purchase, code } = await buyPackage(await definePackage(cookie));
    // Swedish (₦25,000) on the package, Hotstone (₦30,000) paid: the full price is refused.
    const full = await startPayment(bookingDetails({ packageCode: code }), nairaToKobo(55_000));
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ expectedAmount: 30_000 });
    const { reference } = await startPaymentOk(bookingDetails({ packageCode: code, amount: 30_000 }), 3_000_000);
    expect(await sessionsLeft(purchase.id)).toBe(2);
    fake.settle(reference, 'success');
    await verify(reference);
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(booking).toMatchObject({ amount: 30_000, amountPaid: 30_000 });
    expect(await useOf(reference)).toMatchObject({ state: 'spent', sessions: 1 });
  });

  it('refuses a code that covers none of the visit, or cannot pay, and holds nothing', async () => {
    const { purchase, code } = await buyPackage(await definePackage(cookie));
    const hotstone = await startPayment(bookingDetails({ subservices: ['Hotstone'], packageCode: code, amount: 0 }), 0);
    expect(hotstone.status).toBe(409);
    expect(await hotstone.json()).toMatchObject({ message: packageMessages.notCovered });
    const wrong = await startPayment(swedishOnPackage('ABCD-EFGH-JKMN'), 0);
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ message: packageMessages.unusable });
    await db.update(packagePurchases).set({ expiresOn: '2020-01-01' }).where(eq(packagePurchases.id, purchase.id));
    const expired = await startPayment(swedishOnPackage(code), 0);
    expect(await expired.json()).toMatchObject({ message: packageMessages.unusable });
    expect(await db.select().from(bookings)).toEqual([]);
    expect(await sessionsLeft(purchase.id)).toBe(3);
  });

  it('gives the session back when an unpaid hold lapses', async () => {
    const { purchase, code } = await buyPackage(await definePackage(cookie));
    const { reference } = await startPaymentOk(bookingDetails({ packageCode: code, amount: 30_000 }), 3_000_000);
    expect(await sessionsLeft(purchase.id)).toBe(2);
    // This browser's own hold is still its to use: it sees 3, another browser 2.
    expect((await checkCode(code)).body).toMatchObject({ sessionsLeft: 3 });
    expect((await checkCode(code, otherBrowser('other').Cookie)).body).toMatchObject({ sessionsLeft: 2 });
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, reference));
    expect((await checkCode(code, otherBrowser('other').Cookie)).body).toMatchObject({ sessionsLeft: 3 });
    expect(await useOf(reference)).toMatchObject({ state: 'released' });
    expect(await sessionsLeft(purchase.id)).toBe(3);
  });

  it('lets a declined card be retried on the same session', async () => {
    const { purchase, code } = await buyPackage(await definePackage(cookie, { sessions: 2, price: 45_000 }));
    const details = bookingDetails({ packageCode: code, amount: 30_000 });
    const first = await startPaymentOk(details, 3_000_000);
    fake.settle(first.reference, 'failed');
    const retry = await startPaymentOk(details, 3_000_000);
    expect(await useOf(first.reference)).toMatchObject({ state: 'released' });
    expect(await useOf(retry.reference)).toMatchObject({ state: 'held' });
    expect(await sessionsLeft(purchase.id)).toBe(1);
  });

  it('takes the session again when paid after its hold lapsed, or leaves the treatment due at the studio', async () => {
    const { purchase, code } = await buyPackage(await definePackage(cookie, { sessions: 2, price: 45_000 }));
    const { reference } = await startPaymentOk(bookingDetails({ packageCode: code, amount: 30_000 }), 3_000_000);
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, reference));
    // Meanwhile two visits elsewhere use both sessions.
    for (const time of ['12:00', '14:00'] as const) {
      const other = await startPayment(
        swedishOnPackage(code, { appointmentTime: time }),
        0,
        undefined,
        otherBrowser(time),
      );
      expect(other.status).toBe(200);
    }
    expect(await sessionsLeft(purchase.id)).toBe(0);
    fake.settle(reference, 'success');
    await verify(reference);
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    // Hotstone was paid online; Swedish is now due at the studio.
    expect(booking).toMatchObject({ amount: 55_000, amountPaid: 30_000 });
    expect(await useOf(reference)).toMatchObject({ state: 'released' });
    expect(await sessionsLeft(purchase.id)).toBe(0);
  });

  it('gives 20 bookings racing for the last session that session once', async () => {
    const { purchase, code } = await buyPackage(await definePackage(cookie, { sessions: 2, price: 45_000 }));
    await db.update(packagePurchases).set({ sessionsLeft: 1 }).where(eq(packagePurchases.id, purchase.id));
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'] as const;
    const starts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        startPayment(
          swedishOnPackage(code, {
            customerEmail: `racer${index}@example.com`,
            appointmentTime: times[index % times.length],
            appointmentDate: lagosDate(new Date(Date.now() + (2 + Math.floor(index / 9)) * 86_400_000)),
          }),
          0,
          undefined,
          otherBrowser(`racer-${index}`),
        ),
      ),
    );
    expect(starts.filter((response) => response.status === 200)).toHaveLength(1);
    for (const refused of starts.filter((response) => response.status !== 200)) expect(refused.status).toBe(409);
    expect(await sessionsLeft(purchase.id)).toBe(0);
    expect(await db.select().from(bookings)).toHaveLength(1);
  });
});

describe('after the visit is booked', () => {
  /** A Swedish visit `days` ahead wholly on the package; its manage token and booking. */
  async function bookedOnPackage(code: string, days = 3) {
    const { reference } = await startPaymentOk(
      swedishOnPackage(code, { appointmentDate: lagosDate(new Date(Date.now() + days * 86_400_000)) }),
      0,
    );
    const seen = (await (await verify(reference)).json()) as { data: { manageUrl: string } };
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    if (!booking) throw new Error('not booked');
    return { reference, booking, token: seen.data.manageUrl.split('/').at(-1) ?? '' };
  }

  it('returns the session when the client cancels in time', async () => {
    const { purchase, code } = await buyPackage(await definePackage(cookie));
    const { reference, token } = await bookedOnPackage(code);
    expect(await sessionsLeft(purchase.id)).toBe(2);
    const cancelled = await staffCall(cookie, `/api/manage-booking/${token}/cancel`, 'POST', {});
    expect(cancelled.status).toBe(200);
    expect(await useOf(reference)).toMatchObject({ state: 'returned' });
    expect(await sessionsLeft(purchase.id)).toBe(3);
  });

  it('keeps the session spent on a no-show', async () => {
    const { purchase, code } = await buyPackage(await definePackage(cookie));
    const { reference, booking } = await bookedOnPackage(code);
    const start = new Date(Date.now() - 30 * 60_000 + 3_600_000);
    await db
      .update(bookings)
      .set({ date: start.toISOString().slice(0, 10), time: start.toISOString().slice(11, 16) })
      .where(eq(bookings.id, booking.id));
    const missed = await staffCall(cookie, `/api/bookings/${booking.id}`, 'PUT', { serviceStatus: 'no-show' });
    expect(missed.status).toBe(200);
    expect(await useOf(reference)).toMatchObject({ state: 'spent' });
    expect(await sessionsLeft(purchase.id)).toBe(2);
  });
});
