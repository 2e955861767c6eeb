/**
 * New booking: a booking staff take by phone, WhatsApp or at the door, in a modal dialog. The
 * server takes the time by the same rule as online bookings (a therapist and a room free for the
 * whole visit) and sends the same confirmation and manage link when an email or WhatsApp number is
 * given. Opened from the Bookings screen, or from a free time on the Calendar with the therapist
 * and time filled in.
 */
import { type FormEvent, useState } from 'react';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { formatNaira } from '../../../worker/shared/money';
import { FieldFrame, FormError, ItemOptions, TextAreaField, TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { FormButtons, RadioOptions, useCan } from '../kits/admin-ui';
import { ModalDialog, useModal } from '../kits/modal-dialog';
import { useBookable } from '../kits/use-bookable';
import { VisitTimeFields } from './visit-time-fields';

export const newBookingMessages = {
  save: 'Error saving the booking',
  treatments: 'Please choose at least one treatment.',
} as const;

const paymentChoices = [
  { value: 'cash', label: 'Cash at the studio' },
  { value: 'transfer', label: 'Bank transfer' },
  { value: 'pos', label: 'POS (card at the studio)' },
  { value: 'unpaid', label: 'Unpaid: pays on arrival' },
] as const;

type Payment = (typeof paymentChoices)[number]['value'];

export interface NewBookingPreset {
  date?: string;
  time?: string;
  therapistId?: string;
  /** Book the next visit: the same client and treatments (names on the menu). */
  client?: { name: string; phone: string; email: string };
  treatments?: string[];
}

export interface SavedBooking {
  name: string;
  date: string;
  time: string;
  durationMinutes: number;
  therapist: { name: string } | null;
  /** The client is past the no-show rule and was booked to pay later: take payment now. */
  paymentAdvice?: string | null;
}

/** What staff are told once the booking is saved. */
export const bookedNotice = (booking: SavedBooking) =>
  `${booking.name} is booked on ${formatVisit(booking.date, booking.time, booking.durationMinutes)}${
    booking.therapist ? ` with ${booking.therapist.name}` : ''
  }.${booking.paymentAdvice ? ` ${booking.paymentAdvice}` : ''}`;

/** The form's Book: sends the booking, then tells the page and closes the dialog, or shows what is wrong. */
function useSaveBooking({
  chosen,
  therapistId,
  payment,
  onSaved,
  close,
}: {
  chosen: string[];
  therapistId: string;
  payment: Payment;
  onSaved: (booking: SavedBooking) => void;
  close: () => void;
}) {
  const [error, setError] = useState<string>();
  // The same client's visit at an overlapping time: said, and booked only with "Book anyway".
  const [overlap, setOverlap] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const allowOverlap = submitter?.getAttribute('name') === 'allowOverlap';
    if (chosen.length === 0) {
      setError(newBookingMessages.treatments);
      return;
    }
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    setSaving(true);
    setError(undefined);
    setOverlap(undefined);
    try {
      // The server checks every field, the time and the therapist, and says what is wrong.
      const { booking, paymentAdvice } = await adminRequest(
        api.bookings.$post({
          json: {
            name: text('name'),
            phone: text('phone'),
            email: text('email'),
            subservices: chosen,
            date: text('date'),
            time: text('time'),
            therapistId: therapistId === 'any' ? undefined : therapistId,
            payment,
            notes: text('notes') || undefined,
            ...(data.get('served') === 'on' ? { served: true } : {}),
            ...(allowOverlap ? { allowOverlap: true } : {}),
          },
        }),
      );
      if (booking) onSaved({ ...booking, paymentAdvice });
      close();
    } catch (failure) {
      const message = messageOf(failure, newBookingMessages.save);
      const asked =
        failure instanceof ApiError && typeof failure.body === 'object' && failure.body && 'overlap' in failure.body;
      if (asked) setOverlap(message);
      else setError(message);
      setSaving(false);
    }
  }

  return { error, setError, overlap, saving, submit };
}

