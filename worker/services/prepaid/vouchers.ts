/**
 * Gift vouchers: their codes, their price, the voucher a typed code names, their delivery, and what
 * staff see and do with them. What a payment takes of a balance and when it comes back is the
 * prepaid ledger's (ledger.ts), as for a package's sessions.
 *
 * A code is 12 random characters of an alphabet without look-alikes (voucher-codes.ts), made when
 * the voucher is sent (voucher-delivery.ts); the database keeps its SHA-256 and last 4. The balance is
 * taken in the D1 batch that holds a payment, in the statement guarded by the balance itself (and
 * the table's CHECK keeps it from ever going below 0), so any number of payments racing for one
 * voucher take no more than it holds.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement, rowOfPayment } from '../../db/client';
import { vouchers } from '../../db/schema';
import type { VoucherFacts } from '../../messages/templates/vouchers';
import type { PricedTreatment } from '../../shared/bookings/booking-pricing';
import { sameTreatment } from '../../shared/catalogue/treatments';
import { formatNaira } from '../../shared/money';
import {
  isDeliveryDate,
  isVoucherAmount,
  type VoucherDetails,
  voucherMessages,
} from '../../shared/prepaid/voucher-schema';
import { addMonths } from '../../shared/time';
import { findAvailable, paidBy, releaseEndedStatements, voucherLedger } from './ledger';
import { unsentMark } from './voucher-codes';

export type VoucherRow = typeof vouchers.$inferSelect;

/** What a purchase stores with its payment: the validated details, the server's price. */
export interface StoredVoucherPayment {
  voucher: Omit<VoucherDetails, 'paymentType' | 'amount'> & { amount: number };
}

export type VoucherPrice = { ok: true; amount: number; treatment: string | null } | { ok: false; message: string };

/** A voucher's price: the chosen treatment's (from the menu), or a free amount within the limits. */
export function priceVoucher(details: VoucherDetails, menu: readonly PricedTreatment[], today: string): VoucherPrice {
  if (!isDeliveryDate(details.deliverOn, today)) return { ok: false, message: voucherMessages.deliverOn };
  if (details.treatment) {
    const treatment = menu.find((each) => sameTreatment(each.name, details.treatment ?? ''));
    if (!treatment || treatment.active === false) {
      return {
        ok: false,
        message: `${details.treatment} is not on the menu. Please choose from the menu as it is now.`,
      };
    }
    return { ok: true, amount: treatment.price, treatment: treatment.name };
  }
  const amount = details.amount ?? Number.NaN;
  return isVoucherAmount(amount)
    ? { ok: true, amount, treatment: null }
    : { ok: false, message: voucherMessages.amount };
}

/** The stored copy of a purchase's details: empty fields dropped, the server's amount. */
export function storedVoucher(details: VoucherDetails, price: Extract<VoucherPrice, { ok: true }>) {
  return {
    voucher: {
      amount: price.amount,
      treatment: price.treatment ?? undefined,
      buyerName: details.buyerName,
      buyerEmail: details.buyerEmail,
      recipientName: details.recipientName,
      recipientEmail: details.recipientEmail || undefined,
      recipientPhone: details.recipientPhone || undefined,
      message: details.message || undefined,
      deliverOn: details.deliverOn,
    },
  } satisfies StoredVoucherPayment;
}

/** The last day a voucher delivered on `deliverOn` may be used. */
export const voucherExpiry = (deliverOn: string, validityMonths: number) => addMonths(deliverOn, validityMonths);

export async function voucherValidityMonths(db: Database): Promise<number> {
  const row = await db.get<{ months: number }>(
    sql`select voucher_validity_months as months from schedule_settings where id = 1`,
  );
  return row?.months ?? 12;
}

/**
 * The statement that creates the voucher of a paid purchase, once (its payment reference is unique),
 * with no code yet: it gets one when it is sent.
 */
