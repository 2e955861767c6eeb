/**
 * A visit's health form, through the private link a booking taken by staff sends: the same
 * questions, rules and consent as the online booking form, once, until the visit ends.
 */
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { bookingMessages as formMessages, type healthConditions } from '../../../worker/shared/booking';
import { visitFormSchema } from '../../../worker/shared/booking-schema';
import { formatAppointmentWat } from '../../../worker/shared/time';
import { CheckboxField, FormError, TextAreaField } from '../../components/ui/field';
import { HomeLink, PageHero } from '../../components/ui/page-hero';
import { PrivateLinkStatus } from '../../components/ui/private-link-status';
import type { FieldErrors } from '../../features/booking/booking-draft';
import type { HealthDraft } from '../../features/booking/health-questions';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { usePrivateLink } from '../../lib/use-private-link';

// The booking page's own questions and consent, from its chunk: shared as a module, they would be
// split into a chunk of their own, one more script on /booking's first load.
const HealthSection = lazy(() => import('./booking').then((module) => ({ default: module.HealthSection })));
const Consent = lazy(() =>
  import('./booking').then((module) => ({
    default: (props: Omit<Parameters<typeof CheckboxField>[0], 'label'>) => (
      <CheckboxField {...props} label={module.healthConsent} />
    ),
  })),
);

const formApi = api['visit-form'][':token'];
const loadForm = (token: string) => request(formApi.$get({ param: { token } }));
type FormView = Awaited<ReturnType<typeof loadForm>>;

const emptyAnswers: HealthDraft & { notes: string; disclaimerAgreed: boolean } = {
  previousMassageTherapy: false,
  onMedication: false,
  medicationDetails: '',
  exercising: false,
  exerciseFrequency: '',
  exerciseHours: '',
  healthConditions: [],
  notes: '',
  disclaimerAgreed: false,
};

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

function HealthForm({ token, onSent }: { token: string; onSent: () => void }) {
  const [answers, setAnswers] = useState(emptyAnswers);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<typeof answers>) => {
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const json = {
      ...answers,
      exerciseFrequency: numberOrUndefined(answers.exerciseFrequency),
      exerciseHours: numberOrUndefined(answers.exerciseHours),
    };
    // The server's rules, checked here first so each field says what is wrong at once.
    const checked = visitFormSchema().safeParse(json);
    if (!checked.success) {
      const fieldErrors: FieldErrors = {};
      // The medication rule runs only once the rest parses: said at once with the other errors.
      if (answers.onMedication && !answers.medicationDetails.trim()) {
        fieldErrors.medicationDetails = formMessages.medicationDetails;
      }
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'disclaimerAgreed') setAlert(issue.message);
        else if (typeof field === 'string') fieldErrors[field as keyof FieldErrors] = issue.message;
      }
      setErrors(fieldErrors);
      return;
    }
    setBusy(true);
    setAlert(undefined);
    try {
      await request(formApi.$post({ param: { token }, json: checked.data }));
      onSent();
    } catch (failure) {
      setAlert(failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE);
      setBusy(false);
    }
  }

  return (
    <form className="booking-form visit-form card" onSubmit={submit} noValidate aria-label="Health questions">
      <Suspense fallback={<p className="field__hint">Loading the questions…</p>}>
        <HealthSection
          draft={answers}
          errors={errors}
          set={set}
          onToggleCondition={toggle}
          heading="Health and background"
        />
      </Suspense>
      <section className="booking-form__section" aria-labelledby="visit-form-notes">
        <h2 id="visit-form-notes">Anything else?</h2>
        <TextAreaField
          label="Notes for your therapist (optional)"
          name="notes"
          rows={3}
          maxLength={1000}
          value={answers.notes}
          onChange={(event) => set({ notes: event.target.value })}
        />
        <Suspense fallback={null}>
          <Consent
            name="disclaimerAgreed"
            checked={answers.disclaimerAgreed}
            onChange={(event) => {
              set({ disclaimerAgreed: event.target.checked });
              setAlert(undefined);
            }}
          />
        </Suspense>
        <FormError message={alert} />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? 'Sending…' : 'Send my answers'}
        </button>
      </section>
    </form>
  );
}

const visitWords = ({ visit }: FormView) =>
  `${visit.treatments.join(', ')} on ${formatAppointmentWat(visit.date, visit.time)}${visit.therapist ? ` with ${visit.therapist}` : ''}`;

export default function VisitFormPage() {
  usePageMeta('visitForm');
  const { token, state, retry } = usePrivateLink(loadForm);
  const [sent, setSent] = useState(false);

  if (state.step !== 'ready') {
    return (
      <PrivateLinkStatus
        state={state}
        eyebrow="Before your visit"
        loading={{ title: 'Before your visit', text: 'Loading…' }}
        missingTitle="This health form cannot be opened"
        failedTitle="We could not load this page"
        onRetry={retry}
      />
    );
  }
  const view = state.view;
  if (sent || view.done) {
    return (
      <PageHero
        eyebrow="Before your visit"
        title={sent ? 'Thank you' : 'We have your answers'}
        lead={`Your therapist will read them before your visit: ${visitWords(view)}. To change them, call or WhatsApp us.`}
      >
        <HomeLink />
      </PageHero>
    );
  }
  return (
    <>
      <PageHero
        eyebrow="Before your visit"
        title="A few health questions"
        lead={`${view.visit.firstName}, for your ${visitWords(view)}. They help your therapist treat you safely and take two minutes.`}
      />
      <section className="section section--tight">
        <div className="container">
          <HealthForm token={token} onSent={() => setSent(true)} />
        </div>
      </section>
    </>
  );
}
