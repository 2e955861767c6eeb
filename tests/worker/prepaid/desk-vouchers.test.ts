// Reception cannot mint money: a desk gift voucher is sold only with its payment received (cash,
// transfer, POS), reception sells at most the day's limit (₦200,000 unless the owner sets another,
// all receptionists together, even when they sell at once), and each morning the owners get an
// email of the day before's desk sales.
import { env } from 'cloudflare:workers';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, staffAccounts, vouchers } from '../../../worker/db/schema';
import { sendDeskVoucherSummary } from '../../../worker/services/prepaid/desk-voucher-summary';
import { deskVoucherMessages } from '../../../worker/services/prepaid/voucher-desk';
import { addDays, lagosDate, lagosToUtc } from '../../../worker/shared/time';
import { adminCall, db, signIn } from '../admin-harness';
import { clearPaymentData } from '../checkout/payment-harness';
import { account, cookieOf, login } from '../staff/second-factor-harness';

const today = () => lagosDate(new Date());
const sale = (amount: number, overrides: Record<string, unknown> = {}) => ({
  amount,
  buyerName: 'Walk-in Buyer',
  recipientName: 'Bisi Ade',
  recipientPhone: '0802 555 0000',
  deliverOn: addDays(today(), 3),
  payment: 'cash',
  ...overrides,
});

let owner: string;
let reception: string;
let otherReception: string;
let manager: string;

async function member(role: 'reception' | 'manager', email: string) {
  await account(role, email, env.ADMIN_PASSWORD_PEPPER);
  return cookieOf(await login(email, env));
}

beforeEach(async () => {
  await clearPaymentData();
  await db.delete(outboxMessages);
  await db.delete(auditLog);
  await db.delete(staffAccounts).where(sql`${staffAccounts.id} <> 'owner'`);
  await db.run(sql`update schedule_settings set desk_voucher_daily_limit = 200000`);
  owner = await signIn();
  reception = await member('reception', 'amaka@desk.test');
  otherReception = await member('reception', 'ifeoma@desk.test');
  manager = await member('manager', 'bayo@desk.test');
});

const sell = (cookie: string, body: unknown) => adminCall(cookie, '/api/vouchers', 'POST', body);

describe('a desk gift voucher', () => {
  it('is sold only with its payment received', async () => {
    const { payment: _, ...unpaid } = sale(20_000);
    const refused = await sell(reception, unpaid);
    expect(refused.status).toBe(400);
    expect(await db.select().from(vouchers)).toEqual([]);
    expect((await sell(reception, sale(20_000, { payment: 'later' }))).status).toBe(400);
  });

  it('stops reception at the day’s limit, all receptionists together; managers and owners have none', async () => {
    expect((await sell(reception, sale(150_000))).status).toBe(201);
    const over = await sell(otherReception, sale(60_000, { payment: 'pos' }));
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ message: deskVoucherMessages.overDailyLimit(200_000, 150_000, 60_000) });
    expect(deskVoucherMessages.overDailyLimit(200_000, 150_000, 60_000)).toBe(
      'Reception may sell up to ₦200,000 of gift vouchers a day: ₦50,000 is left today, and this one is ₦60,000. A manager or the owner can sell it.',
    );
    expect((await sell(otherReception, sale(50_000, { payment: 'transfer' }))).status).toBe(201);
    expect((await sell(reception, sale(5_000))).status).toBe(409);
    expect((await sell(manager, sale(60_000))).status).toBe(201);
    expect((await sell(owner, sale(500_000))).status).toBe(201);
    const rows = await db.select().from(vouchers);
    expect(rows.map((row) => row.soldByRole).sort()).toEqual(['manager', 'owner', 'reception', 'reception']);
    // Each sale is in the Activity, with how it was paid.
    const sold = await db.select().from(auditLog).where(eq(auditLog.action, 'voucher-sell'));
    expect(sold.map((entry) => entry.details.payment).sort()).toEqual(['cash', 'cash', 'cash', 'transfer']);
  });

  it('cannot pass the limit when receptionists sell at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => sell(index % 2 ? reception : otherReception, sale(50_000))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 409, 409]);
    const [total] = await db.all<{ sum: number }>(sql`select sum(amount) as sum from vouchers`);
    expect(total?.sum).toBe(200_000);
    expect((await db.all(sql`select reference from payments where kind = 'voucher'`)).length).toBe(4);
  });

  it('follows the limit the owner sets on the Schedule screen', async () => {
    const bad = await adminCall(owner, '/api/schedule-settings', 'PUT', { deskVoucherDailyLimit: -1 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: 'Reception’s daily limit of desk gift vouchers is ₦0 to ₦10,000,000, in whole naira.',
    });
    const saved = await adminCall(owner, '/api/schedule-settings', 'PUT', { deskVoucherDailyLimit: 300_000 });
    expect(await saved.json()).toMatchObject({ deskVoucherDailyLimit: 300_000 });
    expect((await sell(reception, sale(250_000))).status).toBe(201);
    expect((await sell(reception, sale(60_000))).status).toBe(409);
    await adminCall(owner, '/api/schedule-settings', 'PUT', { deskVoucherDailyLimit: 0 });
    expect((await sell(otherReception, sale(5_000))).status).toBe(409);
    // Reception cannot raise its own limit.
    const own = await adminCall(reception, '/api/schedule-settings', 'PUT', { deskVoucherDailyLimit: 10_000_000 });
    expect(own.status).toBe(403);
  });
});

describe('the owners’ morning email', () => {
  it('lists the day before’s desk sales once, to each owner with an email, from 08:00', async () => {
    await db.insert(staffAccounts).values({ name: 'Funke Owner', email: 'funke@desk.test', role: 'owner' });
    expect((await sell(reception, sale(40_000))).status).toBe(201);
    expect((await sell(manager, sale(25_000, { payment: 'pos' }))).status).toBe(201);
    // Both were sold yesterday, in the studio's day.
    const yesterday = addDays(today(), -1);
    await db
      .update(vouchers)
      .set({ createdAt: lagosToUtc(yesterday, '14:05').toISOString() })
      .where(eq(vouchers.soldByRole, 'reception'));
    await db
      .update(vouchers)
      .set({ createdAt: lagosToUtc(yesterday, '16:30').toISOString() })
      .where(eq(vouchers.soldByRole, 'manager'));

    expect(await sendDeskVoucherSummary(env, lagosToUtc(today(), '07:45'))).toEqual([]);
    const morning = lagosToUtc(today(), '08:15');
    await sendDeskVoucherSummary(env, morning);
    await sendDeskVoucherSummary(env, new Date(morning.getTime() + 15 * 60_000));
    const sent = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.template, 'desk-voucher-summary')));
    // The built-in owner has no email: Funke alone, once.
    expect(sent.map((message) => message.recipient)).toEqual(['funke@desk.test']);
    const text = sent[0]?.text ?? '';
    expect(sent[0]?.subject).toContain('₦65,000');
    expect(text).toContain('2 gift vouchers were sold at the desk');
    expect(text).toContain('Cash: ₦40,000; POS: ₦25,000');
    expect(text).toContain('Reception sold ₦40,000 of its daily limit of ₦200,000.');
    expect(text).toContain('14:05 Gift voucher (₦40,000), Cash, sold by reception of the test (reception)');
    expect(text).toMatch(/16:30 Gift voucher \(₦25,000\), POS, sold by manager of the test \(manager\)/);
  });
});