export function NewBookingForm({
  preset,
  onClose,
  onSaved,
}: {
  preset?: NewBookingPreset;
  /** The dialog has closed (saved, cancelled or Escape): unmount the form. */
  onClose: () => void;
  onSaved: (booking: SavedBooking) => void;
}) {
  const modal = useModal();
  const bookable = useBookable();
  const [chosen, setChosen] = useState<string[]>(preset?.treatments ?? []);
  // Without the desk's permission (a therapist booking a client's next visit): with themselves,
  // paid at the studio.
  const desk = useCan('bookings');
  const [therapistId, setTherapistId] = useState(preset?.therapistId ?? 'any');
  const [payment, setPayment] = useState<Payment>(desk ? 'cash' : 'unpaid');
  const { error, setError, overlap, saving, submit } = useSaveBooking({
    chosen,
    therapistId,
    payment,
    onSaved,
    close: modal.close,
  });

  const treatments = (bookable?.menu ?? []).flatMap((group) => group.treatments);
  const total = chosen.reduce((sum, name) => sum + (treatments.find((t) => t.name === name)?.price ?? 0), 0);
  const chosenIds = chosen.map((name) => treatments.find((t) => t.name === name)?._id ?? name);
  const therapists = (bookable?.therapists ?? []).filter(
    (therapist) =>
      therapist.active &&
      chosenIds.every((id) => therapist.treatments.includes(id)) &&
      (desk || therapist._id === preset?.therapistId),
  );

  return (
    <ModalDialog modal={modal} className="dialog admin-new-booking" title="New booking" onClose={onClose}>
      <form onSubmit={submit} noValidate aria-labelledby={modal.titleId}>
        <ClientFields client={preset?.client} />
        <TreatmentChoices
          menu={bookable?.menu ?? []}
          chosen={chosen}
          onToggle={(name, checked) => {
            setError(undefined);
            setChosen((list) => (checked ? [...list, name] : list.filter((each) => each !== name)));
          }}
        />
        <p className="admin-new-booking__total">
          Total: <strong>{formatNaira(total)}</strong>
        </p>
        <VisitTimeFields
          id={`${modal.titleId}-time`}
          preset={preset}
          times={bookable?.times}
          // Ids once the menu is loaded (a preset names its treatments).
          treatments={bookable ? chosenIds : []}
          therapistId={therapistId}
          desk={desk}
        />
        <TherapistSelect
          id={`${modal.titleId}-therapist`}
          value={therapistId}
          onChange={setTherapistId}
          offered={therapists}
          named={bookable?.therapists.find((therapist) => therapist._id === therapistId)?.name}
          anyOffered={desk}
        />
        <PaymentChoices desk={desk} value={payment} onChange={setPayment} />
        <TextAreaField label="Notes (optional)" name="notes" rows={2} maxLength={1000} />
        <FormError message={error} />
        {overlap ? (
          <div className="admin-alert admin-alert--warning" role="alert">
            <span>{overlap}</span>
            <button
              type="submit"
              name="allowOverlap"
              className="button button--secondary button--small"
              disabled={saving}
            >
              Book anyway
            </button>
          </div>
        ) : null}
        <FormButtons disabled={saving} onCancel={modal.close}>
          {saving ? 'Booking…' : 'Book'}
        </FormButtons>
      </form>
    </ModalDialog>
  );
}

/** How the visit is paid; without the desk's permission, only unpaid (paid at the studio). */
function PaymentChoices({
  desk,
  value,
  onChange,
}: {
  desk: boolean;
  value: Payment;
  onChange: (value: Payment) => void;
}) {
  return (
    <fieldset className="admin-new-booking__payment">
      <legend className="field__label">Payment</legend>
      <RadioOptions
        name="payment"
        options={desk ? paymentChoices : paymentChoices.filter((choice) => choice.value === 'unpaid')}
        value={value}
        onChange={onChange}
      />
    </fieldset>
  );
}

/** The menu's treatments by group, each a checkbox with its price. */
function TreatmentChoices({
  menu,
  chosen,
  onToggle,
}: {
  menu: NonNullable<ReturnType<typeof useBookable>>['menu'];
  chosen: string[];
  onToggle: (name: string, checked: boolean) => void;
}) {
  return (
    <fieldset className="admin-new-booking__treatments">
      <legend className="field__label">Treatments</legend>
      {menu.map((group) => (
        <div key={group.id} className="admin-new-booking__group">
          <p className="admin-new-booking__group-title">{group.title}</p>
          {group.treatments.map((treatment) => (
            <label key={treatment._id} className="checkbox">
              <input
                type="checkbox"
                className="checkbox__input"
                name="subservices"
                value={treatment.name}
                checked={chosen.includes(treatment.name)}
                onChange={(event) => onToggle(treatment.name, event.target.checked)}
              />
              <span>
                {treatment.name} <span className="admin-new-booking__price">{formatNaira(treatment.price)}</span>
              </span>
            </label>
          ))}
        </div>
      ))}
    </fieldset>
  );
}

/** Whom the visit is with: any therapist (the desk only) or one who gives every chosen treatment. */
function TherapistSelect({
  id,
  value,
  onChange,
  offered,
  named,
  anyOffered,
}: {
  id: string;
  value: string;
  onChange: (id: string) => void;
  offered: ReadonlyArray<{ _id: string; name: string }>;
  /** The chosen therapist's name, listed even when the treatments rule them out. */
  named?: string;
  anyOffered: boolean;
}) {
  return (
    <FieldFrame id={id} label="Therapist">
      <select
        id={id}
        className="field__control field__control--select"
        name="therapistId"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {anyOffered ? <option value="any">Any therapist</option> : null}
        <ItemOptions items={offered} />
        {/* The Calendar's choice stays listed until the treatments rule it out. */}
        {value !== 'any' && !offered.some((therapist) => therapist._id === value) ? (
          <option value={value}>{named ?? 'Chosen therapist'}</option>
        ) : null}
      </select>
    </FieldFrame>
  );
}

/** Who the visit is for (the same client, for their next visit). */
function ClientFields({ client }: { client?: NewBookingPreset['client'] }) {
  return (
    <>
      <div className="admin-new-booking__pair">
        <TextField
          label="Client’s name"
          name="name"
          autoComplete="off"
          required
          maxLength={100}
          defaultValue={client?.name}
        />
        <TextField
          label="Phone or WhatsApp number"
          name="phone"
          type="tel"
          autoComplete="off"
          required
          defaultValue={client?.phone}
        />
      </div>
      <TextField
        label="Email (optional)"
        name="email"
        type="email"
        autoComplete="off"
        hint="The confirmation and manage link go to the email and the WhatsApp number."
        defaultValue={client?.email}
      />
    </>
  );
}
