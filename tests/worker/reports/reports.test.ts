// The Reports screen's figures, each on hand-made data whose answer is worked out by hand in the
// comments: money by the day it arrived, appointments and what became of them, utilisation (a
// visit past midnight, a day off, a closed day), visit value and commissions, rebooking, liability.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildReport } from '../../../worker/services/reports/report';
import { shareOut } from '../../../worker/services/reports/visits';
import { clearData, db } from '../admin-harness';
import { seedClient, seedPackagePurchase, seedPayment, seedRefund, seedVisit, seedVoucher } from './report-fixtures';

const march = { from: '2026-03-01', to: '2026-03-31' };
const afterMarch = new Date('2026-06-10T12:00:00Z');
const reportOf = (period = march, now = afterMarch) => buildReport(db, period.from, period.to, now);

const exec = (query: string) => env.DB.prepare(query).run();

beforeEach(async () => {
  await clearData();
});

describe('revenue', () => {
  it('counts money on the Lagos day it arrived, by how it came in, less refunds', async () => {
    await seedVisit({ date: '2026-03-02', payment: { paidAt: '2026-03-01T10:00:00.000Z' } }); // online 30,000 on 1 March
    // 23:30 UTC on 2 March is 00:30 on 3 March in Lagos.
    await seedPayment({ amount: 40_000, paidAt: '2026-03-02T23:30:00.000Z' });
    // A deposit: 9,000 online on 4 March, the 21,000 rest at the studio on 5 March.
    await seedVisit({
      date: '2026-03-05',
      amount: 30_000,
      payment: { amount: 9_000, dueAtStudio: 21_000, paidAt: '2026-03-04T09:00:00.000Z' },
      balancePaidAt: '2026-03-05T12:00:00.000Z',
    });
    await seedPayment({ amount: 25_000, method: 'cash', paidAt: '2026-03-06T10:00:00.000Z' }); // taken at the desk
    await seedPayment({ kind: 'voucher', amount: 50_000, paidAt: '2026-03-07T10:00:00.000Z' });
    await seedPayment({ kind: 'package', amount: 100_000, paidAt: '2026-03-08T10:00:00.000Z' });
    await seedPayment({ kind: 'membership', amount: 45_000, paidAt: '2026-03-08T11:00:00.000Z' });
    // A membership's next month, charged by Paystack (4,500,000 kobo): money in on 10 March.
    await exec(`insert into membership_events (key, event, payload, applied, created_at)
      values ('charge.success:RENEW-1', 'charge.success', '{"event":"charge.success","data":{"amount":4500000}}', 1,
        '2026-03-10T10:00:00.000Z')`);
    const refunded = await seedVisit({
      date: '2026-03-20',
      status: 'cancelled',
      payment: { paidAt: '2026-03-01T12:00:00.000Z' },
    });
    await seedRefund({ ...refunded, bookingId: refunded.id, amount: 30_000, processedAt: '2026-03-09T10:00:00.000Z' });
    // Outside: 23:59 on 28 February in Lagos, a payment never made, a refund in April.
    await seedPayment({ amount: 99_000, paidAt: '2026-02-28T22:59:00.000Z' });
    await seedPayment({ amount: 99_000, status: 'pending', paidAt: null });
    const april = await seedVisit({
      date: '2026-04-02',
      status: 'cancelled',
      payment: { paidAt: '2026-03-01T13:00:00.000Z' },
    });
    await seedRefund({ ...april, bookingId: april.id, amount: 30_000, processedAt: '2026-04-01T10:00:00.000Z' });

    const { revenue } = await reportOf();
    // Online: 30,000 + 40,000 + 9,000 + the two later cancelled visits' 30,000 each.
    expect(revenue.totals).toEqual({
      online: 139_000,
      studio: 46_000,
      vouchers: 50_000,
      packages: 190_000,
      refunds: 30_000,
      total: 139_000 + 46_000 + 50_000 + 190_000 - 30_000,
    });
    expect(revenue.days).toHaveLength(31);
    const day = (date: string) => revenue.days.find((row) => row.date === date);
    expect(day('2026-03-01')?.online).toBe(90_000);
    expect(day('2026-03-02')?.total).toBe(0);
    expect(day('2026-03-03')?.online).toBe(40_000);
    expect(day('2026-03-05')).toMatchObject({ studio: 21_000, total: 21_000 });
    expect(day('2026-03-09')).toMatchObject({ refunds: 30_000, total: -30_000 });
    expect(day('2026-03-10')).toMatchObject({ packages: 45_000, total: 45_000 });
    expect(revenue.days.reduce((sum, row) => sum + row.total, 0)).toBe(revenue.totals.total);
  });

  it('lists the products of paid orders not cancelled, at the price sold', async () => {
    const order = async (status: string, paidAt: string) => {
      const reference = await seedPayment({ kind: 'order', amount: 32_000, paidAt });
      const id = crypto.randomUUID();
      await exec(`insert into orders (id, payment_reference, name, email, phone, shipping_address, amount, order_status)
        values ('${id}', '${reference}', 'Chioma', 'c@report.test', '+2348090000000', 'Lekki', 32000, '${status}')`);
      await exec(`insert into order_items (id, order_id, product_id, product_name, product_size, unit_price, quantity) values
        ('${id}-1', '${id}', 'oil', 'All Glow Body Oil', '100ml', 13000, 2),
        ('${id}-2', '${id}', 'soap', 'Goat Milk Bar Soap', '100g', 6000, 1)`);
    };
    await order('delivered', '2026-03-03T10:00:00.000Z');
    await order('processing', '2026-03-04T10:00:00.000Z');
    await order('cancelled', '2026-03-05T10:00:00.000Z');
    await order('delivered', '2026-04-01T10:00:00.000Z');
    expect((await reportOf()).products).toEqual([
      { name: 'All Glow Body Oil', size: '100ml', units: 4, value: 52_000 },
      { name: 'Goat Milk Bar Soap', size: '100g', units: 2, value: 12_000 },
    ]);
  });
});

