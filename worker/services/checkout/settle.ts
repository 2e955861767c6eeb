/**
 * Settling a payment: verify (asking the gateway, at most once a minute), the webhook's confirm,
 * the visitor's cancel, and what the paying browser is shown.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { rowOfPaymentQuery } from '../../db/client';
import { packagePurchases, payments, vouchers } from '../../db/schema';
import { PaystackError, type PaystackTransaction } from '../../providers/paystack';
import { nairaToKobo } from '../../shared/money';
import { manageToken } from '../bookings/manage-tokens';
import { findPayment, type Payment } from '../payments/payment-rows';
import { type MembershipSummary, membershipSummary } from '../prepaid/memberships';
import { type PackageSummary, packageSummary, packageSummaryOf } from '../prepaid/package-sales';
import type { PackagePurchaseRow } from '../prepaid/package-sessions';
import type { VoucherRow } from '../prepaid/vouchers';
import { type PaymentContext, paymentMessages } from './context';
import {
  type BookingSummary,
  bookingSummary,
  bookingSummaryOf,
  bookingSummaryQuery,
  markUnpaid,
  type OrderSummary,
  orderSummary,
  orderSummaryOf,
  orderSummaryQueries,
  type VoucherSummary,
  voucherSummary,
  voucherSummaryOf,
} from './fulfilment';
import { recordPaid } from './record-paid';

/** What anyone holding a reference learns of a paid payment: that it is paid, nothing personal. */
export interface PaymentReceipt {
  reference: string;
  kind: Payment['kind'];
  paid: true;
}

export type VerifyResult =
  | {
      status: true;
      data: BookingSummary | OrderSummary | VoucherSummary | PackageSummary | MembershipSummary | PaymentReceipt;
    }
  | { status: false; message: string };

/**
 * Asks the gateway about a payment and records the booking or order if it is paid in full. The
 * summary (name, manage link, address) goes only to the browser that started the payment
 * (`browserKeyHash`, middleware/payer-cookie.ts), and only once: the payment then forgets that
 * browser (one conditional UPDATE, so of two calls at once one gets it), and a shared computer's
 * next user, or a reload, gets what anyone holding the reference gets: whether it is paid.
 * `shownToPayer` tells the route to end the browser's payer key too.
 */
export async function verifyPayment(
  context: PaymentContext,
  reference: string,
  browserKeyHash: string | undefined,
): Promise<VerifyResult & { shownToPayer?: true }> {
  const { db } = context;
  // One trip for a payment already recorded (by the webhook, or an earlier verify): the payment,
  // the summary of whichever sale it paid for (each statement finds nothing for the other kinds),
  // and the payer's one look at it are asked together.
  const [[payment], [booking], order, items, [voucher], [purchase], forgotten] = await db.batch([
    db.select().from(payments).where(eq(payments.reference, reference)).limit(1),
    bookingSummaryQuery(db, reference),
    ...orderSummaryQueries(db, reference),
    rowOfPaymentQuery(db, vouchers, reference),
    rowOfPaymentQuery(db, packagePurchases, reference),
    forgetPayer(context, reference, browserKeyHash, sql`${payments.status} = 'paid'`),
  ]);
  if (!payment) return { status: false, message: paymentMessages.unknownReference };
  if (payment.status === 'paid') {
    const read = {
      booking: async () =>
        booking && bookingSummaryOf(booking, payment, await manageToken(reference, context.linkSecret)),
      order: async () => orderSummaryOf(payment, [order, items]),
      voucher: async () => voucherSummaryOf(payment, voucher as VoucherRow | undefined),
      package: async () => packageSummaryOf(payment, purchase as PackagePurchaseRow | undefined),
      membership: async () => undefined,
    }[payment.kind];
    const summary = await read();
    // A membership's summary reads its plan and wallet after it: asked on its own.
    const result: VerifyResult = summary ? { status: true, data: summary } : await summaryOf(context, payment);
    return shownTo(result, payment, browserKeyHash, forgotten.length > 0);
  }
  let result: VerifyResult;
  if (!isOnline(payment)) return { status: false, message: paymentMessages.notCompleted };
  if (!context.gateway) return { status: false, message: paymentMessages.notConfigured };
  if (context.gateway.mode === 'paystack' && !(await mayAskPaystack(context, reference))) {
    // Asked within the minute: what the other ask (or the webhook) has recorded since, if anything.
    const settled = await findPayment(db, reference);
    if (settled?.status !== 'paid') return { status: false, message: paymentMessages.checkedRecently };
    result = await summaryOf(context, settled);
  }
  // PaystackError → 502 in the route.
  else result = await confirmTransaction(context, payment, await context.gateway.verify(reference));
  if (!result.status || browserKeyHash === undefined || payment.browserKeyHash !== browserKeyHash) {
    return shownTo(result, payment, browserKeyHash, false);
  }
  const [taken] = await forgetPayer(context, reference, browserKeyHash);
  return shownTo(result, payment, browserKeyHash, taken !== undefined);
}

/**
 * The payment forgets its paying browser (`browserKeyHash`), answering the reference when it did:
 * one conditional UPDATE, so of two calls at once one gets the summary. `when`: only if this holds.
 */
