/**
 * What of a booking's price is paid online now and what at the studio, for treatments paid by
 * deposit, and what a gift voucher pays of it. Its own module: only the payment dialog (loaded when
 * it opens) and the server need it.
 */
import type { BookingPrice } from './booking-pricing';

/** A booking's price split between now (online) and the visit (at the studio). */
export interface DepositSplit {
  online: number;
  atStudio: number;
}

/**
 * What of `total` (the booking's price after the coupon) is paid online now: each treatment's
 * deposit percent of its share of the total (100% for one paid in full), rounded to whole naira;
 * the rest is paid at the studio. Shared by the server, which charges it, and the payment dialog.
 */
export function depositSplit(lines: BookingPrice['lines'], total: number): DepositSplit {
  const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
  if (subtotal <= 0 || total <= 0) return { online: Math.max(0, total), atStudio: 0 };
  const percentOfSubtotal = lines.reduce((sum, line) => sum + line.price * (line.depositPercent || 100), 0);
  const online = Math.min(total, Math.round((total * percentOfSubtotal) / (100 * subtotal)));
  return { online, atStudio: total - online };
}

/** What a payment takes from a gift voucher, from Paystack now, and what is left for the studio. */
export interface PaymentSplit extends DepositSplit {
  voucher: number;
}

/**
 * A gift voucher pays first: as much of the price after the coupon as its balance holds (beyond the
 * deposit too, so less is left for the studio). Paystack then takes what the deposit (or the full
 * price) still needs, and the rest is paid at the studio.
 */
export function withVoucher(split: DepositSplit, voucherBalance: number): PaymentSplit {
  const total = split.online + split.atStudio;
  const voucher = Math.max(0, Math.min(voucherBalance, total));
  const online = Math.max(0, split.online - voucher);
  return { voucher, online, atStudio: total - voucher - online };
}
