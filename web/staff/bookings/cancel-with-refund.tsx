/**
 * Cancelling a booking or an order: a refund checkbox (ticked when something was paid), then a
 * second click that says what will happen. Used by the Bookings rows, the Calendar and the Orders
 * rows.
 */
import { useId, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';

interface CancelWithRefundProps {
  /** What is cancelled: the buttons say "Cancel booking", "Yes, cancel booking", "Keep booking". */
  thing: 'booking' | 'order';
  /** Whose it is, as staff know them. */
  name: string;
  /** What was paid online and by gift voucher, in naira: nothing to refund when both are 0. */
  paid: PaidBack;
  /** Who the money goes back to: "client", "customer". */
  payee: string;
  /** The confirming question, given whether the money goes back. */
  question: (refund: boolean) => string;
  onCancel: (refund: boolean) => Promise<void>;
}

/** What a cancellation can give back: what Paystack took goes to the card, a voucher's part to the voucher. */
export interface PaidBack {
  paidOnline: number;
  paidByVoucher: number;
}

/** "₦30,000 to the client and ₦20,000 to the gift voucher": where a refund's money goes. */
export function refundWords({ paidOnline, paidByVoucher }: PaidBack, payee: string): string {
  const parts = [
    paidOnline > 0 || paidByVoucher === 0 ? `${formatNaira(paidOnline)} to the ${payee}` : '',
    paidByVoucher > 0 ? `${formatNaira(paidByVoucher)} to the gift voucher` : '',
  ];
  return parts.filter(Boolean).join(' and ');
}

export function CancelWithRefund({ thing, name, paid, payee, question, onCancel }: CancelWithRefundProps) {
  const id = useId();
  const refundable = paid.paidOnline + paid.paidByVoucher > 0;
  const [refund, setRefund] = useState(refundable);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    await onCancel(refund);
    setBusy(false);
    setConfirming(false);
  }

  return (
    <fieldset className="admin-booking-change">
      <legend className="visually-hidden">
        Cancel {name}’s {thing}
      </legend>
      <div className="checkbox">
        <input
          id={`${id}-refund`}
          type="checkbox"
          checked={refund}
          disabled={!refundable}
          onChange={(event) => setRefund(event.target.checked)}
        />
        <label htmlFor={`${id}-refund`}>Refund {refundWords(paid, payee)}</label>
      </div>
      {confirming ? (
        <div className="admin-booking-change__confirm">
          <p>{question(refund)}</p>
          <button type="button" className="button button--danger button--small" disabled={busy} onClick={cancel}>
            {busy ? 'Cancelling...' : `Yes, cancel ${thing}`}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            Keep {thing}
          </button>
        </div>
      ) : (
        <button type="button" className="button button--danger button--small" onClick={() => setConfirming(true)}>
          Cancel {thing}
        </button>
      )}
    </fieldset>
  );
}
