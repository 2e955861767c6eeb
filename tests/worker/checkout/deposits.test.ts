// Treatments paid by deposit: Paystack takes the deposit, the booking says what is paid and what
// is due, staff mark the rest paid at the visit, and a cancellation in time refunds the deposit.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, coupons, outboxMessages, payments, refunds, treatments } from '../../../worker/db/schema';
import { bookingMessages } from '../../../worker/routes/bookings/bookings';
import { depositSplit } from '../../../worker/shared/bookings/deposit-split';
import { catalogueFieldMessages } from '../../../worker/shared/catalogue/catalogue-rules';
import { nairaToKobo } from '../../../worker/shared/money';
import { signIn } from '../admin-harness';
import { bookingDetails, oneHourVisit } from './payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  staffCall as liveStaffCall,
  startPayment,
  startPaymentOk,
  verify,
  withFakePaystack,
} from './payment-harness';

withFakePaystack();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await clearPaymentData();
  await db.update(treatments).set({ depositPercent: 0 });
});

/** A staff call with the fake Paystack's key (refunds go to it). */
const staffCall = (path: string, method = 'GET', body?: unknown) => liveStaffCall(cookie, path, method, body);

const setDeposit = (id: string, depositPercent: unknown) =>
  staffCall(`/api/treatments/${id}`, 'PUT', { depositPercent });

/** Books and pays a Swedish massage (₦25,000) at 30% deposit: ₦7,500 online. */
async function paidDepositBooking() {
  expect((await setDeposit('swedish', 30)).status).toBe(200);
  const { reference } = await startPaymentOk(bookingDetails({ ...oneHourVisit, amount: 7_500 }), nairaToKobo(7_500));
  fake.settle(reference, 'success');
  const verified = (await (await verify(reference)).json()) as { data: Record<string, unknown> };
  const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
  if (!booking) throw new Error('no booking');
  return { reference, booking, summary: verified.data };
}

describe('the deposit setting', () => {
  it('is saved per treatment and shown on the public menu', async () => {
    const response = await setDeposit('swedish', 30);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ _id: 'swedish', depositPercent: 30 });
    const menu = (await (await call('/api/treatments')).json()) as Array<{ _id: string; depositPercent: number }>;
    expect(menu.find((treatment) => treatment._id === 'swedish')?.depositPercent).toBe(30);
    expect(menu.find((treatment) => treatment._id === 'hotstone')?.depositPercent).toBe(0);
  });

  it.each([101, -1, 12.5, '30'])('refuses %s with 400 and changes nothing', async (value) => {
    const response = await setDeposit('swedish', value);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: catalogueFieldMessages.depositPercent });
    const [row] = await db.select().from(treatments).where(eq(treatments.id, 'swedish'));
    expect(row?.depositPercent).toBe(0);
  });
});

