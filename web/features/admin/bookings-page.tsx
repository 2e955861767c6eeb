import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatNaira } from '../../../worker/shared/money';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { formatAppointment } from '../../../worker/shared/time';
import { ApiError } from '../../lib/api-client';
import { adminPage, adminRequest, api } from './admin-api';
import { adminDataChangedAtom } from './admin-session';
import {
  AdminPageHeader,
  Detail,
  ExportButton,
  ListFrame,
  Notice,
  Pager,
  StatusBadge,
  Tabs,
  toggleFromSummary,
} from './admin-ui';
import { useAdminList } from './use-admin-list';

const tabs = [
  { value: 'booked', label: 'Upcoming' },
  { value: 'completed', label: 'Completed' },
] as const;
type Tab = (typeof tabs)[number]['value'];

const loadBookings = (status: Tab, page: number) =>
  adminPage(api.bookings.$get({ query: { status, page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) } }));
type Booking = Awaited<ReturnType<typeof loadBookings>>['rows'][number];

export const BOOKINGS_FETCH_ERROR = 'Error fetching bookings';
export const BOOKING_UPDATE_ERROR = 'Error updating booking';

/** Massage Bookings: Upcoming and Completed, a page at a time; a row opens to the intake details. */
export default function BookingsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'completed' ? 'completed' : 'booked';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const panelId = useId();
  const { state, retry } = useAdminList(() => loadBookings(tab, page), `${tab}:${page}`);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  const go = (next: { tab?: Tab; page?: number }) =>
    setParams({ tab: next.tab ?? tab, page: String(next.page ?? 1) }, { replace: false });

  async function markComplete(booking: Booking) {
    setNotice(undefined);
    try {
      await adminRequest(
        api.bookings[':id'].$put({ param: { id: booking._id }, json: { serviceStatus: 'completed' } }),
      );
      setNotice({ tone: 'success', text: `${booking.name}’s appointment is marked complete.` });
    } catch (error) {
      setNotice({
        tone: 'error',
        text:
          error instanceof ApiError && error.status !== 0
            ? `${BOOKING_UPDATE_ERROR}: ${error.message}`
            : `${BOOKING_UPDATE_ERROR}. Please try again.`,
      });
    }
    dataChanged();
  }

  return (
    <div className="admin-page">
      <AdminPageHeader title="Massage Bookings">
        <ExportButton name="bookings" status={tab} />
      </AdminPageHeader>
      <Tabs label="Bookings" tabs={tabs} value={tab} onChange={(value) => go({ tab: value })} panelId={panelId} />
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${tab}`} className="admin-panel">
        <Notice notice={notice} />
        <ListFrame
          state={state}
          errorMessage={BOOKINGS_FETCH_ERROR}
          emptyMessage={tab === 'booked' ? 'No upcoming bookings found' : 'No completed bookings found'}
          onRetry={retry}
        >
          {(rows) => (
            <ul className="admin-list" aria-label={tab === 'booked' ? 'Upcoming bookings' : 'Completed bookings'}>
              {rows.map((booking) => (
                <BookingRow key={booking._id} booking={booking} onComplete={markComplete} />
              ))}
            </ul>
          )}
        </ListFrame>
        {state.total ? (
          <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={state.total} onPage={(next) => go({ page: next })} />
        ) : null}
      </div>
    </div>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function BookingRow({ booking, onComplete }: { booking: Booking; onComplete: (booking: Booking) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const detailsId = useId();
  const healthNotes = booking.healthConditions.length > 0 || booking.onMedication;

  async function complete() {
    setBusy(true);
    await onComplete(booking);
    setBusy(false);
  }

  return (
    <li className={`admin-row${booking.needsAttention ? ' admin-row--attention' : ''}`}>
      {/* A click anywhere on the summary opens the row; the Details button is the keyboard's way. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a convenience beside the Details button. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the Details button handles the keyboard. */}
      <div className="admin-row__summary" onClick={(event) => toggleFromSummary(event, setOpen)}>
        <div className="admin-row__main">
          <h2 className="admin-row__name">{booking.name}</h2>
          <ul className="admin-row__treatments">
            {booking.subservices.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <p className="admin-row__when">{formatAppointment(booking.date, booking.time)}</p>
          <div className="admin-row__badges">
            <StatusBadge status={booking.serviceStatus} />
            {booking.needsAttention ? <StatusBadge status="Over capacity: move this booking" tone="danger" /> : null}
            {healthNotes ? <StatusBadge status="Read health notes first" tone="warning" /> : null}
          </div>
        </div>
        <div className="admin-row__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((isOpen) => !isOpen)}
          >
            {open ? 'Hide details' : 'Details'}
            <span className="visually-hidden"> for {booking.name}</span>
          </button>
          {booking.serviceStatus === 'booked' ? (
            <button type="button" className="button button--primary button--small" disabled={busy} onClick={complete}>
              {busy ? 'Saving...' : 'Mark Complete'}
            </button>
          ) : null}
        </div>
      </div>
      <div id={detailsId} className="admin-row__details" hidden={!open}>
        {booking.needsAttention ? (
          <p className="admin-alert admin-alert--error">
            Paid after its hold expired, into a slot that had already filled. Please contact the client to move this
            appointment.
          </p>
        ) : null}
        <dl className="admin-details">
          <Detail label="Email">
            <a href={`mailto:${booking.email}`}>{booking.email}</a>
          </Detail>
          <Detail label="Phone">
            <a href={`tel:${booking.phone}`}>{booking.phone}</a>
          </Detail>
          <Detail label="Previous massage therapy">{yesNo(booking.previousMassageTherapy)}</Detail>
          <Detail label="On medication">{yesNo(booking.onMedication)}</Detail>
          {booking.onMedication ? <Detail label="Medication">{booking.medicationDetails || '-'}</Detail> : null}
          <Detail label="Exercise">
            {booking.exercising
              ? `Yes: ${booking.exerciseFrequency ?? '-'} times, ${booking.exerciseHours ?? '-'} hours a week`
              : 'No'}
          </Detail>
          <Detail label="Health conditions" wide>
            {booking.healthConditions.length > 0 ? (
              <ul className="admin-details__conditions">
                {booking.healthConditions.map((condition) => (
                  <li key={condition}>{condition}</li>
                ))}
              </ul>
            ) : (
              'None declared'
            )}
          </Detail>
          <Detail label="Notes" wide>
            {booking.notes || '-'}
          </Detail>
          <Detail label="Heard of us through">{booking.referralSource || '-'}</Detail>
          <Detail label="Amount paid">{formatNaira(booking.amount)}</Detail>
          <Detail label="Coupon">{booking.couponCode || '-'}</Detail>
          <Detail label="Payment reference">{booking.paymentReference}</Detail>
        </dl>
      </div>
    </li>
  );
}
