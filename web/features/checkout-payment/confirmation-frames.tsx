/** What the booking and order confirmation pages share: verifying, failure, and the paid frame. */
import type { ReactNode } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { CheckIcon } from '../../components/ui/icons';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';

export function VerifyingHero({ what }: { what: 'booking' | 'order' | 'gift voucher' | 'package' | 'membership' }) {
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

/**
 * Paid, seen from a browser that did not start the payment: the server tells it no more than
 * that, so the page says where the details are.
 */
export function PaymentReceivedHero({
  what,
  returnTo,
  returnLabel,
}: {
  what: 'booking' | 'order' | 'gift voucher' | 'package' | 'membership';
  returnTo: string;
  returnLabel: string;
}) {
  return (
    <PageHero
      eyebrow="Payment received"
      title={`Your ${what} is confirmed`}
      lead={
        what === 'booking'
          ? 'We have emailed you its details and your private link to reschedule or cancel it.'
          : what === 'order'
            ? 'We have emailed you its details, and we will message you on WhatsApp about delivery.'
            : 'We have emailed you a receipt, and we will send the voucher on the day you chose.'
      }
    >
      <Link to={returnTo} className="button button--light button--large">
        {returnLabel}
      </Link>
    </PageHero>
  );
}

/** A paid booking or order: thanks by first name, then a card with what was paid for. */
export function PaidConfirmation({
  eyebrow,
  name,
  lead,
  heading,
  children,
}: {
  eyebrow: string;
  name: string;
  lead: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={`Thank you, ${name.split(' ')[0]}!`} lead={lead} />
      <section className="section">
        <div className="container confirmation">
          <div className="confirmation__card card">
            <div className="card__body">
              <span className="waitlist-thanks__icon">
                <CheckIcon size={28} />
              </span>
              <h2>{heading}</h2>
              {children}
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

/** The facts of a booking or order on its confirmation and manage pages: label, value. */
export function ConfirmationDetails({ rows }: { rows: Array<[label: string, value: ReactNode] | false> }) {
  return (
    <dl className="confirmation__details">
      {rows.map((row) =>
        row ? (
          <div key={row[0]}>
            <dt>{row[0]}</dt>
            <dd>{row[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/**
 * What a booking cost and what is still to pay: "Amount paid", or a deposit's two rows (paid now,
 * the rest at the studio). Older answers without `amountPaid` were paid in full.
 */
export function paidRows(booking: { amount: number; amountPaid?: number }): Array<[string, string]> {
  const paid = booking.amountPaid ?? booking.amount;
  if (paid >= booking.amount) return [['Amount paid', formatNaira(booking.amount)]];
  return [
    ['Paid (deposit)', formatNaira(paid)],
    ['To pay at the studio', formatNaira(booking.amount - paid)],
  ];
}
