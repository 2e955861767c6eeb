import { useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { formatDate, formatTime, lagosDate } from '../../../worker/shared/time';
import { FormError, TextField } from '../../components/ui/field';
import { MoveBookingForm, type SubmitChange } from '../bookings/booking-changes';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { adminDataChangedAtom } from '../frame/admin-session';
import { AdminPageHeader, FormButtons, ListFrame, Notice, Panel } from '../kits/admin-ui';
import { ClientPhone } from '../kits/client-phone';
import { useAdminList } from '../kits/use-admin-list';

const loadClosures = async () => {
  const rows = await adminRequest(api.closures['with-bookings'].$get());
  return { rows, total: rows.length };
};

export const scheduleMessages = {
  fetch: 'Error fetching closed days',
  close: 'Error closing the day',
  reopen: 'Error reopening the day',
  move: 'Error moving the booking',
  settingsFetch: 'Error fetching the start times',
  settingsSave: 'Error saving the start times',
  settingsSaved: 'Start times and treatment lengths saved. Bookings already made keep their times.',
} as const;

type PageNotice = { tone: 'success' | 'error'; text: string };

/** The closed days ahead, each with its reason, Reopen, and the bookings still on it to move. */
function ClosedDays({ onNotice }: { onNotice: (notice: PageNotice | undefined) => void }) {
  const { state, retry } = useAdminList(loadClosures, 'closures');
  const dataChanged = useSetAtom(adminDataChangedAtom);

  /** Runs a change and says how it went; done, the screens reload. */
  async function report(change: () => Promise<unknown>, success: string, failure: string) {
    onNotice(undefined);
    try {
      await change();
      onNotice({ tone: 'success', text: success });
      dataChanged();
    } catch (error) {
      onNotice({ tone: 'error', text: messageOf(error, failure) });
    }
  }

  const moveBooking: SubmitChange = (change, success) => report(change, success, scheduleMessages.move);
  const reopen = (date: string) =>
    report(
      () => adminRequest(api.closures[':date'].$delete({ param: { date } })),
      `${formatDate(date)} is open for bookings again.`,
      scheduleMessages.reopen,
    );

  return (
    <Panel id="closed-days-title" title="Closed days">
      <ListFrame
        state={state}
        errorMessage={scheduleMessages.fetch}
        emptyMessage="No closed days ahead."
        onRetry={retry}
      >
        {(rows) => (
          <ul className="admin-list admin-closures">
            {rows.map((closure) => (
              <ClosureItem key={closure.date} closure={closure} onReopen={reopen} moveBooking={moveBooking} />
            ))}
          </ul>
        )}
      </ListFrame>
    </Panel>
  );
}

type Closure = Awaited<ReturnType<typeof loadClosures>>['rows'][number];

/** A closed day: its date and reason, Reopen, and the bookings still on it. */
function ClosureItem({
  closure,
  onReopen,
  moveBooking,
}: {
  closure: Closure;
  onReopen: (date: string) => void;
  moveBooking: SubmitChange;
}) {
  return (
    <li className="admin-closure">
      <div className="admin-closure__head">
        <p className="admin-closure__date">
          <strong>{formatDate(closure.date)}</strong> · {closure.reason}
        </p>
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Reopen ${formatDate(closure.date)}`}
          onClick={() => onReopen(closure.date)}
        >
          Reopen
        </button>
      </div>
      <ClosureBookings closure={closure} moveBooking={moveBooking} />
    </li>
  );
}

/** The bookings still on a closed day, each with its client's phone and a form to move it. */
function ClosureBookings({ closure, moveBooking }: { closure: Closure; moveBooking: SubmitChange }) {
  if (closure.bookings.length === 0) return null;
  return (
    <div className="admin-closure__bookings">
      <p className="admin-alert admin-alert--error">
        {closure.bookings.length} {closure.bookings.length === 1 ? 'booking' : 'bookings'} still on this day: move them
        to another day or call the client.
      </p>
      <ul>
        {closure.bookings.map((booking) => (
          <li key={booking._id}>
            <p>
              {formatTime(booking.time)} · {booking.name} · <ClientPhone phone={booking.phone} name={booking.name} />
            </p>
            <MoveBookingForm booking={{ ...booking, date: closure.date }} submit={moveBooking} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Close a day: its date and the reason visitors are shown; the bookings still on it are said. */
function CloseDayPanel({ onNotice }: { onNotice: (notice: PageNotice | undefined) => void }) {
  const [closing, setClosing] = useState(false);
  const [formError, setFormError] = useState<string>();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  async function closeDay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setClosing(true);
    setFormError(undefined);
    onNotice(undefined);
    try {
      const closed = await adminRequest(
        api.closures.$post({ json: { date: String(data.get('date')), reason: String(data.get('reason')) } }),
      );
      form.reset();
      const booked = closed.bookedCount;
      onNotice({
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

  return (
    <Panel id="close-day-title" className="admin-compose" title="Close a day">
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
        <FormButtons disabled={closing}>{closing ? 'Closing…' : 'Close day'}</FormButtons>
      </form>
    </Panel>
  );
}

/**
 * Schedule: the days the studio is closed (with the bookings still on them, to move), the start
 * times and the treatments' lengths.
 */
export default function SchedulePage() {
  const [notice, setNotice] = useState<PageNotice>();
  return (
    <>
      <AdminPageHeader title="Schedule" />
      <Notice notice={notice} />
      <CloseDayPanel onNotice={setNotice} />

      <ClosedDays onNotice={setNotice} />

      <StartTimesPanel onSaved={(text) => setNotice({ tone: 'success', text })} />
      {numberSettings.map((each) => (
        <NumberSettingPanel key={each.setting} {...each} onSaved={(text) => setNotice({ tone: 'success', text })} />
      ))}
    </>
  );
}

type ScheduleSettings = Awaited<ReturnType<typeof loadSettings>>;
const loadSettings = () => adminRequest(api['schedule-settings'].$get());

/**
 * Start times (every hour, as the booking page has always offered, or every half hour) and each
 * treatment's length and the buffer after it, which decide how long a visit holds its therapist.
 */
function StartTimesPanel({ onSaved }: { onSaved: (text: string) => void }) {
  const [settings, setSettings] = useState<ScheduleSettings>();
  const [loadError, setLoadError] = useState<string>();
  const [saveError, setSaveError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    loadSettings().then(setSettings, () => setLoadError(scheduleMessages.settingsFetch));
  }, []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!settings) return;
    const data = new FormData(event.currentTarget);
    const step = Number(data.get('step')) === 30 ? 30 : 60;
    const treatments = settings.treatments.map((treatment) => ({
      _id: treatment._id,
      ...(treatment.durationMinutes === null ? {} : { durationMinutes: Number(data.get(`duration-${treatment._id}`)) }),
      bufferMinutes: Number(data.get(`buffer-${treatment._id}`)),
    }));
    setSaving(true);
    setSaveError(undefined);
    try {
      // The API checks every number (steps of 15 minutes) and names the rule when one is off.
      setSettings(await adminRequest(api['schedule-settings'].$put({ json: { startStepMinutes: step, treatments } })));
      onSaved(scheduleMessages.settingsSaved);
    } catch (error) {
      setSaveError(messageOf(error, scheduleMessages.settingsSave));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel id="times-title" className="admin-compose admin-capacity" title="Start times and treatment lengths">
      {loadError ? <p className="admin-alert admin-alert--error">{loadError}</p> : null}
      {settings ? (
        <form onSubmit={save} aria-labelledby="times-title">
          <StartStepField step={settings.startStepMinutes} />
          <p className="admin-total">
            A visit holds its therapist and room for its treatments back to back, each with the buffer after it. New
            lengths apply to bookings made from now on.
          </p>
          <TreatmentTimings treatments={settings.treatments} />
          <FormError message={saveError} />
          <FormButtons disabled={saving}>{saving ? 'Saving…' : 'Save start times and lengths'}</FormButtons>
        </form>
      ) : loadError ? null : (
        <p className="admin-total">Loading the start times…</p>
      )}
    </Panel>
  );
}

/** Every hour or every half hour: the times the booking page offers. */
function StartStepField({ step }: { step: ScheduleSettings['startStepMinutes'] }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="start-step">
        Start times
      </label>
      <select
        id="start-step"
        className="field__control field__control--select"
        name="step"
        defaultValue={String(step)}
        aria-describedby="start-step-hint"
      >
        <option value="60">Every hour</option>
        <option value="30">Every 30 minutes</option>
      </select>
      <p className="field__hint" id="start-step-hint">
        The times the booking page offers, from 9:00 AM to 5:00 PM.
      </p>
    </div>
  );
}

/** Each treatment's length (none for an overnight one) and the buffer after it, in minutes. */
function TreatmentTimings({ treatments }: { treatments: ScheduleSettings['treatments'] }) {
  return (
    <div className="admin-timings">
      {treatments.map((treatment) => (
        <fieldset key={treatment._id} className="admin-timings__row">
          <legend className="admin-timings__name">{treatment.name}</legend>
          {treatment.durationMinutes === null ? (
            <p className="admin-timings__overnight">Overnight: from 5:00 PM to the therapist’s first hour</p>
          ) : (
            <TextField
              label={`${treatment.name} length (minutes)`}
              name={`duration-${treatment._id}`}
              type="number"
              inputMode="numeric"
              min={15}
              max={960}
              step={15}
              required
              defaultValue={treatment.durationMinutes}
            />
          )}
          <TextField
            label={`${treatment.name} buffer after (minutes)`}
            name={`buffer-${treatment._id}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={15}
            required
            defaultValue={treatment.bufferMinutes}
          />
        </fieldset>
      ))}
    </div>
  );
}

