import { useSetAtom } from 'jotai';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { bookingMessages, bookingServices, healthConditions, referralSources } from '../../../worker/shared/booking';
import { formatNaira } from '../../../worker/shared/money';
import { formatAppointment, lagosDate } from '../../../worker/shared/time';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { useAtomValueAfterHydration, useHydrated } from '../../lib/use-hydrated';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { groupsOf, idsOfNames, useMenu } from '../catalogue/live-menu';
import type { PaymentChoice } from '../checkout-payment/payment-dialog';
import {
  adoptTypedDraftAtom,
  type BookingDraft,
  bookingDraftAtom,
  bookingTotalAtom,
  chooseServiceAtom,
  emptyBookingDraft,
  toggleHealthConditionAtom,
  toggleTreatmentAtom,
  updateBookingDraftAtom,
} from './booking-draft';

// Loaded when needed (a date is chosen, the visitor pays), keeping them off the first load.
const TimeSlotPicker = lazy(() => import('./time-slot-picker').then((module) => ({ default: module.TimeSlotPicker })));
const FreeDays = lazy(() => import('./free-days').then((module) => ({ default: module.FreeDays })));
const TherapistField = lazy(() => import('./therapist-field').then((module) => ({ default: module.TherapistField })));
const PaymentDialog = lazy(() =>
  import('../checkout-payment/payment-dialog').then((module) => ({ default: module.PaymentDialog })),
);
const UnfinishedPayment = lazy(() =>
  import('../checkout-payment/unfinished-payment').then((module) => ({ default: module.UnfinishedPayment })),
);

type FieldErrors = Partial<Record<keyof BookingDraft, string>>;

