/**
 * The Waitlist screen (reception, managers, owners): who waits for a day and for what, first in
 * line first, the places offered now with the time left, "Offer this place" by hand, removing an
 * entry; and this month's places filled from the waitlist with what they were booked for.
 */

import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dayPartLabels } from '../../../worker/shared/bookings/time-waitlist';
import { formatNaira } from '../../../worker/shared/money';
import { formatDate, formatShortDate, formatTime, lagosClock, lagosDate } from '../../../worker/shared/time';
import { FieldFrame, ItemOptions } from '../../components/ui/field';
import { minutesUntil, useClock } from '../../lib/use-clock';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { AdminPageHeader, Notice } from '../kits/admin-ui';
import { useBookable } from '../kits/use-bookable';

const listApi = api['time-waitlist'];
const loadDay = (date: string) => adminRequest(listApi.$get({ query: { date } }));
const loadAll = () => adminRequest(listApi.$get({ query: {} }));
type Day = Awaited<ReturnType<typeof loadDay>>;
type Entry = Day['entries'][number];
type NoticeState = { tone: 'success' | 'error'; text: string };

/** The days someone waits for, with how many, from the whole list. */
function waitedDays(all: Day | undefined): Array<[string, number]> {
  const counts = new Map<string, number>();
  const today = lagosDate(new Date());
  for (const entry of all?.entries ?? []) {
    for (const date of entry.dates) if (date >= today) counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export default function StaffTimeWaitlistPage() {
  // The Calendar's "3 waiting" opens the screen on its day.
  const [params] = useSearchParams();
  const [date, setDate] = useState(() => params.get('date') ?? lagosDate(new Date()));
  const [notice, setNotice] = useState<NoticeState>();
  const now = useClock();
  const dateId = useId();
  const { day, all, failed, reload } = useWaitlist(date);

  const done = (text: string) => {
    setNotice({ tone: 'success', text });
    void reload();
  };
  const failedWith = (error: unknown, fallback: string) =>
    setNotice({ tone: 'error', text: messageOf(error, fallback) });

  return (
    <section className="admin-page admin-waitlist">
      <AdminPageHeader title="Waitlist" />
      <WaitlistFigures day={day} />
      <div className="admin-waitlist__controls">
        <FieldFrame id={dateId} label="Day">
          <input
            id={dateId}
            type="date"
            className="field__control"
            value={date}
            onChange={(event) => event.target.value && setDate(event.target.value)}
          />
        </FieldFrame>
        {waitedDays(all).length > 0 ? <WaitedDaysNav all={all} date={date} onPick={setDate} /> : null}
      </div>
      <Notice notice={notice} />
      <h2 className="admin-waitlist__day">{formatDate(date)}</h2>
      {failed ? (
        <p className="admin-alert admin-alert--error">
          The waitlist could not be loaded.{' '}
          <button type="button" className="button button--small button--secondary" onClick={() => void reload()}>
            Try again
          </button>
        </p>
      ) : !day ? (
        <p>Loading...</p>
      ) : day.entries.length === 0 ? (
        <p>Nobody is waiting for this day.</p>
      ) : (
        <ol className="admin-waitlist__entries">
          {day.entries.map((entry) => (
            <EntryCard key={entry._id} entry={entry} date={date} now={now} onDone={done} onFailed={failedWith} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The day's entries and the whole list (for the days people wait for), fetched again as the day changes. */
function useWaitlist(date: string) {
  const [day, setDay] = useState<Day>();
  const [all, setAll] = useState<Day>();
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    setFailed(false);
    try {
      const [shown, every] = await Promise.all([loadDay(date), loadAll()]);
      setDay(shown);
      setAll(every);
    } catch {
      setFailed(true);
    }
  }, [date]);

  useEffect(() => {
    setDay(undefined);
    void reload();
  }, [reload]);

  return { day, all, failed, reload };
}

/** This month's places filled from the waitlist, and what they were booked for. */
function WaitlistFigures({ day }: { day: Day | undefined }) {
  return (
    <dl className="admin-stats__list" aria-label="Waitlist figures">
      <div className="admin-stats__item">
        <dt>Places filled from the waitlist this month</dt>
        <dd>{day ? day.month.filled : '…'}</dd>
      </div>
      <div className="admin-stats__item">
        <dt>Booked for</dt>
        <dd>{day ? formatNaira(day.month.revenue) : '…'}</dd>
      </div>
    </dl>
  );
}

/** A button for each day someone waits for, with how many; the shown day pressed. */
function WaitedDaysNav({ all, date, onPick }: { all: Day | undefined; date: string; onPick: (date: string) => void }) {
  return (
    <nav className="admin-waitlist__days" aria-label="Days people wait for">
      <ul>
        {waitedDays(all).map(([waited, count]) => (
          <li key={waited}>
            <button
              type="button"
              className={`button button--small ${waited === date ? 'button--primary' : 'button--secondary'}`}
              aria-pressed={waited === date}
              onClick={() => onPick(waited)}
            >
              {formatShortDate(`${waited}T12:00:00Z`)}: {count} waiting
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One person waiting: who, what for and when, their offer, and Offer this place or Remove. */
function EntryCard({
  entry,
  date,
  now,
  onDone,
  onFailed,
}: {
  entry: Entry;
  date: string;
  now: number;
  onDone: (text: string) => void;
  onFailed: (error: unknown, fallback: string) => void;
}) {
  const [offering, setOffering] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!window.confirm(`Remove ${entry.name} from the waitlist?`)) return;
    setBusy(true);
    try {
      await adminRequest(listApi[':id'].$delete({ param: { id: entry._id } }));
      onDone(`${entry.name} is off the waitlist.`);
    } catch (error) {
      onFailed(error, 'The entry could not be removed');
    } finally {
      setBusy(false);
    }
  }

  const offer = entry.offer;
  return (
    <li className="admin-waitlist__entry card">
      <EntryHead entry={entry} />
      <EntryDetails entry={entry} now={now} />
      {offering ? (
        <OfferForm
          entry={entry}
          date={date}
          onDone={(text) => {
            setOffering(false);
            onDone(text);
          }}
          onFailed={onFailed}
          onCancel={() => setOffering(false)}
        />
      ) : (
        <div className="admin-row__actions">
          {offer || !entry.confirmed ? null : (
            <button type="button" className="button button--small button--primary" onClick={() => setOffering(true)}>
              Offer this place
            </button>
          )}
          <button type="button" className="button button--small button--danger" disabled={busy} onClick={remove}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

/** Where the entry stands in line, who it is and how to reach them (or that they have not confirmed yet). */
function EntryHead({ entry }: { entry: Entry }) {
  return (
    <div className="admin-waitlist__entry-head">
      <span className="admin-waitlist__position">
        <span className="visually-hidden">Number </span>
        {entry.position}
        <span className="visually-hidden"> in line</span>
      </span>
      <div>
        <h3>{entry.name}</h3>
        <p className="admin-table__note">
          {[entry.email, entry.phone, entry.confirmed ? '' : 'Not confirmed yet'].filter(Boolean).join(' · ')}
        </p>
      </div>
    </div>
  );
}

/** What the entry wants and when, when it joined, and the place offered to it now with the time left. */
function EntryDetails({ entry, now }: { entry: Entry; now: number }) {
  const offer = entry.offer;
  return (
    <dl className="admin-details">
      <div className="admin-details__item">
        <dt>Wants</dt>
        <dd>
          {entry.treatments.map((treatment) => treatment.name).join(', ')} with{' '}
          {entry.therapist?.name ?? 'any therapist'}
        </dd>
      </div>
      <div className="admin-details__item">
        <dt>When</dt>
        <dd>
          {dayPartLabels[entry.window]}; {entry.dates.map((each) => formatShortDate(`${each}T12:00:00Z`)).join(', ')}
        </dd>
      </div>
      <div className="admin-details__item">
        <dt>Joined</dt>
        <dd>{formatShortDate(entry.createdAt)}</dd>
      </div>
      <div className="admin-details__item">
        <dt>Offer</dt>
        <dd>
          {offer
            ? `${formatShortDate(`${offer.date}T12:00:00Z`)} at ${formatTime(offer.time)} with ${offer.therapist.name}: ${
                offer.status === 'paying' ? 'paying now' : `${minutesUntil(offer.expiresAt, now)} min left`
              }`
            : 'None'}
        </dd>
      </div>
    </dl>
  );
}

/** The active therapists who give all the entry wants (only the one asked for, if any). */
function giversFor(entry: Entry, therapists: NonNullable<ReturnType<typeof useBookable>>['therapists']) {
  return therapists.filter(
    (therapist) =>
      therapist.active &&
      entry.treatments.every((treatment) => therapist.treatments.includes(treatment._id)) &&
      (!entry.therapist || entry.therapist._id === therapist._id),
  );
}

/** "Offer this place": a start on the day (and a therapist, or any free one) held for the entry. */
function OfferForm({
  entry,
  date,
  onDone,
  onFailed,
  onCancel,
}: {
  entry: Entry;
  date: string;
  onDone: (text: string) => void;
  onFailed: (error: unknown, fallback: string) => void;
  onCancel: () => void;
}) {
  const bookable = useBookable();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const givers = giversFor(entry, bookable?.therapists ?? []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const time = String(data.get('time'));
    const therapistId = String(data.get('therapistId') ?? 'any');
    setBusy(true);
    try {
      const made = await adminRequest(
        listApi[':id'].offer.$post({
          param: { id: entry._id },
          json: { date, time, ...(therapistId === 'any' ? {} : { therapistId }) },
        }),
      );
      onDone(
        `${formatTime(made.time)} is offered to ${entry.name}, held until ${formatTime(lagosClock(new Date(made.expiresAt)))}.`,
      );
    } catch (error) {
      onFailed(error, 'The place could not be offered');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-waitlist__offer" onSubmit={submit}>
      <FieldFrame id={`${id}-time`} label="Time">
        <select id={`${id}-time`} name="time" className="field__control field__control--select" required>
          {(bookable?.times ?? []).map((time) => (
            <option key={time} value={time}>
              {formatTime(time)}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame id={`${id}-therapist`} label="Therapist">
        <select id={`${id}-therapist`} name="therapistId" className="field__control field__control--select">
          <option value="any">Any free therapist</option>
          <ItemOptions items={givers} />
        </select>
      </FieldFrame>
      <div className="admin-row__actions">
        <button type="submit" className="button button--small button--primary" disabled={busy || !bookable}>
          {busy ? 'Offering…' : 'Offer it'}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
