// A booking's money, as the Bookings list and the Calendar both show it: how it was paid, what is
// still due at the studio (a badge), and marking that paid.
import { useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import type { paymentMethods, serviceStatuses, studioPaymentMethods } from '../../../worker/shared/statuses';
import { adminRequest, api } from '../frame/admin-api';
import { Detail, StatusBadge } from '../kits/admin-ui';
import type { SubmitChange } from './booking-changes';

/** What of a booking its money shows need (the list's and the calendar's rows both have it). */
interface Booking {
  _id: string;
  name: string;
  payment: (typeof paymentMethods)[number];
  balancePayment: (typeof studioPaymentMethods)[number] | null;
  amount: number;
  amountPaid: number;
  balanceDue: number;
  serviceStatus: (typeof serviceStatuses)[number];
}

/** How a booking was paid, in words. */
const paymentLabels: Record<Booking['payment'], string> = {
  paystack: 'Paid online (Paystack)',
  test: 'Paid online (test mode)',
  free: 'Free (100% coupon)',
  voucher: 'Paid by gift voucher',
  package: 'Paid by package sessions',
  cash: 'Paid in cash',
  transfer: 'Paid by bank transfer',
  pos: 'Paid by POS',
  unpaid: 'Unpaid: pays on arrival',
};

const markPaid = (booking: Booking, payment: 'cash' | 'transfer' | 'pos') =>
  adminRequest(api.bookings[':id'].$put({ param: { id: booking._id }, json: { payment } }));

const balancePaymentLabels = { cash: 'cash', transfer: 'bank transfer', pos: 'POS' } as const;

/** How a booking is paid and what is still due: in full, a deposit and its rest, or all at the studio. */
export function BookingMoneyDetails({ booking }: { booking: Booking }) {
  const deposit = booking.payment !== 'unpaid' && booking.amountPaid < booking.amount;
  const paidRest = booking.balancePayment && booking.payment !== booking.balancePayment;
  return (
    <>
      <Detail label="Payment">{paymentLabels[booking.payment]}</Detail>
      {booking.payment === 'unpaid' ? (
        <Detail label="Amount to pay">{formatNaira(booking.amount)}</Detail>
      ) : deposit ? (
        <>
          <Detail label="Deposit paid">{formatNaira(booking.amountPaid)}</Detail>
          <Detail label="Due at the studio">{formatNaira(booking.balanceDue)}</Detail>
        </>
      ) : (
        <Detail label="Amount paid">
          {formatNaira(booking.amount)}
          {paidRest && booking.balancePayment
            ? ` (the rest by ${balancePaymentLabels[booking.balancePayment]} at the studio)`
            : ''}
        </Detail>
      )}
    </>
  );
}

/** The badge of a booking with something left to pay at the studio. */
export function DueBadge({ booking }: { booking: Booking }) {
  if (booking.serviceStatus === 'cancelled' || booking.balanceDue <= 0) return null;
  return booking.payment === 'unpaid' ? (
    <StatusBadge status="Unpaid" tone="warning" />
  ) : (
    <StatusBadge status={`${formatNaira(booking.balanceDue)} due`} tone="warning" />
  );
}

/** The ways a rest is paid at the studio: the API's value, the words in the notice, the button. */
const studioPayments = [
  ['cash', 'cash', 'Cash'],
  ['transfer', 'bank transfer', 'Bank transfer'],
  ['pos', 'POS', 'POS'],
] as const;

/** Marks what is left to pay (all of an unpaid booking, or a deposit's rest) as paid at the studio. */
export function MarkPaidForm({ booking, submit }: { booking: Booking; submit: SubmitChange }) {
  const [busy, setBusy] = useState(false);
  const pay = async (payment: 'cash' | 'transfer' | 'pos', label: string) => {
    setBusy(true);
    await submit(() => markPaid(booking, payment), `${booking.name}’s booking is marked paid (${label}).`);
    setBusy(false);
  };
  return (
    <fieldset className="admin-booking-change">
      <legend className="admin-booking-change__legend">Mark paid ({formatNaira(booking.balanceDue)})</legend>
      {studioPayments.map(([payment, label, text]) => (
        <button
          key={payment}
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => pay(payment, label)}
        >
          {text}
        </button>
      ))}
    </fieldset>
  );
}
