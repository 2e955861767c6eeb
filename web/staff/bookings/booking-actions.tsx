// What staff can do to an upcoming booking, the same in the Bookings list and the Calendar's dialog.
import { CancelBookingForm, MoveBookingForm, type SubmitChange } from './booking-changes';
import { MarkPaidForm } from './booking-money';

type ActionableBooking = Parameters<typeof MarkPaidForm>[0]['booking'] &
  Parameters<typeof MoveBookingForm>[0]['booking'] &
  Parameters<typeof CancelBookingForm>[0]['booking'];

/** Mark what is due paid (when something is), move it, cancel it. */
export function BookingActions({ booking, submit }: { booking: ActionableBooking; submit: SubmitChange }) {
  return (
    <div className="admin-booking-changes">
      {booking.balanceDue > 0 ? <MarkPaidForm booking={booking} submit={submit} /> : null}
      <MoveBookingForm booking={booking} submit={submit} />
      <CancelBookingForm booking={booking} submit={submit} />
    </div>
  );
}
