/**
 * Therapists: add, rename, deactivate; the treatments each gives, weekly hours and days off (a day
 * off with bookings on it lists them with Move, as closed days do). Rooms below: name, the
 * treatments each suits, active. Every change goes to the server, which checks it and says what is
 * wrong; the list reloads after each.
 */
import { useSetAtom } from 'jotai';
import { createContext, type FormEvent, useContext, useId, useState } from 'react';
import { formatDate, formatTime, lagosDate } from '../../../worker/shared/time';
import { FormError, TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-errors';
import { MoveBookingForm, type SubmitChange } from '../bookings/booking-changes';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { adminDataChangedAtom } from '../frame/admin-session';
import { AdminPageHeader, FormButtons, ListFrame, Notice, Panel, StatusBadge } from '../kits/admin-ui';
import { ClientPhone } from '../kits/client-phone';
import { useAdminList } from '../kits/use-admin-list';
import { forgetBookable } from '../kits/use-bookable';
import { CommissionForm, type CommissionSetting, commissionSummary, useCommissionSettings } from './commission-form';

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
// Monday first, as a week is read in the studio.
const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;

const loadTherapistsAndRooms = async () => {
  const [therapists, rooms, catalogue] = await Promise.all([
    adminRequest(api.staff.$get()),
    adminRequest(api.rooms.$get()),
    adminRequest(api.catalogue.$get()),
  ]);
  // Every treatment, hidden ones too: a therapist keeps a hidden one for when it comes back.
  const menu = catalogue.treatments.map((treatment) => ({ id: treatment._id, name: treatment.name }));
  return { rows: [{ therapists, rooms, menu }], total: therapists.length };
};

/** The menu (staff edit it on the Menu screen), for the treatment checkboxes and summaries. */
const MenuContext = createContext<ReadonlyArray<{ id: string; name: string }>>([]);
type TherapistsAndRooms = Awaited<ReturnType<typeof loadTherapistsAndRooms>>['rows'][number];
type Therapist = TherapistsAndRooms['therapists'][number];
type Room = TherapistsAndRooms['rooms'][number];
type Hours = Therapist['hours'];

export const therapistMessages = {
  fetch: 'Error fetching the therapists',
  save: 'Error saving',
  hours: (day: string) =>
    `Write ${day}’s hours as ranges like 09:00-13:00, 14:00-18:00, or leave it empty for a day off.`,
} as const;

/** "09:00-13:00, 14:00-18:00" → ranges; undefined when it cannot be read. */
export function parseHours(text: string): Array<{ start: string; end: string }> | undefined {
  if (text.trim() === '') return [];
  const ranges = text.split(',').map((part) => part.trim().split(/\s*[-–]\s*/));
  const clock = /^\d{1,2}:\d{2}$/;
  if (!ranges.every((range) => range.length === 2 && range.every((time) => clock.test(time)))) return undefined;
  return ranges.map(([start = '', end = '']) => ({ start: start.padStart(5, '0'), end: end.padStart(5, '0') }));
}

/** "every treatment", or the names: "Swedish, Deep Tissue". */
function treatmentSummary(ids: readonly string[], menu: ReadonlyArray<{ id: string; name: string }>): string {
  if (menu.every((treatment) => ids.includes(treatment.id))) return 'every treatment';
  if (ids.length === 0) return 'no treatment yet';
  return menu
    .filter((treatment) => ids.includes(treatment.id))
    .map((treatment) => treatment.name)
    .join(', ');
}

const shortDays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "every day 09:00–18:00", or day by day: "Mon 09:00–13:00 and 14:00–18:00; Sat off …". */
function hoursSummary(hours: Hours): string {
  const text = (day: (typeof weekOrder)[number]) =>
    hours[day].map((range) => `${range.start}–${range.end}`).join(' and ') || 'off';
  const all = weekOrder.map(text);
  if (all.every((each) => each === all[0])) return all[0] === 'off' ? 'no day yet' : `every day ${all[0]}`;
  return weekOrder.map((day, index) => `${shortDays[day]} ${all[index]}`).join('; ');
}

const hoursText = (ranges: Hours[keyof Hours]) => ranges.map((range) => `${range.start}-${range.end}`).join(', ');

/** The screen's notice line, and its changes: each says how it went, then the team and commissions reload. */
function useScheduleChanges() {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const dataChanged = useSetAtom(adminDataChangedAtom);
  const commissions = useCommissionSettings();

  /** Runs a change and says what happened (the server's reason when it refuses), then reloads. */
  const run = async (change: () => Promise<unknown>, success: string): Promise<boolean> => {
    setNotice(undefined);
    try {
      await change();
      setNotice({ tone: 'success', text: success });
      forgetBookable();
      dataChanged();
      // A therapist just added needs their commission's row too.
      void commissions?.reload().catch(() => undefined);
      return true;
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, therapistMessages.save) });
      return false;
    }
  };
  const moveBooking: SubmitChange = async (change, success) => {
    await run(change, success);
  };
  const commissionSaved = async (message: string) => {
    await commissions?.reload();
    setNotice({ tone: 'success', text: message });
  };

  return { notice, run, moveBooking, commissions, commissionSaved };
}

