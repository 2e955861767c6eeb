/**
 * What the package form loads when the visitor sends it: the API's own rules for the purchase
 * (their messages, field by field) and the request that starts the checkout.
 */
import { nairaToKobo } from '../../../worker/shared/money';
import { type PackagePurchase, packagePurchaseSchema } from '../../../worker/shared/package-rules';
import { paths } from '../../config/paths';
import { api, request } from '../../lib/api-client';
import { savePendingPayment } from '../../lib/pending-payment';

export type PackageErrors = Partial<Record<keyof PackagePurchase, string>>;

/** The API's messages for what is not right, by field (the first message of each). */
export function validatePurchase(details: PackagePurchase): PackageErrors {
  const parsed = packagePurchaseSchema().safeParse(details);
  const errors: PackageErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PackagePurchase;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Starts the checkout of the package at `price` naira and goes to it; the confirmation page verifies on return. */
export async function buyPackage(details: PackagePurchase, offer: { name: string; price: number }): Promise<void> {
  const result = await request(
    api.payment.initialize.$post({
      json: {
        amount: nairaToKobo(offer.price),
        email: details.buyerEmail,
        metadata: JSON.stringify({ details }),
        callback_url: `${window.location.origin}${paths.packageConfirmation}`,
      },
    }),
  );
  savePendingPayment({ kind: 'package', reference: result.data.reference, summary: [offer.name], amount: offer.price });
  window.location.assign(result.data.authorization_url);
}
