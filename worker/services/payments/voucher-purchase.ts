/**
 * Starting a gift voucher's purchase.
 */
import { sql } from 'drizzle-orm';
import { d1Statement } from '../../db/client';
import { nairaToKobo } from '../../shared/money';
import { lagosDate } from '../../shared/time';
import { voucherDetailsSchema } from '../../shared/voucher-schema';
import { readCatalogue } from '../catalogue';
import { HOLD_MINUTES } from '../slots';
import { priceVoucher, storedVoucher } from '../vouchers';
import { openCheckout } from './checkout';
import {
  type InitializeRequest,
  type InitializeResult,
  MAX_OPEN_HOLDS,
  newReference,
  type PaymentContext,
  paymentMessages,
} from './context';
import { findPayment } from './records';

/**
 * A gift voucher's purchase: priced on the server (a treatment's price, or a free amount within the
 * limits), paid through the same checkout. The voucher itself is created when the payment is
 * recorded; this browser's earlier unpaid purchase (a declined card) is replaced.
 */
export async function initializeVoucherPurchase(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = voucherDetailsSchema().safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid gift voucher details' };
  }
  const menu = (await readCatalogue(context.db)).treatments;
  const price = priceVoucher(parsed.data, menu, lagosDate(context.now));
  if (!price.ok) return { ok: false, status: 400, message: price.message };
  if (request.amount !== nairaToKobo(price.amount)) {
    return { ok: false, status: 409, message: paymentMessages.amountChanged, expectedAmount: price.amount };
  }
  const reference = newReference('GV');
  const email = parsed.data.buyerEmail;
  const nowIso = context.now.toISOString();
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const ownEarlier = sql`select reference from payments where kind = 'voucher' and status = 'pending'
    and browser_key_hash = ${request.browserKeyHash}`;
  const openPurchases = sql`select 1 from payments where kind = 'voucher' and status = 'pending'
    and hold_expires_at > ${nowIso} and lower(email) = lower(${email}) and reference not in (${ownEarlier})`;
  await context.db.$client.batch([
    d1Statement(
      context.db,
      sql`insert into payments (reference, kind, status, amount, subtotal, discount, email, details, hold_expires_at,
          client_key, browser_key_hash, method)
        select ${reference}, 'voucher', 'pending', ${price.amount}, ${price.amount}, 0, ${email},
          ${JSON.stringify(storedVoucher(parsed.data, price))}, ${holdUntil}, ${request.clientKey ?? null},
          ${request.browserKeyHash}, ${context.gateway?.mode ?? 'paystack'}
        where (select count(*) from (${openPurchases})) < ${MAX_OPEN_HOLDS}`,
    ),
    d1Statement(
      context.db,
      sql`update payments set status = 'abandoned', hold_expires_at = null
        where reference in (${ownEarlier}) and reference != ${reference}
          and exists (select 1 from payments where reference = ${reference})`,
    ),
  ]);
  if (!(await findPayment(context.db, reference))) {
    return {
      ok: false,
      status: 429,
      message: paymentMessages.tooManyVouchers(MAX_OPEN_HOLDS),
      retryAfterSeconds: HOLD_MINUTES * 60,
    };
  }
  return openCheckout(context, 'voucher', reference, price.amount, email, {
    kind: 'voucher',
    for: parsed.data.recipientName,
    deliverOn: parsed.data.deliverOn,
  });
}
