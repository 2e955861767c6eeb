// A gift voucher once it is bought: sent on its date with a random code and card link (made anew
// by a resend, the old ones then dead), and the staff's Vouchers screen: its figures, search,
// resend, void and desk sales.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, outboxMessages, payments, vouchers } from '../../../worker/db/schema';
import { voucherRouteMessages } from '../../../worker/routes/prepaid/vouchers';
import { newVoucherCode, openCodeOnCard, voucherCodeHash } from '../../../worker/services/prepaid/voucher-codes';
import { deliverDueVouchers } from '../../../worker/services/prepaid/voucher-delivery';
import { addDays, lagosToUtc } from '../../../worker/shared/time';
import { signIn } from '../admin-harness';
import {
  call,
  clearPaymentData,
  db,
  liveEnv,
  staffCall as liveStaffCall,
  withFakePaystack,
} from '../checkout/payment-harness';
import { buyVoucher, check, liveCard, sentCards, today } from './voucher-fixtures';

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
    // When it was voided: the reports owe it until then.
    const [stored] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(Date.now() - Date.parse(stored?.voidedAt ?? '')).toBeLessThan(60_000);
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
