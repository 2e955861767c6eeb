// Gift vouchers: bought through the same checkout (exactly once, at the server's price), delivered
// on their date by the cron, checked by code, spent on bookings and orders with balances that never
// go below zero however many payments race, given back when a hold ends or a booking is cancelled.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  bookings,
  orders,
  outboxMessages,
  payments,
  productSizes,
  vouchers,
  voucherUses,
} from '../../worker/db/schema';
import { voucherRouteMessages } from '../../worker/routes/vouchers';
import { newVoucherCode, openCodeOnCard, voucherCodeHash } from '../../worker/services/voucher-codes';
import { deliverDueVouchers } from '../../worker/services/voucher-delivery';
import { voucherPaymentMessages } from '../../worker/services/vouchers';
import { nairaToKobo } from '../../worker/shared/money';
import { addDays, addMonths, lagosDate, lagosToUtc } from '../../worker/shared/time';
import { type VoucherDetailsInput, voucherMessages } from '../../worker/shared/voucher-schema';
import { signIn } from './admin-harness';
import { bookingDetails, item, oneHourVisit, orderDetails } from './payment-fixtures';
import {
  call,
  clearPaymentData,
  db,
  fake,
  liveEnv,
  staffCall as liveStaffCall,
  payerCookie,
  startPayment,
  startPaymentOk,
  verify,
  webhook,
  withFakePaystack,
} from './payment-harness';

withFakePaystack();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await clearPaymentData();
  await db.delete(outboxMessages);
});

const today = () => lagosDate(new Date());

const purchase = (overrides: Partial<VoucherDetailsInput> = {}): VoucherDetailsInput & { customerEmail: string } => ({
  paymentType: 'voucher',
  amount: 50_000,
  buyerName: 'Tunde Bello',
  buyerEmail: 'tunde@example.com',
  recipientName: 'Ada Obi',
  recipientEmail: 'ada@example.com',
  recipientPhone: '0803 123 4567',
  message: 'Happy birthday, Ada!',
  deliverOn: today(),
  ...overrides,
  customerEmail: overrides.buyerEmail ?? 'tunde@example.com',
});

const codePattern = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/;
const cardPattern = /\/gift-vouchers\/card\/([A-Za-z0-9_-]{43})/;

/** Every code and card token the voucher of `reference` was sent with (its recipient's messages), oldest first. */
async function sentCards(reference: string) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.template, 'voucher-delivery'), like(outboxMessages.idempotencyKey, `%${reference}:%`)),
    );
  const cards = rows.map((row) => ({
    code: codePattern.exec(row.text)?.[0] ?? '',
    token: cardPattern.exec(row.text)?.[1] ?? '',
  }));
  return cards.filter((card, index) => cards.findIndex((each) => each.code === card.code) === index);
}

/** The code and card token the voucher of `reference` holds now: the one its newest message carries. */
async function liveCard(reference: string) {
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.paymentReference, reference));
  for (const card of await sentCards(reference)) {
    if (card.code && (await voucherCodeHash(card.code)) === voucher?.codeHash) return card;
  }
  return undefined;
}

/** Buys a voucher through initialize and the fake Paystack; returns its row and, once sent, its code. */
async function buyVoucher(overrides: Partial<VoucherDetailsInput> = {}) {
  const details = purchase(overrides);
  const amount = typeof details.amount === 'number' ? details.amount : 50_000;
  const { reference } = await startPaymentOk(details, nairaToKobo(amount));
  fake.settle(reference, 'success');
  await verify(reference);
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.paymentReference, reference));
  if (!voucher) throw new Error('no voucher');
  return { voucher, reference, code: (await liveCard(reference))?.code ?? '' };
}

const check = async (code: string, browser = payerCookie()) =>
  (await (
    await call('/api/vouchers/check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: browser },
      body: JSON.stringify({ code }),
    })
  ).json()) as { valid: boolean; balance: number; expiresAt: string | null };

/** A ₦20,000 voucher, and a ₦25,000 visit it pays ₦20,000 of, unpaid; `lapsed`: its hold has run out. */
async function voucherBooking({ lapsed }: { lapsed: boolean }) {
  const { code, voucher } = await buyVoucher({ amount: 20_000 });
  const { reference } = await startPaymentOk(
    bookingDetails({ ...oneHourVisit, voucherCode: code, amount: 5_000 }),
    nairaToKobo(5_000),
  );
  if (lapsed) {
    await db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(payments.reference, reference));
  }
  return { code, voucher, reference };
}

const balanceOf = async (id: string) => (await db.select().from(vouchers).where(eq(vouchers.id, id)))[0]?.balance;

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
    expect(voucher).toMatchObject({ amount: 30_000, treatment: 'Hotstone' });
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

