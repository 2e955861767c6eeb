/** What the booking and order confirmation pages share: verifying, failure, and the paid frame. */
import type { ReactNode } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { CheckIcon } from '../../components/ui/icons';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { paths } from '../../config/paths';

type Bought = 'booking' | 'order' | 'gift voucher' | 'package' | 'membership';

export function VerifyingHero({ what }: { what: Bought }) {
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

/** A confirmation page's hero that ends the visit here: its words, and the way back. */
export function ReturnHero({
  eyebrow,
  title,
  lead,
  returnTo,
  returnLabel,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  returnTo: string;
  returnLabel: string;
}) {
  return (
    <PageHero eyebrow={eyebrow} title={title} lead={lead}>
      <Link to={returnTo} className="button button--light button--large">
        {returnLabel}
      </Link>
    </PageHero>
  );
}

/** What a confirmation page says when this browser started no payment of its kind (`thing`: "an order"). */
export const notFoundLead = (thing: string) =>
  `We could not find ${thing} to confirm in this browser. If you have paid, please contact us with your payment reference.`;

/** The spec's failure page; bookings return home, orders to the shop. */
export function VerificationFailedHero({ returnTo, returnLabel }: { returnTo: string; returnLabel: string }) {
  return (
    <ReturnHero
      eyebrow="Payment"
      title="Payment Verification Failed"
      lead="We couldn't verify your payment. Please try again or contact support."
      returnTo={returnTo}
      returnLabel={returnLabel}
    />
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
  what: Bought;
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

type Confirmed = Exclude<Bought, 'booking'>;

/** How each confirmation page names what it confirms, and where it sends the visitor back to. */
const unconfirmedWords: Record<
  Confirmed,
  { eyebrow: string; notFound: string; thing: string; back: [string, string]; received: [string, string] }
> = {
  order: {
    eyebrow: 'Order',
    notFound: 'Order Not Found',
    thing: 'an order',
    back: [paths.shop, 'Return to Shop'],
    received: [paths.shop, 'Return to Shop'],
  },
  'gift voucher': {
    eyebrow: 'Gift voucher',
    notFound: 'Gift Voucher Not Found',
    thing: 'a gift voucher',
    back: [paths.giftVouchers, 'Back to Gift Vouchers'],
    received: [paths.home, 'Return to Home'],
  },
  package: {
    eyebrow: 'Package',
    notFound: 'Package Not Found',
    thing: 'a package',
    back: [paths.packages, 'Back to Packages'],
    received: [paths.home, 'Return to Home'],
  },
  membership: {
    eyebrow: 'Membership',
    notFound: 'Membership Not Found',
    thing: 'a membership',
    back: [paths.packages, 'Back to Packages'],
    received: [paths.home, 'Return to Home'],
  },
};

/**
 * Every state but a confirmed payment: verifying, nothing to confirm in this browser (back to
 * where it is bought), failed, or paid from another browser.
 */
export function Unconfirmed({
  step,
  what,
}: {
  step: 'verifying' | 'missing' | 'failed' | 'received';
  what: Confirmed;
}) {
  const words = unconfirmedWords[what];
  const [backTo, backLabel] = words.back;
  if (step === 'verifying') return <VerifyingHero what={what} />;
  if (step === 'missing') {
    return (
      <ReturnHero
        eyebrow={words.eyebrow}
        title={words.notFound}
        lead={notFoundLead(words.thing)}
        returnTo={backTo}
        returnLabel={backLabel}
      />
    );
  }
  if (step === 'failed') return <VerificationFailedHero returnTo={backTo} returnLabel={backLabel} />;
  return <PaymentReceivedHero what={what} returnTo={words.received[0]} returnLabel={words.received[1]} />;
}