describe('appointments', () => {
  it('counts no-shows over the visits that came due, and late cancellations over all', async () => {
    await seedVisit({ date: '2026-03-02', status: 'completed' });
    await seedVisit({ date: '2026-03-03', status: 'no-show' });
    // Moved from February into March (its date is where it is now), and one moved out to April.
    const movedIn = await seedVisit({ date: '2026-03-04', status: 'booked' });
    await exec(`insert into booking_events (id, booking_id, kind, actor, from_date, from_time, to_date, to_time)
      values ('${movedIn.id}-moved', '${movedIn.id}', 'rescheduled', 'staff', '2026-02-20', '10:00', '2026-03-04', '10:00')`);
    await seedVisit({ date: '2026-04-02', status: 'booked' });
    // 14:00 on 5 March in Lagos is 13:00 UTC: cancelled at 14:00 UTC the day before is 23 hours ahead.
    await seedVisit({
      date: '2026-03-05',
      time: '14:00',
      status: 'cancelled',
      cancelledAt: '2026-03-04T14:00:00.000Z',
    });
    // Exactly 24 hours ahead is in time.
    await seedVisit({
      date: '2026-03-06',
      time: '14:00',
      status: 'cancelled',
      cancelledAt: '2026-03-05T13:00:00.000Z',
    });
    await seedVisit({
      date: '2026-03-07',
      status: 'cancelled',
      therapist: 'therapist-2',
      cancelledAt: '2026-03-07T08:00:00.000Z',
    });

    const report = await reportOf();
    expect(report.appointments).toEqual({
      total: 6,
      booked: 1,
      arrived: 0,
      completed: 1,
      noShows: 1,
      cancelled: 3,
      lateCancellations: 2,
      // One no-show of the two that came due (the booked one is still ahead).
      noShowRate: 0.5,
      lateCancellationRate: 0.3333,
    });
    const [first, second] = report.therapists;
    expect(first?.appointments).toMatchObject({
      total: 5,
      noShows: 1,
      lateCancellations: 1,
      noShowRate: 0.5,
      lateCancellationRate: 0.2,
    });
    expect(second?.appointments).toMatchObject({
      total: 1,
      lateCancellations: 1,
      noShowRate: null,
      lateCancellationRate: 1,
    });
  });
});

