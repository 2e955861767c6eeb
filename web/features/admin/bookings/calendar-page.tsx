/**
 * Calendar: the studio's day, one column per therapist, the hours as rows and each booking a block
 * as tall as its visit (name, treatments, status; health and over-capacity flags), unpaid holds as
 * "Awaiting payment", days off and closed days shaded; or one therapist's week. Today by default,
 * with previous/next and a date picker; on a phone, one therapist at a time. A booking opens its
 * details with Move and Cancel; a free time opens New booking with that therapist and time.
 */
import { useSetAtom } from 'jotai';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatNaira } from '../../../../worker/shared/money';
import {
  clockTime,
  formatVisit,
  minuteOfDay,
  startTimes,
  timeRange,
  weekdayOf,
} from '../../../../worker/shared/schedule';
import { addDays, formatDate, isIsoDate, lagosDate, lagosToUtc } from '../../../../worker/shared/time';
import { CloseIcon } from '../../../components/ui/icons';
import { adminRequest, api, messageOf } from '../admin-api';
import { adminDataChangedAtom } from '../admin-session';
import { AdminPageHeader, Detail, ListFrame, Notice, StatusBadge, useCan } from '../admin-ui';
import { useAdminList } from '../use-admin-list';
import { BookingHistory, CancelBookingForm, MoveBookingForm, type SubmitChange } from './booking-changes';
import { BookingMoneyDetails, DueBadge, MarkPaidForm } from './booking-money';
import { HealthAnswerDetails, hasHealthNotes } from './health-answers';
import { bookedNotice, NewBookingForm, type NewBookingPreset } from './new-booking-form';

const loadCalendar = async (from: string, to: string) => {
  const view = await adminRequest(api.calendar.$get({ query: { from, to } }));
  return { rows: [view], total: view.bookings.length };
};
type CalendarData = Awaited<ReturnType<typeof loadCalendar>>['rows'][number];
type Booking = CalendarData['bookings'][number];
type Hold = CalendarData['holds'][number];
type Therapist = CalendarData['therapists'][number];

export const calendarMessages = {
  fetch: 'Error fetching the calendar',
  change: 'Error changing the booking',
} as const;

/** Height of one minute on screen: an hour is 72 px, a 30-minute visit 36 px. */
const PX_PER_MINUTE = 1.2;
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

/** A booking or a hold placed on a column: minutes from that day's midnight. */
interface Placed {
  key: string;
  start: number;
  end: number;
  booking?: Booking;
  hold?: Hold;
}

/** What a therapist holds on `date`, including a visit from the day before that runs into it. */
function placedOn(data: CalendarData, therapistId: string, date: string): Placed[] {
  const offset = (day: string) => (day === date ? 0 : day === addDays(date, -1) ? -1440 : undefined);
  const placed: Placed[] = [];
  for (const booking of data.bookings) {
    const shift = offset(booking.date);
    if (shift === undefined || booking.therapist?._id !== therapistId || booking.needsAttention) continue;
    const start = minuteOfDay(booking.time) + shift;
    placed.push({ key: booking._id, start, end: start + booking.durationMinutes, booking });
  }
  for (const hold of data.holds) {
    const shift = offset(hold.date);
    if (shift === undefined || hold.therapistId !== therapistId) continue;
    const start = minuteOfDay(hold.time) + shift;
    placed.push({ key: hold.reference, start, end: start + hold.durationMinutes, hold });
  }
  return placed.filter((item) => item.end > 0 && item.start < 1440);
}

/** Why a therapist does not work on `date`, or undefined when they do. */
function offReason(therapist: Therapist, date: string): string | undefined {
  const off = therapist.timeOff.find((day) => day.date === date);
  if (off) return `Day off: ${off.reason}`;
  if (!therapist.active) return 'Inactive';
  if (therapist.hours[weekdayOf(date) as keyof Therapist['hours']].length === 0) return 'Not working';
  return undefined;
}