/** The booking form: treatments, date and time, the client's details and health intake, then payment. */
export function BookingForm() {
  // The draft lives in this tab's storage and "today" on the visitor's clock: the prerendered
  // form is blank, and both fill in as soon as the page is hydrated, with whatever the visitor
  // typed into the blank form before that on top of the stored draft.
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const adoptTyped = useSetAtom(adoptTypedDraftAtom);
  useTypedBeforeHydration(formRef, adoptTyped);
  const draft = useAtomValueAfterHydration(bookingDraftAtom, emptyBookingDraft);
  const total = useAtomValueAfterHydration(bookingTotalAtom, 0);
  const update = useSetAtom(updateBookingDraftAtom);
  const chooseService = useSetAtom(chooseServiceAtom);
  const toggleTreatment = useSetAtom(toggleTreatmentAtom);
  const toggleCondition = useSetAtom(toggleHealthConditionAtom);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string>();
  const [paying, setPaying] = useState(false);
  // Back from the checkout without paying: the payment dialog opens again, offering to pay again
  // (which replaces the earlier hold) or "Cancel this payment" (which gives the place back).
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    // Only whether one is stored (pending-payment.ts's key): its module loads with the dialog,
    // keeping the booking page's first load within its budget.
    if (sessionStorage.getItem('spa.pending-booking') === null) return;
    setReturned(true);
    setPaying(true);
  }, []);
  const today = hydrated ? lagosDate(new Date()) : undefined;
  const menu = useMenu();
  const chosenIds = idsOfNames(menu, draft.subservices);
  const therapistId = draft.therapistId ?? 'any';

  const set = (changes: Partial<BookingDraft>) => {
    update(changes);
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as keyof BookingDraft];
      return next;
    });
    setAlert(undefined);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.subservices.length === 0) {
      setAlert(bookingMessages.noOption);
      return;
    }
    // The API's own schema, loaded on the first submit rather than with the page.
    const [{ bookingDetailsSchema }, { toDetails }] = await Promise.all([
      import('../../../worker/shared/booking-schema'),
      import('./start-booking-payment'),
    ]);
    const result = bookingDetailsSchema.safeParse(toDetails(draft));
    const found: FieldErrors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0]) as keyof BookingDraft;
        if (field !== 'disclaimerAgreed' && !found[field]) found[field] = issue.message;
      }
    }
    // The schema checks medication details only once every field is valid; ask for them now.
    if (draft.onMedication && !draft.medicationDetails.trim())
      found.medicationDetails = bookingMessages.medicationDetails;
    if (today && draft.appointmentDate && draft.appointmentDate < today) found.appointmentDate = bookingMessages.date;
    if (!draft.appointmentDate) found.appointmentDate = bookingMessages.date;
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      document.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    if (!draft.disclaimerAgreed) {
      setAlert(bookingMessages.noDisclaimer);
      return;
    }
    setPaying(true);
  }

  // The request and its details load when the visitor pays (off the page's first load).
  const pay = async (choice: PaymentChoice) =>
    (await import('./start-booking-payment')).startBookingPayment(draft, choice);

  const lines = draft.subservices.map((name) => {
    const treatment = menu.find((each) => each.name === name);
    return { label: name, amount: treatment?.price ?? 0, depositPercent: treatment?.depositPercent };
  });

  return (
    <>
      <form ref={formRef} className="booking-form" noValidate onSubmit={submit} aria-label="Book a massage">
        <section className="booking-form__section" aria-labelledby="booking-treatments">
          <h2 id="booking-treatments">1. Your treatments</h2>
          <SelectField
            label="Service"
            name="service"
            placeholder="Choose a service"
            options={bookingServices}
            value={draft.service}
            error={errors.service}
            onChange={(event) => chooseService(event.target.value as BookingDraft['service'])}
          />
          {draft.service ? (
            <fieldset className="option-list">
              <legend className="field__label">Service options (choose one or more)</legend>
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
                        onChange={() => {
                          toggleTreatment(treatment.name);
                          setAlert(undefined);
                        }}
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

        <section className="booking-form__section" aria-labelledby="booking-when">
          <h2 id="booking-when">2. Date and time</h2>
          {/* Whom to ask for depends on what is asked for: shown once a treatment is chosen. */}
          {today && chosenIds.length > 0 ? (
            <Suspense fallback={null}>
              <TherapistField
                value={therapistId}
                treatments={chosenIds}
                onChange={(id) => update({ therapistId: id })}
              />
            </Suspense>
          ) : null}
          <TextField
            label="Date"
            name="appointmentDate"
            type="date"
            min={today}
            value={draft.appointmentDate}
            error={errors.appointmentDate}
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

        <section className="booking-form__section" aria-labelledby="booking-you">
          <h2 id="booking-you">3. Your details</h2>
          <div className="booking-form__grid">
            <TextField
              label="Full name"
              name="customerName"
              autoComplete="name"
              value={draft.customerName}
              error={errors.customerName}
              onChange={(event) => set({ customerName: event.target.value })}
            />
            <TextField
              label="Email address"
              name="customerEmail"
              type="email"
              autoComplete="email"
              value={draft.customerEmail}
              error={errors.customerEmail}
              onChange={(event) => set({ customerEmail: event.target.value })}
            />
            <TextField
              label="Phone number"
              name="customerPhone"
              type="tel"
              autoComplete="tel"
              hint="We confirm your booking on this number"
              value={draft.customerPhone}
              error={errors.customerPhone}
              onChange={(event) => set({ customerPhone: event.target.value })}
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

        <section className="booking-form__section" aria-labelledby="booking-health">
          <h2 id="booking-health">4. Health and background</h2>
          <p className="field__hint">This helps your therapist treat you safely. It stays private.</p>
          <CheckboxField
            label="I have had massage therapy before"
            name="previousMassageTherapy"
            checked={draft.previousMassageTherapy}
            onChange={(event) => set({ previousMassageTherapy: event.target.checked })}
          />
          <CheckboxField
            label="I am currently on medication"
            name="onMedication"
            checked={draft.onMedication}
            onChange={(event) => set({ onMedication: event.target.checked })}
          />
          {draft.onMedication ? (
            <TextField
              label="Which medication?"
              name="medicationDetails"
              value={draft.medicationDetails}
              error={errors.medicationDetails}
              onChange={(event) => set({ medicationDetails: event.target.value })}
            />
          ) : null}
          <CheckboxField
            label="I exercise regularly"
            name="exercising"
            checked={draft.exercising}
            onChange={(event) => set({ exercising: event.target.checked })}
          />
          {draft.exercising ? (
            <div className="booking-form__grid">
              <TextField
                label="Times per week"
                name="exerciseFrequency"
                type="number"
                inputMode="numeric"
                min={0}
                max={14}
                value={draft.exerciseFrequency}
                error={errors.exerciseFrequency}
                onChange={(event) => set({ exerciseFrequency: event.target.value })}
              />
              <TextField
                label="Hours per week"
                name="exerciseHours"
                type="number"
                inputMode="numeric"
                min={0}
                max={40}
                value={draft.exerciseHours}
                error={errors.exerciseHours}
                onChange={(event) => set({ exerciseHours: event.target.value })}
              />
            </div>
          ) : null}
          <fieldset className="conditions">
            <legend className="field__label">Do any of these apply to you?</legend>
            <div className="conditions__grid">
              {healthConditions.map((condition) => (
                <CheckboxField
                  key={condition}
                  label={condition}
                  name="healthConditions"
                  value={condition}
                  checked={draft.healthConditions.includes(condition)}
                  onChange={() => toggleCondition(condition)}
                />
              ))}
            </div>
          </fieldset>
        </section>

        <section className="booking-form__section" aria-labelledby="booking-confirm">
          <h2 id="booking-confirm">5. Confirm</h2>
          <CheckboxField
            name="disclaimerAgreed"
            checked={draft.disclaimerAgreed}
            onChange={(event) => set({ disclaimerAgreed: event.target.checked })}
            label="I confirm the information above is accurate, I have told the studio about any health condition, and I accept the 24-hour cancellation policy. I agree that the studio keeps my health answers for my treatment: only my therapist, managers and the owner see them, and they are erased 12 months after my visit."
          />
          <FormError message={alert} />
          {/* Until hydration a submit (a click, or Enter in a field) would be the browser's own: a GET
              putting the name, phone and health answers in the address, its history and the logs.
              Disabled for those seconds instead: a native POST would end on an error page. */}
          <button type="submit" className="button button--primary button--large" disabled={!hydrated}>
            Confirm booking
          </button>
        </section>
      </form>

      {paying ? (
        <Suspense fallback={null}>
          <PaymentDialog
            kind="booking"
            open={paying}
            onClose={() => setPaying(false)}
            lines={lines}
            subtotal={total}
            details={
              <p>
                {formatAppointment(draft.appointmentDate, draft.appointmentTime)} · {draft.customerName}
              </p>
            }
            notice={returned ? <UnfinishedPayment kind="booking" /> : undefined}
            onPay={pay}
          />
        </Suspense>
      ) : null}
    </>
  );
}
