// Gift vouchers: bought through the same checkout (exactly once, at the server's price), checked by
// code, spent on bookings and orders with balances that never go below zero however many payments
// race, given back when a hold ends or a booking is cancelled. Delivery and the staff's screen:
// voucher-delivery.test.ts.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookings,
  orders,
  outboxMessages,
  payments,
  productSizes,
  vouchers,
  voucherUses,
} from '../../../worker/db/schema';
import { voucherPaymentMessages } from '../../../worker/services/prepaid/vouchers';
import { nairaToKobo } from '../../../worker/shared/money';
import { voucherMessages } from '../../../worker/shared/prepaid/voucher-schema';
import { addDays, addMonths } from '../../../worker/shared/time';
import { signIn } from '../admin-harness';
import { bookingDetails, item, oneHourVisit, orderDetails } from '../checkout/payment-fixtures';
import {
  clearPaymentData,
  db,
  fake,
  staffCall as liveStaffCall,
  payerCookie,
  startPayment,
  startPaymentOk,
  verify,
  webhook,
  withFakePaystack,
} from '../checkout/payment-harness';
import { balanceOf, buyVoucher, check, purchase, today, voucherBooking } from './voucher-fixtures';

withFakePaystack();

let cookie: string;

beforeAll(async () => {
  cookie = await signIn();
});

beforeEach(async () => {
  await clearPaymentData();
  await db.delete(outboxMessages);
});

const staffCall = (path: string, method = 'GET', body?: unknown) => liveStaffCall(cookie, path, method, body);

describe('buying a gift voucher', () => {
  it('charges the server’s price and creates one voucher, with only the code’s hash and last 4 kept', async () => {
    const { voucher, code, reference } = await buyVoucher();
    expect(fake.initializeCalls.at(-1)?.body).toMatchObject({ amount: 5_000_000, email: 'tunde@example.com' });
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(voucher).toMatchObject({
      amount: 50_000,
      balance: 50_000,
      codeLast4: code.slice(-4),
      recipientName: 'Ada Obi',
      deliverOn: today(),
      status: 'active',
    });
    // 12 months from its delivery (the default setting); addMonths' own cases are in time.test.ts.
    expect(voucher.expiresOn).toBe(addMonths(today(), 12));
    const stored = JSON.stringify(await db.select().from(vouchers)) + JSON.stringify(await db.select().from(payments));
    expect(stored).not.toContain(code.replace(/-/g, ''));
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ kind: 'voucher', status: 'paid', amount: 50_000 });
  });

  it('prices a treatment voucher from the menu, and refuses a client’s own price', async () => {
    const wrong = await startPayment(purchase({ amount: 1_000, treatment: 'Hotstone' }), nairaToKobo(1_000));
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ expectedAmount: 30_000 });
    const { voucher } = await buyVoucher({ amount: 30_000, treatment: 'Hotstone' });
    expect(voucher).toMatchObject({ amount: 30_000, treatment: 'Hot Stone' });
  });

  it.each([
    ['an amount under ₦5,000', { amount: 4_999 }, voucherMessages.amount],
    ['an amount over ₦1,000,000', { amount: 1_000_001 }, voucherMessages.amount],
    ['a fraction of a naira', { amount: 5_000.5 }, voucherMessages.amount],
    ['a delivery date in the past', { deliverOn: addDays(today(), -1) }, voucherMessages.deliverOn],
    ['a delivery date over a year ahead', { deliverOn: addDays(today(), 366) }, voucherMessages.deliverOn],
    ['no way to reach the recipient', { recipientEmail: '', recipientPhone: '' }, voucherMessages.recipientContact],
    ['a message over 500 characters', { message: 'x'.repeat(501) }, voucherMessages.message],
  ])('refuses %s with 400 and stores nothing', async (_label, change, message) => {
    const details = purchase(change);
    const response = await startPayment(details, nairaToKobo(Number(details.amount) || 0));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
    expect(await db.select().from(payments)).toHaveLength(0);
  });

  it('creates one voucher and one delivery when the verify and the webhook race, 20 times', async () => {
    for (let round = 0; round < 20; round += 1) {
      await clearPaymentData();
      await db.delete(outboxMessages);
      const { reference } = await startPaymentOk(purchase(), nairaToKobo(50_000));
      fake.settle(reference, 'success');
      const { body, signature } = await fake.webhook(reference);
      await Promise.all([verify(reference), webhook(body, signature), verify(reference), webhook(body, signature)]);
      expect(await db.select().from(vouchers)).toHaveLength(1);
      const sent = (await db.select().from(outboxMessages)).map((message) => `${message.template}:${message.channel}`);
      expect(sent.sort()).toEqual([
        'voucher-delivered:email',
        'voucher-delivery:email',
        'voucher-delivery:whatsapp',
        'voucher-receipt:email',
      ]);
    }
  });
});

