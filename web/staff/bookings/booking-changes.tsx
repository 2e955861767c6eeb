/**
 * Staff changes to a booking, any time (no 24-hour limit for staff): move it to another slot, or
 * cancel it with or without a refund; and its history. Used by the Bookings rows and by the
 * Schedule screen's list of bookings on a closed day.
 */

import { type FormEvent, useId, useState } from 'react';
import { timeSlots } from '../../../worker/shared/bookings/booking';
import { formatNaira } from '../../../worker/shared/money';
import { formatAppointment, formatShortDateTime, formatTime, lagosDate } from '../../../worker/shared/time';
import { FieldFrame, ItemOptions } from '../../components/ui/field';
import { adminRequest, api } from '../frame/admin-api';
import { useBookable } from '../kits/use-bookable';
import { CancelWithRefund, refundWords } from './cancel-with-refund';

/** Runs a change and reports it (the screen's notice line), then the list reloads. */
export type SubmitChange = (change: () => Promise<unknown>, success: string) => Promise<void>;

interface ChangeableBooking {
  _id: string;
  name: string;
  date: string;
  time: string;
  /** What Paystack took and what a gift voucher paid: what a refund gives back. */
  paidOnline: number;
  paidByVoucher: number;
  /** Its therapist, who keeps it by default when it moves. */
  therapist?: { _id: string; name: string } | null;
}

const putBooking = (
  id: string,
  json: { date: string; time: string; therapistId?: string } | { serviceStatus: 'cancelled'; refund: boolean },
) => adminRequest(api.bookings[':id'].$put({ param: { id }, json }));

export function MoveBookingForm({
  booking,
  submit,
}: {
  booking: Omit<ChangeableBooking, 'paidOnline' | 'paidByVoucher'>;
  submit: SubmitChange;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const bookable = useBookable();
  const times = bookable?.times ?? timeSlots;

  async function move(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const date = String(data.get('date'));
    const time = String(data.get('time'));
    const therapistId = String(data.get('therapistId') ?? 'any');
    // Named in the notice only when the booking changes hands.
    const therapist =
      therapistId === booking.therapist?._id
        ? undefined
        : bookable?.therapists.find((each) => each._id === therapistId);
    setBusy(true);
    await submit(
      () => putBooking(booking._id, { date, time, therapistId }),
      `${booking.name}’s booking is moved to ${formatAppointment(date, time)}${therapist ? ` with ${therapist.name}` : ''}.`,
    );
    setBusy(false);
  }

  return (
    <form className="admin-booking-change" onSubmit={move} aria-label={`Move ${booking.name}’s booking`}>
      <FieldFrame id={`${id}-date`} label="New date">
        <input
          id={`${id}-date`}
          className="field__control"
          type="date"
          name="date"
          min={lagosDate(new Date())}
          defaultValue={booking.date}
          required
        />
      </FieldFrame>
      <FieldFrame id={`${id}-time`} label="New time">
        <select id={`${id}-time`} className="field__control" name="time" defaultValue={booking.time} required>
          {times.map((slot) => (
            <option key={slot} value={slot}>
              {formatTime(slot)}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame id={`${id}-therapist`} label="Therapist">
        <select
          id={`${id}-therapist`}
          className="field__control"
          name="therapistId"
          defaultValue={booking.therapist?._id ?? 'any'}
          key={bookable ? 'loaded' : 'loading'}
        >
          <option value="any">Any therapist</option>
          <ItemOptions
            items={(bookable?.therapists ?? (booking.therapist ? [{ ...booking.therapist, active: true }] : [])).filter(
              (therapist) => therapist.active,
            )}
          />
        </select>
      </FieldFrame>
      <button type="submit" className="button button--secondary button--small" disabled={busy}>
        {busy ? 'Moving...' : 'Move booking'}
      </button>
    </form>
  );
}

export function CancelBookingForm({ booking, submit }: { booking: ChangeableBooking; submit: SubmitChange }) {
  // What Paystack took goes back through it, a voucher's part to the voucher; money paid at the
  // studio is returned there.
  const amount = refundWords(booking, 'client');
  return (
    <CancelWithRefund
      thing="booking"
      name={booking.name}
      paid={booking}
      payee="client"
      question={(refund) =>
        `Cancel ${booking.name}’s booking on ${formatAppointment(booking.date, booking.time)}${refund ? ` and refund ${amount}` : ' without a refund'}? The client is told by email and WhatsApp.`
      }
      onCancel={(refund) =>
        submit(
          () => putBooking(booking._id, { serviceStatus: 'cancelled', refund }),
          `${booking.name}’s booking is cancelled${refund ? ` and ${amount} is being refunded` : ', with no refund'}.`,
        )
      }
    />
  );
}

interface HistoryBooking {
  createdAt: string;
  history: Array<{
    kind: 'rescheduled' | 'cancelled';
    actor: 'visitor' | 'staff';
    by: string | null;
    from: { date: string; time: string };
    to: { date: string; time: string } | null;
    at: string;
  }>;
  refund: {
    status: 'pending' | 'processed' | 'failed';
    amount: number;
    testMode: boolean;
    attempts: number;
    lastError: string | null;
  } | null;
}

/** Who made a change: the client online, or the member of the team by name ("staff" before names were kept). */
const byWhom = (event: { actor: 'visitor' | 'staff'; by: string | null }) =>
  event.actor === 'visitor' ? 'by the client online' : `by ${event.by ?? 'staff'}`;

/** What a refund's state means for staff. */
export function refundLine(refund: NonNullable<HistoryBooking['refund']>): string {
  const amount = formatNaira(refund.amount);
  if (refund.testMode) return `Refund ${amount}: processed (TEST MODE, no money moved)`;
  if (refund.status === 'processed') return `Refund ${amount}: processed by Paystack`;
  if (refund.status === 'pending') return `Refund ${amount}: pending at Paystack`;
  const reason = refund.lastError ? ` Last answer: ${refund.lastError}.` : '';
  return `Refund ${amount}: failed after ${refund.attempts} ${refund.attempts === 1 ? 'attempt' : 'attempts'}; retried automatically.${reason}`;
}

export function BookingHistory({ booking }: { booking: HistoryBooking }) {
  return (
    <ol className="admin-history">
      <li>Booked and paid · {formatShortDateTime(booking.createdAt)}</li>
      {booking.history.map((event) => (
        <li key={`${event.kind}-${event.at}`}>
          {event.kind === 'rescheduled' && event.to
            ? `Moved from ${formatAppointment(event.from.date, event.from.time)} to ${formatAppointment(event.to.date, event.to.time)} ${byWhom(event)}`
            : `Cancelled ${byWhom(event)}`}{' '}
          · {formatShortDateTime(event.at)}
        </li>
      ))}
      {booking.refund ? (
        <li className={booking.refund.status === 'failed' ? 'admin-history__failed' : undefined}>
          {refundLine(booking.refund)}
        </li>
      ) : null}
    </ol>
  );
}
