/**
 * Today: the day's visits on a therapist's phone (their own), or anyone's for those who run the
 * desk (a therapist or all). Readable offline: the last day loaded stays, with "Offline since
 * 10:42"; status changes and notes made meanwhile wait in the browser and go, in order, when the
 * network returns (offline-day.ts).
 */

import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, formatDate, formatTime, isIsoDate, lagosClock, lagosDate } from '../../../worker/shared/time';
import { FieldFrame, ItemOptions } from '../../components/ui/field';
import { useClock } from '../../lib/use-clock';
import { bookedNotice, NewBookingForm, type NewBookingPreset } from '../bookings/new-booking-form';
import { AdminPageHeader, Notice, useCan } from '../kits/admin-ui';
import { useBookable } from '../kits/use-bookable';
import type { TodayVisit } from './today-data';
import { todayMessages, useToday, withWaiting } from './use-today';
import { VisitCard } from './visit-card';
import { WaitingList } from './waiting-list';

export default function TodayPage() {
  const ownOnly = !useCan('allBookings');
  const mayWriteNotes = useCan('healthAnswers');
  // The desk books anyone; a therapist their client's next visit with themselves.
  const mayBook = useCan('ownNextVisit');
  // Today, or the day in the address (`?date=`, as the Calendar's): a link to a day opens it.
  const [params] = useSearchParams();
  const [date, setDate] = useState(() => {
    const asked = params.get('date') ?? '';
    return isIsoDate(asked) ? asked : lagosDate(new Date());
  });
  const [therapistId, setTherapistId] = useState('all');
  const [booking, setBooking] = useState<NewBookingPreset>();
  const { state, waiting, notice, setNotice, actions, retry, dismiss, dataChanged } = useToday(
    date,
    therapistId,
    ownOnly,
  );
  const pending = waiting.filter((each) => !each.refused);
  const now = useClock(60_000);
  return (
    <div className="admin-page today">
      <AdminPageHeader title="Today" />
      <DayControls
        date={date}
        setDate={setDate}
        therapistId={ownOnly ? undefined : therapistId}
        setTherapistId={setTherapistId}
      />
      <DayButtons date={date} setDate={setDate} />
      {state.status === 'ready' && state.offlineSince ? (
        <p className="today__offline" role="status">
          Offline since {lagosClock(new Date(state.offlineSince))}. Showing the day as loaded at{' '}
          {lagosClock(new Date(state.savedAt ?? state.offlineSince))}.
        </p>
      ) : null}
      <WaitingList pending={pending.length} refused={waiting.filter((each) => each.refused)} onDismiss={dismiss} />
      <Notice notice={notice} />
      <h2 className="today__date">{formatDate(date)}</h2>
      {state.status === 'loading' ? (
        <p className="admin-list__loading" role="status">
          Loading...
        </p>
      ) : state.status === 'error' ? (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>{navigator.onLine ? todayMessages.fetch : todayMessages.offlineEmpty}</p>
          <button type="button" className="button button--secondary button--small" onClick={retry}>
            Try again
          </button>
        </div>
      ) : state.day.visits.length === 0 ? (
        <p className="admin-empty">No visits on this day.</p>
      ) : (
        <ul className="today__visits" aria-label={`Visits on ${formatDate(date)}`}>
          {withNow(withWaiting(state.day, pending).visits, state.day.date, now).map((visit) =>
            visit === 'now' ? (
              <li key="now" className="today__now">
                Now, {formatTime(lagosClock(new Date(now)))}
              </li>
            ) : (
              <VisitCard
                key={visit._id}
                visit={visit}
                date={state.day.date}
                showTherapist={!ownOnly && therapistId === 'all'}
                mayWriteNotes={mayWriteNotes}
                actions={{ ...actions, bookNext: mayBook ? setBooking : undefined }}
              />
            ),
          )}
        </ul>
      )}
      {booking ? (
        <NewBookingForm
          preset={booking}
          onClose={() => setBooking(undefined)}
          onSaved={(saved) => {
            setNotice({ tone: 'success', text: bookedNotice(saved) });
            dataChanged();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The day's visits with the line at "now" among them, on today only: after the visits that have
 * begun (by the Lagos clock), before those still to come.
 */
function withNow(visits: readonly TodayVisit[], date: string, now: number): Array<TodayVisit | 'now'> {
  const at = new Date(now);
  if (date !== lagosDate(at)) return [...visits];
  const clock = lagosClock(at);
  const begun = visits.filter((visit) => visit.time <= clock).length;
  return [...visits.slice(0, begun), 'now', ...visits.slice(begun)];
}

/** The day before, today and the day after: at the bottom of a phone's screen, in thumb's reach. */
function DayButtons({ date, setDate }: { date: string; setDate: (date: string) => void }) {
  const today = lagosDate(new Date());
  return (
    <nav className="today__days" aria-label="Days">
      {/* The names say "day"; the words on the buttons stay short enough for three on a phone. */}
      <button
        type="button"
        className="button button--secondary"
        aria-label="Previous day"
        onClick={() => setDate(addDays(date, -1))}
      >
        ‹ Previous
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={date === today}
        onClick={() => setDate(today)}
      >
        Today
      </button>
      <button
        type="button"
        className="button button--secondary"
        aria-label="Next day"
        onClick={() => setDate(addDays(date, 1))}
      >
        Next ›
      </button>
    </nav>
  );
}

/** The day (today by default) and, for the desk, whose visits: one therapist or all. */
function DayControls({
  date,
  setDate,
  therapistId,
  setTherapistId,
}: {
  date: string;
  setDate: (date: string) => void;
  /** Undefined: the member sees their own visits only. */
  therapistId?: string;
  setTherapistId: (id: string) => void;
}) {
  const id = useId();
  const bookable = useBookable();
  return (
    <div className="today__controls">
      <FieldFrame id={`${id}-date`} label="Day">
        <input
          id={`${id}-date`}
          type="date"
          className="field__control"
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
        />
      </FieldFrame>
      {therapistId === undefined ? null : (
        <FieldFrame id={`${id}-therapist`} label="Therapist">
          <select
            id={`${id}-therapist`}
            className="field__control field__control--select"
            value={therapistId}
            onChange={(event) => setTherapistId(event.target.value)}
          >
            <option value="all">All therapists</option>
            <ItemOptions items={bookable?.therapists ?? []} />
          </select>
        </FieldFrame>
      )}
    </div>
  );
}