describe('utilisation', () => {
  const week = { from: '2026-03-09', to: '2026-03-15' }; // Monday to Sunday

  beforeEach(async () => {
    // Both work 09:00–18:00 (540 minutes) every day; therapist 2 also Friday 20:00–24:00 and Saturday 00:00–02:00.
    await exec(`insert into therapist_hours (therapist_id, weekday, start_minute, end_minute)
      values ('therapist-2', 5, 1200, 1440), ('therapist-2', 6, 0, 120)`);
    await exec(
      `insert into therapist_time_off (therapist_id, date, reason) values ('therapist-1', '2026-03-10', 'Leave')`,
    );
    await exec(`insert into closures (date, reason) values ('2026-03-12', 'Public holiday')`);
  });

  it('is booked minutes inside working time over working minutes, a visit past midnight on both days', async () => {
    await seedVisit({ date: '2026-03-09', time: '10:00', minutes: 60 });
    // Friday 22:00 for four hours: 120 minutes on Friday, 120 on Saturday, all in therapist 2's hours.
    await seedVisit({ date: '2026-03-13', time: '22:00', minutes: 240, therapist: 'therapist-2', room: 'room-2' });
    // The Sunday before, 23:00 for two hours: its Monday hour is outside anyone's hours.
    await seedVisit({ date: '2026-03-08', time: '23:00', minutes: 120 });
    // Cancelled: no time booked.
    await seedVisit({ date: '2026-03-11', time: '12:00', minutes: 90, status: 'cancelled' });
    // A no-show kept the time.
    await seedVisit({ date: '2026-03-15', time: '17:00', minutes: 120, status: 'no-show' });

    const { utilisation } = await reportOf(week);
    const [one, two] = utilisation.therapists;
    // Therapist 1: 7 × 540 less the day off and the closed day; booked 60 + the no-show's 60 before 18:00.
    expect(one).toMatchObject({ bookedMinutes: 120, workingMinutes: 2_700, rate: 0.0444 });
    expect(one?.days.find((day) => day.date === '2026-03-10')).toMatchObject({ workingMinutes: 0, rate: null });
    // Therapist 2: 7 × 540 less the closed day, plus Friday's 240 and Saturday's 120.
    expect(two).toMatchObject({ bookedMinutes: 240, workingMinutes: 3_600, rate: 0.0667 });
    expect(two?.days.find((day) => day.date === '2026-03-13')).toMatchObject({
      bookedMinutes: 120,
      workingMinutes: 780,
    });
    expect(two?.days.find((day) => day.date === '2026-03-14')).toMatchObject({
      bookedMinutes: 120,
      workingMinutes: 660,
    });
    expect(utilisation.total).toEqual({ bookedMinutes: 360, workingMinutes: 6_300, rate: 0.0571 });
    expect(utilisation.days.find((day) => day.date === '2026-03-12')).toEqual({
      date: '2026-03-12',
      bookedMinutes: 0,
      workingMinutes: 0,
      rate: null,
    });
    const hour = (n: number) => utilisation.hours[n];
    expect(hour(22)).toMatchObject({ bookedMinutes: 60, workingMinutes: 60 });
    expect(hour(1)).toMatchObject({ bookedMinutes: 60, workingMinutes: 60, rate: 1 });
    expect(hour(10)?.bookedMinutes).toBe(60);
    // Rooms are open while anyone works: room 2 on Tuesday (therapist 1 off), not on the closed day.
    const room2 = utilisation.rooms.find((room) => room.id === 'room-2');
    expect(room2).toMatchObject({ bookedMinutes: 240, workingMinutes: 3_600 });
    expect(room2?.days.find((day) => day.date === '2026-03-10')?.workingMinutes).toBe(540);
  });
});

describe('utilisation of someone new', () => {
  it('counts no working time before a therapist was added, nor a visit paid into a time already taken', async () => {
    // Added on Friday 13 March (09:00 Lagos), working 09:00–18:00 every day.
    await exec(
      `insert into therapists (id, name, created_at) values ('therapist-3', 'Therapist 3', '2026-03-13T08:00:00.000Z')`,
    );
    await exec(`insert into therapist_hours (therapist_id, weekday, start_minute, end_minute)
      select 'therapist-3', value, 540, 1080 from json_each('[0,1,2,3,4,5,6]')`);
    // Added the same day, but with a visit on the 11th (history older than the record): from the 11th.
    await exec(
      `insert into therapists (id, name, created_at) values ('therapist-4', 'Therapist 4', '2026-03-13T08:00:00.000Z')`,
    );
    await exec(`insert into therapist_hours (therapist_id, weekday, start_minute, end_minute)
      select 'therapist-4', value, 540, 1080 from json_each('[0,1,2,3,4,5,6]')`);
    await seedVisit({ date: '2026-03-11', time: '10:00', minutes: 60, therapist: 'therapist-4', room: 'room-2' });
    await seedVisit({ date: '2026-03-09', time: '10:00', minutes: 60 });
    const paidLate = await seedVisit({ date: '2026-03-09', time: '10:00', minutes: 60 });
    await exec(`update bookings set needs_attention = 1 where id = '${paidLate.id}'`);

    const { utilisation } = await reportOf({ from: '2026-03-09', to: '2026-03-15' });
    expect(utilisation.therapists.find((row) => row.id === 'therapist-3')).toMatchObject({ workingMinutes: 3 * 540 });
    // The 11th to the 15th.
    expect(utilisation.therapists.find((row) => row.id === 'therapist-4')).toMatchObject({
      bookedMinutes: 60,
      workingMinutes: 5 * 540,
    });
    expect(utilisation.therapists.find((row) => row.id === 'therapist-1')).toMatchObject({ bookedMinutes: 60 });
  });
});