describe('how long a voucher lasts', () => {
  it('is the staff’s setting, in months from its delivery (1 to 60)', async () => {
    expect((await staffCall('/api/schedule-settings', 'PUT', { voucherValidityMonths: 61 })).status).toBe(400);
    const saved = await staffCall('/api/schedule-settings', 'PUT', { voucherValidityMonths: 6 });
    expect(await saved.json()).toMatchObject({ voucherValidityMonths: 6 });
    try {
      const deliverOn = addDays(today(), 10);
      const { voucher } = await buyVoucher({ deliverOn });
      expect(voucher.expiresOn).toBe(addMonths(deliverOn, 6));
    } finally {
      await staffCall('/api/schedule-settings', 'PUT', { voucherValidityMonths: 12 });
    }
  });
});

describe('POST /api/vouchers/check', () => {
  it('answers the balance and the last day of a good code, typed any way', async () => {
    const { code, voucher } = await buyVoucher();
    expect(await check(code.toLowerCase().replace(/-/g, ' '))).toEqual({
      valid: true,
      balance: 50_000,
      expiresAt: voucher.expiresOn,
    });
  });

  it('answers an unknown, a mistyped and a void code alike', async () => {
    const { code, voucher } = await buyVoucher();
    const nothing = { valid: false, balance: 0, expiresAt: null };
    expect(await check('ABCD-EFGH-JKMN')).toEqual(nothing);
    expect(await check(`${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`)).toEqual(nothing);
    expect(await check('short')).toEqual(nothing);
    await db.update(vouchers).set({ status: 'void' }).where(eq(vouchers.id, voucher.id));
    expect(await check(code)).toEqual(nothing);
  });

  it('answers a code past its last day like an unknown one; on its last day it still pays', async () => {
    const { code, voucher } = await buyVoucher();
    await db.update(vouchers).set({ expiresOn: today() }).where(eq(vouchers.id, voucher.id));
    expect(await check(code)).toEqual({ valid: true, balance: 50_000, expiresAt: today() });
    await db
      .update(vouchers)
      .set({ expiresOn: addDays(today(), -1) })
      .where(eq(vouchers.id, voucher.id));
    expect(await check(code)).toEqual({ valid: false, balance: 0, expiresAt: null });
  });
});

