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
  /** What was paid, in naira: nothing to refund at 0. */
  amount: number;
  /** Who the money goes back to: "client", "customer". */
  payee: string;
  /** The confirming question, given whether the money goes back. */
  question: (refund: boolean) => string;
  onCancel: (refund: boolean) => Promise<void>;
}

export function CancelWithRefund({ thing, name, amount, payee, question, onCancel }: CancelWithRefundProps) {
  const id = useId();
  const [refund, setRefund] = useState(amount > 0);
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
          disabled={amount === 0}
          onChange={(event) => setRefund(event.target.checked)}
        />
        <label htmlFor={`${id}-refund`}>
          Refund {formatNaira(amount)} to the {payee}
        </label>
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
