/**
 * One column of the Calendar: its bookings and holds as blocks as tall as their visits, the free
 * times that open New booking, shaded when the therapist is off or the studio closed.
 */

import type { CSSProperties } from 'react';
import { minuteOfDay, startTimes, timeRange, weekdayOf } from '../../../worker/shared/bookings/schedule';
import { formatNaira } from '../../../worker/shared/money';
import { formatDate, lagosToUtc } from '../../../worker/shared/time';
import { type Booking, type CalendarData, type Column, PX_PER_MINUTE, placedOn, type Therapist } from './calendar-data';
import { hasHealthNotes } from './health-answers';
import type { NewBookingPreset } from './new-booking-form';
import { visitStatusWords } from './visit-status';

/** The start times still to come in the therapist's working hours that no booking or hold takes. */
function freeTimes(
  stepMinutes: CalendarData['startStepMinutes'],
  date: string,
  ranges: Therapist['hours'][keyof Therapist['hours']],
  placed: ReturnType<typeof placedOn>,
): string[] {
  const now = Date.now();
  return ranges.flatMap((range) =>
    startTimes(stepMinutes).filter((time) => {
      const start = minuteOfDay(time);
      const inRange = start >= minuteOfDay(range.start) && start < minuteOfDay(range.end);
      const taken = placed.some((item) => item.start <= start && start < item.end);
      return inRange && !taken && lagosToUtc(date, time).getTime() > now;
    }),
  );
}

export function DayColumn({
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
  const free = freeTimes(data.startStepMinutes, date, ranges, placed);
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
          <HoldBlock
            key={item.key}
            hold={item.hold}
            style={{ top: top(item.start), height: heightOf(item.start, item.end) }}
          />
        ) : null,
      )}
    </div>
  );
}

/** A time held for a client who has yet to pay, or offered from the waitlist. */
function HoldBlock({ hold, style }: { hold: CalendarData['holds'][number]; style: CSSProperties }) {
  return (
    <div className="admin-calendar__block admin-calendar__block--hold" style={style}>
      <strong>{hold.waitlistOffer ? 'Offered from the waitlist' : 'Awaiting payment'}</strong>
      <span>
        {hold.name} · {timeRange(hold.time, hold.durationMinutes)}
      </span>
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
      {/* The name and the time first: a short visit clips its treatments, never them. */}
      <strong className="admin-calendar__line">{booking.name}</strong>
      {comma}
      <span className="admin-calendar__when">
        {timeRange(booking.time, booking.durationMinutes).replace(/ (AM|PM)/g, '\u00a0$1')}
      </span>
      {comma}
      <span className="admin-calendar__treatments">{booking.subservices.join(', ')}</span>
      {booking.serviceStatus === 'booked' ? <span className="visually-hidden">, booked</span> : null}
      <span className="admin-calendar__flags">
        {booking.serviceStatus !== 'booked' ? (
          <span className="admin-calendar__flag admin-calendar__flag--status">
            {comma}
            {visitStatusWords[booking.serviceStatus]}
          </span>
        ) : null}
        {health ? <span className="admin-calendar__flag admin-calendar__flag--health">{comma}Health notes</span> : null}
        {booking.form === 'missing' ? <span className="admin-calendar__flag">{comma}Form missing</span> : null}
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