type NumberSetting =
  | 'healthRetentionMonths'
  | 'voucherValidityMonths'
  | 'deskVoucherDailyLimit'
  | 'noShowLimit'
  | 'offerMinutes';

/** The settings that are one whole number, each in a panel of its own. */
const numberSettings: ReadonlyArray<Omit<NumberSettingProps, 'onSaved'>> = [
  {
    setting: 'healthRetentionMonths',
    title: 'Clients’ health answers',
    text: 'Kept for the visit’s care, then erased automatically (Nigeria Data Protection Act 2023). The privacy policy promises clients 12 months: if you choose another length, have its wording changed to match.',
    label: 'Months after the visit',
    max: 120,
    saved: (months) => `Health answers are now erased ${months} months after each visit.`,
  },
  {
    setting: 'voucherValidityMonths',
    title: 'Gift vouchers',
    text: 'How long a gift voucher can be used, from the day it is delivered. A change applies to vouchers sold from now on.',
    label: 'Months from delivery',
    max: 60,
    saved: (months) => `Gift vouchers sold from now on are valid for ${months} months.`,
  },
  {
    setting: 'deskVoucherDailyLimit',
    title: 'Desk gift vouchers',
    text: 'The most reception may sell at the desk in a day, all receptionists together (managers and owners have no limit). Each morning the owners get an email of the day before’s desk sales.',
    label: 'Naira reception may sell a day',
    min: 0,
    max: 10_000_000,
    step: 1_000,
    saved: (naira) => `Reception may now sell up to ${formatNaira(naira)} of gift vouchers a day.`,
  },
  {
    setting: 'noShowLimit',
    title: 'No-shows',
    text: 'After this many no-shows within 12 months, a client books online only by paying in full (no deposit). The booking page says only that payment in full is needed, never why. Staff may lift it for a client on their record. 0 turns it off.',
    label: 'No-shows before payment in full',
    min: 0,
    max: 10,
    saved: (count) =>
      count === 0
        ? 'Clients may pay a deposit online whatever their no-shows.'
        : `After ${count} no-shows in 12 months, a client pays in full online.`,
  },
  {
    setting: 'offerMinutes',
    title: 'Waitlist offers',
    text: 'When a place frees, the first client waiting for it is offered it by email and WhatsApp, and the place is held for them this long. If they do not book it in time, it goes to the next in line. Offers go out from 07:00 to 21:00.',
    label: 'Minutes an offered place is held',
    min: 5,
    max: 120,
    saved: (minutes) => `An offered place is now held for ${minutes} minutes.`,
  },
];

