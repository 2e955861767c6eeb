/**
 * What a payment charges: the catalogue total less the coupon and what a gift voucher pays first,
 * each checked again in the payment's own insert (the guard), with the explainer that says which
 * of them refused it beside it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DepositSplit, withVoucher } from '../../shared/bookings/deposit-split';
import { scopeOfKind } from '../../shared/catalogue/coupon-rules';
import { nairaToKobo } from '../../shared/money';
import { lagosDate } from '../../shared/time';
import {
  type CouponCustomer,
  checkCoupon,
  couponMessages,
  couponStillOpen,
  usedByCustomer,
} from '../catalogue/coupons';
import { holdsEnough, releaseEndedStatements, takeStatements, voucherLedger } from '../prepaid/ledger';
import { findAvailableVoucher, voucherPaymentMessages } from '../prepaid/vouchers';
import { type InitializeResult, type PaymentContext, paymentMessages } from './context';
import { type Guard, type Refusal, recheckedGuard } from './guards';

type Charge = {
  ok: true;
  /** What this payment takes online now. */
  amount: number;
  discount: number;
  /** A deposit's rest, paid at the studio. */
  dueAtStudio: number;
  couponCode: string | null;
  couponId: string | null;
  /**
   * The gift voucher that pays first, and how much of its balance; `takenFrom`: the payments whose
   * holds on it pass to this one (replaced ones, and this browser's other unpaid ones).
   */
  voucher: { id: string; amount: number; takenFrom: SQL } | null;
};

interface ChargeRequest {
  kind: 'booking' | 'order';
  subtotal: number;
  couponCode: string | undefined;
  /** What the client expects to pay, in kobo. */
  clientAmountKobo: number;
  customer: CouponCustomer;
  /** The customer's earlier payments this one replaces (a retried card): they hold no coupon use. */
  replaced: SQL;
  /** The paying browser: what its other unpaid payments hold of the gift voucher passes to this one. */
  browserKeyHash: string;
  /** A booking with deposits: what of the price after the coupon is paid now, and what at the studio. */
  split?: (afterCoupon: number) => DepositSplit;
  voucherCode: string | undefined;
}

/**
 * What the customer pays now: the catalogue total less the coupon (only the deposit of it, for
 * treatments paid by deposit), less what a gift voucher pays first. A client that expected another
 * amount (a stale page, a tampered request) is refused with 409 and told the right one.
 */
export async function chargeFor(
  context: PaymentContext,
  request: ChargeRequest,
): Promise<Charge | Extract<InitializeResult, { ok: false }>> {
  let discount = 0;
  let applied: { code: string; id: string } | null = null;
  if (request.couponCode) {
    const check = await checkCoupon(context.db, request.couponCode, request.subtotal, context.now, {
      scope: scopeOfKind[request.kind],
      replaced: request.replaced,
    });
    if (!check.success) return { ok: false, status: 409, message: check.message };
    if (
      check.coupon.oncePerCustomer &&
      (await usedByCustomer(context.db, check.coupon.id, request.customer, context.now, request.replaced))
    ) {
      return { ok: false, status: 409, message: couponMessages.usedByCustomer };
    }
    discount = check.discountAmount;
    applied = { code: check.code, id: check.coupon.id };
  }
  const afterCoupon = request.subtotal - discount;
  let voucher: { id: string; balance: number } | null = null;
  // What the customer's replaced payments hold of the voucher comes back in the same batch, and so
  // does what this browser's other unpaid payments hold (another time chosen, the shop after a
  // booking): the voucher check counted it as theirs to spend, and this is what they pay now.
  const takenFrom = takenOver(request.replaced, request.browserKeyHash);
  if (request.voucherCode) {
    await context.db.$client.batch(releaseEndedStatements(voucherLedger, context.db, context.now));
    const found = await findAvailableVoucher(context.db, request.voucherCode, context.now, takenFrom);
    if (!found) return { ok: false, status: 409, message: voucherPaymentMessages.unusable };
    voucher = { id: found.id, balance: found.available };
  }
  const split = withVoucher(
    request.split?.(afterCoupon) ?? { online: afterCoupon, atStudio: 0 },
    voucher?.balance ?? 0,
  );
  if (request.clientAmountKobo !== nairaToKobo(split.online)) {
    return { ok: false, status: 409, message: paymentMessages.amountChanged, expectedAmount: split.online };
  }
  return {
    ok: true,
    amount: split.online,
    discount,
    dueAtStudio: split.atStudio,
    couponCode: applied?.code ?? null,
    couponId: applied?.id ?? null,
    voucher: voucher && split.voucher > 0 ? { id: voucher.id, amount: split.voucher, takenFrom } : null,
  };
}

