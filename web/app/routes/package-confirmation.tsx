import { useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { withShortReference } from '../../../worker/shared/short-reference';
import { formatDate } from '../../../worker/shared/time';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import {
  ConfirmationDetails,
  PaidConfirmation,
  Unconfirmed,
} from '../../features/checkout-payment/confirmation-frames';
import { usePaymentVerification } from '../../features/checkout-payment/use-payment-verification';
import { usePageMeta } from '../../lib/page-meta';
import { readPendingPayment } from '../../lib/pending-payment';

const nothing = () => undefined;

/** "your email and WhatsApp" */
const sentTo = (contact: { email: string | null; phone: string | null }) =>
  [contact.email ? 'your email' : '', contact.phone ? 'WhatsApp' : ''].filter(Boolean).join(' and ');

/** What /packages sold: a package or a membership, whichever this browser went to pay for. */
export default function PackageConfirmationPage() {
  usePageMeta('packageConfirmation');
  const [kind] = useState(() => (readPendingPayment('membership') ? 'membership' : 'package'));
  return kind === 'membership' ? <MembershipConfirmation /> : <PackageConfirmation />;
}

function PackageConfirmation() {
  const state = usePaymentVerification('package', nothing);
  if (state.step !== 'success') return <Unconfirmed step={state.step} what="package" />;
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
          ['Reference', withShortReference(bought.reference)],
        ]}
      />
      <Link to={paths.booking} className="button button--primary button--large">
        Book a session
      </Link>
    </PaidConfirmation>
  );
}

function MembershipConfirmation() {
  const state = usePaymentVerification('membership', nothing);
  if (state.step !== 'success') return <Unconfirmed step={state.step} what="membership" />;
  const joined = state.data;
  return (
    <PaidConfirmation
      eyebrow="Membership started"
      name={joined.name}
      lead={`Welcome! Your membership code is on its way to ${sentTo(joined.sentTo)}. Enter it under Package when you book: each month's sessions pay the treatments your membership covers.`}
      heading="Your membership"
    >
      <ConfirmationDetails
        rows={[
          ['Membership', joined.planName],
          ['Sessions a month', String(joined.sessionsPerMonth)],
          ['Next payment', formatDate(joined.renewsOn)],
          ['Code', `Ends in ${joined.codeLast4}`],
          ['Monthly price', formatNaira(joined.price)],
          ['Reference', withShortReference(joined.reference)],
        ]}
      />
      <Link to={paths.booking} className="button button--primary button--large">
        Book a session
      </Link>
    </PaidConfirmation>
  );
}
