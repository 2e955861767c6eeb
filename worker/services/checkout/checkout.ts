/**
 * Opening the checkout of a held payment: the gateway's page, or nothing to pay (recorded at once),
 * and where the visitor comes back to.
 */
import { PaystackError } from '../../providers/paystack';
import { nairaToKobo } from '../../shared/money';
import { findPayment, type Payment } from '../payments/payment-rows';
import { confirmationPaths, type InitializeResult, type PaymentContext, paymentMessages } from './context';
import { markUnpaid } from './fulfilment';
import { recordPaid } from './record-paid';

/** Where the visitor returns after paying: the confirmation page of its kind, on the site's own origin. */
export function callbackUrl(origin: string, kind: Payment['kind'], reference: string): string {
  const url = new URL(confirmationPaths[kind], origin);
  url.searchParams.set('trxref', reference);
  url.searchParams.set('reference', reference);
  return url.toString();
}

/**
 * Asks the gateway for a checkout page; if it cannot, the pending payment (and any hold) is
 * released. With nothing to charge (a 100% coupon) there is no gateway: the payment is recorded as
 * paid at once, through the same path as a verified one, and the visitor goes straight to the
 * confirmation page.
 */
export async function openCheckout(
  context: PaymentContext,
  kind: Payment['kind'],
  reference: string,
  amount: number,
  email: string,
  metadata: Record<string, unknown>,
  /** A membership's first month: its Paystack plan, paid by card only. */
  subscription?: { plan: string; channels: string[] },
): Promise<InitializeResult> {
  if (amount === 0) {
    const payment = await findPayment(context.db, reference);
    if (payment) await recordPaid(context, payment);
    return { ok: true, reference, authorizationUrl: callbackUrl(context.origin, kind, reference) };
  }
  if (!context.gateway) return { ok: false, status: 503, message: paymentMessages.notConfigured };
  try {
    const checkout = await context.gateway.initialize({
      email,
      amount: nairaToKobo(amount),
      reference,
      callback_url: `${context.origin}${confirmationPaths[kind]}`,
      metadata,
      ...subscription,
    });
    return { ok: true, reference, authorizationUrl: checkout.authorizationUrl };
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    console.error('Paystack initialize failed', reference, error.message);
    await markUnpaid(context.db, reference, 'failed'); // releases the hold
    return { ok: false, status: 502, message: paymentMessages.initializeFailed };
  }
}
