/**
 * A booking opened from the Calendar: its details, money and history, with the visit's status
 * buttons of the moment, and Move, Cancel and Mark paid.
 */

import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { Detail, StatusBadge } from '../kits/admin-ui';
import { ClientPhone } from '../kits/client-phone';
import { ModalDialog, useModal } from '../kits/modal-dialog';
import { BookingActions } from './booking-actions';
import { BookingHistory, type SubmitChange } from './booking-changes';
import { BookingMoneyDetails, DueBadge } from './booking-money';
import type { Booking } from './calendar-data';
import { HealthAnswerDetails, hasHealthNotes } from './health-answers';
import { formWords, NoShowBadge, VisitStatusBadge, VisitStatusButtons } from './visit-status';

export function BookingDialog({
  booking,
  submit,
  mayChange,
  mayMark,
  onClose,
}: {
  booking: Booking;
  submit: SubmitChange;
  /** Moving, cancelling and marking paid: the roles that take bookings. */
  mayChange: boolean;
  /** Arrived, completed, no-show: the roles that mark visits. */
  mayMark: boolean;
  onClose: () => void;
}) {
  const modal = useModal();
  return (
    <ModalDialog modal={modal} className="dialog admin-calendar__dialog" title={booking.name} onClose={onClose}>
      <div className="admin-row__badges">
        <VisitStatusBadge status={booking.serviceStatus} />
        <NoShowBadge count={booking.noShows} />
        {booking.needsAttention ? <StatusBadge status="Over capacity: move this booking" tone="danger" /> : null}
        {hasHealthNotes(booking) ? <StatusBadge status="Read health notes first" tone="warning" /> : null}
        <DueBadge booking={booking} />
      </div>
      <dl className="admin-details">
        <Detail label="When" wide>
          {formatVisit(booking.date, booking.time, booking.durationMinutes)}
        </Detail>
        <Detail label="Treatments" wide>
          {booking.subservices.join(', ')}
        </Detail>
        <Detail label="Therapist">{booking.therapist?.name ?? 'None yet'}</Detail>
        <Detail label="Room">{booking.room?.name ?? '-'}</Detail>
        <Detail label="Health form">{formWords[booking.form]}</Detail>
        <Detail label="Phone">
          <ClientPhone phone={booking.phone} name={booking.name} />
        </Detail>
        <Detail label="Email">{booking.email ? <a href={`mailto:${booking.email}`}>{booking.email}</a> : '-'}</Detail>
        <HealthAnswerDetails booking={booking} brief />
        <BookingMoneyDetails booking={booking} />
        <Detail label="History" wide>
          <BookingHistory booking={booking} />
        </Detail>
      </dl>
      {mayMark ? <VisitStatusButtons visit={booking} submit={submit} /> : null}
      {booking.serviceStatus === 'booked' && mayChange ? <BookingActions booking={booking} submit={submit} /> : null}
    </ModalDialog>
  );
}
