import { formatNaira } from '../../../worker/shared/money';
import { withShortReference } from '../../../worker/shared/short-reference';
import { formatDate } from '../../../worker/shared/time';
import {
  ConfirmationDetails,
  PaidConfirmation,
  Unconfirmed,
} from '../../features/checkout-payment/confirmation-frames';
import { usePaymentVerification } from '../../features/checkout-payment/use-payment-verification';
import { usePageMeta } from '../../lib/page-meta';

const nothing = () => undefined;

export default function GiftVoucherConfirmationPage() {
  usePageMeta('giftVoucherConfirmation');
  const state = usePaymentVerification('voucher', nothing);

  if (state.step !== 'success') return <Unconfirmed step={state.step} what="gift voucher" />;
  const voucher = state.data;
  return (
    <PaidConfirmation
      eyebrow="Gift voucher bought"
      name={voucher.name}
      lead={
        voucher.delivered
          ? `Your gift voucher is on its way to ${voucher.recipientName}. We have emailed you a receipt.`
          : `We will send your gift voucher to ${voucher.recipientName} on ${formatDate(voucher.deliverOn)}, and email you when it has gone.`
      }
      heading="Your gift"
    >
      <ConfirmationDetails
        rows={[
          [
            'Gift voucher',
            voucher.treatment ? `${voucher.treatment} (${formatNaira(voucher.amount)})` : formatNaira(voucher.amount),
          ],
          ['For', voucher.recipientName],
          ['Delivery', voucher.delivered ? 'Sent' : formatDate(voucher.deliverOn)],
          ['Valid until', formatDate(voucher.expiresOn)],
          ['Amount paid', formatNaira(voucher.amount)],
          ['Reference', withShortReference(voucher.reference)],
        ]}
      />
    </PaidConfirmation>
  );
}