const forgetPayer = (
  { db }: PaymentContext,
  reference: string,
  browserKeyHash: string | undefined,
  when: SQL = sql`1`,
) =>
  db
    .update(payments)
    .set({ browserKeyHash: null })
    .where(
      browserKeyHash === undefined
        ? sql`0`
        : and(eq(payments.reference, reference), eq(payments.browserKeyHash, browserKeyHash), when),
    )
    .returning({ reference: payments.reference });

/** The summary for the paying browser, once (`forgotten`: this call took its look); anyone else, the receipt. */
function shownTo(
  result: VerifyResult,
  payment: Payment,
  browserKeyHash: string | undefined,
  forgotten: boolean,
): VerifyResult & { shownToPayer?: true } {
  if (!result.status) return result;
  if (browserKeyHash !== undefined && payment.browserKeyHash === browserKeyHash && forgotten) {
    return { ...result, shownToPayer: true };
  }
  return { status: true, data: { reference: payment.reference, kind: payment.kind, paid: true } };
}

/**
 * Whether verify may ask Paystack about `reference` now: at most once a minute per reference (one
 * conditional UPDATE, so a burst of verifies asks once). The webhook and the cron still settle it.
 */
async function mayAskPaystack(context: PaymentContext, reference: string): Promise<boolean> {
  const minuteAgo = new Date(context.now.getTime() - 60_000).toISOString();
  const taken = await context.db.get<{ reference: string }>(
    sql`update payments set gateway_checked_at = ${context.now.toISOString()}
      where reference = ${reference} and (gateway_checked_at is null or gateway_checked_at <= ${minuteAgo})
      returning reference`,
  );
  return taken !== undefined;
}

/** Paid (or to be paid) online: the only payments a gateway knows of (not those taken at the studio). */
export const isOnline = (payment: Pick<Payment, 'method'>) =>
  payment.method === 'paystack' || payment.method === 'test';

export type CancelResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * "Cancel this payment": the browser that started an unpaid payment gives its hold back at once
 * (no waiting 30 minutes). Paystack is asked first, so a payment that did go through is recorded
 * rather than cancelled.
 */
export async function cancelPayment(
  context: PaymentContext,
  reference: string,
  browserKeyHash: string | undefined,
): Promise<CancelResult> {
  const payment = await findPayment(context.db, reference);
  if (!payment || browserKeyHash === undefined || payment.browserKeyHash !== browserKeyHash) {
    return { ok: false, status: 404, message: paymentMessages.unknownReference };
  }
  if (payment.status === 'pending' && context.gateway) {
    const transaction = await context.gateway.verify(reference).catch((error: unknown) => {
      if (error instanceof PaystackError) return null; // unreachable: the webhook still records a payment
      throw error;
    });
    if (transaction?.status === 'success') await confirmTransaction(context, payment, transaction);
  }
  if ((await findPayment(context.db, reference))?.status === 'paid') {
    return { ok: false, status: 409, message: paymentMessages.alreadyPaid };
  }
  await markUnpaid(context.db, reference, 'abandoned');
  return { ok: true };
}

/**
 * The one place a transaction's outcome is judged, for verify, webhook and cron alike: success
 * only when Paystack says "success" for exactly the stored amount in naira.
 */
export async function confirmTransaction(
  context: PaymentContext,
  payment: Payment,
  transaction: PaystackTransaction | null,
): Promise<VerifyResult> {
  if (!transaction) return { status: false, message: paymentMessages.unknownReference };
  if (transaction.status === 'success') {
    if (transaction.amount !== nairaToKobo(payment.amount) || transaction.currency !== 'NGN') {
      console.error('Paid amount does not match', payment.reference, transaction.amount, transaction.currency);
      return { status: false, message: paymentMessages.mismatch };
    }
    await recordPaid(context, payment);
    // As recorded: a coupon that lapsed with the hold may have been dropped.
    return summaryOf(context, (await findPayment(context.db, payment.reference)) ?? payment);
  }
  if (transaction.status === 'failed' || transaction.status === 'abandoned' || transaction.status === 'reversed') {
    await markUnpaid(context.db, payment.reference, transaction.status === 'failed' ? 'failed' : 'abandoned');
    return { status: false, message: paymentMessages.notCompleted };
  }
  // Cancelled by the visitor or replaced by their new start: not completed, whatever Paystack's
  // page still shows (a charge that does go through later is recorded by the webhook all the same).
  if (payment.status === 'abandoned' || payment.status === 'failed') {
    return { status: false, message: paymentMessages.notCompleted };
  }
  return { status: false, message: paymentMessages.stillProcessing };
}

async function summaryOf(context: PaymentContext, payment: Payment): Promise<VerifyResult> {
  const summary =
    payment.kind === 'membership'
      ? await membershipSummary(context.db, payment)
      : payment.kind === 'package'
        ? await packageSummary(context.db, payment)
        : payment.kind === 'voucher'
          ? await voucherSummary(context.db, payment)
          : payment.kind === 'order'
            ? await orderSummary(context.db, payment)
            : await bookingSummary(context.db, payment, await manageToken(payment.reference, context.linkSecret));
  return summary ? { status: true, data: summary } : { status: false, message: paymentMessages.unknownReference };
}
