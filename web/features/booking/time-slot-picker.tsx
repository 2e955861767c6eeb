import { lazy, Suspense, useEffect, useState } from 'react';
import { timeRange } from '../../../worker/shared/bookings/schedule';
import { formatAppointment, formatTime } from '../../../worker/shared/time';
import { api, request } from '../../lib/api-client';
import type { BookingDraft } from './booking-draft';
import { type FreeTime, hasFullTimesAhead, nextFreeTime } from './next-free-time';
import type { TimeWaitlistChoice } from './time-waitlist-form';

// Loaded when the visitor asks to join: never with the booking page.
const TimeWaitlistForm = lazy(() =>
  import('./time-waitlist-form').then((module) => ({ default: module.TimeWaitlistForm })),
);

type Slot = { time: string; left: number };

/** What the join form starts from: the booking form's choices and contact details. */
const timeWaitlistChoice = (
  draft: Pick<BookingDraft, 'subservices' | 'customerName' | 'customerEmail' | 'customerPhone'>,
  date: string,
  treatments: readonly string[],
  therapist: string,
): TimeWaitlistChoice => ({
  treatmentNames: draft.subservices,
  treatments: [...treatments],
  therapist,
  date,
  contact: { name: draft.customerName, email: draft.customerEmail, phone: draft.customerPhone },
});

/**
 * The start times of a date at which a therapist is free for the whole visit (its `treatments`,
 * catalogue ids, with `therapist` or any), with how many could take it; full and past times show
 * but cannot be chosen, nor any that `allowed` refuses (the manage page's 24-hour notice).
 * Once a time is chosen, it says when the visit ends. A day with no time left (full, closed or
 * over) says so and offers the next free time, one tap to take it (`onPickFree`). With `waitlist`
 * (the booking page), a day with full times still to come offers to join the waitlist for it.
 */