/**
 * The payments whose holds on a voucher or a package pass to a new one: the customer's replaced
 * payments, and this browser's other unpaid ones.
 */
export const takenOver = (replaced: SQL, browserKeyHash: string) => sql`${replaced} union select reference
  from payments where status = 'pending' and browser_key_hash = ${browserKeyHash}`;

/**
 * The coupon's guard: it (if any) still has a use for this customer, checked in the insert itself
 * so racing payments cannot all take the last use; refused when its last use went meanwhile.
 */
export const couponGuard = (
  context: PaymentContext,
  charge: Charge,
  kind: ChargeRequest['kind'],
  customer: CouponCustomer,
  replaced: SQL,
): Guard => ({
  condition: charge.couponId ? couponStillOpen(charge.couponId, customer, context.now.toISOString(), replaced) : sql`1`,
  refusal: () => couponRefusal(context, charge, kind, customer, replaced),
});

/**
 * The voucher's guard: it (if any) still holds what it pays, counting what the payments it takes
 * over hold (given back in the same batch), so racing payments never take more than the balance;
 * refused when it was spent elsewhere meanwhile.
 */
export const voucherGuard = (context: PaymentContext, charge: Charge): Guard =>
  recheckedGuard(
    context,
    charge.voucher ? holdsEnough(voucherLedger, voucherTake(charge.voucher), lagosDate(context.now)) : undefined,
    { ok: false, status: 409, message: voucherPaymentMessages.balanceChanged },
  );

const voucherTake = (voucher: NonNullable<Charge['voucher']>) => ({
  owner: voucher.id,
  size: voucher.amount,
  from: voucher.takenFrom,
});

/**
 * The batch's last statements: the holds the batch just replaced or took over give their voucher
 * part back (a payment taken over keeps its place; paid later, it takes the part again if the
 * voucher still has it), then the new payment takes its own.
 */
export const voucherHoldStatements = (context: PaymentContext, charge: Charge, reference: string, inserted: SQL) =>
  charge.voucher
    ? takeStatements(voucherLedger, context.db, { reference, ...voucherTake(charge.voucher) }, inserted, context.now)
    : releaseEndedStatements(voucherLedger, context.db, context.now);

/**
 * How a payment is made: nothing to pay online is a voucher's, a package's (its sessions paid the
 * rest) or free (a coupon); else the gateway.
 */
export const paymentMethod = (context: PaymentContext, charge: Charge, byPackage = false) =>
  charge.amount > 0
    ? (context.gateway?.mode ?? 'paystack')
    : charge.voucher
      ? 'voucher'
      : byPackage
        ? 'package'
        : 'free';

/** Why a payment with a coupon could not be held, if the coupon is why (its last use went meanwhile). */
async function couponRefusal(
  context: PaymentContext,
  charge: Charge,
  kind: ChargeRequest['kind'],
  customer: CouponCustomer,
  replaced: SQL,
): Promise<Refusal | undefined> {
  if (!charge.couponCode || !charge.couponId) return undefined;
  // Only the coupon's availability is in question (its minimum was met when it was priced).
  const check = await checkCoupon(context.db, charge.couponCode, Number.MAX_SAFE_INTEGER, context.now, {
    scope: scopeOfKind[kind],
    replaced,
  });
  if (!check.success) return { ok: false, status: 409, message: couponMessages.invalid };
  if (await usedByCustomer(context.db, charge.couponId, customer, context.now, replaced)) {
    return { ok: false, status: 409, message: couponMessages.usedByCustomer };
  }
  return undefined;
}
