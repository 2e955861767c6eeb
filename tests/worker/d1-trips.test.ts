// How many times in turn a request waits on D1 (issue 51): from Lagos each trip to the primary in
// Europe costs about 100 ms. The routes a visitor or the desk waits on most, counted on the local
// D1 through tests/fakes/d1-trips.ts.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../worker/db/schema';
import { lagosDate } from '../../worker/shared/time';
import { countTrips } from '../fakes/d1-trips';
import { signIn } from './admin-harness';
import { paidBooking } from './checkout/paid-booking';
import { bookingDetails, CART_KOBO, orderDetails, tomorrow } from './checkout/payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  liveEnv,
  startPayment,
  startPaymentOk,
  verify,
  withFakePaystack,
} from './checkout/payment-harness';
import { buyPackage, definePackage } from './prepaid/package-fixtures';
import { buyVoucher } from './prepaid/voucher-fixtures';

withFakePaystack();
beforeEach(() => clearPaymentData());

const counter = countTrips(liveEnv.DB);
/**
 * The trips back when the answer came: what is still under way then (an audit line, messages) is
 * not waited for.
 */
let atAnswer = { trips: 0, log: [] as string[] };
const counted = {
  ...liveEnv,
  DB: counter.db,
  answered: () => {
    atAnswer = { trips: counter.finished(), log: counter.log() };
  },
};

/** The trips `request` waited for in turn, with their first statements when there are several. */
async function tripsOf(request: () => Promise<Response>, status = 200) {
  counter.reset();
  const response = await request();
  expect(response.status, await response.clone().text()).toBe(status);
  return atAnswer;
}

/** A client's page cookie, signed in with the code the outbox holds for `contact`. */
async function clientCookie(contact: string) {
  expect((await call('/api/account/code', json({ contact }))).status).toBe(202);
  const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'account-code'));
  const code = /\b(\d{6})\b/.exec(sent.filter((row) => row.recipient === contact).at(-1)?.text ?? '')?.[1];
  const signed = await call('/api/account/sign-in', json({ contact, code }));
  expect(signed.status).toBe(200);
  return (signed.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: 'https://localhost', ...headers },
  body: JSON.stringify(body),
});

/**
 * The most trips each may wait for in turn: issue 51's goal, 1 for every one (0 where an answer is
 * kept would be better still).
 */
const ceilings = {
  'availability, a day': 1,
  'availability, a day (kept)': 1,
  'availability, the month': 1,
  'coupon check': 1,
  'voucher check': 1,
  'booking terms (signed in)': 1,
  'payment start': 1,
  'verify (paid)': 1,
  'verify (a paid order)': 1,
  'verify (a paid gift voucher)': 1,
  'verify (a paid package)': 1,
  'manage page': 1,
  'GET /api/account': 1,
  Today: 1,
  'staff bookings list': 1,
} as const;

describe('trips to D1 per request', () => {
  it('waits for D1 in turn no more than each route’s ceiling (issue 51: one)', async () => {
    const day = tomorrow();
    const figures: Record<string, { trips: number; log: string[] }> = {};
    // Someone started a payment in this isolate before (its menu is kept: booking-reads.ts).
    const before = await startPayment(bookingDetails({ appointmentDate: day, appointmentTime: '11:00' }), 5_500_000);
    expect(before.status).toBe(200);
    figures['availability, a day'] = await tripsOf(() =>
      call(`/api/availability?date=${day}&treatments=swedish`, {}, counted),
    );
    figures['availability, a day (kept)'] = await tripsOf(() =>
      call(`/api/availability?date=${day}&treatments=swedish`, {}, counted),
    );
    figures['availability, the month'] = await tripsOf(() =>
      call(`/api/availability/month?month=${day.slice(0, 7)}&treatments=swedish`, {}, counted),
    );
    figures['coupon check'] = await tripsOf(() =>
      call('/api/validate-coupon', json({ code: 'NOPE', amount: 25_000 }), counted),
    );
    figures['voucher check'] = await tripsOf(() =>
      call('/api/vouchers/check', json({ code: 'GV-NOPE-NOPE' }), counted),
    );
    // As a visitor books: the day's times seen first (availability, above), then the start.
    figures['payment start'] = await tripsOf(() =>
      startPayment(bookingDetails({ appointmentDate: day, appointmentTime: '15:00' }), 5_500_000, counted),
    );
    const { reference, manageUrl } = await paidBooking('11:00', day);
    fake.settle(reference, 'success');
    figures['verify (paid)'] = await tripsOf(() => verify(reference, counted));
    // The shop's, a gift voucher's and a package's: each kind's summary is in the same batch.
    const order = await startPaymentOk(orderDetails(), CART_KOBO);
    fake.settle(order.reference, 'success');
    expect((await verify(order.reference)).status).toBe(200);
    figures['verify (a paid order)'] = await tripsOf(() => verify(order.reference, counted));
    const { reference: voucher } = await buyVoucher();
    figures['verify (a paid gift voucher)'] = await tripsOf(() => verify(voucher, counted));
    const { reference: bought } = await buyPackage(await definePackage(await signIn()));
    figures['verify (a paid package)'] = await tripsOf(() => verify(bought, counted));
    const token = manageUrl.split('/').at(-1) ?? '';
    figures['manage page'] = await tripsOf(() => call(`/api/manage-booking/${token}`, {}, counted));
    figures['GET /api/account'] = await tripsOf(async () =>
      call('/api/account', { headers: { Cookie: await clientCookie('ada@example.com') } }, counted),
    );
    const accountCookie = await clientCookie('ada@example.com');
    figures['booking terms (signed in)'] = await tripsOf(() =>
      call(
        '/api/booking-terms',
        json({ email: 'ada@example.com', phone: '0803 123 4567' }, { Cookie: accountCookie }),
        counted,
      ),
    );
    const cookie = await signIn();
    figures.Today = await tripsOf(() =>
      call(`/api/today?date=${lagosDate(new Date())}`, { headers: { Cookie: cookie } }, counted),
    );
    figures['staff bookings list'] = await tripsOf(() =>
      call('/api/bookings', { headers: { Cookie: cookie } }, counted),
    );
    expect(Object.keys(figures).sort()).toEqual(Object.keys(ceilings).sort());
    for (const [route, { trips, log }] of Object.entries(figures)) {
      expect(trips, `${route}:\n${log.join('\n')}`).toBeGreaterThan(0);
      expect(trips, `${route}:\n${log.join('\n')}`).toBeLessThanOrEqual(ceilings[route as keyof typeof ceilings]);
    }
  });

  it('counts trips in flight together once, and one after another apart', async () => {
    const trips = countTrips(liveEnv.DB);
    await Promise.all([trips.db.prepare('select 1').first(), trips.db.prepare('select 2').all()]);
    expect(trips.trips()).toBe(1);
    await trips.db.prepare('select 3').bind().first();
    await trips.db.batch([trips.db.prepare('select ?').bind(4), trips.db.prepare('select 5')]);
    expect(trips.log()).toEqual(['select 1', 'select 3', 'batch of 2: select ?']);
  });
});
