// The booking form's sections, each a component of its own: the treatments, the date and time
// (whom to ask for, the free days, the free times), the client's details and the confirmation (the
// health intake is health-questions.tsx, shared with a visit's form link). The form (booking-form.tsx) holds the draft and the errors and passes them down.
import { lazy, Suspense } from 'react';
import { bookingServices, referralSources } from '../../../worker/shared/bookings/booking';
import { formatNaira } from '../../../worker/shared/money';
import {
  CheckboxField,
  draftFields,
  FormError,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/ui/field';
import { groupsOf, type MenuTreatment } from '../catalogue/live-menu';
import { type BookingDraft, datePassedMessage, type FieldErrors } from './booking-draft';
import { healthConsent } from './health-questions';

// Loaded when needed (a treatment or a date is chosen), keeping them off the first load.
const TimeSlotPicker = lazy(() => import('./time-slot-picker').then((module) => ({ default: module.TimeSlotPicker })));
const FreeDays = lazy(() => import('./free-days').then((module) => ({ default: module.FreeDays })));
const TherapistField = lazy(() => import('./therapist-field').then((module) => ({ default: module.TherapistField })));

/** What every section is given: the draft, its errors, and how to change it (clearing those fields' errors). */
interface SectionProps {
  draft: BookingDraft;
  errors: FieldErrors;
  set: (changes: Partial<BookingDraft>) => void;
}

export function TreatmentsSection({
  draft,
  errors,
  menu,
  total,
  onChooseService,
  onToggle,
}: Omit<SectionProps, 'set'> & {
  menu: readonly MenuTreatment[];
  total: number;
  onChooseService: (service: BookingDraft['service']) => void;
  onToggle: (treatment: string) => void;
}) {
  return (
    <section className="booking-form__section" aria-labelledby="booking-treatments">
      <h2 id="booking-treatments">1. Your treatments</h2>
      <SelectField
        label="Service"
        name="service"
        placeholder="Choose a service"
        options={bookingServices}
        value={draft.service}
        error={errors.service}
        onChange={(event) => onChooseService(event.target.value as BookingDraft['service'])}
      />
      {draft.service ? (
        <fieldset className="option-list">
          <legend className="field__label">Service options (choose one or more)</legend>
          {errors.subservices ? <p className="field__error">{errors.subservices}</p> : null}
          {groupsOf(menu).map((group) => (
            <div key={group.id} className="option-list__group">
              <p className="option-list__title">{group.title}</p>
              {group.treatments.map((treatment) => (
                <label key={treatment.id} className="option">
                  <input
                    type="checkbox"
                    name="subservices"
                    value={treatment.name}
                    checked={draft.subservices.includes(treatment.name)}
                    onChange={() => onToggle(treatment.name)}
                  />
                  <span className="option__name">{treatment.name}</span>
                  <span className="option__price">{formatNaira(treatment.price)}</span>
                </label>
              ))}
            </div>
          ))}
        </fieldset>
      ) : null}
      <p className="booking-form__total" aria-live="polite">
        Total: <strong>{formatNaira(total)}</strong>
      </p>
    </section>
  );
}

export function WhenSection({
  draft,
  errors,
  set,
  today,
  chosenIds,
  therapistId,
}: SectionProps & { today: string | undefined; chosenIds: string[]; therapistId: string }) {
  return (
    <section className="booking-form__section" aria-labelledby="booking-when">
      <h2 id="booking-when">2. Date and time</h2>
      {/* Whom to ask for depends on what is asked for: shown once a treatment is chosen. */}
      {today && chosenIds.length > 0 ? (
        <Suspense fallback={null}>
          <TherapistField value={therapistId} treatments={chosenIds} onChange={(id) => set({ therapistId: id })} />
        </Suspense>
      ) : null}
      <TextField
        label="Date"
        name="appointmentDate"
        type="date"
        min={today}
        value={draft.appointmentDate}
        error={
          errors.appointmentDate ??
          (today && draft.appointmentDate && draft.appointmentDate < today ? datePassedMessage : undefined)
        }
        onChange={(event) => set({ appointmentDate: event.target.value, appointmentTime: '' })}
      />
      {today && chosenIds.length > 0 ? (
        <Suspense fallback={null}>
          <FreeDays
            today={today}
            value={draft.appointmentDate}
            treatments={chosenIds}
            therapist={therapistId}
            onChoose={(appointmentDate) => set({ appointmentDate, appointmentTime: '' })}
          />
        </Suspense>
      ) : null}
      {today && draft.appointmentDate >= today ? (
        <Suspense fallback={<p className="field__hint">Loading free times…</p>}>
          <TimeSlotPicker
            date={draft.appointmentDate}
            value={draft.appointmentTime}
            error={errors.appointmentTime}
            treatments={chosenIds}
            therapist={therapistId}
            onChange={(appointmentTime) => set({ appointmentTime })}
            onPickFree={(free) => set({ appointmentDate: free.date, appointmentTime: free.time })}
            waitlist={draft}
          />
        </Suspense>
      ) : (
        <fieldset className="slot-picker">
          <legend className="field__label">Time</legend>
          <p className="field__hint">Choose a date to see the free times.</p>
          {errors.appointmentTime ? <p className="field__error">{errors.appointmentTime}</p> : null}
        </fieldset>
      )}
    </section>
  );
}

export function DetailsSection({ draft, errors, set }: SectionProps) {
  const field = draftFields(draft, errors, (name, value) => set({ [name]: value }));
  return (
    <section className="booking-form__section" aria-labelledby="booking-you">
      <h2 id="booking-you">3. Your details</h2>
      <div className="booking-form__grid">
        <TextField label="Full name" {...field('customerName')} autoComplete="name" />
        <TextField label="Email address" {...field('customerEmail')} type="email" autoComplete="email" />
        <TextField
          label="Phone number"
          {...field('customerPhone')}
          type="tel"
          autoComplete="tel"
          hint="We confirm your booking on this number"
        />
        <SelectField
          label="How did you hear about us? (optional)"
          name="referralSource"
          placeholder="Choose one"
          options={referralSources}
          value={draft.referralSource}
          onChange={(event) => set({ referralSource: event.target.value as BookingDraft['referralSource'] })}
        />
      </div>
      <TextAreaField
        label="Notes for your therapist (optional)"
        name="notes"
        rows={3}
        maxLength={1000}
        value={draft.notes}
        onChange={(event) => set({ notes: event.target.value })}
      />
    </section>
  );
}

/** The last step: the visitor's agreement, what stops the form, and the button (live once hydrated). */
export function ConfirmSection({
  draft,
  set,
  alert,
  hydrated,
}: SectionProps & { alert: string[] | undefined; hydrated: boolean }) {
  return (
    <section className="booking-form__section" aria-labelledby="booking-confirm">
      <h2 id="booking-confirm">5. Confirm</h2>
      <CheckboxField
        name="disclaimerAgreed"
        checked={draft.disclaimerAgreed}
        onChange={(event) => set({ disclaimerAgreed: event.target.checked })}
        label={healthConsent}
      />
      <Problems messages={alert} />
      {/* Until hydration a submit (a click, or Enter in a field) would be the browser's own: a GET
          putting the name, phone and health answers in the address, its history and the logs.
          Disabled for those seconds instead: a native POST would end on an error page. */}
      <button type="submit" className="button button--primary button--large" disabled={!hydrated}>
        Confirm booking
      </button>
    </section>
  );
}

/** What stops the booking, read out as it appears: one problem as a sentence, several as a list. */
function Problems({ messages = [] }: { messages?: string[] }) {
  if (messages.length < 2) return <FormError message={messages[0]} />;
  return (
    <div className="form-error" role="alert">
      <p>Please correct these {messages.length} things, then confirm again:</p>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
