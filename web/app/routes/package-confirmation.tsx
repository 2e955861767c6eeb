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

/** "your email and WhatsApp" */
const sentTo = (contact: { email: string | null; phone: string | null }) =>
  [contact.email ? 'your email' : '', contact.phone ? 'WhatsApp' : ''].filter(Boolean).join(' and ');

export default function PackageConfirmationPage() {
  usePageMeta('packageConfirmation');
  const state = usePaymentVerification('package', nothing);

  if (state.step === 'verifying') return <VerifyingHero what="package" />;
  if (state.step === 'missing') {
    return (
      <PageHero
        eyebrow="Package"
        title="Package Not Found"
        lead="We could not find a package to confirm in this browser. If you have paid, please contact us with your payment reference."
      >
        <Link to={paths.packages} className="button button--light button--large">
          Back to Packages
        </Link>
      </PageHero>
    );
  }
  if (state.step === 'failed') {
    return <VerificationFailedHero returnTo={paths.packages} returnLabel="Back to Packages" />;
  }
  if (state.step === 'received') {
    return <PaymentReceivedHero what="package" returnTo={paths.home} returnLabel="Return to Home" />;
  }
  const bought = state.data;
  return (
    <PaidConfirmation
      eyebrow="Package bought"
      name={bought.name}
      lead={`Your package code is on its way to ${sentTo(bought.sentTo)}. Enter it under Package when you book: each session pays one treatment the package covers.`}
      heading="Your package"
    >
      <ConfirmationDetails
        rows={[
          ['Package', bought.packageName],
          ['Sessions', String(bought.sessions)],
          ['Valid until', formatDate(bought.expiresOn)],
          ['Code', `Ends in ${bought.codeLast4}`],
          ['Amount paid', formatNaira(bought.price)],
          ['Reference', bought.reference],
        ]}
      />
      <Link to={paths.booking} className="button button--primary button--large">
        Book a session
      </Link>
    </PaidConfirmation>
  );
}
