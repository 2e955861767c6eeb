import { useState } from 'react';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { withShortReference } from '../../../worker/shared/short-reference';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { adminPage, api } from '../frame/admin-api';
import { Detail, HeaderAction, RefundBadge, StatusBadge, useCan } from '../kits/admin-ui';
import { ClientPhone } from '../kits/client-phone';
import { type AdminAction, ExpandableRow, TabbedList } from '../kits/tabbed-list';
import { BookingActions } from './booking-actions';
import { BookingHistory, type SubmitChange } from './booking-changes';
import { BookingMoneyDetails, DueBadge } from './booking-money';
import { HealthAnswerDetails, hasHealthNotes } from './health-answers';
import { bookedNotice, NewBookingForm, type SavedBooking } from './new-booking-form';
import { forwardAction, forwardChange, NoShowBadge, VisitStatusBadge, VisitStatusButtons } from './visit-status';

const tabs = [
  { value: 'booked', label: 'Upcoming' },
  { value: 'arrived', label: 'Arrived' },
  { value: 'completed', label: 'Completed' },
  { value: 'no-show', label: 'No-show' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
type Tab = (typeof tabs)[number]['value'];

const loadBookings = (status: Tab | undefined, page: number, q: string) =>
  adminPage(
    api.bookings.$get({
      query: {
        ...(status ? { status } : {}),
        ...(q ? { q } : {}),
        page: String(page),
        pageSize: String(DEFAULT_PAGE_SIZE),
      },
    }),
  );
type Booking = Awaited<ReturnType<typeof loadBookings>>['rows'][number];

export const BOOKINGS_FETCH_ERROR = 'Error fetching bookings';
export const BOOKING_UPDATE_ERROR = 'Error updating booking';

/**
 * Massage Bookings: Upcoming, Arrived, Completed, No-show and Cancelled, a page at a time; a row
 * opens to the intake details, its history, the visit's status buttons of the moment, and for an
 * upcoming booking Move and Cancel (for the roles that book).
 */
export default function BookingsPage() {
  // A therapist reads their own bookings; taking and changing bookings is the desk's.
  const mayBook = useCan('bookings');
  return (
    <TabbedList
      title="Massage Bookings"
      exportName="bookings"
      tabs={tabs}
      load={loadBookings}
      search={{ label: 'Find a booking', hint: 'A name, an email, a phone or a reference (the short code too)' }}
      errorMessage={BOOKINGS_FETCH_ERROR}
      emptyMessage={(tab) => `No ${tab} bookings found`}
      renderRow={(booking, act) => <BookingRow key={booking._id} booking={booking} act={act} />}
      actions={mayBook ? (done) => <NewBookingButton onSaved={(booking) => done(bookedNotice(booking))} /> : undefined}
    />
  );
}

/** New booking: a phone, WhatsApp or walk-in booking, in a dialog. */
export function NewBookingButton({ onSaved }: { onSaved: (booking: SavedBooking) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <HeaderAction onClick={() => setOpen(true)}>New booking</HeaderAction>
      {open ? <NewBookingForm onClose={() => setOpen(false)} onSaved={onSaved} /> : null}
    </>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function BookingRow({ booking, act }: { booking: Booking; act: AdminAction }) {
  const healthNotes = hasHealthNotes(booking);
  const mayChange = useCan('bookings');
  // A therapist lists only their own visits, so whatever they see they may mark.
  const mayMark = useCan('visitStatus');
  const mayOpenClients = useCan('clients');
  const submit: SubmitChange = (change, success) => act(change, success, BOOKING_UPDATE_ERROR);
  const summary = (
    <>
      <h2 className="admin-row__name">{booking.name}</h2>
      <ul className="admin-row__treatments">
        {booking.subservices.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <p className="admin-row__when">
        {formatVisit(booking.date, booking.time, booking.durationMinutes)}
        {booking.therapist ? ` · ${booking.therapist.name}` : ''}
      </p>
      <div className="admin-row__badges">
        <VisitStatusBadge status={booking.serviceStatus} />
        <NoShowBadge count={booking.noShows} />
        {booking.refund ? <RefundBadge refund={booking.refund} /> : null}
        {booking.history.some((event) => event.kind === 'rescheduled') ? (
          <StatusBadge status="Moved" tone="info" />
        ) : null}
        {booking.needsAttention && booking.serviceStatus === 'booked' ? (
          <StatusBadge status="Over capacity: move this booking" tone="danger" />
        ) : null}
        {healthNotes && booking.serviceStatus !== 'cancelled' ? (
          <StatusBadge status="Read health notes first" tone="warning" />
        ) : null}
        <DueBadge booking={booking} />
      </div>
    </>
  );
  const action = mayMark ? forwardAction(booking, submit) : undefined;

  return (
    <ExpandableRow name={booking.name} attention={booking.needsAttention} summary={summary} action={action}>
      {booking.needsAttention ? (
        <p className="admin-alert admin-alert--error">
          Paid after its hold expired, into a slot that had already filled. The client has been asked to choose another
          time on their booking page; please call them to help, or move it here.
        </p>
      ) : null}
      <dl className="admin-details">
        <Detail label="Email">
          <a href={`mailto:${booking.email}`}>{booking.email}</a>
        </Detail>
        <Detail label="Phone">
          <ClientPhone phone={booking.phone} name={booking.name} />
        </Detail>
        <Detail label="Previous massage therapy">{yesNo(booking.previousMassageTherapy)}</Detail>
        <HealthAnswerDetails booking={booking} />
        <Detail label="Heard of us through">{booking.referralSource || '-'}</Detail>
        {booking.clientId && mayOpenClients ? (
          <Detail label="Client">
            <Link to={`${paths.admin}/clients/${booking.clientId}`}>Open {booking.name}’s record</Link>
          </Detail>
        ) : null}
        <Detail label="Therapist">{booking.therapist?.name ?? 'None yet: move this booking'}</Detail>
        <Detail label="Room">{booking.room?.name ?? '-'}</Detail>
        <BookingMoneyDetails booking={booking} />
        <Detail label="Coupon">{booking.couponCode || '-'}</Detail>
        <Detail label="Payment reference">
          {booking.paymentReference ? withShortReference(booking.paymentReference) : '-'}
        </Detail>
        <Detail label="History" wide>
          <BookingHistory booking={booking} />
        </Detail>
      </dl>
      {mayMark ? <VisitStatusButtons visit={booking} submit={submit} besides={forwardChange(booking)} /> : null}
      {booking.serviceStatus === 'booked' && mayChange ? <BookingActions booking={booking} submit={submit} /> : null}
    </ExpandableRow>
  );
}