describe('visit value and commissions', () => {
  it('shares each completed visit across its treatments and applies each therapist’s percentages', async () => {
    // Two treatments for 54,000 after a 10% coupon: 27,000 each.
    await seedVisit({
      date: '2026-03-02',
      amount: 54_000,
      lines: [
        { id: 'deep-tissue', name: 'Deep Tissue', price: 30_000 },
        { id: 'hotstone', name: 'Hotstone', price: 30_000 },
      ],
    });
    // Paid by one session of a 5-session package sold for 100,000: worth 20,000.
    const byPackage = await seedVisit({ date: '2026-03-03', amount: 0, payment: { amount: 0, method: 'package' } });
    await seedPackagePurchase({
      price: 100_000,
      sessions: 5,
      createdAt: '2026-02-01T10:00:00.000Z',
      uses: [{ sessions: 1, createdAt: '2026-02-25T10:00:00.000Z', reference: byPackage.reference }],
    });
    // A deposit with the rest paid at the studio: the whole 30,000.
    await seedVisit({
      date: '2026-03-04',
      therapist: 'therapist-2',
      room: 'room-2',
      amount: 30_000,
      payment: { amount: 9_000, dueAtStudio: 21_000 },
      balancePaidAt: '2026-03-04T12:00:00.000Z',
    });
    // Not completed: no value.
    await seedVisit({ date: '2026-03-05', status: 'no-show' });
    await seedVisit({ date: '2026-03-06', status: 'booked' });
    await exec(`update therapists set commission_percent = 10 where id = 'therapist-1'`);
    await exec(`update therapists set commission_percent = 15 where id = 'therapist-2'`);
    await exec(
      `insert into therapist_commissions (therapist_id, treatment_id, percent) values ('therapist-1', 'hotstone', 20)`,
    );

    const report = await reportOf();
    expect(report.clients).toMatchObject({ completedVisits: 3, visitValue: 104_000, averageVisitValue: 34_667 });
    expect(report.treatments).toEqual([
      { id: 'deep-tissue', name: 'Deep Tissue', visits: 3, value: 77_000 },
      { id: 'hotstone', name: 'Hotstone', visits: 1, value: 27_000 },
    ]);
    const [one, two] = report.therapists;
    expect(one).toMatchObject({ completedVisits: 2, visitValue: 74_000, commission: 4_700 + 5_400 });
    expect(one?.commissionLines).toEqual([
      {
        treatmentId: 'deep-tissue',
        treatment: 'Deep Tissue',
        visits: 2,
        value: 47_000,
        percent: 10,
        commission: 4_700,
      },
      { treatmentId: 'hotstone', treatment: 'Hotstone', visits: 1, value: 27_000, percent: 20, commission: 5_400 },
    ]);
    expect(two).toMatchObject({ completedVisits: 1, visitValue: 30_000, commission: 4_500 });
  });

  it('shares a visit whose payment kept no priced lines (an erased client’s) at the menu’s prices', async () => {
    await seedVisit({
      date: '2026-03-02',
      amount: 25_001,
      lines: [
        { id: 'swedish', name: 'Swedish', price: 25_000 },
        { id: 'hotstone', name: 'Hotstone', price: 30_000 },
      ],
      payment: { lines: [] },
    });
    const report = await reportOf();
    // ₦25,001 as 25,000 : 30,000.
    expect(report.treatments).toEqual([
      { id: 'hotstone', name: 'Hotstone', visits: 1, value: 13_637 },
      { id: 'swedish', name: 'Swedish', visits: 1, value: 11_364 },
    ]);
    expect(report.clients.visitValue).toBe(25_001);
  });

  it('shares a value in whole naira that add up to it', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(54_000, [30_000, 30_000])).toEqual([27_000, 27_000]);
    expect(shareOut(1_001, [25_000, 50_000, 25_000])).toEqual([250, 501, 250]);
    expect(shareOut(500, [])).toEqual([]);
  });
});