describe('paying a deposit', () => {
  it('asks Paystack for the deposit only, and refuses the full price from the client', async () => {
    await setDeposit('swedish', 30);
    const full = await startPayment(bookingDetails(oneHourVisit), nairaToKobo(25_000));
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ expectedAmount: 7_500 });
    expect(await db.select().from(payments)).toHaveLength(0);

    const { reference } = await startPaymentOk(bookingDetails({ ...oneHourVisit, amount: 7_500 }), 750_000);
    expect(fake.initializeCalls.at(-1)?.body.amount).toBe(750_000);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ amount: 7_500, subtotal: 25_000, discount: 0, dueAtStudio: 17_500 });
  });

  it('takes each treatment’s share: a deposit on one, the full price of another, after the coupon', async () => {
    await setDeposit('swedish', 30);
    await db.insert(coupons).values({ code: 'TENOFF', discount: 10, expiryDate: '2099-12-31' });
    // ₦55,000 less 10% is ₦49,500; Swedish is 25/55 of it at 30%, Hot Stone 30/55 in full.
    const split = depositSplit(
      [
        { name: 'Swedish', price: 25_000, depositPercent: 30 },
        { name: 'Hotstone', price: 30_000 },
      ],
      49_500,
    );
    expect(split).toEqual({ online: 33_750, atStudio: 15_750 });
    const { reference } = await startPaymentOk(
      bookingDetails({ couponCode: 'TENOFF', amount: 33_750 }),
      nairaToKobo(33_750),
    );
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ amount: 33_750, discount: 5_500, dueAtStudio: 15_750 });
  });

  it('records what is paid and what is due, on the confirmation, for staff and in the messages', async () => {
    const { booking, summary } = await paidDepositBooking();
    expect(booking).toMatchObject({ amount: 25_000, amountPaid: 7_500 });
    expect(summary).toMatchObject({ amount: 25_000, amountPaid: 7_500, balanceDue: 17_500 });

    const list = (await (await staffCall('/api/bookings?status=booked')).json()) as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({
      amount: 25_000,
      amountPaid: 7_500,
      balanceDue: 17_500,
      paidOnline: 7_500,
      balancePayment: null,
    });

    const email = (await db.select().from(outboxMessages)).find(
      (message) => message.template === 'booking-confirmation' && message.channel === 'email',
    );
    expect(email?.text).toContain('Paid (deposit): ₦7,500');
    expect(email?.text).toContain('To pay at the studio: ₦17,500');
    expect(email?.text).toContain('your deposit is paid; please pay the rest at the studio');
    const whatsapp = (await db.select().from(outboxMessages)).find(
      (message) => message.template === 'booking-confirmation' && message.channel === 'whatsapp',
    );
    expect(whatsapp?.whatsappTemplate?.parameters).toContain('Paid (deposit): ₦7,500; To pay at the studio: ₦17,500');
  });

  it('shows the same on the manage page, the Calendar and the bookings export', async () => {
    const { booking, summary } = await paidDepositBooking();
    const token = String(summary.manageUrl).split('/').at(-1) ?? '';
    const manage = (await (await call(`/api/manage-booking/${token}`)).json()) as { booking: Record<string, unknown> };
    expect(manage.booking).toMatchObject({ amount: 25_000, amountPaid: 7_500, balanceDue: 17_500, paidOnline: 7_500 });

    const calendar = (await (await staffCall(`/api/calendar?from=${booking.date}&to=${booking.date}`)).json()) as {
      bookings: Array<Record<string, unknown>>;
    };
    expect(calendar.bookings.find((entry) => entry._id === booking.id)).toMatchObject({
      amountPaid: 7_500,
      balanceDue: 17_500,
    });

    const csv = await (await staffCall('/api/export/bookings.csv')).text();
    const [header, row] = csv.trim().split('\r\n');
    expect(header).toContain('Amount (NGN),Paid (NGN),Balance due (NGN)');
    expect(row).toContain(',25000,7500,17500,');
  });
});

describe('the rest, at the studio', () => {
  it('is marked paid once by staff, and counts in the month’s revenue', async () => {
    const { booking } = await paidDepositBooking();
    const before = (await (await staffCall('/api/stats')).json()) as { monthBookingRevenue: number };
    expect(before.monthBookingRevenue).toBe(7_500);

    const marked = await staffCall(`/api/bookings/${booking.id}`, 'PUT', { payment: 'pos' });
    expect(marked.status).toBe(200);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ amountPaid: 25_000, balanceMethod: 'pos' });
    const after = (await (await staffCall('/api/stats')).json()) as { monthBookingRevenue: number };
    expect(after.monthBookingRevenue).toBe(25_000);

    const again = await staffCall(`/api/bookings/${booking.id}`, 'PUT', { payment: 'cash' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: bookingMessages.notUnpaid });
    const [unchanged] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(unchanged?.balanceMethod).toBe('pos');
  });

  it('cannot be marked on a booking paid in full', async () => {
    const { reference } = await startPaymentOk(bookingDetails(oneHourVisit), nairaToKobo(25_000));
    fake.settle(reference, 'success');
    await verify(reference);
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect((await staffCall(`/api/bookings/${booking?.id}`, 'PUT', { payment: 'cash' })).status).toBe(409);
  });
});

describe('cancelling a deposit booking in time', () => {
  it('refunds the deposit through Paystack, and leaves nothing due', async () => {
    const { booking, reference } = await paidDepositBooking();
    const response = await staffCall(`/api/bookings/${booking.id}`, 'PUT', {
      serviceStatus: 'cancelled',
      refund: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ refund: { amount: 7_500 } });
    const [refund] = await db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(refund).toMatchObject({ amount: 7_500, paymentReference: reference });
    expect(fake.refundCalls).toEqual([{ transaction: reference }]);
    // A cancelled booking's balance is not collected, and none is shown as due.
    expect((await staffCall(`/api/bookings/${booking.id}`, 'PUT', { payment: 'cash' })).status).toBe(409);
    const list = (await (await staffCall('/api/bookings?status=cancelled')).json()) as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({ amountPaid: 7_500, balanceDue: 0 });
    const csv = await (await staffCall('/api/export/bookings.csv?status=cancelled')).text();
    expect(csv).toContain(',25000,7500,0,');
  });
});
