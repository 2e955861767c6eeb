/**
 * Calendar: the studio's day, one column per therapist, the hours as rows and each booking a block
 * as tall as its visit (name, treatments, status; health and over-capacity flags), unpaid holds as
 * "Awaiting payment", days off and closed days shaded; or one therapist's week. Today by default,
 * with previous/next and a date picker; on a phone, one therapist at a time. A booking opens its
 * details with Move and Cancel; a free time opens New booking with that therapist and time.
 */

import { useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, formatDate, isIsoDate, lagosDate } from '../../../worker/shared/time';
import { FieldFrame, ItemOptions } from '../../components/ui/field';
import { messageOf } from '../frame/admin-api';
import { adminDataChangedAtom } from '../frame/admin-session';
import { AdminPageHeader, HeaderAction, ListFrame, Notice, useCan } from '../kits/admin-ui';
import { useAdminList } from '../kits/use-admin-list';
import type { SubmitChange } from './booking-changes';
import { BookingDialog } from './booking-dialog';
import { type Booking, loadCalendar, type Therapist } from './calendar-data';
import { CalendarGrid } from './calendar-grid';
import { bookedNotice, NewBookingForm, type NewBookingPreset, type SavedBooking } from './new-booking-form';

export const calendarMessages = {
  fetch: 'Error fetching the calendar',
  change: 'Error changing the booking',
} as const;

const narrowScreen = '(max-width: 767px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(narrowScreen).matches);
  useEffect(() => {
    const query = window.matchMedia(narrowScreen);
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}

/** The day shown lives in the address (?date=), so a reload or a shared link keeps it. */
function useDateInAddress(today: string): [string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isIsoDate(asked) ? asked : today;
  const setDate = (next: string) => setParams({ date: next }, { replace: true });
  return [date, setDate];
}

/** The booking opened and the one being made, and the notice of how a change or a new booking went. */
function useBookingChanges() {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [opened, setOpened] = useState<Booking>();
  const [creating, setCreating] = useState<NewBookingPreset>();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  const submit: SubmitChange = async (change, success) => {
    setNotice(undefined);
    try {
      await change();
      setNotice({ tone: 'success', text: success });
      setOpened(undefined);
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, calendarMessages.change) });
    }
    dataChanged();
  };

  const booked = (booking: SavedBooking) => {
    setNotice({ tone: 'success', text: bookedNotice(booking) });
    dataChanged();
  };

  return { notice, opened, setOpened, creating, setCreating, submit, booked };
}

/** What is shown (a date or a week), and what choosing in the grid does. */
function CalendarTitle({ title, mayBook }: { title: string; mayBook: boolean }) {
  return (
    <>
      <h2 className="admin-calendar__title">{title}</h2>
      <p className="admin-total">
        {mayBook
          ? 'Choose a free time to take a booking with that therapist, or a booking to see it.'
          : 'Choose a booking to see it.'}
      </p>
    </>
  );
}