export function createVoucherStatement(
  db: Database,
  reference: string,
  stored: StoredVoucherPayment['voucher'],
  options: { validityMonths: number; soldBy?: string | null; soldByRole?: string | null },
) {
  const id = crypto.randomUUID();
  return d1Statement(
    db,
    sql`insert into vouchers (
        id, payment_reference, code_hash, code_last4, card_token_hash, amount, balance, treatment, buyer_name,
        buyer_email, recipient_name, recipient_email, recipient_phone, message, deliver_on, expires_on, sold_by,
        sold_by_role
      )
      select ${id}, ${reference}, ${unsentMark(id)}, '', ${unsentMark(id)}, ${stored.amount}, ${stored.amount},
        ${stored.treatment ?? null}, ${stored.buyerName}, ${stored.buyerEmail || null}, ${stored.recipientName},
        ${stored.recipientEmail ?? null}, ${stored.recipientPhone ?? null}, ${stored.message ?? null},
        ${stored.deliverOn}, ${voucherExpiry(stored.deliverOn, options.validityMonths)}, ${options.soldBy ?? null},
        ${options.soldByRole ?? null}
      where exists (select 1 from payments where reference = ${reference})
      on conflict (payment_reference) do nothing`,
  );
}

export const voucherOfPayment = (db: Database, reference: string) => rowOfPayment(db, vouchers, reference);

/**
 * The valid voucher a typed code names, or undefined (unknown, wrong, void or expired alike), with
 * what it holds for the caller: its balance and what `mine` (payments the caller is about to
 * replace, a retried card) holds of it. A voucher with nothing available is no voucher to them.
 */
export const findAvailableVoucher = (db: Database, typed: string, now: Date, mine?: SQL) =>
  findAvailable(db, voucherLedger, vouchers, typed, now, mine);

export interface VoucherCheck {
  valid: boolean;
  /** Naira left on it. */
  balance: number;
  /** Its last valid day (Lagos, yyyy-MM-dd). */
  expiresAt: string | null;
}

/**
 * POST /api/vouchers/check's answer: a code that cannot pay answers like one that does not exist.
 * What `mine` (the asking browser's unpaid payments) holds of it counts as its balance: paying again
 * replaces them.
 */
export async function checkVoucher(db: Database, typed: string, now: Date, mine?: SQL): Promise<VoucherCheck> {
  await db.$client.batch(releaseEndedStatements(voucherLedger, db, now));
  const voucher = await findAvailableVoucher(db, typed, now, mine);
  return voucher
    ? { valid: true, balance: voucher.available, expiresAt: voucher.expiresOn }
    : { valid: false, balance: 0, expiresAt: null };
}

export const voucherPaymentMessages = {
  unusable: 'This gift voucher code is invalid, expired or used up.',
  balanceChanged:
    'This gift voucher’s balance changed while you were paying (it was used elsewhere). Please apply it again.',
} as const;

/** SQL: what an order or booking's payment `reference` paid: online (what Paystack took), and by voucher. */
export const paidSql = (reference: unknown) =>
  sql<number>`(select amount from payments where reference = ${reference}) + ${paidBy(voucherLedger, reference)}`;

/** What a voucher's messages say, from its row; `code` and `cardUrl` when the recipient gets it. */
export function voucherFacts(voucher: VoucherRow, extra: { code?: string; cardUrl?: string } = {}): VoucherFacts {
  return {
    reference: voucher.paymentReference,
    amount: voucher.amount,
    balance: voucher.balance,
    treatment: voucher.treatment,
    buyerName: voucher.buyerName,
    recipientName: voucher.recipientName,
    recipientEmail: voucher.recipientEmail,
    recipientPhone: voucher.recipientPhone,
    message: voucher.message,
    deliverOn: voucher.deliverOn,
    expiresOn: voucher.expiresOn,
    ...extra,
  };
}

/** "₦50,000 gift voucher" or "Hot Stone gift voucher (₦30,000)". */
export const voucherTitle = (voucher: Pick<VoucherRow, 'amount' | 'treatment'>) =>
  voucher.treatment
    ? `${voucher.treatment} gift voucher (${formatNaira(voucher.amount)})`
    : `${formatNaira(voucher.amount)} gift voucher`;
