// A booking's payment start holds the time in one trip to D1 from what is kept (the menu as the
// isolate's last start read it, the day as availability last showed it, "a deposit will do"),
// each guarded in the hold's own insert (worker/services/checkout/booking-reads.ts). What these
// show: a kept read out of date never charges an old price, never holds a place twice and never
// takes a deposit from a client who must pay in full; the start then reads afresh.
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { payments, therapistHours, treatments } from '../../../worker/db/schema';
import { paymentMessages } from '../../../worker/services/checkout/context';
import { nairaToKobo } from '../../../worker/shared/money';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { countTrips } from '../../fakes/d1-trips';
import { bookingDetails, inDays, insertPaidBooking, oneHourVisit } from './payment-fixtures';
import { call, clearPaymentData, db, liveEnv, startPayment, withFakePaystack } from './payment-harness';

withFakePaystack();

const counter = countTrips(liveEnv.DB);
const counted = { ...liveEnv, DB: counter.db };

const day = inDays(3);
const phones: Record<string, string> = {
  earlier: '0803 111 0001',
  ada: '0803 123 4567',
  bola: '0803 222 0002',
  chidi: '0803 333 0003',
};
/** A visitor of their own (email and phone), booking one hour of Swedish at `time`. */
const visit = (who: keyof typeof phones, time: string, amount = 25_000) =>
  bookingDetails({
    ...oneHourVisit,
    amount,
    appointmentDate: day,
    appointmentTime: time,
    customerEmail: `${who}@example.com`,
    customerPhone: phones[who] ?? '',
  });
const seeDay = async () => expect((await call(`/api/availability?date=${day}&treatments=swedish`)).status).toBe(200);
const start = (details: ReturnType<typeof visit>, kobo = nairaToKobo(details.amount ?? 0)) =>
  startPayment(details, kobo, counted);

beforeEach(async () => {
  await clearPaymentData();
  await db.update(treatments).set({ depositPercent: 0 });
  // Someone started a payment in this isolate before: its menu is kept.
  expect((await startPayment(visit('earlier', '09:00'), nairaToKobo(25_000))).status).toBe(200);
});

describe('a booking’s payment start from what is kept', () => {
  it('holds the time in one trip, as a start that reads would', async () => {
    await seeDay();
    counter.reset();
    const response = await start(visit('ada', '15:00'));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(counter.trips(), counter.log().join('\n')).toBe(1);
    const [held] = await db.select().from(payments).where(eq(payments.email, 'ada@example.com'));
    expect(held).toMatchObject({ status: 'pending', amount: 25_000, slotDate: day, slotTime: '15:00' });
    expect(held?.therapistId).toBeTruthy();
  });

  it('charges a price changed since the menu was kept: the start reads afresh and asks the new amount', async () => {
    // Changed behind the API's back (no version moved), then the day shown again (its schedule current).
    await db.update(treatments).set({ price: 30_000 }).where(eq(treatments.id, 'swedish'));
    await seeDay();
    const old = await start(visit('ada', '15:00'));
    expect(old.status).toBe(409);
    expect(await old.json()).toMatchObject({ message: paymentMessages.amountChanged, expectedAmount: 30_000 });
    const now = await start(visit('ada', '15:00', 30_000));
    expect(now.status, await now.clone().text()).toBe(200);
    await db.update(treatments).set({ price: 25_000 }).where(eq(treatments.id, 'swedish'));
  });

  it('never holds a place twice: the last one taken since the day was shown is refused', async () => {
    await clearPaymentData(1);
    await seeDay();
    expect((await startPayment(visit('bola', '15:00'), nairaToKobo(25_000))).status).toBe(200);
    const late = await start(visit('ada', '15:00'));
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: paymentMessages.slotFull });
    const held = await db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'pending'), eq(payments.slotDate, day), eq(payments.slotTime, '15:00')));
    expect(held.map((payment) => payment.email)).toEqual(['bola@example.com']);
  });

  it('never books a therapist outside hours changed since the day was shown', async () => {
    await clearPaymentData(1);
    await seeDay();
    // Their hours that day now end at noon (the schedule's version moves on: the kept day is out of date).
    await db.update(therapistHours).set({ endMinute: 12 * 60 });
    const late = await start(visit('ada', '15:00'));
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: paymentMessages.slotFull });
  });

  it('asks a client past the no-show rule to pay in full, though "a deposit will do" was assumed', async () => {
    await db.update(treatments).set({ depositPercent: 30 }).where(eq(treatments.id, 'swedish'));
    // Another visitor's start, with a coupon (so read afresh), keeps the menu at 30%.
    const coupon = { ...visit('earlier', '10:00', 7_500), couponCode: 'NOPE' };
    expect((await startPayment(coupon, nairaToKobo(7_500))).status).toBe(409);
    for (const [index, date] of [addDays(lagosDate(new Date()), -20), addDays(lagosDate(new Date()), -10)].entries()) {
      await insertPaidBooking(db, { reference: `BK-MISSED-${index}`, date, time: '10:00', serviceStatus: 'no-show' });
    }
    await seeDay();
    const deposit = await start(visit('ada', '15:00', 7_500), nairaToKobo(7_500));
    expect(deposit.status).toBe(409);
    expect(await deposit.json()).toMatchObject({ message: paymentMessages.payInFull, expectedAmount: 25_000 });
    // Someone else's deposit, from the same kept reads, is taken.
    const other = await start(visit('chidi', '16:00', 7_500), nairaToKobo(7_500));
    expect(other.status, await other.clone().text()).toBe(200);
  });
});
