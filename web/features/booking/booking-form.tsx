import { useSetAtom } from 'jotai';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatAppointment, lagosDate } from '../../../worker/shared/time';
import { useAtomValueAfterHydration, useHydrated } from '../../lib/use-hydrated';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { idsOfNames, menuNamesOf, useMenu } from '../catalogue/live-menu';
import type { PaymentChoice } from '../checkout-payment/applied-codes';
import { BookingBar } from './booking-bar';
import {
  adoptTypedDraftAtom,
  type BookingDraft,
  bookingDraftAtom,
  bookingTotalAtom,
  chooseServiceAtom,
  emptyBookingDraft,
  type FieldErrors,
  toggleHealthConditionAtom,
  toggleTreatmentAtom,
  updateBookingDraftAtom,
} from './booking-draft';
import { ConfirmSection, DetailsSection, TreatmentsSection, WhenSection } from './booking-form-sections';
import { HealthSection } from './health-questions';

// Loaded when the visitor pays, keeping them off the first load.
const PaymentDialog = lazy(() =>
  import('../checkout-payment/payment-dialog').then((module) => ({ default: module.PaymentDialog })),
);
const UnfinishedPayment = lazy(() =>
  import('../checkout-payment/unfinished-payment').then((module) => ({ default: module.UnfinishedPayment })),
);

/**
 * Back from the checkout without paying: the payment dialog opens again, offering to pay again
 * (which replaces the earlier hold) or "Cancel this payment" (which gives the place back).
 */
function useReturnedFromCheckout(setPaying: (paying: boolean) => void) {
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    // Only whether one is stored (pending-payment.ts's key): its module loads with the dialog,
    // keeping the booking page's first load within its budget.
    if (sessionStorage.getItem('spa.pending-booking') === null) return;
    setReturned(true);
    setPaying(true);
  }, [setPaying]);
  return returned;
}

/**
 * Arriving with a choice: "Book Now" on a treatment (`?treatment=<id>`) ticks it and brings the
 * visitor to the date and time; "Book again" from the client's page (`?treatments=<names>`) the
 * same treatments (those still on the menu) and therapist.
 */
function useBookAgain(menu: ReturnType<typeof useMenu>, update: (changes: Partial<BookingDraft>) => void) {
  useEffect(() => {
    const again = new URLSearchParams(window.location.search);
    const treatments = again.get('treatments');
    const one = again.get('treatment');
    if (treatments === null && one === null) return;
    const names =
      treatments === null
        ? menu.filter((treatment) => treatment.id === one).map((treatment) => treatment.name)
        : menuNamesOf(menu, treatments.split(','));
    update({
      service: 'Massage',
      subservices: names,
      ...(treatments === null ? {} : { therapistId: again.get('therapist') ?? 'any' }),
      appointmentTime: '',
    });
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (one !== null && names.length > 0) document.getElementById('booking-when')?.scrollIntoView({ block: 'start' });
  }, [menu, update]);
}

/**
 * The field errors and the form's alert: an edit clears its fields' errors and the alert, as
 * the draft takes it.
 */
function useDraftErrors(update: (changes: Partial<BookingDraft>) => void) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string[]>();

  const set = (changes: Partial<BookingDraft>) => {
    update(changes);
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as keyof BookingDraft];
      return next;
    });
    setAlert(undefined);
  };

  return { errors, setErrors, alert, setAlert, set };
}

/**
 * Checks the draft as the visitor confirms: every problem at once (the treatments, each field, the
 * disclaimer), listed together by the button, the first field at fault scrolled to and focused.
 * When all is well, the payment's module, loaded only now.
 */
async function checkBeforePaying(
  draft: BookingDraft,
  today: string | undefined,
  setAlert: (alert: string[] | undefined) => void,
  setErrors: (errors: FieldErrors) => void,
) {
  const payment = await import('./start-booking-payment');
  const { errors, fields, messages } = await payment.problemsOf(draft, today);
  setErrors(errors);
  if (fields.length === 0) return payment;
  setAlert(messages);
  const first = fields
    .map((field) => document.querySelector<HTMLElement>(`.booking-form [name="${field}"]`))
    .find((element) => element !== null);
  first?.scrollIntoView({ block: 'center' });
  first?.focus({ preventScroll: true });
  return undefined;
}

/** The payment dialog for the visit's treatments, a deposit's or the full price. */
function BookingPayment({
  draft,
  menu,
  total,
  inFull,
  returned,
  onClose,
}: {
  draft: BookingDraft;
  menu: ReturnType<typeof useMenu>;
  total: number;
  /** Why the visit is paid in full (no deposit), when it is. */
  inFull: string | undefined;
  /** Back from the checkout without paying. */
  returned: boolean;
  onClose: () => void;
}) {
  // The request and its details load when the visitor pays (off the page's first load).
  const pay = async (choice: PaymentChoice) =>
    (await import('./start-booking-payment')).startBookingPayment(draft, choice);

  const lines = draft.subservices.map((name) => {
    const treatment = menu.find((each) => each.name === name);
    return { label: name, amount: treatment?.price ?? 0, depositPercent: inFull ? 0 : treatment?.depositPercent };
  });

  return (
    <Suspense fallback={null}>
      <PaymentDialog
        kind="booking"
        open
        onClose={onClose}
        lines={lines}
        subtotal={total}
        details={
          <>
            <p>
              {formatAppointment(draft.appointmentDate, draft.appointmentTime)} · {draft.customerName}
            </p>
            {inFull ? <p className="payment-dialog__in-full">{inFull}</p> : null}
          </>
        }
        notice={returned ? <UnfinishedPayment kind="booking" /> : undefined}
        onPay={pay}
      />
    </Suspense>
  );
}

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
  const { errors, setErrors, alert, setAlert, set } = useDraftErrors(update);
  const [paying, setPaying] = useState(false);
  // The studio's no-show rule, learnt as the visitor confirms (never why): no deposit then.
  const [inFull, setInFull] = useState<string>();
  const returned = useReturnedFromCheckout(setPaying);
  const today = hydrated ? lagosDate(new Date()) : undefined;
  const menu = useMenu();
  useBookAgain(menu, update);
  const chosenIds = idsOfNames(menu, draft.subservices);
  const therapistId = draft.therapistId ?? 'any';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payment = await checkBeforePaying(draft, today, setAlert, setErrors);
    if (!payment) return;
    setInFull(await payment.paymentInFullNote(draft, menu));
    setPaying(true);
  }

  return (
    <>
      <form ref={formRef} className="booking-form" noValidate onSubmit={submit} aria-label="Book a massage">
        <TreatmentsSection
          draft={draft}
          errors={errors}
          menu={menu}
          total={total}
          onChooseService={chooseService}
          onToggle={(treatment) => {
            toggleTreatment(treatment);
            setErrors(({ subservices: _chosen, ...others }) => others);
            setAlert(undefined);
          }}
        />
        <WhenSection
          draft={draft}
          errors={errors}
          set={set}
          today={today}
          chosenIds={chosenIds}
          therapistId={therapistId}
        />
        <DetailsSection draft={draft} errors={errors} set={set} />
        <HealthSection draft={draft} errors={errors} set={set} onToggleCondition={toggleCondition} />

        <ConfirmSection draft={draft} errors={errors} set={set} alert={alert} hydrated={hydrated} />
      </form>
      <BookingBar draft={draft} total={total} />

      {paying ? (
        <BookingPayment
          draft={draft}
          menu={menu}
          total={total}
          inFull={inFull}
          returned={returned}
          onClose={() => setPaying(false)}
        />
      ) : null}
    </>
  );
}