/** The hours the grid shows: the working day (09:00–18:00 at least), widened to what is booked. */
function visibleHours(data: CalendarData, dates: string[], therapists: Therapist[]) {
  let first = 9 * 60;
  let last = 18 * 60;
  for (const date of dates) {
    for (const therapist of therapists) {
      for (const range of therapist.hours[weekdayOf(date) as keyof Therapist['hours']]) {
        first = Math.min(first, minuteOfDay(range.start));
        last = Math.max(last, minuteOfDay(range.end));
      }
      for (const item of placedOn(data, therapist._id, date)) {
        first = Math.min(first, Math.max(0, item.start));
        last = Math.max(last, Math.min(1440, item.end));
      }
    }
  }
  return { first: Math.floor(first / 60) * 60, last: Math.min(1440, Math.ceil(last / 60) * 60) };
}

export default function CalendarPage() {
  const today = lagosDate(new Date());
  // The day lives in the address (?date=), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isIsoDate(asked) ? asked : today;
  const setDate = (next: string) => setParams({ date: next }, { replace: true });
  const [view, setView] = useState<'day' | 'week'>('day');
  const [therapistId, setTherapistId] = useState<string>();
  const narrow = useNarrow();
  const from = date;
  const to = view === 'week' ? addDays(date, 6) : date;
  const { state, retry } = useAdminList(() => loadCalendar(from, to), `${from}:${to}`);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [opened, setOpened] = useState<Booking>();
  const [creating, setCreating] = useState<NewBookingPreset>();
  const dataChanged = useSetAtom(adminDataChangedAtom);
  const controlsId = useId();
  // A therapist sees their own day; taking and changing bookings is the desk's.
  const mayBook = useCan('bookings');

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

  return (
    <div className="admin-page admin-calendar">
      <AdminPageHeader title="Calendar">
        {mayBook ? (
          <button type="button" className="button button--primary button--small" onClick={() => setCreating({ date })}>
            New booking
          </button>
        ) : null}
      </AdminPageHeader>
      <div className="admin-calendar__controls" id={controlsId}>
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
        <div className="field admin-calendar__date">
          <label className="field__label" htmlFor={`${controlsId}-date`}>
            Date
          </label>
          <input
            id={`${controlsId}-date`}
            className="field__control"
            type="date"
            value={date}
            required
            onChange={(event) => event.target.value && setDate(event.target.value)}
          />
        </div>
        <fieldset className="admin-calendar__views">
          <legend className="visually-hidden">View</legend>
          {(['day', 'week'] as const).map((each) => (
            <label key={each} className={`admin-calendar__view${view === each ? ' admin-calendar__view--on' : ''}`}>
              <input type="radio" name="view" value={each} checked={view === each} onChange={() => setView(each)} />
              {each === 'day' ? 'Day' : 'Week'}
            </label>
          ))}
        </fieldset>
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
      <h2 className="admin-calendar__title">
        {view === 'week' ? `${formatDate(from)} to ${formatDate(to)}` : formatDate(date)}
      </h2>
      <p className="admin-total">
        {mayBook
          ? 'Choose a free time to take a booking with that therapist, or a booking to see it.'
          : 'Choose a booking to see it.'}
      </p>
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
        <BookingDialog booking={opened} submit={mayBook ? submit : undefined} onClose={() => setOpened(undefined)} />
      ) : null}
      {creating ? (
        <NewBookingForm
          preset={creating}
          onClose={() => setCreating(undefined)}
          onSaved={(booking) => {
            setNotice({ tone: 'success', text: bookedNotice(booking) });
            dataChanged();
          }}
        />
      ) : null}
    </div>
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
    <div className="field admin-calendar__therapist">
      <label className="field__label" htmlFor={id}>
        Therapist
      </label>
      <select
        id={id}
        className="field__control"
        value={current ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {shown.map((therapist) => (
          <option key={therapist._id} value={therapist._id}>
            {therapist.name}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Column {
  key: string;
  heading: string;
  date: string;
  therapist: Therapist;
  off?: string;
}

function CalendarGrid({
  data,
  dates,
  onlyTherapist,
  onOpen,
  onCreate,
}: {
  data: CalendarData;
  dates: string[];
  onlyTherapist?: string;
  onOpen: (booking: Booking) => void;
  /** Absent for a role that does not take bookings: no free times to choose. */
  onCreate?: (preset: NewBookingPreset) => void;
}) {
  const hasBookingOn = (therapist: Therapist, date: string) => placedOn(data, therapist._id, date).length > 0;
  const therapists = data.therapists.filter(
    (therapist) =>
      (onlyTherapist ? therapist._id === onlyTherapist : true) &&
      (therapist.active || dates.some((date) => hasBookingOn(therapist, date))),
  );
  const columns: Column[] = dates.flatMap((date) =>
    therapists.map((therapist) => ({
      key: `${date}:${therapist._id}`,
      heading: dates.length > 1 ? formatDate(date).replace(/ \d{4}$/, '') : therapist.name,
      date,
      therapist,
      off: offReason(therapist, date),
    })),
  );
  const { first, last } = visibleHours(data, dates, therapists);
  const hours = Array.from({ length: (last - first) / 60 }, (_, index) => first + index * 60);
  const height = (last - first) * PX_PER_MINUTE;
  const unplaced = data.bookings.filter(
    (booking) => dates.includes(booking.date) && (booking.needsAttention || !booking.therapist),
  );

  return (
    <>
      {dates.map((date) => {
        const closed = data.closures.find((closure) => closure.date === date);
        return closed ? (
          <p key={date} className="admin-alert admin-alert--error">
            The studio is closed on {formatDate(date)}: {closed.reason}.
          </p>
        ) : null;
      })}
      {unplaced.length > 0 ? (
        <div className="admin-alert admin-alert--error admin-calendar__unplaced">
          <p>Over capacity: these bookings have no therapist at their time. Open one to move it.</p>
          <ul>
            {unplaced.map((booking) => (
              <li key={booking._id}>
                <button type="button" className="admin-calendar__link" onClick={() => onOpen(booking)}>
                  {booking.name}, {formatVisit(booking.date, booking.time, booking.durationMinutes)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="admin-calendar__scroll">
        <section
          className="admin-calendar__grid"
          style={{ '--columns': columns.length } as CSSProperties}
          aria-label={
            dates.length > 1
              ? `${therapists[0]?.name ?? 'Therapist'}’s week`
              : `Therapists on ${formatDate(dates[0] ?? '')}`
          }
        >
          <div className="admin-calendar__corner" aria-hidden="true" />
          {columns.map((column) => (
            <h3 key={column.key} className="admin-calendar__heading">
              {column.heading}
              {column.off ? <span className="admin-calendar__off-note">{column.off}</span> : null}
            </h3>
          ))}
          <div className="admin-calendar__axis" style={{ height }} aria-hidden="true">
            {hours.map((minute) => (
              <span key={minute} style={{ top: (minute - first) * PX_PER_MINUTE }}>
                {clockTime(minute)}
              </span>
            ))}
          </div>
          {columns.map((column) => (
            <DayColumn
              key={column.key}
              column={column}
              data={data}
              first={first}
              last={last}
              closed={data.closures.some((closure) => closure.date === column.date)}
              onOpen={onOpen}
              onCreate={onCreate}
            />
          ))}
        </section>
      </div>
    </>
  );
}

function DayColumn({
  column,
  data,
  first,
  last,
  closed,
  onOpen,
  onCreate,
}: {
  column: Column;
  data: CalendarData;
  first: number;
  last: number;
  closed: boolean;
  onOpen: (booking: Booking) => void;
  /** Absent for a role that does not take bookings: no free times to choose. */
  onCreate?: (preset: NewBookingPreset) => void;
}) {
  const { date, therapist } = column;
  const placed = placedOn(data, therapist._id, date);
  const ranges = column.off || closed ? [] : therapist.hours[weekdayOf(date) as keyof Therapist['hours']];
  const now = Date.now();
  const free = ranges.flatMap((range) =>
    startTimes(data.startStepMinutes).filter((time) => {
      const start = minuteOfDay(time);
      const inRange = start >= minuteOfDay(range.start) && start < minuteOfDay(range.end);
      const taken = placed.some((item) => item.start <= start && start < item.end);
      return inRange && !taken && lagosToUtc(date, time).getTime() > now;
    }),
  );
  const top = (minute: number) => (Math.max(minute, first) - first) * PX_PER_MINUTE;
  const heightOf = (start: number, end: number) => (Math.min(end, last) - Math.max(start, first)) * PX_PER_MINUTE;

  return (
    <div
      className={`admin-calendar__column${column.off || closed ? ' admin-calendar__column--off' : ''}`}
      style={{ height: (last - first) * PX_PER_MINUTE }}
    >
      {ranges.map((range) => (
        <div
          key={range.start}
          className="admin-calendar__working"
          style={{
            top: top(minuteOfDay(range.start)),
            height: heightOf(minuteOfDay(range.start), minuteOfDay(range.end)),
          }}
          aria-hidden="true"
        />
      ))}
      {(onCreate ? free : []).map((time) => (
        <button
          key={time}
          type="button"
          className="admin-calendar__free"
          style={{ top: top(minuteOfDay(time)), height: data.startStepMinutes * PX_PER_MINUTE }}
          aria-label={`New booking with ${therapist.name} on ${formatDate(date)} at ${time}`}
          onClick={() => onCreate?.({ date, time, therapistId: therapist._id })}
        >
          <span aria-hidden="true">+ {time}</span>
        </button>
      ))}
      {placed.map((item) =>
        item.booking ? (
          <BookingBlock
            key={item.key}
            booking={item.booking}
            style={{ top: top(item.start), height: heightOf(item.start, item.end) }}
            onOpen={onOpen}
          />
        ) : item.hold ? (
          <div
            key={item.key}
            className="admin-calendar__block admin-calendar__block--hold"
            style={{ top: top(item.start), height: heightOf(item.start, item.end) }}
          >
            <strong>Awaiting payment</strong>
            <span>
              {item.hold.name} · {timeRange(item.hold.time, item.hold.durationMinutes)}
            </span>
          </div>
        ) : null,
      )}
    </div>
  );
}

function BookingBlock({
  booking,
  style,
  onOpen,
}: {
  booking: Booking;
  style: CSSProperties;
  onOpen: (booking: Booking) => void;
}) {
  const health = hasHealthNotes(booking);
  // Its words are its name (for a screen reader, a comma between each): nothing visible is left out.
  const comma = <span className="visually-hidden">, </span>;
  return (
    <button
      type="button"
      className={`admin-calendar__block admin-calendar__block--${booking.serviceStatus}${health ? ' admin-calendar__block--health' : ''}`}
      style={style}
      onClick={() => onOpen(booking)}
    >
      <strong>{booking.name}</strong>
      {comma}
      <span className="admin-calendar__treatments">{booking.subservices.join(', ')}</span>
      {comma}
      <span>{timeRange(booking.time, booking.durationMinutes)}</span>
      {booking.serviceStatus === 'booked' ? <span className="visually-hidden">, booked</span> : null}
      <span className="admin-calendar__flags">
        {booking.serviceStatus === 'completed' ? <span className="admin-calendar__flag">{comma}Completed</span> : null}
        {health ? <span className="admin-calendar__flag admin-calendar__flag--health">{comma}Health notes</span> : null}
        {booking.balanceDue > 0 && booking.serviceStatus !== 'cancelled' ? (
          <span className="admin-calendar__flag">
            {comma}
            {booking.payment === 'unpaid' ? 'Unpaid' : `${formatNaira(booking.balanceDue)} due`}
          </span>
        ) : null}
      </span>
    </button>
  );
}

function BookingDialog({
  booking,
  submit,
  onClose,
}: {
  booking: Booking;
  /** Absent for a role that does not change bookings. */
  submit?: SubmitChange;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = () => dialogRef.current?.close();
  return (
    <dialog ref={dialogRef} className="dialog admin-calendar__dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__header">
        <h2 id={titleId}>{booking.name}</h2>
        <button type="button" className="dialog__close" onClick={close}>
          <CloseIcon size={22} />
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      <div className="admin-row__badges">
        <StatusBadge status={booking.serviceStatus} />
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
        <Detail label="Phone">
          <a href={`tel:${booking.phone}`}>{booking.phone}</a>
        </Detail>
        <Detail label="Email">{booking.email ? <a href={`mailto:${booking.email}`}>{booking.email}</a> : '-'}</Detail>
        <HealthAnswerDetails booking={booking} brief />
        <BookingMoneyDetails booking={booking} />
        <Detail label="History" wide>
          <BookingHistory booking={booking} />
        </Detail>
      </dl>
      {booking.serviceStatus === 'booked' && submit ? (
        <div className="admin-booking-changes">
          {booking.balanceDue > 0 ? <MarkPaidForm booking={booking} submit={submit} /> : null}
          <MoveBookingForm booking={booking} submit={submit} />
          <CancelBookingForm booking={booking} submit={submit} />
        </div>
      ) : null}
    </dialog>
  );
}