export default function TherapistsPage() {
  const { state, retry } = useAdminList(loadTherapistsAndRooms, 'team');
  const { notice, run, moveBooking, commissions, commissionSaved } = useScheduleChanges();

  return (
    <>
      <AdminPageHeader title="Therapists" />
      <Notice notice={notice} />
      <AddForm
        title="Add a therapist"
        label="Therapist’s name"
        button="Add therapist"
        onAdd={(name) =>
          run(
            () => adminRequest(api.staff.$post({ json: { name } })),
            `${name} is added, working 09:00–18:00 every day.`,
          )
        }
      />
      <ListFrame state={state} errorMessage={therapistMessages.fetch} emptyMessage="No therapists yet." onRetry={retry}>
        {(rows) => (
          <MenuContext.Provider value={rows[0]?.menu ?? []}>
            <ul className="admin-list admin-team" aria-label="Therapists">
              {rows[0]?.therapists.map((therapist) => (
                <TherapistCard
                  key={therapist._id}
                  therapist={therapist}
                  run={run}
                  moveBooking={moveBooking}
                  commission={commissions?.settings?.get(therapist._id)}
                  onCommissionSaved={commissionSaved}
                />
              ))}
            </ul>
            <RoomsPanel rooms={rows[0]?.rooms ?? []} run={run} />
          </MenuContext.Provider>
        )}
      </ListFrame>
      <AddForm
        title="Add a room"
        label="Room name"
        button="Add room"
        onAdd={(name) =>
          run(() => adminRequest(api.rooms.$post({ json: { name } })), `${name} is added, suited to every treatment.`)
        }
      />
    </>
  );
}

type Run = (change: () => Promise<unknown>, success: string) => Promise<boolean>;

/** The rooms, each with the treatments it suits and whether it is in use. */
function RoomsPanel({ rooms, run }: { rooms: Room[]; run: Run }) {
  return (
    <Panel id="rooms-title" title="Rooms">
      <p className="admin-total">
        Every booking takes a therapist and a room suited to all its treatments, for its whole length.
      </p>
      <ul className="admin-list admin-team" aria-label="Rooms">
        {rooms.map((room) => (
          <RoomCard key={room._id} room={room} run={run} />
        ))}
      </ul>
    </Panel>
  );
}

function AddForm({
  title,
  label,
  button,
  onAdd,
}: {
  title: string;
  label: string;
  button: string;
  onAdd: (name: string) => Promise<boolean>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    setBusy(true);
    if (await onAdd(name)) form.reset();
    setBusy(false);
  }
  return (
    <Panel id={id} className="admin-compose" title={title}>
      <form className="admin-team__add" onSubmit={add} aria-labelledby={id}>
        <TextField label={label} name="name" required maxLength={60} autoComplete="off" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Adding…' : button}
        </button>
      </form>
    </Panel>
  );
}

