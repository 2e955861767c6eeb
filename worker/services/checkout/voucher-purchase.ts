import { nairaToKobo } from '../../shared/money';
import { voucherDetailsSchema } from '../../shared/prepaid/voucher-schema';
import { lagosDate } from '../../shared/time';
import { readCatalogue } from '../catalogue/catalogue';
import { priceVoucher, storedVoucher } from '../prepaid/vouchers';
import { HOLD_MINUTES } from '../schedule/slots';
import { openCheckout } from './checkout';
import {
  type InitializeRequest,
  type InitializeResult,
  MAX_OPEN_HOLDS,
  type PaymentContext,
  paymentMessages,
} from './context';
import { holdSale } from './sale-hold';

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
  const email = parsed.data.buyerEmail;
  const reference = await holdSale(context, request, {
    kind: 'voucher',
    prefix: 'GV',
    amount: price.amount,
    email,
    details: storedVoucher(parsed.data, price),
    method: context.gateway?.mode ?? 'paystack',
  });
  if (!reference) {
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