export default function CalendarPage() {
  const today = lagosDate(new Date());
  const [date, setDate] = useDateInAddress(today);
  const [view, setView] = useState<'day' | 'week'>('day');
  const [therapistId, setTherapistId] = useState<string>();
  const narrow = useNarrow();
  const from = date;
  const to = view === 'week' ? addDays(date, 6) : date;
  const { state, retry } = useAdminList(() => loadCalendar(from, to), `${from}:${to}`);
  const { notice, opened, setOpened, creating, setCreating, submit, booked } = useBookingChanges();
  const controlsId = useId();
  // A therapist sees their own day; taking and changing bookings is the desk's.
  const mayBook = useCan('bookings');
  // Whoever may mark a visit sees only visits they may mark (a therapist: their own).
  const mayMark = useCan('visitStatus');

  return (
    <div className="admin-page admin-calendar">
      <AdminPageHeader title="Calendar">
        {mayBook ? <HeaderAction onClick={() => setCreating({ date })}>New booking</HeaderAction> : null}
      </AdminPageHeader>
      <div className="admin-calendar__controls" id={controlsId}>
        <DayControls today={today} date={date} view={view} setDate={setDate} setView={setView} id={controlsId} />
        {state.rows?.[0] && (view === 'week' || narrow) ? (
          <TherapistPicker
            therapists={state.rows[0].therapists}
            value={therapistId}
            onChange={setTherapistId}
            id={`${controlsId}-therapist`}
          />
        ) : null}
      </div>
      <Notice notice={notice} />
      <CalendarTitle
        title={view === 'week' ? `${formatDate(from)} to ${formatDate(to)}` : formatDate(date)}
        mayBook={mayBook}
      />
      <ListFrame state={state} errorMessage={calendarMessages.fetch} emptyMessage="No therapists yet." onRetry={retry}>
        {(rows) =>
          rows[0] ? (
            <CalendarGrid
              data={rows[0]}
              dates={view === 'week' ? Array.from({ length: 7 }, (_, index) => addDays(from, index)) : [date]}
              onlyTherapist={view === 'week' || narrow ? therapistId : undefined}
              onOpen={setOpened}
              onCreate={mayBook ? setCreating : undefined}
            />
          ) : null
        }
      </ListFrame>
      {opened ? (
        <BookingDialog
          booking={opened}
          submit={submit}
          mayChange={mayBook}
          mayMark={mayMark}
          onClose={() => setOpened(undefined)}
        />
      ) : null}
      {creating ? <NewBookingForm preset={creating} onClose={() => setCreating(undefined)} onSaved={booked} /> : null}
    </div>
  );
}

/** Previous, Today and Next (a day or a week), the date itself, and Day or Week. */
function DayControls({
  today,
  date,
  view,
  setDate,
  setView,
  id,
}: {
  today: string;
  date: string;
  view: 'day' | 'week';
  setDate: (date: string) => void;
  setView: (view: 'day' | 'week') => void;
  id: string;
}) {
  return (
    <>
      <div className="admin-calendar__nav">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
          onClick={() => setDate(addDays(date, view === 'week' ? -7 : -1))}
        >
          Previous
        </button>
        <button type="button" className="button button--secondary button--small" onClick={() => setDate(today)}>
          Today
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={view === 'week' ? 'Next week' : 'Next day'}
          onClick={() => setDate(addDays(date, view === 'week' ? 7 : 1))}
        >
          Next
        </button>
      </div>
      <FieldFrame id={`${id}-date`} label="Date" className="admin-calendar__date">
        <input
          id={`${id}-date`}
          className="field__control"
          type="date"
          value={date}
          required
          onChange={(event) => event.target.value && setDate(event.target.value)}
        />
      </FieldFrame>
      <fieldset className="admin-calendar__views">
        <legend className="visually-hidden">View</legend>
        {(['day', 'week'] as const).map((each) => (
          <label key={each} className={`admin-calendar__view${view === each ? ' admin-calendar__view--on' : ''}`}>
            <input type="radio" name="view" value={each} checked={view === each} onChange={() => setView(each)} />
            {each === 'day' ? 'Day' : 'Week'}
          </label>
        ))}
      </fieldset>
    </>
  );
}

function TherapistPicker({
  therapists,
  value,
  onChange,
  id,
}: {
  therapists: Therapist[];
  value: string | undefined;
  onChange: (id: string) => void;
  id: string;
}) {
  const shown = therapists.filter((therapist) => therapist.active);
  const current = value && shown.some((therapist) => therapist._id === value) ? value : shown[0]?._id;
  // The first therapist is shown until staff choose another.
  useEffect(() => {
    if (current && current !== value) onChange(current);
  }, [current, value, onChange]);
  return (
    <FieldFrame id={id} label="Therapist" className="admin-calendar__therapist">
      <select
        id={id}
        className="field__control"
        value={current ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <ItemOptions items={shown} />
      </select>
    </FieldFrame>
  );
}
