/**
 * The health questions, the notes for the therapist and the consent, as a part of a form outside
 * the booking page (a visit's health form, a place offered from the waitlist): their state, their
 * errors in the API's words, and the fields. The booking page's own questions and consent come from
 * its route chunk: shared as a module, they would be split into a chunk of their own, one more
 * script on /booking's first load.
 */
import { lazy, Suspense, useState } from 'react';
import type { healthConditions } from '../../worker/shared/bookings/booking';
import { bookingMessages } from '../../worker/shared/bookings/booking';
import { CheckboxField, TextAreaField } from '../components/ui/field';
import { emptyBookingDraft, type FieldErrors } from '../features/booking/booking-draft';
import type { HealthDraft } from '../features/booking/health-questions';

const HealthSection = lazy(() => import('./routes/booking').then((module) => ({ default: module.HealthSection })));
const Consent = lazy(() =>
  import('./routes/booking').then((module) => ({
    default: (props: Omit<Parameters<typeof CheckboxField>[0], 'label'>) => (
      <CheckboxField {...props} label={module.healthConsent} />
    ),
  })),
);

export type HealthAnswers = HealthDraft & { notes: string; disclaimerAgreed: boolean };

const answerFields = [
  'previousMassageTherapy',
  'onMedication',
  'medicationDetails',
  'exercising',
  'exerciseFrequency',
  'exerciseHours',
  'healthConditions',
  'notes',
  'disclaimerAgreed',
] as const satisfies ReadonlyArray<keyof HealthAnswers>;

/** The booking form's own starting answers: nothing ticked, nothing written. */
const emptyAnswers = Object.fromEntries(
  answerFields.map((field) => [field, emptyBookingDraft[field]]),
) as HealthAnswers;

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The answers as the API takes them (numbers parsed). */
export const healthJson = (answers: HealthAnswers) => ({
  ...answers,
  exerciseFrequency: numberOrUndefined(answers.exerciseFrequency),
  exerciseHours: numberOrUndefined(answers.exerciseHours),
});

/** The answers, their errors, and a change that clears the changed fields' errors. */
export function useHealthAnswers() {
  const [answers, setAnswers] = useState(emptyAnswers);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (changes: Partial<HealthAnswers>) => {
    setAnswers((current) => ({ ...current, ...changes }));
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(Object.keys(changes).map((key) => [key, undefined])),
    }));
  };
  const toggle = (condition: (typeof healthConditions)[number]) =>
    set({
      healthConditions: answers.healthConditions.includes(condition)
        ? answers.healthConditions.filter((each) => each !== condition)
        : [...answers.healthConditions, condition],
    });
  return { answers, errors, setErrors, set, toggle };
}

/**
 * The schema's issues as field errors, and the consent's own message (said beside the button). The
 * medication rule runs only once the rest parses: said at once with the other errors.
 */
export function issuesOf(
  answers: HealthAnswers,
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): { fieldErrors: FieldErrors; consent?: string } {
  const fieldErrors: FieldErrors = {};
  let consent: string | undefined;
  if (answers.onMedication && !answers.medicationDetails.trim()) {
    fieldErrors.medicationDetails = bookingMessages.medicationDetails;
  }
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === 'disclaimerAgreed') consent = issue.message;
    else if (typeof field === 'string' && !fieldErrors[field as keyof FieldErrors]) {
      fieldErrors[field as keyof FieldErrors] = issue.message;
    }
  }
  return { fieldErrors, consent };
}

/** The health questions' section. */
export function HealthQuestions({ form }: { form: ReturnType<typeof useHealthAnswers> }) {
  return (
    <Suspense fallback={<p className="field__hint">Loading the questions…</p>}>
      <HealthSection
        draft={form.answers}
        errors={form.errors}
        set={form.set}
        onToggleCondition={form.toggle}
        heading="Health and background"
      />
    </Suspense>
  );
}

/** The notes for the therapist and the consent, with `onConsent` told when it changes. */
export function NotesAndConsent({
  form,
  onConsent,
}: {
  form: ReturnType<typeof useHealthAnswers>;
  onConsent: () => void;
}) {
  return (
    <>
      <TextAreaField
        label="Notes for your therapist (optional)"
        name="notes"
        rows={3}
        maxLength={1000}
        value={form.answers.notes}
        onChange={(event) => form.set({ notes: event.target.value })}
      />
      <Suspense fallback={null}>
        <Consent
          name="disclaimerAgreed"
          checked={form.answers.disclaimerAgreed}
          onChange={(event) => {
            form.set({ disclaimerAgreed: event.target.checked });
            onConsent();
          }}
        />
      </Suspense>
    </>
  );
}