describe('paying with a voucher', () => {
  it('pays first on a booking, the rest through Paystack, and leaves nothing for next time when spent', async () => {
    const { code, voucher } = await buyVoucher({ amount: 20_000 });
    const details = bookingDetails({ ...oneHourVisit, voucherCode: code, amount: 5_000 });
    const wrong = await startPayment(details, nairaToKobo(25_000));
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ expectedAmount: 5_000 });
    const { reference } = await startPaymentOk(details, nairaToKobo(5_000));
    expect(await balanceOf(voucher.id)).toBe(0);
    expect(fake.initializeCalls.at(-1)?.body.amount).toBe(500_000);
    fake.settle(reference, 'success');
    await verify(reference);
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(booking).toMatchObject({ amount: 25_000, amountPaid: 25_000 });
    const [use] = await db.select().from(voucherUses).where(eq(voucherUses.paymentReference, reference));
    expect(use).toMatchObject({ amount: 20_000, state: 'spent' });
  });

  it('covers a whole order without Paystack, and keeps the rest of the balance', async () => {
    const { code, voucher } = await buyVoucher({ amount: 100_000 });
    const { reference } = await startPaymentOk(orderDetails({ voucherCode: code, amount: 0 }), 0);
    expect(fake.initializeCalls.filter((call) => call.body.email !== 'tunde@example.com')).toHaveLength(0);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ status: 'paid', method: 'voucher', amount: 0, voucherAmount: 52_000 });
    const [order] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
    expect(order?.amount).toBe(52_000);
    expect(await balanceOf(voucher.id)).toBe(48_000);
    expect(await check(code)).toMatchObject({ valid: true, balance: 48_000 });
    // Staff see that a cancellation's refund goes to the voucher, not the card.
    const listed = (await (await staffCall('/api/orders')).json()) as Array<Record<string, unknown>>;
    expect(listed.find((row) => row.paymentReference === reference)).toMatchObject({
      paidOnline: 0,
      paidByVoucher: 52_000,
      balanceDue: 0,
    });
  });

  it('never pays out more than its balance to 20 payments at once', async () => {
    const [soap] = await db.select().from(productSizes).where(eq(productSizes.productId, 'goat-milk-bar-soap'));
    await db.update(productSizes).set({ stock: null }).where(eq(productSizes.productId, 'goat-milk-bar-soap'));
    try {
      const { code, voucher } = await buyVoucher({ amount: 50_000 });
      // Each order is one ₦6,000 soap, wholly paid by the voucher: ₦50,000 pays for 8 of them.
      const starts = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          startPayment(
            orderDetails({
              customerEmail: `racer${index}@example.com`,
              orderItems: [item('goat-milk-bar-soap', '100g', 1)],
              voucherCode: code,
              amount: 0,
            }),
            0,
            undefined,
            { Cookie: payerCookie(`voucher-racer-${index}-0123456789abcdefghijklmnop`) },
          ),
        ),
      );
      const held = starts.filter((response) => response.status === 200);
      expect(held.length).toBe(8);
      const spent = await db.select().from(voucherUses).where(eq(voucherUses.voucherId, voucher.id));
      expect(spent.reduce((sum, use) => sum + use.amount, 0)).toBe(48_000);
      expect(await balanceOf(voucher.id)).toBe(2_000);
      for (const refused of starts.filter((response) => response.status !== 200)) {
        expect(refused.status).toBe(409);
      }
    } finally {
      await db
        .update(productSizes)
        .set({ stock: soap?.stock ?? null })
        .where(eq(productSizes.productId, 'goat-milk-bar-soap'));
    }
  });

  it('gets back what an unpaid hold took when the hold expires', async () => {
    const { code, voucher } = await buyVoucher({ amount: 20_000 });
    const { reference } = await startPaymentOk(
      bookingDetails({ ...oneHourVisit, voucherCode: code, amount: 5_000 }),
      nairaToKobo(5_000),
    );
    expect(await check(code, payerCookie('someone-else-0123456789abcdefghijklmnopqrs'))).toMatchObject({
      valid: false,
    });
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, reference));
    expect(await check(code, payerCookie('someone-else-0123456789abcdefghijklmnopqrs'))).toMatchObject({
      valid: true,
      balance: 20_000,
    });
    const [use] = await db.select().from(voucherUses).where(eq(voucherUses.paymentReference, reference));
    expect(use?.state).toBe('released');
    expect(await balanceOf(voucher.id)).toBe(20_000);
  });

  it('lets the same visitor retry a declined card with the voucher their first try holds', async () => {
    const { code, voucher } = await buyVoucher({ amount: 20_000 });
    const details = bookingDetails({ ...oneHourVisit, voucherCode: code, amount: 5_000 });
    const first = await startPaymentOk(details, nairaToKobo(5_000));
    expect(await balanceOf(voucher.id)).toBe(0);
    // This browser's own hold counts as what it has: the dialog computes the same amount again.
    expect(await check(code)).toEqual({ valid: true, balance: 20_000, expiresAt: voucher.expiresOn });
    fake.settle(first.reference, 'failed');
    const retry = await startPaymentOk(details, nairaToKobo(5_000));
    const uses = await db.select().from(voucherUses).where(eq(voucherUses.voucherId, voucher.id));
    expect(Object.fromEntries(uses.map((use) => [use.paymentReference, use.state]))).toEqual({
      [first.reference]: 'released',
      [retry.reference]: 'held',
    });
    expect(await balanceOf(voucher.id)).toBe(0);
  });

  it('passes what a browser’s unpaid payment holds to its next one: another time, then the shop', async () => {
    const { code, voucher } = await buyVoucher({ amount: 20_000 });
    const ten = await startPaymentOk(
      bookingDetails({ ...oneHourVisit, voucherCode: code, amount: 5_000 }),
      nairaToKobo(5_000),
    );
    expect(await balanceOf(voucher.id)).toBe(0);
    // The visitor goes back and picks 14:00 instead: the check and the start agree on ₦20,000.
    expect(await check(code)).toMatchObject({ valid: true, balance: 20_000 });
    const two = await startPaymentOk(
      bookingDetails({ ...oneHourVisit, appointmentTime: '14:00', voucherCode: code, amount: 5_000 }),
      nairaToKobo(5_000),
    );
    // Then a bar of soap (₦6,000) from the same browser, wholly on the voucher.
    const soap = await startPaymentOk(
      orderDetails({ orderItems: [item('goat-milk-bar-soap', '100g', 1)], voucherCode: code, amount: 0 }),
      0,
    );
    const uses = await db.select().from(voucherUses).where(eq(voucherUses.voucherId, voucher.id));
    expect(Object.fromEntries(uses.map((use) => [use.paymentReference, [use.state, use.amount]]))).toEqual({
      [ten.reference]: ['released', 20_000],
      [two.reference]: ['released', 20_000],
      [soap.reference]: ['spent', 6_000],
    });
    expect(await balanceOf(voucher.id)).toBe(14_000);
    // Another browser gets what is left: ₦14,000 of its ₦25,000 visit.
    const elsewhere = await startPayment(
      bookingDetails({ ...oneHourVisit, appointmentTime: '16:00', voucherCode: code, amount: 11_000 }),
      nairaToKobo(11_000),
      undefined,
      { Cookie: payerCookie('another-browser-0123456789abcdefghijklmnopq') },
    );
    expect(elsewhere.status).toBe(200);
    expect(await balanceOf(voucher.id)).toBe(0);
  });

  it('takes its part again when a payment completes after its hold ended and the voucher still has it', async () => {
    const { code, voucher, reference } = await voucherBooking({ lapsed: true });
    // Another visitor's check gives the lapsed hold's ₦20,000 back to the voucher.
    expect(await check(code, payerCookie('someone-else-0123456789abcdefghijklmnopqrs'))).toMatchObject({
      valid: true,
      balance: 20_000,
    });
    const [released] = await db.select().from(voucherUses).where(eq(voucherUses.paymentReference, reference));
    expect(released?.state).toBe('released');
    // The Paystack tab left open is paid after all: the voucher still has its part, so it pays it.
    fake.settle(reference, 'success');
    await verify(reference);
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(booking).toMatchObject({ amount: 25_000, amountPaid: 25_000 });
    expect(await balanceOf(voucher.id)).toBe(0);
    const [use] = await db.select().from(voucherUses).where(eq(voucherUses.paymentReference, reference));
    expect(use).toMatchObject({ state: 'spent', amount: 20_000 });
  });

  it('leaves its part due when a payment completes after its hold ended and the voucher spent it meanwhile', async () => {
    const { code, voucher, reference } = await voucherBooking({ lapsed: true });
    // The hold ended: its ₦20,000 came back, and ₦6,000 of it pays for a soap meanwhile.
    await startPaymentOk(
      orderDetails({ orderItems: [item('goat-milk-bar-soap', '100g', 1)], voucherCode: code, amount: 0 }),
      0,
    );
    expect(await balanceOf(voucher.id)).toBe(14_000);
    // The Paystack tab left open is paid after all: the booking is recorded, the voucher's part due.
    fake.settle(reference, 'success');
    await verify(reference);
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(booking).toMatchObject({ amount: 25_000, amountPaid: 5_000 });
    expect(await balanceOf(voucher.id)).toBe(14_000);
    // The voucher is topped up again meanwhile; the webhook for the same payment, arriving late,
    // takes nothing for the part already left to pay at the studio.
    await db.update(vouchers).set({ balance: 20_000 }).where(eq(vouchers.id, voucher.id));
    const { body, signature } = await fake.webhook(reference);
    expect((await webhook(body, signature)).status).toBe(200);
    expect(await balanceOf(voucher.id)).toBe(20_000);
    const [still] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(still).toMatchObject({ amount: 25_000, amountPaid: 5_000 });
  });

  it.each([
    ['while a payment it is part of is at the checkout', false],
    ['before a payment whose hold had ended came after all', true],
  ])('takes nothing from a voucher voided %s', async (_when, lapsed) => {
    const { code, voucher, reference } = await voucherBooking({ lapsed });
    // Any check gives a lapsed hold's part back to the voucher; a live hold keeps it.
    await check(code, payerCookie('someone-else-0123456789abcdefghijklmnopqrs'));
    expect(await balanceOf(voucher.id)).toBe(lapsed ? 20_000 : 0);
    expect((await staffCall(`/api/vouchers/${voucher.id}/void`, 'POST', { reason: 'Refunded in cash' })).status).toBe(
      200,
    );
    fake.settle(reference, 'success');
    await verify(reference);
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    expect(booking).toMatchObject({ amount: 25_000, amountPaid: 5_000 });
    const [use] = await db.select().from(voucherUses).where(eq(voucherUses.paymentReference, reference));
    expect(use?.state).toBe('released');
  });

  it('refuses a code that cannot pay, and stores nothing', async () => {
    const response = await startPayment(
      bookingDetails({ ...oneHourVisit, voucherCode: 'ABCD-EFGH-JKMN', amount: 25_000 }),
      nairaToKobo(25_000),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: voucherPaymentMessages.unusable });
    expect(await db.select().from(payments)).toHaveLength(0);
  });

  it('gives the voucher part back and refunds the rest through Paystack when the booking is cancelled', async () => {
    const { code, voucher } = await buyVoucher({ amount: 10_000 });
    const { reference } = await startPaymentOk(
      bookingDetails({ ...oneHourVisit, voucherCode: code, amount: 15_000 }),
      nairaToKobo(15_000),
    );
    fake.settle(reference, 'success');
    await verify(reference);
    expect(await balanceOf(voucher.id)).toBe(0);
    const [booking] = await db.select().from(bookings).where(eq(bookings.paymentReference, reference));
    const listed = (await (await staffCall('/api/bookings?status=booked')).json()) as Array<Record<string, unknown>>;
    expect(listed.find((row) => row._id === booking?.id)).toMatchObject({ paidOnline: 15_000, paidByVoucher: 10_000 });
    const response = await staffCall(`/api/bookings/${booking?.id}`, 'PUT', {
      serviceStatus: 'cancelled',
      refund: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ refund: { amount: 15_000 } });
    expect(await balanceOf(voucher.id)).toBe(10_000);
    const [use] = await db.select().from(voucherUses).where(eq(voucherUses.paymentReference, reference));
    expect(use?.state).toBe('returned');
    // Cancelling again gives nothing back twice.
    await staffCall(`/api/bookings/${booking?.id}`, 'PUT', { serviceStatus: 'cancelled', refund: true });
    expect(await balanceOf(voucher.id)).toBe(10_000);
  });
});
