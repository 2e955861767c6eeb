/**
 * The month beside the date field: each day a button, the days on which no start is free for the
 * whole visit (its treatments, with the chosen therapist or any) crossed out and unavailable, so a
 * visitor sees at once where to look. Typing a date in the field still works; this only helps.
 */
import { useEffect, useState } from 'react';
import { addDays } from '../../../worker/shared/time';

const monthNames = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayNames = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const monthOf = (date: string) => date.slice(0, 7);
const shiftMonth = (month: string, by: number) => {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const next = new Date(Date.UTC(year, index - 1 + by, 1));
  return next.toISOString().slice(0, 7);
};

type MonthDay = { date: string; open: boolean };

/** The month's days as the availability API answers them, or `failed` when it could not. */
function useMonthDays(month: string, treatmentList: string, therapist: string) {
  const [days, setDays] = useState<MonthDay[]>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setDays(undefined);
    setFailed(false);
    const query = new URLSearchParams({ month });
    if (treatmentList) query.set('treatments', treatmentList);
    if (therapist !== 'any') query.set('therapist', therapist);
    // Plain fetch: the typed client stays off the booking page until the visitor picks a date.
    fetch(`/api/availability/month?${query}`, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`availability/month answered ${response.status}`);
        return (await response.json()) as { days: MonthDay[] };
      })
      .then((result) => current && setDays(result.days))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [month, treatmentList, therapist]);

  return { days, failed };
}

/** The month's title between the previous and next month buttons. */
function MonthHead({ today, month, setMonth }: { today: string; month: string; setMonth: (month: string) => void }) {
  const title = monthNames.format(new Date(`${month}-01T00:00:00Z`));
  return (
    <div className="free-days__head">
      <button
        type="button"
        className="free-days__step"
        aria-label="Previous month"
        disabled={month <= monthOf(today)}
        onClick={() => setMonth(shiftMonth(month, -1))}
      >
        ‹
      </button>
      <h3 id="free-days-title" className="free-days__title">
        {title}
      </h3>
      <button
        type="button"
        className="free-days__step"
        aria-label="Next month"
        disabled={month >= monthOf(addDays(today, 180))}
        onClick={() => setMonth(shiftMonth(month, 1))}
      >
        ›
      </button>
    </div>
  );
}

/** One day of the month: a button, crossed out when no time is left. */
function DayButton({
  day,
  today,
  value,
  onChoose,
}: {
  day: MonthDay;
  today: string;
  value: string;
  onChoose: (date: string) => void;
}) {
  const past = day.date < today;
  const full = !day.open && !past;
  const label = `${dayNames.format(new Date(`${day.date}T00:00:00Z`))}${full ? ', no time left' : ''}`;
  return (
    <button
      type="button"
      className={`free-days__day${full ? ' free-days__day--full' : ''}${day.date === value ? ' free-days__day--chosen' : ''}`}
      disabled={!day.open}
      aria-pressed={day.date === value}
      aria-label={label}
      onClick={() => onChoose(day.date)}
    >
      {Number(day.date.slice(8))}
    </button>
  );
}

export function FreeDays({
  today,
  value,
  treatments,
  therapist,
  onChoose,
}: {
  today: string;
  value: string;
  treatments: readonly string[];
  therapist: string;
  onChoose: (date: string) => void;
}) {
  const [month, setMonth] = useState(() => monthOf(value && value >= today ? value : today));

  // A date typed into the field brings its month.
  useEffect(() => {
    if (value && value >= today) setMonth(monthOf(value));
  }, [value, today]);

  const { days, failed } = useMonthDays(month, treatments.join(','), therapist);

  // Monday-first weeks: blank cells before the 1st.
  const lead = (new Date(`${month}-01T00:00:00Z`).getUTCDay() + 6) % 7;
  const fullCount = days?.filter((day) => !day.open && day.date >= today).length ?? 0;

  return (
    <section className="free-days" aria-labelledby="free-days-title">
      <MonthHead today={today} month={month} setMonth={setMonth} />
      <p className="field__hint" aria-live="polite">
        {failed
          ? 'We could not load the free days. You can still choose a date above.'
          : !days
            ? 'Loading the free days…'
            : fullCount > 0
              ? 'Days crossed out have no time left for this visit.'
              : 'Every day shown has a time free for this visit.'}
      </p>
      <div className="free-days__grid">
        {weekdays.map((name) => (
          <span key={name} className="free-days__weekday" aria-hidden="true">
            {name}
          </span>
        ))}
        {lead > 0 ? (
          <span className="free-days__lead" style={{ gridColumn: `span ${lead}` }} aria-hidden="true" />
        ) : null}
        {(days ?? []).map((day) => (
          <DayButton key={day.date} day={day} today={today} value={value} onChoose={onChoose} />
        ))}
      </div>
    </section>
  );
}
