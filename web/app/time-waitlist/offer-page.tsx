/**
 * A place offered from the waitlist, through the private link of the offer's message: the time,
 * therapist, treatments and price, how long it is still held, and "Book and pay" (the booking's
 * own checkout, with the health questions and consent as on /booking) or "No, thanks" (the place
 * goes to the next in line).
 */
import { type FormEvent, useState } from 'react';
import type { BookingDetailsInput } from '../../../worker/shared/bookings/booking-schema';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { formatNaira } from '../../../worker/shared/money';
import { formatTime, lagosClock } from '../../../worker/shared/time';
import { draftFields, FormError, TextField } from '../../components/ui/field';
import { Link } from '../../components/ui/link';
import { PageHero } from '../../components/ui/page-hero';
import { PrivateLinkStatus } from '../../components/ui/private-link-status';
import { paths } from '../../config/paths';
import type { FieldErrors } from '../../features/booking/booking-draft';
import { ConfirmationDetails } from '../../features/checkout-payment/confirmation-frames';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { minutesUntil, useClock } from '../../lib/use-clock';
import { usePrivateLink } from '../../lib/use-private-link';
import {
  type HealthAnswers,
  HealthQuestions,
  healthJson,
  issuesOf,
  NotesAndConsent,
  useHealthAnswers,
} from '../health-answers-form';

const offerApi = api['waitlist-offer'][':token'];
const loadOffer = (token: string) => request(offerApi.$get({ param: { token } }));
type Offer = Awaited<ReturnType<typeof loadOffer>>;

const visitRows = (offer: Offer): Array<[string, string]> => [
  ['Date and time', `${formatVisit(offer.date, offer.time, offer.durationMinutes)} (WAT)`],
  ['Therapist', offer.therapist.name],
  ['Treatments', offer.treatments.join(', ')],
  ['Price', formatNaira(offer.price)],
  ...(offer.payNow < offer.price
    ? ([
        ['To pay now (deposit)', formatNaira(offer.payNow)],
        ['To pay at the studio', formatNaira(offer.price - offer.payNow)],
      ] as Array<[string, string]>)
    : []),
];

