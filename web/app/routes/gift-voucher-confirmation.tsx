import { formatNaira } from '../../../worker/shared/money';
import { formatDate } from '../../../worker/shared/time';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';
import {
  ConfirmationDetails,
  PaidConfirmation,
  PaymentReceivedHero,
  VerificationFailedHero,
  VerifyingHero,
} from '../../features/checkout-payment/confirmation-frames';
import { usePaymentVerification } from '../../features/checkout-payment/use-payment-verification';
import { usePageMeta } from '../../lib/page-meta';

const nothing = () => undefined;

export default function GiftVoucherConfirmationPage() {
  usePageMeta('giftVoucherConfirmation');
  const state = usePaymentVerification('voucher', nothing);

  if (state.step === 'verifying') return <VerifyingHero what="gift voucher" />;
  if (state.step === 'missing') {
    return (
      <PageHero
        eyebrow="Gift voucher"
        title="Gift Voucher Not Found"
        lead="We could not find a gift voucher to confirm in this browser. If you have paid, please contact us with your payment reference."
      >
        <Link to={paths.giftVouchers} className="button button--light button--large">
          Back to Gift Vouchers
        </Link>
      </PageHero>
    );
  }
  if (state.step === 'failed') {
    return <VerificationFailedHero returnTo={paths.giftVouchers} returnLabel="Back to Gift Vouchers" />;
  }
  if (state.step === 'received') {
    return <PaymentReceivedHero what="gift voucher" returnTo={paths.home} returnLabel="Return to Home" />;
  }
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
          ['Reference', voucher.reference],
        ]}
      />
    </PaidConfirmation>
  );
}
