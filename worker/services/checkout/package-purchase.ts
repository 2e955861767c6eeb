import { nairaToKobo } from '../../shared/money';
import { packageMessages, packagePurchaseSchema } from '../../shared/prepaid/package-rules';
import { storedPackagePurchase } from '../prepaid/package-sales';
import { findPackage } from '../prepaid/packages';
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

export async function initializePackagePurchase(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = packagePurchaseSchema().safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid package details' };
  }
  const pkg = await findPackage(context.db, parsed.data.packageId);
  if (!pkg?.shown) return { ok: false, status: 409, message: packageMessages.notOffered };
  if (request.amount !== nairaToKobo(pkg.price)) {
    return { ok: false, status: 409, message: paymentMessages.amountChanged, expectedAmount: pkg.price };
  }
  const email = parsed.data.buyerEmail;
  const reference = await holdSale(context, request, {
    kind: 'package',
    prefix: 'PK',
    amount: pkg.price,
    email,
    details: storedPackagePurchase(pkg, parsed.data),
    method: context.gateway?.mode ?? 'paystack',
  });
  if (!reference) {
    return {
      ok: false,
      status: 429,
      message: packageMessages.tooManyOpen(MAX_OPEN_HOLDS, HOLD_MINUTES),
      retryAfterSeconds: HOLD_MINUTES * 60,
    };
  }
  return openCheckout(context, 'package', reference, pkg.price, email, { kind: 'package', package: pkg.name });
}