export function TimeSlotPicker({
  date,
  value,
  onChange,
  error,
  allowed,
  treatments = [],
  therapist = 'any',
  waitlist,
  onPickFree,
}: {
  date: string;
  value: string;
  onChange: (time: string) => void;
  error?: string;
  /** Whether a time may be chosen, on this day or (for the next free time) `day`. */
  allowed?: (time: string, day?: string) => boolean;
  treatments?: readonly string[];
  therapist?: string;
  /** The booking form's draft: its treatments' names and contact details fill the join form. */
  waitlist?: Pick<BookingDraft, 'subservices' | 'customerName' | 'customerEmail' | 'customerPhone'>;
  /** Takes the next free time: its date and time at once. */
  onPickFree?: (free: FreeTime) => void;
}) {
  const treatmentList = treatments.join(',');
  const { slots, closedReason, loadError, duration } = useFreeTimes(date, treatmentList, therapist);
  const [joining, setJoining] = useState(false);
  // Another day, treatment or therapist closes the join form (adjusted while rendering, as React
  // advises for state that follows props); clearing the date leaves it as it is.
  const choices = `${date}|${treatmentList}|${therapist}`;
  const [shownFor, setShownFor] = useState(choices);
  if (shownFor !== choices) {
    setShownFor(choices);
    if (date) setJoining(false);
  }
  const choosable = (time: string) => (allowed ? allowed(time) : true);
  const noTimeLeft = Boolean(slots?.every((slot) => slot.left === 0 || !choosable(slot.time)));
  const fullAhead = slots ? hasFullTimesAhead(date, slots, new Date()) : false;

  return (
    <fieldset
      className={`slot-picker${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? 'time-error' : undefined}
    >
      <legend className="field__label">Time</legend>
      {!date ? <p className="field__hint">Choose a date to see the free times.</p> : null}
      {date && slots ? (
        <p className="field__hint">
          The times at which {therapist === 'any' ? 'a therapist' : 'your therapist'} can give your whole visit.
        </p>
      ) : null}
      {date && !slots && !loadError ? <p className="field__hint">Loading free times…</p> : null}
      {loadError ? <p className="form-error">{loadError}</p> : null}
      {closedReason ? (
        <p className="slot-picker__closed" role="status">
          The studio is closed on this day ({closedReason}). Please choose another date.
        </p>
      ) : null}
      {slots ? <SlotGrid slots={slots} value={value} onChange={onChange} allowed={allowed} /> : null}
      {slots && noTimeLeft && onPickFree ? (
        <NextFreeTime
          key={choices}
          date={date}
          treatmentList={treatmentList}
          therapist={therapist}
          allowed={allowed}
          onPick={onPickFree}
        />
      ) : null}
      {waitlist && slots && !closedReason && treatments.length > 0 && fullAhead ? (
        <TimeWaitlistOffer
          slots={slots}
          joining={joining}
          choice={timeWaitlistChoice(waitlist, date, treatments, therapist)}
          onJoin={() => setJoining(true)}
        />
      ) : null}
      {error ? (
        <p className="field__error" id="time-error">
          {error}
        </p>
      ) : null}
      {value && duration && slots?.some((slot) => slot.time === value) ? (
        <p className="booking-form__visit" aria-live="polite">
          Your visit: <strong>{timeRange(value, duration)}</strong>
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A day with no time left: so said, and the next free time after it, one tap to take it. `allowed`
 * (the manage page's notice) is the day's own rule: a later day is far enough ahead.
 */
function NextFreeTime({
  date,
  treatmentList,
  therapist,
  allowed,
  onPick,
}: {
  date: string;
  treatmentList: string;
  therapist: string;
  allowed?: (time: string, day?: string) => boolean;
  onPick: (free: FreeTime) => void;
}) {
  const [next, setNext] = useState<FreeTime | null>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's rule (a new function each render) is asked once per day
  useEffect(() => {
    let current = true;
    const takes = (day: string, time: string) => (allowed ? allowed(time, day) : true);
    nextFreeTime(date, treatmentList, therapist, takes).then(
      (found) => current && setNext(found ?? null),
      () => current && setNext(null),
    );
    return () => {
      current = false;
    };
  }, [date, treatmentList, therapist]);
  return (
    <div className="slot-picker__next" role="status">
      <p>No time is left on this day for your visit.</p>
      {next === undefined ? <p className="field__hint">Looking for the next free time…</p> : null}
      {next ? (
        <button type="button" className="button button--primary button--small" onClick={() => onPick(next)}>
          Book the next free time: {formatAppointment(next.date, next.time)}
        </button>
      ) : null}
      {next === null ? <p className="field__hint">Please choose another date.</p> : null}
    </div>
  );
}

/** A day with full times: the offer to join its waitlist, then the join form. */
function TimeWaitlistOffer({
  slots,
  joining,
  choice,
  onJoin,
}: {
  slots: Slot[];
  joining: boolean;
  choice: TimeWaitlistChoice;
  onJoin: () => void;
}) {
  return (
    <div className="slot-picker__waitlist">
      {joining ? (
        <Suspense fallback={<p className="field__hint">Loading…</p>}>
          <TimeWaitlistForm choice={choice} />
        </Suspense>
      ) : (
        <p>
          {slots.every((slot) => slot.left === 0)
            ? 'No time is free on this day for your visit. '
            : 'The time you want is full? '}
          <button type="button" className="button button--secondary button--small" onClick={onJoin}>
            Join the waitlist
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * The free times of a date for the visit's treatments (catalogue ids, joined by commas: a new
 * array of the same treatments asks nothing again) with `therapist` or any.
 */
function useFreeTimes(date: string, treatmentList: string, therapist: string) {
  const [slots, setSlots] = useState<Slot[]>();
  const [closedReason, setClosedReason] = useState<string>();
  const [loadError, setLoadError] = useState<string>();
  // How long the visit holds its therapist, as the studio sets it.
  const [duration, setDuration] = useState<number>();

  useEffect(() => {
    if (!date) return;
    let current = true;
    setSlots(undefined);
    setClosedReason(undefined);
    setLoadError(undefined);
    const query = {
      date,
      ...(treatmentList ? { treatments: treatmentList } : {}),
      ...(therapist !== 'any' ? { therapist } : {}),
    };
    request(api.availability.$get({ query }))
      .then((result) => {
        if (!current) return;
        setSlots(result.slots);
        setClosedReason(result.closed ? result.reason : undefined);
        setDuration(result.durationMinutes);
      })
      .catch(() => {
        if (current) setLoadError('We could not load the free times. Please try again.');
      });
    return () => {
      current = false;
    };
  }, [date, treatmentList, therapist]);

  return { slots, closedReason, loadError, duration };
}

/** Each start time with how many could take it; full times and those `allowed` refuses cannot be chosen. */
function SlotGrid({
  slots,
  value,
  onChange,
  allowed,
}: {
  slots: Slot[];
  value: string;
  onChange: (time: string) => void;
  allowed?: (time: string) => boolean;
}) {
  return (
    <div className="slot-picker__grid">
      {slots.map((slot) => {
        const unavailable = slot.left === 0 || (allowed ? !allowed(slot.time) : false);
        return (
          <label key={slot.time} className={`slot${unavailable ? ' slot--unavailable' : ''}`}>
            <input
              type="radio"
              name="appointmentTime"
              value={slot.time}
              checked={value === slot.time}
              disabled={unavailable}
              onChange={() => onChange(slot.time)}
            />
            <span className="slot__time">{formatTime(slot.time)}</span>
            <span className="slot__left">{unavailable ? 'Unavailable' : `${slot.left} left`}</span>
          </label>
        );
      })}
    </div>
  );
}