describe('clients', () => {
  it('counts who rebooked within 60 days of a completed visit, and who is new', async () => {
    const ada = await seedClient('Ada');
    const bisi = await seedClient('Bisi');
    const chi = await seedClient('Chi');
    // Ada came in January: returning. Rebooked on 20 April, within 60 days of 3 March.
    await seedVisit({ date: '2026-01-10', clientId: ada });
    await seedVisit({ date: '2026-03-03', clientId: ada });
    await seedVisit({ date: '2026-05-01', status: 'booked', clientId: ada, createdAt: '2026-04-20T10:00:00.000Z' });
    // Bisi is new; her next booking came 66 days after, and the one within 60 days was cancelled.
    await seedVisit({ date: '2026-03-05', clientId: bisi });
    await seedVisit({ date: '2026-05-20', status: 'booked', clientId: bisi, createdAt: '2026-05-10T10:00:00.000Z' });
    await seedVisit({ date: '2026-04-01', status: 'cancelled', clientId: bisi, createdAt: '2026-03-20T10:00:00.000Z' });
    // Chi is new and booked again at the desk the same day (16:00 Lagos).
    await seedVisit({ date: '2026-03-07', clientId: chi });
    await seedVisit({ date: '2026-03-28', status: 'booked', clientId: chi, createdAt: '2026-03-07T15:00:00.000Z' });

    expect((await reportOf()).clients).toMatchObject({
      withCompletedVisits: 3,
      rebooked: 2,
      rebookingRate: 0.6667,
      newClients: 2,
      returningClients: 1,
    });
  });
});

describe('liability', () => {
  it('is what vouchers and packages still held unspent at the period’s end', async () => {
    // 50,000 less what was taken from it by the end: 20,000 spent and 10,000 given back only in
    // April (April's own use is after the end, the released 5,000 was back the same day).
    await seedVoucher({
      amount: 50_000,
      createdAt: '2026-03-01T10:00:00.000Z',
      uses: [
        { amount: 20_000, createdAt: '2026-03-15T10:00:00.000Z' },
        { amount: 20_000, createdAt: '2026-04-05T10:00:00.000Z' },
        { amount: 5_000, createdAt: '2026-03-16T10:00:00.000Z', state: 'released' },
        {
          amount: 10_000,
          createdAt: '2026-03-18T10:00:00.000Z',
          updatedAt: '2026-04-03T10:00:00.000Z',
          state: 'returned',
        },
      ],
    });
    await seedVoucher({ amount: 40_000, createdAt: '2026-04-02T10:00:00.000Z' }); // sold after
    await seedVoucher({ amount: 40_000, createdAt: '2026-01-02T10:00:00.000Z', expiresOn: '2026-03-20' }); // expired
    await seedVoucher({
      amount: 40_000,
      createdAt: '2026-01-02T10:00:00.000Z',
      status: 'void',
      voidedAt: '2026-02-01T10:00:00.000Z',
    });
    // Voided in April: still owed at March's end.
    await seedVoucher({
      amount: 40_000,
      createdAt: '2026-01-02T10:00:00.000Z',
      status: 'void',
      voidedAt: '2026-04-10T10:00:00.000Z',
    });
    // 5 sessions for 100,000; one spent, one returned: 4 left at 20,000.
    await seedPackagePurchase({
      price: 100_000,
      sessions: 5,
      createdAt: '2026-03-01T10:00:00.000Z',
      uses: [
        { sessions: 1, createdAt: '2026-03-10T10:00:00.000Z' },
        { sessions: 1, createdAt: '2026-03-11T10:00:00.000Z', state: 'returned' },
      ],
    });
    // A membership's sessions are paid monthly: not owed.
    await seedPackagePurchase({ price: 45_000, sessions: 2, createdAt: '2026-03-01T10:00:00.000Z', plan: true });

    expect((await reportOf()).liability).toEqual({
      at: '2026-03-31T23:00:00.000Z',
      date: '2026-03-31',
      vouchers: 60_000,
      packages: 80_000,
      total: 140_000,
    });
    // A period not over yet is read as of now: the voucher ending on 20 March is still good today.
    const now = new Date('2026-03-20T12:00:00.000Z');
    expect((await reportOf(march, now)).liability).toMatchObject({ at: now.toISOString(), vouchers: 100_000 });
  });
});
