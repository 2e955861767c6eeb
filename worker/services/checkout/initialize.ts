/**
 * POST /api/payment/initialize's service: the kind the details name picks the initializer.
 */
import { initializeBookingPayment } from './booking';
import { type InitializeRequest, type InitializeResult, type PaymentContext, paymentMessages } from './context';
import { initializeOrderPayment } from './order';
import { initializeSale, sales } from './sales';

/** Starts the checkout of a booking, an order, a gift voucher, a package or a membership, whichever the details' paymentType names. */
export async function initializePayment(
  context: PaymentContext,
  request: InitializeRequest,
): Promise<InitializeResult> {
  if (!context.gateway) return { ok: false, status: 503, message: paymentMessages.notConfigured };
  const details = readDetails(request.metadata);
  const kind = (details as { paymentType?: unknown } | undefined)?.paymentType;
  if (kind === 'voucher') return initializeSale(sales.voucher, context, request, details);
  if (kind === 'package') return initializeSale(sales.package, context, request, details);
  if (kind === 'membership') return initializeSale(sales.membership, context, request, details);
  return kind === 'order'
    ? initializeOrderPayment(context, request, details)
    : initializeBookingPayment(context, request, details);
}

function readDetails(metadata: unknown): unknown {
  try {
    const parsed = (typeof metadata === 'string' ? JSON.parse(metadata) : metadata) as { details?: unknown } | null;
    return parsed?.details;
  } catch {
    return undefined;
  }
}
