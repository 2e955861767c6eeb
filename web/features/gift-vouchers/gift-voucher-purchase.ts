/**
 * What the Gift vouchers form loads when the visitor sends it: the API's own rules for the
 * purchase (their messages, field by field) and the request that starts the checkout.
 */
import { nairaToKobo } from '../../../worker/shared/money';
import { type VoucherDetailsInput, voucherDetailsSchema } from '../../../worker/shared/prepaid/voucher-schema';
import { paths } from '../../config/paths';
import { api, request } from '../../lib/api-client';
import { messagesByField } from '../../lib/field-messages';
import { savePendingPayment } from '../../lib/pending-payment';

export type VoucherErrors = Partial<Record<keyof VoucherDetailsInput, string>>;

/** The API's messages for what is not right, by field (the first message of each). */
export function validatePurchase(details: VoucherDetailsInput): VoucherErrors {
  const parsed = voucherDetailsSchema().safeParse(details);
  return parsed.success ? {} : messagesByField<keyof VoucherDetailsInput>(parsed.error.issues);
}

/** Starts the checkout of `amount` naira and goes to it; the confirmation page verifies on return. */
export async function buyVoucher(details: VoucherDetailsInput, amount: number): Promise<void> {
  const result = await request(
    api.payment.initialize.$post({
      json: {
        amount: nairaToKobo(amount),
        email: details.buyerEmail,
        metadata: JSON.stringify({ details }),
        callback_url: `${window.location.origin}${paths.giftVoucherConfirmation}`,
      },
    }),
  );
  savePendingPayment({
    kind: 'voucher',
    reference: result.data.reference,
    summary: [`Gift voucher for ${details.recipientName}`],
    amount,
  });
  window.location.assign(result.data.authorization_url);
}