/** The treatment checkboxes of a therapist or a room. */
function TreatmentChoices({ legend, chosen }: { legend: string; chosen: readonly string[] }) {
  const treatments = useContext(MenuContext);
  return (
    <fieldset className="admin-team__treatments">
      <legend className="field__label">{legend}</legend>
      {treatments.map((treatment) => (
        <label key={treatment.id} className="checkbox">
          <input
            type="checkbox"
            className="checkbox__input"
            name="treatments"
            value={treatment.id}
            defaultChecked={chosen.includes(treatment.id)}
          />
          <span>{treatment.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A therapist's days off ahead: each with its reason and the bookings left on it to move, and Add day off. */
function DaysOff({ therapist, run, moveBooking }: { therapist: Therapist; run: Run; moveBooking: SubmitChange }) {
  async function addDayOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const date = String(data.get('date'));
    const reason = String(data.get('reason') ?? '').trim();
    const done = await run(
      () => adminRequest(api.staff[':id']['time-off'].$post({ param: { id: therapist._id }, json: { date, reason } })),
      `${therapist.name} has ${formatDate(date)} off. Any bookings with them that day are listed below to move.`,
    );
    if (done) form.reset();
  }

  return (
    <div className="admin-team__days-off">
      <h3>{therapist.name}’s days off</h3>
      {therapist.timeOff.length === 0 ? <p className="admin-total">None ahead.</p> : null}
      <ul>
        {therapist.timeOff.map((day) => (
          <li key={day.date} className="admin-closure">
            <div className="admin-closure__head">
              <p className="admin-closure__date">
                <strong>{formatDate(day.date)}</strong> · {day.reason}
              </p>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Remove ${therapist.name}’s day off on ${formatDate(day.date)}`}
                onClick={() =>
                  run(
                    () =>
                      adminRequest(
                        api.staff[':id']['time-off'][':date'].$delete({
                          param: { id: therapist._id, date: day.date },
                        }),
                      ),
                    `${therapist.name} works on ${formatDate(day.date)} again.`,
                  )
                }
              >
                Remove
              </button>
            </div>
            {day.bookings.length > 0 ? (
              <div className="admin-closure__bookings">
                <p className="admin-alert admin-alert--error">
                  {day.bookings.length} {day.bookings.length === 1 ? 'booking' : 'bookings'} with {therapist.name} on
                  this day: move them to another therapist or day.
                </p>
                <ul>
                  {day.bookings.map((booking) => (
                    <li key={booking._id}>
                      <p>
                        {formatTime(booking.time)} · {booking.name} ·{' '}
                        <ClientPhone phone={booking.phone} name={booking.name} />
                      </p>
                      <MoveBookingForm booking={{ ...booking, therapist: null }} submit={moveBooking} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <form className="admin-team__add" onSubmit={addDayOff} aria-label={`Add a day off for ${therapist.name}`}>
        <TextField label="Day off" name="date" type="date" min={lagosDate(new Date())} required />
        <TextField label="Reason" name="reason" required maxLength={120} hint="e.g. Annual leave, Training" />
        <button type="submit" className="button button--secondary">
          Add day off
        </button>
      </form>
    </div>
  );
}

/** A therapist's name, the treatments they give and their weekly hours. */
function TherapistDetailsForm({ therapist, run }: { therapist: Therapist; run: Run }) {
  const id = useId();
  const [formError, setFormError] = useState<string>();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const hours: Record<string, Array<{ start: string; end: string }>> = {};
    for (const day of weekOrder) {
      const parsed = parseHours(String(data.get(`hours-${day}`) ?? ''));
      if (!parsed) {
        setFormError(therapistMessages.hours(weekdayNames[day]));
        return;
      }
      hours[String(day)] = parsed;
    }
    setFormError(undefined);
    const name = String(data.get('name') ?? '').trim();
    const chosen = data.getAll('treatments').map(String);
    await run(
      () =>
        adminRequest(
          api.staff[':id'].$put({ param: { id: therapist._id }, json: { name, treatments: chosen, hours } }),
        ),
      `${name}’s details are saved.`,
    );
  }

  return (
    <details className="admin-team__edit">
      <summary>Edit {therapist.name}’s name, treatments and hours</summary>
      <form className="admin-team__form" onSubmit={save} aria-label={`${therapist.name}’s details`}>
        <TextField label="Name" name="name" required maxLength={60} defaultValue={therapist.name} />
        <TreatmentChoices legend="Treatments they give" chosen={therapist.treatments} />
        <fieldset className="admin-team__hours">
          <legend className="field__label">Weekly hours</legend>
          <p className="field__hint" id={`${id}-hours-hint`}>
            Ranges like 09:00-13:00, 14:00-18:00. Empty: not working that day.
          </p>
          {weekOrder.map((day) => (
            <TextField
              key={day}
              label={weekdayNames[day]}
              name={`hours-${day}`}
              defaultValue={hoursText(therapist.hours[day])}
              autoComplete="off"
              aria-describedby={`${id}-hours-hint`}
            />
          ))}
        </fieldset>
        <FormError message={formError} />
        <FormButtons>Save {therapist.name}</FormButtons>
      </form>
    </details>
  );
}

/** Bookings ahead of a therapist who is being deactivated: to move first. */
function BookingsToMove({
  bookings,
}: {
  bookings: ReadonlyArray<{ _id: string; name: string; date: string; time: string }>;
}) {
  return (
    <div className="admin-alert admin-alert--error">
      <p>Move these bookings first:</p>
      <ul>
        {bookings.map((booking) => (
          <li key={booking._id}>
            {formatDate(booking.date)}, {formatTime(booking.time)} · {booking.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TherapistCard({
  therapist,
  run,
  moveBooking,
  commission,
  onCommissionSaved,
}: {
  therapist: Therapist;
  run: Run;
  moveBooking: SubmitChange;
  /** Their commission, for the roles that set it. */
  commission?: CommissionSetting;
  onCommissionSaved: (message: string) => Promise<void>;
}) {
  const menu = useContext(MenuContext);
  const [blocked, setBlocked] = useState<Array<{ _id: string; name: string; date: string; time: string }>>();

  async function setActive(active: boolean) {
    setBlocked(undefined);
    await run(
      async () => {
        try {
          await adminRequest(api.staff[':id'].$put({ param: { id: therapist._id }, json: { active } }));
        } catch (error) {
          // Refused while bookings are ahead: the answer lists them, to move first.
          if (error instanceof ApiError)
            setBlocked((error.body as { bookings?: typeof blocked } | undefined)?.bookings);
          throw error;
        }
      },
      `${therapist.name} is ${active ? 'active again' : 'deactivated'}.`,
    );
  }

  return (
    <li className={`admin-team__card${therapist.active ? '' : ' admin-team__card--inactive'}`}>
      <div className="admin-team__head">
        <h2 className="admin-team__name">{therapist.name}</h2>
        {therapist.active ? null : <StatusBadge status="Inactive" tone="warning" />}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setActive(!therapist.active)}
        >
          {therapist.active ? `Deactivate ${therapist.name}` : `Reactivate ${therapist.name}`}
        </button>
      </div>
      {blocked && blocked.length > 0 ? <BookingsToMove bookings={blocked} /> : null}
      <p className="admin-team__summary">
        <span>Gives {treatmentSummary(therapist.treatments, menu)}.</span>{' '}
        <span>Works {hoursSummary(therapist.hours)}.</span>
      </p>
      <TherapistDetailsForm therapist={therapist} run={run} />
      {commission ? (
        <details className="admin-team__edit">
          <summary>Commission: {commissionSummary(commission, menu)}</summary>
          <CommissionForm
            name={therapist.name}
            setting={commission}
            // The treatments they give, and any they have a percent for (so a save keeps it).
            treatments={menu.filter(
              (treatment) => therapist.treatments.includes(treatment.id) || treatment.id in commission.treatments,
            )}
            onSaved={onCommissionSaved}
          />
        </details>
      ) : null}
      <DaysOff therapist={therapist} run={run} moveBooking={moveBooking} />
    </li>
  );
}

function RoomCard({ room, run }: { room: Room; run: Run }) {
  const menu = useContext(MenuContext);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const chosen = data.getAll('treatments').map(String);
    await run(
      () => adminRequest(api.rooms[':id'].$put({ param: { id: room._id }, json: { name, treatments: chosen } })),
      `${name} is saved.`,
    );
  }
  return (
    <li className={`admin-team__card${room.active ? '' : ' admin-team__card--inactive'}`}>
      <div className="admin-team__head">
        <h3 className="admin-team__name">{room.name}</h3>
        {room.active ? null : <StatusBadge status="Inactive" tone="warning" />}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() =>
            run(
              () => adminRequest(api.rooms[':id'].$put({ param: { id: room._id }, json: { active: !room.active } })),
              `${room.name} is ${room.active ? 'out of use' : 'in use again'}.`,
            )
          }
        >
          {room.active ? `Take ${room.name} out of use` : `Use ${room.name} again`}
        </button>
      </div>
      <p className="admin-team__summary">Suits {treatmentSummary(room.treatments, menu)}.</p>
      <details className="admin-team__edit">
        <summary>Edit {room.name}’s name and treatments</summary>
        <form className="admin-team__form" onSubmit={save} aria-label={`${room.name}’s details`}>
          <TextField label="Name" name="name" required maxLength={60} defaultValue={room.name} />
          <TreatmentChoices legend="Treatments it suits" chosen={room.treatments} />
          <FormButtons>Save {room.name}</FormButtons>
        </form>
      </details>
    </li>
  );
}
