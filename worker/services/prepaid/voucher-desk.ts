/**
 * The Vouchers screen: every voucher with what is left of it, found by its last 4 or a name; the
 * month's sales and what the studio owes (the balances still to be spent); selling one at the desk
 * for cash, transfer or POS; voiding one.
 */
import { desc, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { vouchers } from '../../db/schema';
import { formatNaira } from '../../shared/money';
import type { StaffRole } from '../../shared/permissions';
import type { VoucherDetails } from '../../shared/prepaid/voucher-schema';
import type { studioPaymentMethods } from '../../shared/statuses';
import { lagosDate, lagosToUtc } from '../../shared/time';
import { readCatalogue } from '../catalogue/catalogue';
import { DEFAULT_DESK_VOUCHER_DAILY_LIMIT } from '../schedule/schedule-settings';
import {
  createVoucherStatement,
  priceVoucher,
  storedVoucher,
  type VoucherRow,
  voucherOfPayment,
  voucherValidityMonths,
} from './vouchers';

export type VoucherState = 'to deliver' | 'delivered' | 'used' | 'expired' | 'void';

export interface VoucherView {
  _id: string;
  /** The code's last 4 characters: what staff ask for. */
  last4: string;
  amount: number;
  balance: number;
  treatment: string | null;
  buyerName: string;
  buyerEmail: string | null;
  recipientName: string;
  recipientEmail: string | null;
  recipientPhone: string | null;
  message: string | null;
  deliverOn: string;
  deliveredAt: string | null;
  expiresOn: string;
  state: VoucherState;
  voidReason: string | null;
  /** How it was paid: online, or at the desk (cash, transfer, POS) and by whom. */
  payment: string;
  soldBy: string | null;
  createdAt: string;
}

function stateOf(voucher: VoucherRow, today: string): VoucherState {
  if (voucher.status === 'void') return 'void';
  if (voucher.balance === 0) return 'used';
  if (voucher.expiresOn < today) return 'expired';
  return voucher.deliveredAt ? 'delivered' : 'to deliver';
}

export interface VoucherFigures {
  /** Sold (paid) this month in Lagos: how many, and for how much. */
  soldThisMonth: { count: number; amount: number };
  /** What the studio owes: the balances of vouchers that may still be spent. */
  outstanding: number;
}

export async function voucherFigures(db: Database, now: Date): Promise<VoucherFigures> {
  const today = lagosDate(now);
  const monthStart = lagosToUtc(`${today.slice(0, 7)}-01`, '00:00').toISOString();
  const row = await db.get<{ count: number; amount: number; outstanding: number }>(sql`select
    (select count(*) from vouchers v join payments p on p.reference = v.payment_reference
      where p.status = 'paid' and p.paid_at >= ${monthStart}) as count,
    (select coalesce(sum(v.amount), 0) from vouchers v join payments p on p.reference = v.payment_reference
      where p.status = 'paid' and p.paid_at >= ${monthStart}) as amount,
    (select coalesce(sum(balance), 0) from vouchers where status = 'active' and expires_on >= ${today}) as outstanding`);
  return {
    soldThisMonth: { count: row?.count ?? 0, amount: row?.amount ?? 0 },
    outstanding: row?.outstanding ?? 0,
  };
}

/** A page of vouchers, newest first; `q` finds the last 4 of a code or a buyer's or recipient's name or email. */
export async function listVouchers(
  db: Database,
  query: { q: string; page: number; pageSize: number },
  now: Date,
): Promise<{ vouchers: VoucherView[]; total: number }> {
  const text = query.q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (char) => `\\${char}`);
  const like = `%${text}%`;
  const where = text
    ? sql`(lower(${vouchers.codeLast4}) = ${text.replace(/[^a-z0-9]/g, '').slice(-4)}
        or lower(${vouchers.buyerName}) like ${like} escape '\\' or lower(coalesce(${vouchers.buyerEmail}, '')) like ${like} escape '\\'
        or lower(${vouchers.recipientName}) like ${like} escape '\\')`
    : sql`1`;
  const [rows, total] = await Promise.all([
    db
      .select({
        voucher: vouchers,
        method: sql<string>`(select method from payments where reference = ${sql.raw('vouchers.payment_reference')})`,
      })
      .from(vouchers)
      .where(where)
      .orderBy(desc(vouchers.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.get<{ total: number }>(sql`select count(*) as total from vouchers where ${where}`),
  ]);
  const today = lagosDate(now);
  return {
    vouchers: rows.map(({ voucher, method }) => ({
      _id: voucher.id,
      last4: voucher.codeLast4,
      amount: voucher.amount,
      balance: voucher.balance,
      treatment: voucher.treatment,
      buyerName: voucher.buyerName,
      buyerEmail: voucher.buyerEmail,
      recipientName: voucher.recipientName,
      recipientEmail: voucher.recipientEmail,
      recipientPhone: voucher.recipientPhone,
      message: voucher.message,
      deliverOn: voucher.deliverOn,
      deliveredAt: voucher.deliveredAt,
      expiresOn: voucher.expiresOn,
      state: stateOf(voucher, today),
      voidReason: voucher.voidReason,
      payment: method,
      soldBy: voucher.soldBy,
      createdAt: voucher.createdAt,
    })),
    total: total?.total ?? 0,
  };
}

export async function findVoucher(db: Database, id: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(sql`${vouchers.id} = ${id}`).limit(1);
  return row;
}

/** Naira of desk vouchers reception has sold in the Lagos day of `now` (an SQL expression). */
const receptionSoldToday = (now: Date) =>
  sql`(select coalesce(sum(amount), 0) from vouchers where sold_by_role = 'reception'
    and created_at >= ${lagosToUtc(lagosDate(now), '00:00').toISOString()})`;
const receptionDailyLimit = sql`coalesce((select desk_voucher_daily_limit from schedule_settings where id = 1), ${DEFAULT_DESK_VOUCHER_DAILY_LIMIT})`;

export const deskVoucherMessages = {
  overDailyLimit: (limit: number, sold: number, amount: number) =>
    `Reception may sell up to ${formatNaira(limit)} of gift vouchers a day: ${formatNaira(Math.max(0, limit - sold))} is left today, and this one is ${formatNaira(amount)}. A manager or the owner can sell it.`,
} as const;

/**
 * A voucher sold at the desk, once its payment was received (cash, transfer, POS): the payment
 * recorded as paid with the voucher, in one batch. Reception's sales of the day may not pass the
 * daily limit (Schedule settings): the payment's insert checks the day's total itself, so two
 * receptionists selling at once cannot pass it together; managers and owners have no limit.
 */
export async function sellVoucherAtDesk(
  db: Database,
  details: Omit<VoucherDetails, 'buyerEmail'> & { buyerEmail?: string },
  options: {
    payment: (typeof studioPaymentMethods)[number];
    now: Date;
    soldBy: string;
    soldByRole: StaffRole;
  },
): Promise<{ ok: true; voucher: VoucherRow } | { ok: false; status: 400 | 409; message: string }> {
  const menu = (await readCatalogue(db)).treatments;
  const price = priceVoucher({ ...details, buyerEmail: details.buyerEmail ?? '' }, menu, lagosDate(options.now));
  if (!price.ok) return { ...price, status: 400 };
  const reference = `VD-${lagosDate(options.now).replace(/-/g, '')}-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const stored = storedVoucher({ ...details, buyerEmail: details.buyerEmail ?? '' }, price).voucher;
  const nowIso = options.now.toISOString();
  const withinLimit =
    options.soldByRole === 'reception'
      ? sql`${receptionSoldToday(options.now)} + ${price.amount} <= ${receptionDailyLimit}`
      : sql`1`;
  await db.$client.batch([
    d1Statement(
      db,
      sql`insert into payments (reference, kind, status, amount, subtotal, discount, email, details, method, paid_at)
        select ${reference}, 'voucher', 'paid', ${price.amount}, ${price.amount}, 0, ${details.buyerEmail ?? ''},
          ${JSON.stringify({ voucher: stored, takenBy: 'staff' })}, ${options.payment}, ${nowIso}
        where ${withinLimit}`,
    ),
    createVoucherStatement(db, reference, stored, {
      validityMonths: await voucherValidityMonths(db),
      soldBy: options.soldBy,
      soldByRole: options.soldByRole,
    }),
  ]);
  const voucher = await voucherOfPayment(db, reference);
  if (voucher) return { ok: true, voucher };
  const figures = await db.get<{ sold: number; limit: number }>(
    sql`select ${receptionSoldToday(options.now)} as sold, ${receptionDailyLimit} as "limit"`,
  );
  return {
    ok: false,
    status: 409,
    message: deskVoucherMessages.overDailyLimit(figures?.limit ?? 0, figures?.sold ?? 0, price.amount),
  };
}

/** Voids an active voucher: it can no longer pay. */
export async function voidVoucher(db: Database, id: string, reason: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .update(vouchers)
    .set({ status: 'void', voidReason: reason, voidedAt: new Date().toISOString() })
    .where(sql`${vouchers.id} = ${id} and ${vouchers.status} = 'active'`)
    .returning();
  return row;
}
