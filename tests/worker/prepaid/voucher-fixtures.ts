// Gift vouchers for the tests: bought through the real checkout, their codes read from the
// recipient's message (the database keeps none).
import { and, eq, like } from 'drizzle-orm';
import { outboxMessages, payments, vouchers } from '../../../worker/db/schema';
import { voucherCodeHash } from '../../../worker/services/prepaid/voucher-codes';
import { nairaToKobo } from '../../../worker/shared/money';
import type { VoucherDetailsInput } from '../../../worker/shared/prepaid/voucher-schema';
import { lagosDate } from '../../../worker/shared/time';
import { bookingDetails, oneHourVisit } from '../checkout/payment-fixtures';
import { call, db, fake, payerCookie, startPaymentOk, verify } from '../checkout/payment-harness';

export const today = () => lagosDate(new Date());

export const purchase = (
  overrides: Partial<VoucherDetailsInput> = {},
): VoucherDetailsInput & { customerEmail: string } => ({
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

export const codePattern = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/;

export const cardPattern = /\/gift-vouchers\/card\/([A-Za-z0-9_-]{43})/;

/** Every code and card token the voucher of `reference` was sent with (its recipient's messages), oldest first. */
export async function sentCards(reference: string) {
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
export async function liveCard(reference: string) {
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.paymentReference, reference));
  for (const card of await sentCards(reference)) {
    if (card.code && (await voucherCodeHash(card.code)) === voucher?.codeHash) return card;
  }
  return undefined;
}

/** Buys a voucher through initialize and the fake Paystack; returns its row and, once sent, its code. */
export async function buyVoucher(overrides: Partial<VoucherDetailsInput> = {}) {
  const details = purchase(overrides);
  const amount = typeof details.amount === 'number' ? details.amount : 50_000;
  const { reference } = await startPaymentOk(details, nairaToKobo(amount));
  fake.settle(reference, 'success');
  await verify(reference);
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.paymentReference, reference));
  if (!voucher) throw new Error('no voucher');
  return { voucher, reference, code: (await liveCard(reference))?.code ?? '' };
}

export const check = async (code: string, browser = payerCookie()) =>
  (await (
    await call('/api/vouchers/check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: browser },
      body: JSON.stringify({ code }),
    })
  ).json()) as { valid: boolean; balance: number; expiresAt: string | null };

/** A ₦20,000 voucher, and a ₦25,000 visit it pays ₦20,000 of, unpaid; `lapsed`: its hold has run out. */
export async function voucherBooking({ lapsed }: { lapsed: boolean }) {
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

export const balanceOf = async (id: string) =>
  (await db.select().from(vouchers).where(eq(vouchers.id, id)))[0]?.balance;