/**
 * A setting that is one whole number (how long health answers are kept, how long a gift voucher
 * lasts, reception's daily limit of desk vouchers): its field, saved on its own.
 */
interface NumberSettingProps {
  setting: NumberSetting;
  title: string;
  text: string;
  label: string;
  min?: number;
  max: number;
  step?: number;
  saved: (value: number) => string;
  onSaved: (text: string) => void;
}

function NumberSettingPanel({
  setting,
  title,
  text,
  label,
  min = 1,
  max,
  step = 1,
  saved,
  onSaved,
}: NumberSettingProps) {
  const [value, setValue] = useState<string>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const titleId = useId();

  useEffect(() => {
    loadSettings().then(
      (settings) => setValue(String(settings[setting])),
      () => setError(scheduleMessages.settingsFetch),
    );
  }, [setting]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setError(undefined);
    try {
      const answer = await adminRequest(api['schedule-settings'].$put({ json: { [setting]: Number(value) } }));
      setValue(String(answer[setting]));
      onSaved(saved(answer[setting]));
    } catch (failure) {
      setError(messageOf(failure, scheduleMessages.settingsSave));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel id={titleId} className="admin-compose" title={title}>
      <p>{text}</p>
      {value === undefined ? (
        <FormError message={error} />
      ) : (
        <form onSubmit={save} noValidate>
          <TextField
            label={label}
            name={setting}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={step}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <FormError message={error} />
          <FormButtons disabled={saving}>{saving ? 'Saving...' : 'Save'}</FormButtons>
        </form>
      )}
    </Panel>
  );
}
