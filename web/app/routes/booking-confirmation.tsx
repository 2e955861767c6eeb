import { useSetAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type CalendarEvent, googleCalendarUrl, icsFile } from '../../../worker/shared/bookings/calendar';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { withShortReference } from '../../../worker/shared/short-reference';
import { formatAppointment } from '../../../worker/shared/time';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { studio } from '../../config/studio';
import { clearBookingDraftAtom } from '../../features/booking/booking-draft';
import {
  ConfirmationDetails,
  PaidConfirmation,
  PaymentReceivedHero,
  paidRows,
  VerificationFailedHero,
  VerifyingHero,
} from '../../features/checkout-payment/confirmation-frames';
import { usePaymentVerification } from '../../features/checkout-payment/use-payment-verification';
import { usePageMeta } from '../../lib/page-meta';

type Booking = {
  reference: string;
  treatments: string[];
  date: string;
  time: string;
  /** The visit's length (treatments and buffers) and who gives it. */
  durationMinutes: number;
  therapist: { name: string } | null;
  /** The visit's price, and what of it is paid (less with a deposit: the rest at the studio). */
  amount: number;
  amountPaid?: number;
  name: string;
  /** The private page to reschedule or cancel: /manage-booking/<token>. */
  manageUrl: string;
  /** Paid after the hold ran out, into a slot that had filled meanwhile. */
  needsAttention: boolean;
};

export default function BookingConfirmationPage() {
  usePageMeta('bookingConfirmation');
  const navigate = useNavigate();
  const clearDraft = useSetAtom(clearBookingDraftAtom);
  const state = usePaymentVerification('booking', clearDraft);

  useEffect(() => {
    if (state.step === 'missing') navigate(paths.home, { replace: true });
  }, [state.step, navigate]);

  if (state.step === 'verifying' || state.step === 'missing') return <VerifyingHero what="booking" />;
  if (state.step === 'failed') return <VerificationFailedHero returnTo={paths.home} returnLabel="Return to Home" />;
  if (state.step === 'received') {
    return <PaymentReceivedHero what="booking" returnTo={paths.home} returnLabel="Return to Home" />;
  }
  if (state.data.needsAttention) return <SlotTaken booking={state.data} />;
  return <BookingConfirmed booking={state.data} />;
}

/** The payment landed after the hold ran out and the slot had filled: the money is safe, a new time is needed. */
function SlotTaken({ booking }: { booking: Booking }) {
  return (
    <PaidConfirmation
      eyebrow="Payment received"
      name={booking.name}
      lead="Your payment is safe, but the time you chose was taken by another client while you were paying."
      heading="Please choose another time"
    >
      <ConfirmationDetails
        rows={[
          ['Treatments', booking.treatments.join(', ')],
          ['Time you chose (now full)', formatAppointment(booking.date, booking.time)],
          ...paidRows(booking),
          ['Reference', withShortReference(booking.reference)],
        ]}
      />
      <div className="confirmation__actions">
        <Link to={booking.manageUrl} className="button button--primary">
          Choose another time
        </Link>
      </div>
      <p className="confirmation__manage">
        Choose any other time with room, or cancel for a full refund, on your booking’s own page. We have emailed you
        the link, and we will also call you to help.
      </p>
    </PaidConfirmation>
  );
}

/** The studio on a map, found by its address (Google Maps opens the app on a phone). */
const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(studio.address)}`;

function calendarEventFor(booking: Booking): CalendarEvent {
  return {
    title: `${booking.treatments.join(' + ')} at ${studio.name}`,
    // The appointment and the studio, no reference: calendars are synced and shared widely.
    details: `Your appointment at ${studio.name}${booking.therapist ? ` with ${booking.therapist.name}` : ''}. Please arrive 10 minutes early. Questions: ${studio.phone}.`,
    location: studio.address,
    date: booking.date,
    time: booking.time,
    durationMinutes: booking.durationMinutes,
  };
}

function BookingConfirmed({ booking }: { booking: Booking }) {
  const [shareMessage, setShareMessage] = useState<string>();
  const event = useMemo(() => calendarEventFor(booking), [booking]);
  const [icsUrl, setIcsUrl] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([icsFile(event, booking.reference)], { type: 'text/calendar' }));
    setIcsUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [event, booking.reference]);

  const text = `My appointment at ${studio.name}: ${booking.treatments.join(', ')} on ${formatVisit(booking.date, booking.time, booking.durationMinutes)}.`;
  async function share() {
    if (navigator.share) {
      try {
        await navigator.share({ title: 'My appointment', text });
      } catch (error) {
        console.info('Sharing was not completed', error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      setShareMessage('Booking details copied to clipboard!');
    } catch (error) {
      console.info('Copying was not possible', error);
    }
  }

  return (
    <PaidConfirmation
      eyebrow="Booking confirmed"
      name={booking.name}
      // The visit's time and where the confirmation went, in the first screen of a phone.
      lead={`${
        (booking.amountPaid ?? booking.amount) < booking.amount
          ? 'Booked, your deposit paid (the rest at the studio)'
          : 'Booked and paid'
      }: ${formatVisit(booking.date, booking.time, booking.durationMinutes)} (WAT). Your confirmation is on its way to your email and WhatsApp.`}
      heading="Your booking"
    >
      <ConfirmationDetails
        rows={[
          ['Treatments', booking.treatments.join(', ')],
          ['Date and time', `${formatVisit(booking.date, booking.time, booking.durationMinutes)} (WAT)`],
          ...(booking.therapist ? [['Therapist', booking.therapist.name] as [string, string]] : []),
          [
            'Where',
            <>
              {studio.address}{' '}
              <a href={mapUrl} target="_blank" rel="noopener noreferrer">
                Open in Maps
              </a>
            </>,
          ],
          ...paidRows(booking),
          ['Reference', withShortReference(booking.reference)],
        ]}
      />

      <div className="confirmation__actions">
        <a className="button button--primary" href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
          Add to Google Calendar
        </a>
        <a className="button button--secondary" href={icsUrl} download={`booking-${booking.reference}.ics`}>
          Download .ics
        </a>
        <button type="button" className="button button--secondary" onClick={share}>
          Share
        </button>
      </div>
      <p className="confirmation__manage">
        Plans changed? <Link to={booking.manageUrl}>Manage booking</Link> to reschedule or cancel online until 24 hours
        before your appointment. The link is also in your confirmation email.
      </p>
      {shareMessage ? (
        <p className="coupon-message coupon-message--ok" role="status">
          {shareMessage}
        </p>
      ) : null}
    </PaidConfirmation>
  );
}