/** The contact details the booking is made with (the page's answer carries the name only). */
interface Contact {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

/** The booking of the offered place as the booking's own checkout takes it. */
function offerBookingDetails(
  token: string,
  offer: Offer,
  contact: Contact,
  answers: HealthAnswers,
): BookingDetailsInput {
  return {
    paymentType: 'booking',
    service: 'Massage',
    subservices: offer.treatments,
    appointmentDate: offer.date,
    appointmentTime: offer.time as BookingDetailsInput['appointmentTime'],
    therapistId: offer.therapist._id,
    ...contact,
    ...healthJson(answers),
    notes: answers.notes || undefined,
    medicationDetails: answers.onMedication ? answers.medicationDetails : undefined,
    disclaimerAgreed: answers.disclaimerAgreed as true,
    amount: offer.payNow,
    waitlistOffer: token,
  };
}

/** The offered place's booking: contact details, health questions, consent, then pay or decline. */
function BookingForm({ token, offer, onDeclined }: { token: string; offer: Offer; onDeclined: () => void }) {
  const form = useHealthAnswers();
  const [contact, setContact] = useState<Contact>({
    customerName: offer.client.name,
    customerEmail: '',
    customerPhone: '',
  });
  const [contactErrors, setContactErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState<'paying' | 'declining'>();

  /** Paying or declining: busy meanwhile; when it fails, why, and the buttons again. */
  async function act(kind: 'paying' | 'declining', run: () => Promise<void>) {
    setBusy(kind);
    setAlert(undefined);
    try {
      await run();
    } catch (failure) {
      setAlert(failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE);
      setBusy(undefined);
    }
  }

  const change = (field: keyof Contact, value: string) => {
    setContact((current) => ({ ...current, [field]: value }));
    setContactErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const details = offerBookingDetails(token, offer, contact, form.answers);
    // The server's rules, checked here first so each field says what is wrong at once.
    const { bookingDetailsSchema } = await import('../../../worker/shared/bookings/booking-schema');
    const checked = bookingDetailsSchema().safeParse(details);
    if (!checked.success) {
      const { fieldErrors, consent } = issuesOf(form.answers, checked.error.issues);
      form.setErrors(fieldErrors);
      setContactErrors(fieldErrors);
      setAlert(consent ?? (Object.keys(fieldErrors).length > 0 ? 'Please check the fields marked above.' : undefined));
      return;
    }
    await act('paying', async () => {
      const { openBookingCheckout } = await import('../../features/booking/start-booking-payment');
      await openBookingCheckout(details, offer.payNow);
    });
  }

  const decline = () =>
    act('declining', async () => {
      await request(offerApi.decline.$post({ param: { token } }));
      onDeclined();
    });

  return (
    <form className="booking-form visit-form card" onSubmit={pay} noValidate aria-label="Book this place">
      <ContactSection contact={contact} errors={contactErrors} onChange={change} />
      <HealthQuestions form={form} />
      <section className="booking-form__section" aria-labelledby="offer-pay">
        <h2 id="offer-pay">Book and pay</h2>
        <NotesAndConsent form={form} onConsent={() => setAlert(undefined)} />
        <FormError message={alert} />
        <div className="confirmation__actions">
          <button type="submit" className="button button--primary button--large" disabled={busy !== undefined}>
            {busy === 'paying' ? 'Opening the payment…' : `Book and pay ${formatNaira(offer.payNow)}`}
          </button>
          <button
            type="button"
            className="button button--secondary button--large"
            onClick={decline}
            disabled={busy !== undefined}
          >
            {busy === 'declining' ? 'One moment…' : 'No, thanks'}
          </button>
        </div>
      </section>
    </form>
  );
}

/** Who books the offered place: a name, an email and a WhatsApp number. */
function ContactSection({
  contact,
  errors,
  onChange,
}: {
  contact: Contact;
  errors: FieldErrors;
  onChange: (field: keyof Contact, value: string) => void;
}) {
  const field = draftFields(contact, errors, onChange);
  return (
    <section className="booking-form__section" aria-labelledby="offer-you">
      <h2 id="offer-you">Your details</h2>
      <TextField label="Full name" {...field('customerName')} autoComplete="name" />
      <TextField label="Email" {...field('customerEmail')} type="email" autoComplete="email" />
      <TextField label="Phone (WhatsApp)" {...field('customerPhone')} type="tel" autoComplete="tel" />
    </section>
  );
}

function Ended({ title, lead }: { title: string; lead: string }) {
  return (
    <PageHero eyebrow="The waitlist" title={title} lead={lead}>
      <Link to={paths.booking} className="button button--light button--large">
        Book another time
      </Link>
    </PageHero>
  );
}

export function TimeWaitlistOfferPage() {
  usePageMeta('waitlistOffer');
  const { token, state, retry } = usePrivateLink(loadOffer);
  const [declined, setDeclined] = useState(false);
  const offer = state.step === 'ready' ? state.view : undefined;
  const minutes = minutesUntil(offer?.expiresAt ?? '', useClock());

  if (state.step !== 'ready' || !offer) {
    return (
      <PrivateLinkStatus
        state={state.step === 'ready' ? { step: 'loading' } : state}
        eyebrow="The waitlist"
        loading={{ title: 'A place for you', text: 'Loading…' }}
        missingTitle="This offer cannot be opened"
        failedTitle="We could not load this page"
        onRetry={retry}
      />
    );
  }
  if (declined || offer.status === 'declined' || offer.status === 'withdrawn') {
    return (
      <Ended
        title="Thank you for letting us know"
        lead="The place goes to the next person waiting. You stay on the waitlist for your other days and times, unless you left it."
      />
    );
  }
  if (offer.status === 'booked') {
    return <Ended title="This place is booked" lead="Please check your confirmation message for its details." />;
  }
  const open = (offer.status === 'open' && minutes > 0) || offer.status === 'paying';
  if (!open) {
    return (
      <Ended
        title="This offer has ended"
        lead="The place was held for you for a limited time and has gone to the next person waiting. You are still on the waitlist: we will write if another place frees."
      />
    );
  }
  const heldFor =
    offer.status === 'paying'
      ? 'Your payment for it was started: finish it, or start again below.'
      : `It is held for you until ${formatTime(lagosClock(new Date(offer.expiresAt)))} (${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left).`;
  return (
    <>
      <PageHero
        eyebrow="The waitlist"
        title="A place for you"
        lead={`${offer.client.name.split(' ')[0]}, a place has freed for ${offer.treatments.join(', ')}. ${heldFor}`}
      />
      <section className="section section--tight">
        <div className="container">
          <div className="card waitlist-offer__place">
            <div className="card__body">
              <h2>The place</h2>
              <ConfirmationDetails rows={visitRows(offer)} />
            </div>
          </div>
          <BookingForm token={token} offer={offer} onDeclined={() => setDeclined(true)} />
        </div>
      </section>
    </>
  );
}
