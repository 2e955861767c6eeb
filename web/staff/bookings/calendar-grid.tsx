/**
 * The Calendar's grid: the hours down the side and one column per therapist (a day) or per date
 * (one therapist's week).
 */

import type { CSSProperties } from 'react';
import { clockTime, formatVisit } from '../../../worker/shared/bookings/schedule';
import { formatDate, formatTime } from '../../../worker/shared/time';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { useCan } from '../kits/admin-ui';
import {
  type Booking,
  type CalendarData,
  type Column,
  offReason,
  PX_PER_MINUTE,
  placedOn,
  type Therapist,
  visibleHours,
} from './calendar-data';
import { DayColumn } from './day-column';
import type { NewBookingPreset } from './new-booking-form';

export function CalendarGrid({
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

  return (
    <>
      <ClosedNotes dates={dates} closures={data.closures} />
      <WaitingNotes dates={dates} waiting={data.waiting} />
      <UnplacedBookings data={data} dates={dates} onOpen={onOpen} />
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
          <HourAxis first={first} last={last} />
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

/** A line for each date the studio is closed, with why. */
function ClosedNotes({ dates, closures }: { dates: string[]; closures: CalendarData['closures'] }) {
  return (
    <>
      {dates.map((date) => {
        const closed = closures.find((closure) => closure.date === date);
        return closed ? (
          <p key={date} className="admin-alert admin-alert--error">
            The studio is closed on {formatDate(date)}: {closed.reason}.
          </p>
        ) : null;
      })}
    </>
  );
}

/** Bookings with no therapist at their time (over capacity), each a button to open and move it. */
function UnplacedBookings({
  data,
  dates,
  onOpen,
}: {
  data: CalendarData;
  dates: string[];
  onOpen: (booking: Booking) => void;
}) {
  const unplaced = data.bookings.filter(
    (booking) => dates.includes(booking.date) && (booking.needsAttention || !booking.therapist),
  );
  if (unplaced.length === 0) return null;
  return (
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
  );
}

/** The hours down the side of the grid. */
function HourAxis({ first, last }: { first: number; last: number }) {
  const hours = Array.from({ length: (last - first) / 60 }, (_, index) => first + index * 60);
  const height = (last - first) * PX_PER_MINUTE;
  return (
    <div className="admin-calendar__axis" style={{ height }} aria-hidden="true">
      {hours.map((minute) => (
        <span key={minute} style={{ top: (minute - first) * PX_PER_MINUTE }}>
          {formatTime(clockTime(minute)).replace(':00', '')}
        </span>
      ))}
    </div>
  );
}

/** "3 waiting" on a day: clients on the waitlist for it (the Waitlist screen opens on that day). */
function WaitingNotes({ dates, waiting }: { dates: string[]; waiting: Record<string, number> }) {
  const mayOpen = useCan('timeWaitlist');
  const days = dates.filter((date) => (waiting[date] ?? 0) > 0);
  if (days.length === 0) return null;
  return (
    <ul className="admin-calendar__waiting">
      {days.map((date) => {
        const words = `${waiting[date]} waiting`;
        return (
          <li key={date}>
            {mayOpen ? <Link to={`${paths.admin}/waitlist?date=${date}`}>{words}</Link> : <strong>{words}</strong>} on
            the waitlist for {formatDate(date)}
          </li>
        );
      })}
    </ul>
  );
}
