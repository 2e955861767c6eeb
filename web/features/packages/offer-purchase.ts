/**
 * What the /packages forms load when the visitor sends one: the API's own rules for a package's
 * purchase or a membership's start (their messages, field by field) and the request that opens
 * the checkout.
 */

import { nairaToKobo } from '../../../worker/shared/money';
import { membershipJoinSchema } from '../../../worker/shared/prepaid/membership-rules';
import { packagePurchaseSchema } from '../../../worker/shared/prepaid/package-rules';
import { paths } from '../../config/paths';
import { api, request } from '../../lib/api-client';
import { savePendingPayment } from '../../lib/pending-payment';

export interface OfferDetails {
  paymentType: 'package' | 'membership';
  /** The package's or the plan's id. */
  offerId: string;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
}

export type OfferField = 'offerId' | 'buyerName' | 'buyerEmail' | 'buyerPhone';
export type OfferErrors = Partial<Record<OfferField, string>>;

/** The details as the API takes them: `packageId` or `planId`. */
const apiDetails = ({ offerId, ...details }: OfferDetails) =>
  details.paymentType === 'package'
    ? { ...details, paymentType: 'package' as const, packageId: offerId }
    : { ...details, paymentType: 'membership' as const, planId: offerId };

/** The API's messages for what is not right, by field (the first message of each). */
export function validateOffer(details: OfferDetails): OfferErrors {
  const body = apiDetails(details);
  const parsed =
    body.paymentType === 'package' ? packagePurchaseSchema().safeParse(body) : membershipJoinSchema().safeParse(body);
  const errors: OfferErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    const field = (key === 'packageId' || key === 'planId' ? 'offerId' : key) as OfferField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Opens the checkout of `offer` and goes to it; the confirmation page verifies on return. */
export async function startOffer(details: OfferDetails, offer: { name: string; price: number }): Promise<void> {
  const result = await request(
    api.payment.initialize.$post({
      json: {
        amount: nairaToKobo(offer.price),
        email: details.buyerEmail,
        metadata: JSON.stringify({ details: apiDetails(details) }),
        callback_url: `${window.location.origin}${paths.packageConfirmation}`,
      },
    }),
  );
  savePendingPayment({
    kind: details.paymentType,
    reference: result.data.reference,
    summary: [offer.name],
    amount: offer.price,
  });
  window.location.assign(result.data.authorization_url);
}
