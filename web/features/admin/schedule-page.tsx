import { useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { formatDate, formatTime, lagosDate } from '../../../worker/shared/time';
import { FormError, TextField } from '../../components/ui/field';
import { adminRequest, api, messageOf } from './admin-api';
import { adminDataChangedAtom } from './admin-session';
import { AdminPageHeader, ListFrame, Notice } from './admin-ui';
import { MoveBookingForm, type SubmitChange } from './booking-changes';
import { useAdminList } from './use-admin-list';

const loadClosures = async () => {
  const rows = await adminRequest(api.closures['with-bookings'].$get());
  return { rows, total: rows.length };
};

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const scheduleMessages = {
  fetch: 'Error fetching closed days',
  close: 'Error closing the day',
  reopen: 'Error reopening the day',
  move: 'Error moving the booking',
  capacityFetch: 'Error fetching places per slot',
  capacitySave: 'Error saving places per slot',
  capacitySaved: 'Places per slot saved. Bookings already made are kept.',
} as const;

/**
 * Schedule: the days the studio is closed (with the bookings still on them, to move), and the
 * places each hourly slot takes on each day of the week.
 */
export default function SchedulePage() {
  const { state, retry } = useAdminList(loadClosures, 'closures');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [closing, setClosing] = useState(false);
  const [formError, setFormError] = useState<string>();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  async function closeDay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setClosing(true);
    setFormError(undefined);
    setNotice(undefined);
    try {
      const closed = await adminRequest(
        api.closures.$post({ json: { date: String(data.get('date')), reason: String(data.get('reason')) } }),
      );
      form.reset();
      const booked = closed.bookedCount;
      setNotice({
        tone: 'success',
        text: `${formatDate(closed.date)} is closed.${booked > 0 ? ` ${booked} ${booked === 1 ? 'booking is' : 'bookings are'} still on that day: see below.` : ''}`,
      });
      dataChanged();
    } catch (error) {
      setFormError(messageOf(error, scheduleMessages.close));
    } finally {
      setClosing(false);
    }
  }

  const moveBooking: SubmitChange = async (change, success) => {
    setNotice(undefined);
    try {
      await change();
      setNotice({ tone: 'success', text: success });
      dataChanged();
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, scheduleMessages.move) });
    }
  };

  async function reopen(date: string) {
    setNotice(undefined);
    try {
      await adminRequest(api.closures[':date'].$delete({ param: { date } }));
      setNotice({ tone: 'success', text: `${formatDate(date)} is open for bookings again.` });
      dataChanged();
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, scheduleMessages.reopen) });
    }
  }

  return (
    <>
      <AdminPageHeader title="Schedule" />
      <Notice notice={notice} />
      <section className="admin-panel admin-compose" aria-labelledby="close-day-title">
        <h2 id="close-day-title" className="admin-panel__title">
          Close a day
        </h2>
        <form className="admin-schedule__form" onSubmit={closeDay} aria-labelledby="close-day-title">
          <TextField label="Date" name="date" type="date" min={lagosDate(new Date())} required />
          <TextField
            label="Reason"
            name="reason"
            required
            maxLength={120}
            hint="Shown to visitors on the booking page, e.g. Public holiday"
          />
          <FormError message={formError} />
          <div className="admin-compose__buttons">
            <button type="submit" className="button button--primary" disabled={closing}>
              {closing ? 'Closing…' : 'Close day'}
            </button>
          </div>
        </form>
      </section>

      <section className="admin-panel" aria-labelledby="closed-days-title">
        <h2 id="closed-days-title" className="admin-panel__title">
          Closed days
        </h2>
        <ListFrame
          state={state}
          errorMessage={scheduleMessages.fetch}
          emptyMessage="No closed days ahead."
          onRetry={retry}
        >
          {(rows) => (
            <ul className="admin-list admin-closures">
              {rows.map((closure) => (
                <li key={closure.date} className="admin-closure">
                  <div className="admin-closure__head">
                    <p className="admin-closure__date">
                      <strong>{formatDate(closure.date)}</strong> · {closure.reason}
                    </p>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Reopen ${formatDate(closure.date)}`}
                      onClick={() => reopen(closure.date)}
                    >
                      Reopen
                    </button>
                  </div>
                  {closure.bookings.length > 0 ? (
                    <div className="admin-closure__bookings">
                      <p className="admin-alert admin-alert--error">
                        {closure.bookings.length} {closure.bookings.length === 1 ? 'booking' : 'bookings'} still on this
                        day: move them to another day or call the client.
                      </p>
                      <ul>
                        {closure.bookings.map((booking) => (
                          <li key={booking._id}>
                            <p>
                              {formatTime(booking.time)} · {booking.name} ·{' '}
                              <a href={`tel:${booking.phone}`}>{booking.phone}</a>
                            </p>
                            <MoveBookingForm booking={{ ...booking, date: closure.date }} submit={moveBooking} />
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </ListFrame>
      </section>

      <CapacityPanel onSaved={(text) => setNotice({ tone: 'success', text })} />
    </>
  );
}

/** Places per hourly slot for each day of the week; the default is SLOT_CAPACITY. */
function CapacityPanel({ onSaved }: { onSaved: (text: string) => void }) {
  const [capacity, setCapacity] = useState<{ default: number; byWeekday: Record<string, number> }>();
  const [loadError, setLoadError] = useState<string>();
  const [saveError, setSaveError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    adminRequest(api.capacity.$get()).then(setCapacity, () => setLoadError(scheduleMessages.capacityFetch));
  }, []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const day = (index: number) => Number(data.get(`day-${index}`));
    const byWeekday = { 0: day(0), 1: day(1), 2: day(2), 3: day(3), 4: day(4), 5: day(5), 6: day(6) };
    setSaving(true);
    setSaveError(undefined);
    try {
      // The API checks every number (0 to 20) and names the rule when one is off.
      setCapacity(await adminRequest(api.capacity.$put({ json: { byWeekday } })));
      onSaved(scheduleMessages.capacitySaved);
    } catch (error) {
      setSaveError(messageOf(error, scheduleMessages.capacitySave));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="admin-panel admin-compose admin-capacity" aria-labelledby="capacity-title">
      <h2 id="capacity-title" className="admin-panel__title">
        Places per slot
      </h2>
      {loadError ? <p className="admin-alert admin-alert--error">{loadError}</p> : null}
      {capacity ? (
        <form onSubmit={save} aria-labelledby="capacity-title">
          <p className="admin-total">
            How many clients each hourly slot takes on each day (the default is {capacity.default}). Lowering a day
            keeps the bookings already made.
          </p>
          <div className="admin-schedule__days">
            {weekdayNames.map((name, day) => (
              <TextField
                key={name}
                label={name}
                name={`day-${day}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={20}
                step={1}
                required
                defaultValue={capacity.byWeekday[String(day)]}
              />
            ))}
          </div>
          <FormError message={saveError} />
          <div className="admin-compose__buttons">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save places'}
            </button>
          </div>
        </form>
      ) : loadError ? null : (
        <p className="admin-total">Loading places per slot…</p>
      )}
    </section>
  );
}
