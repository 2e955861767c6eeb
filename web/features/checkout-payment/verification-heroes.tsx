/** The states a confirmation page shows before it has something paid to show. */
import { Link } from 'react-router-dom';
import { PageHero } from '../../components/ui/page-hero';

export function VerifyingHero({ what }: { what: 'booking' | 'order' }) {
  return (
    <PageHero
      eyebrow="One moment"
      title="Verifying your payment"
      lead={`Please keep this page open while we confirm your ${what}.`}
    >
      <p className="verifying" role="status">
        Verifying…
      </p>
    </PageHero>
  );
}

/** The spec's failure page; bookings return home, orders to the shop. */
export function VerificationFailedHero({ returnTo, returnLabel }: { returnTo: string; returnLabel: string }) {
  return (
    <PageHero
      eyebrow="Payment"
      title="Payment Verification Failed"
      lead="We couldn't verify your payment. Please try again or contact support."
    >
      <Link to={returnTo} className="button button--light button--large">
        {returnLabel}
      </Link>
    </PageHero>
  );
}
