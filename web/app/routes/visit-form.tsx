/**
 * A visit's health form, through the private link a booking taken by staff sends: the same
 * questions, rules and consent as the online booking form, once, until the visit ends.
 */
import { type FormEvent, useState } from 'react';
import { visitFormSchema } from '../../../worker/shared/bookings/booking-schema';
import { formatAppointmentWat } from '../../../worker/shared/time';
import { FormError } from '../../components/ui/field';
import { HomeLink, PageHero } from '../../components/ui/page-hero';
import { PrivateLinkStatus } from '../../components/ui/private-link-status';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { usePrivateLink } from '../../lib/use-private-link';
import { HealthQuestions, healthJson, issuesOf, NotesAndConsent, useHealthAnswers } from '../health-answers-form';

const formApi = api['visit-form'][':token'];
const loadForm = (token: string) => request(formApi.$get({ param: { token } }));
type FormView = Awaited<ReturnType<typeof loadForm>>;

function HealthForm({ token, onSent }: { token: string; onSent: () => void }) {
  const form = useHealthAnswers();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's rules, checked here first so each field says what is wrong at once.
    const checked = visitFormSchema().safeParse(healthJson(form.answers));
    if (!checked.success) {
      const { fieldErrors, consent } = issuesOf(form.answers, checked.error.issues);
      form.setErrors(fieldErrors);
      if (consent) setAlert(consent);
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
      <HealthQuestions form={form} />
      <section className="booking-form__section" aria-labelledby="visit-form-notes">
        <h2 id="visit-form-notes">Anything else?</h2>
        <NotesAndConsent form={form} onConsent={() => setAlert(undefined)} />
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