describe('delivery on the date', () => {
  it('waits for the date (from 08:00 in Lagos), then sends the card once, with the code and its link', async () => {
    const tomorrow = addDays(today(), 1);
    const { voucher, reference } = await buyVoucher({ deliverOn: tomorrow });
    // No code before it is sent: its code and card columns hold a mark no code or link can match.
    expect(voucher).toMatchObject({ codeLast4: '', codeHash: `unsent:${voucher.id}`, cardCodeSealed: null });
    const templates = async () => (await db.select().from(outboxMessages)).map((message) => message.template).sort();
    expect(await templates()).toEqual(['voucher-receipt']);
    await deliverDueVouchers(env, lagosToUtc(tomorrow, '07:45'));
    expect(await templates()).toEqual(['voucher-receipt']);
    await deliverDueVouchers(env, lagosToUtc(tomorrow, '08:00'));
    await deliverDueVouchers(env, lagosToUtc(tomorrow, '08:15'));
    expect(await templates()).toEqual(['voucher-delivered', 'voucher-delivery', 'voucher-delivery', 'voucher-receipt']);
    const card = (await db.select().from(outboxMessages)).find(
      (message) => message.template === 'voucher-delivery' && message.channel === 'email',
    );
    expect(card?.recipient).toBe('ada@example.com');
    expect(card?.text).toContain('Happy birthday, Ada!');
    // One code, in both messages, and it is the voucher's: its hash and last 4 are what the row keeps.
    const cards = await sentCards(reference);
    expect(cards).toHaveLength(1);
    const { code, token } = cards[0] ?? { code: '', token: '' };
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row?.deliveredAt).not.toBeNull();
    expect(row).toMatchObject({ codeHash: await voucherCodeHash(code), codeLast4: code.slice(-4) });
    expect(await check(code)).toMatchObject({ valid: true, balance: 50_000 });

    const page = await call(`/gift-vouchers/card/${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(code);
    expect(html).toContain('Ada Obi');
    expect((await call(`/gift-vouchers/card/${token.replace(/^./, token[0] === 'A' ? 'B' : 'A')}`)).status).toBe(404);
  });
});

describe('a voucher’s code and card link', () => {
  it('are drawn at random from the 31 characters without look-alikes, none twice', () => {
    const codes = Array.from({ length: 2_000 }, newVoucherCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
    const seen = new Set(codes.join(''));
    expect([...seen].sort().join('')).toBe('23456789ABCDEFGHJKMNPQRSTUVWXYZ');
  });

  it('are new on a resend: the old code and card no longer work, the balance stays', async () => {
    const { voucher, reference, code } = await buyVoucher({ amount: 20_000 });
    const old = await liveCard(reference);
    expect(old?.code).toBe(code);
    const resent = await staffCall(`/api/vouchers/${voucher.id}/resend`, 'POST');
    expect(resent.status).toBe(200);
    const fresh = await liveCard(reference);
    expect(fresh?.code).not.toBe(code);
    expect(await resent.json()).toEqual({ success: true, last4: fresh?.code.slice(-4) });
    expect(await check(code)).toEqual({ valid: false, balance: 0, expiresAt: null });
    expect(await check(fresh?.code ?? '')).toMatchObject({ valid: true, balance: 20_000 });
    expect((await call(`/gift-vouchers/card/${old?.token}`)).status).toBe(404);
    const card = await call(`/gift-vouchers/card/${fresh?.token}`);
    expect(await card.text()).toContain(fresh?.code);
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row).toMatchObject({ balance: 20_000, codeLast4: fresh?.code.slice(-4) });
  });

  it('sends one new code when two resends race; the other is told', async () => {
    const { voucher, reference } = await buyVoucher();
    await db.delete(outboxMessages);
    const answers = await Promise.all([
      staffCall(`/api/vouchers/${voucher.id}/resend`, 'POST'),
      staffCall(`/api/vouchers/${voucher.id}/resend`, 'POST'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(await refused?.json()).toEqual({ message: voucherRouteMessages.resendRaced });
    const cards = await sentCards(reference);
    expect(cards).toHaveLength(1);
    expect(await liveCard(reference)).toEqual(cards[0]);
  });

  it('keep working when every Worker secret is rotated', async () => {
    const { reference, code } = await buyVoucher();
    const card = await liveCard(reference);
    const rotated = {
      ...liveEnv,
      MANAGE_LINK_SECRET: 'a-rotated-manage-link-secret',
      LINK_SECRET: 'a-rotated-link-secret',
      ADMIN_PASSWORD_PEPPER: 'a-rotated-pepper',
    };
    const page = await call(`/gift-vouchers/card/${card?.token}`, {}, rotated);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<p class="code">${code}</p>`);
    const checked = await call(
      '/api/vouchers/check',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) },
      rotated,
    );
    expect(await checked.json()).toMatchObject({ valid: true, balance: 50_000 });
  });

  it('is kept only as its hash, its last 4 and sealed under its card’s token', async () => {
    const { voucher, reference, code } = await buyVoucher();
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    const card = await liveCard(reference);
    expect(await openCodeOnCard(row?.cardCodeSealed ?? null, card?.token ?? '', voucher.id)).toBe(
      code.replace(/-/g, ''),
    );
    expect(await openCodeOnCard(row?.cardCodeSealed ?? null, 'A'.repeat(43), voucher.id)).toBeNull();
    expect(await openCodeOnCard(row?.cardCodeSealed ?? null, card?.token ?? '', 'another-voucher')).toBeNull();
    expect(JSON.stringify(row)).not.toContain(code.replace(/-/g, ''));
    expect(JSON.stringify(row)).not.toContain(card?.token);
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

describe('the Vouchers screen', () => {
  it('lists vouchers with the month’s sales and what is owed, finds one by its last 4, voids and resends', async () => {
    const { voucher, code } = await buyVoucher({ amount: 50_000 });
    const { voucher: kemis } = await buyVoucher({
      amount: 20_000,
      buyerEmail: 'kemi@example.com',
      buyerName: 'Kemi Ade',
    });
    const listed = await staffCall('/api/vouchers');
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as {
      vouchers: Array<{ _id: string; last4: string; state: string }>;
      figures: { soldThisMonth: { count: number; amount: number }; outstanding: number };
    };
    expect(body.figures).toEqual({ soldThisMonth: { count: 2, amount: 70_000 }, outstanding: 70_000 });
    const found = (await (await staffCall(`/api/vouchers?q=${code.slice(-4).toLowerCase()}`)).json()) as typeof body;
    expect(found.vouchers.map((row) => row._id)).toEqual([voucher.id]);
    for (const buyer of ['kemi ade', 'KEMI@example']) {
      const byBuyer = (await (await staffCall(`/api/vouchers?q=${encodeURIComponent(buyer)}`)).json()) as typeof body;
      expect(byBuyer.vouchers.map((row) => row._id)).toEqual([kemis.id]);
    }

    await db.delete(outboxMessages);
    expect((await staffCall(`/api/vouchers/${voucher.id}/resend`, 'POST')).status).toBe(200);
    expect((await db.select().from(outboxMessages)).map((message) => message.template)).toContain('voucher-delivery');

    expect((await staffCall(`/api/vouchers/${voucher.id}/void`, 'POST', { reason: '' })).status).toBe(400);
    const voided = await staffCall(`/api/vouchers/${voucher.id}/void`, 'POST', { reason: 'Refunded in cash' });
    expect(voided.status).toBe(200);
    expect((await staffCall(`/api/vouchers/${voucher.id}/void`, 'POST', { reason: 'Again' })).status).toBe(409);
    expect(await check(code)).toMatchObject({ valid: false });
    const after = (await (await staffCall('/api/vouchers')).json()) as typeof body;
    expect(after.figures.outstanding).toBe(20_000);
    expect(after.vouchers.find((row) => row._id === voucher.id)?.state).toBe('void');
    // The reason is in the activity log, beside who voided it.
    await vi.waitFor(async () => {
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.target, voucher.id), eq(auditLog.action, 'voucher-void')));
      expect(entry).toMatchObject({
        actorName: 'Studio owner',
        details: { reason: 'Refunded in cash' },
      });
    });
  });

  it('resends only a voucher already delivered: one waiting for its day goes on that day', async () => {
    const deliverOn = addDays(today(), 5);
    const { voucher } = await buyVoucher({ deliverOn });
    await db.delete(outboxMessages);
    const early = await staffCall(`/api/vouchers/${voucher.id}/resend`, 'POST');
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: voucherRouteMessages.notYetSent(deliverOn, today()) });
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row?.deliveredAt).toBeNull();
    expect(await db.select().from(outboxMessages)).toEqual([]);
  });

  it('sells one at the desk for cash, delivered at once when dated today', async () => {
    const response = await staffCall('/api/vouchers', 'POST', {
      amount: 25_000,
      buyerName: 'Walk-in Buyer',
      recipientName: 'Bisi',
      recipientPhone: '0802 555 0000',
      deliverOn: today(),
      payment: 'cash',
    });
    expect(response.status).toBe(201);
    const { _id, last4 } = (await response.json()) as { _id: string; last4: string };
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, _id));
    expect(row).toMatchObject({ amount: 25_000, balance: 25_000, soldBy: 'Studio owner' });
    // The desk can tell the buyer the code's last 4: the one in the recipient's message.
    expect(last4).toBe((await liveCard(row?.paymentReference ?? ''))?.code.slice(-4));
    expect(last4).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    expect(row?.deliveredAt).not.toBeNull();
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.reference, row?.paymentReference ?? ''));
    expect(payment).toMatchObject({ kind: 'voucher', status: 'paid', method: 'cash' });
    const sent = (await db.select().from(outboxMessages)).map((message) => `${message.template}:${message.channel}`);
    expect(sent).toEqual(['voucher-delivery:whatsapp']);
  });
});
