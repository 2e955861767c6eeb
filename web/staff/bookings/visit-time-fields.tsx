/**
 * New booking's date and time: the times as the public booking page shows them (a time that has
 * passed or has no free therapist cannot be chosen; each says how many places are left), or, for
 * a walk-in served before it was entered, today's times that have passed.
 */
import { useEffect, useState } from 'react';
import { formatTime, lagosClock, lagosDate } from '../../../worker/shared/time';
import { CheckboxField, FieldFrame, TextField } from '../../components/ui/field';
import { api, request } from '../../lib/api-client';

type Slot = { time: string; left: number };

/** The free places at each start of `date` for the chosen treatments (ids) and therapist; none until chosen. */
function useFreePlaces(date: string, treatments: string[], therapistId: string, skip: boolean) {
  const [slots, setSlots] = useState<Slot[]>();
  const list = treatments.join(',');
  useEffect(() => {
    setSlots(undefined);
    if (skip || !date || !list) return;
    let current = true;
    const query = { date, treatments: list, ...(therapistId !== 'any' ? { therapist: therapistId } : {}) };
    request(api.availability.$get({ query }))
      .then((answer) => {
        if (current) setSlots(answer.slots);
      })
      // Unanswered: the studio's times are listed, and the server still checks the one chosen.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [date, list, therapistId, skip]);
  return slots;
}

/** Each time the select offers, and whether it can be chosen. */
function timeOptions(times: string[], slots: Slot[] | undefined, date: string, served: boolean) {
  const today = lagosDate(new Date());
  const clock = lagosClock(new Date());
  const passed = (time: string) => date < today || (date === today && time <= clock);
  if (served) return times.filter(passed).map((time) => ({ time, label: formatTime(time), open: true }));
  return times.map((time) => {
    const slot = slots?.find((each) => each.time === time);
    if (passed(time)) return { time, label: `${formatTime(time)} · passed`, open: false };
    if (slots && (slot?.left ?? 0) === 0) return { time, label: `${formatTime(time)} · full`, open: false };
    return { time, label: slot ? `${formatTime(time)} · ${slot.left} left` : formatTime(time), open: true };
  });
}

export function VisitTimeFields({
  id,
  preset,
  times,
  treatments,
  therapistId,
  desk,
}: {
  id: string;
  preset?: { date?: string; time?: string };
  times?: string[];
  /** The chosen treatments' catalogue ids. */
  treatments: string[];
  therapistId: string;
  /** The desk may record a visit already served today; a therapist books ahead only. */
  desk: boolean;
}) {
  const today = lagosDate(new Date());
  const [served, setServed] = useState(false);
  const [date, setDate] = useState(preset?.date ?? today);
  const [time, setTime] = useState(preset?.time ?? '');
  const slots = useFreePlaces(date, treatments, therapistId, served);
  const options = timeOptions(times ?? (preset?.time ? [preset.time] : []), slots, served ? today : date, served);
  const chosen = options.find((option) => option.time === time && option.open);
  return (
    <>
      {desk ? (
        <CheckboxField
          label="Already served today (a walk-in entered afterwards): recorded as completed"
          name="served"
          checked={served}
          onChange={(event) => {
            setServed(event.target.checked);
            setTime('');
          }}
        />
      ) : null}
      <div className="admin-new-booking__pair">
        <TextField
          label="Date"
          name="date"
          type="date"
          required
          min={today}
          max={served ? today : undefined}
          value={served ? today : date}
          readOnly={served}
          onChange={(event) => {
            setDate(event.target.value);
            setTime('');
          }}
        />
        <FieldFrame id={id} label="Time">
          <select
            id={id}
            className="field__control field__control--select"
            name="time"
            required
            value={chosen ? time : ''}
            onChange={(event) => setTime(event.target.value)}
          >
            <option value="" disabled>
              {options.some((option) => option.open) ? 'Choose a time' : 'No time left on this day'}
            </option>
            {options.map((option) => (
              <option key={option.time} value={option.time} disabled={!option.open}>
                {option.label}
              </option>
            ))}
          </select>
        </FieldFrame>
      </div>
    </>
  );
}
