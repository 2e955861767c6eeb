import { type FormEvent, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { FormError, TextField } from '../../components/ui/field';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api-errors';
import { useHydrated } from '../../lib/use-hydrated';
import type { OfferDetails, OfferErrors, OfferField } from './offer-purchase';

// The rules and the request load when the visitor sends the form (zod stays off the first load).
const loadPurchase = () => import('./offer-purchase');

const fieldOrder: OfferField[] = ['offerId', 'buyerName', 'buyerEmail', 'buyerPhone'];

/** One thing to choose, as its card shows it: a line each, and perhaps the saving. */
export interface Offer {
  _id: string;
  name: string;
  price: number;
  /** "₦60,000", or "₦40,000 a month". */
  priceLabel: string;
  lines: string[];
  highlight?: string;
}

function OfferChoice({ kind, offer, checked }: { kind: string; offer: Offer; checked: boolean }) {
  const id = `${kind}-${offer._id}`;
  return (
    <li>
      <input
        type="radio"
        className="package-choice__input"
        id={id}
        name="offerId"
        value={offer._id}
        defaultChecked={checked}
        aria-describedby={`${id}-details`}
      />
      <label htmlFor={id} className="package-choice">
        <span className="package-choice__name">{offer.name}</span>
        <span className="package-choice__price">{offer.priceLabel}</span>
        <span id={`${id}-details`} className="package-choice__details">
          {offer.lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
          {offer.highlight ? <span className="package-choice__saving">{offer.highlight}</span> : null}
        </span>
      </label>
    </li>
  );
}

/** The form's answers as the purchase takes them, each trimmed. */
function detailsOf(form: HTMLFormElement, kind: OfferDetails['paymentType']): OfferDetails {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return {
    paymentType: kind,
    offerId: text('offerId'),
    buyerName: text('buyerName'),
    buyerEmail: text('buyerEmail'),
    buyerPhone: text('buyerPhone'),
  };
}

/** The offers to choose from, the first chosen at first, and the message when none is. */
function OfferChoices({
  kind,
  offers,
  legend,
  error,
}: {
  kind: OfferDetails['paymentType'];
  offers: readonly Offer[];
  legend: string;
  error: string | undefined;
}) {
  return (
    <fieldset className="package-form__group">
      <legend className="package-form__legend">{legend}</legend>
      <ul className="package-choices">
        {offers.map((each, index) => (
          <OfferChoice key={each._id} kind={kind} offer={each} checked={index === 0} />
        ))}
      </ul>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** What is paid, any note, and the button that opens the checkout. */
function PayButton({
  total,
  note,
  disabled,
  label,
}: {
  total: string;
  note: string | undefined;
  disabled: boolean;
  label: string;
}) {
  return (
    <div className="package-form__pay">
      <p className="package-form__total" aria-live="polite">
        {total}
      </p>
      {note ? <p className="package-form__note">{note}</p> : null}
      <button type="submit" className="button button--primary button--large" disabled={disabled}>
        {label}
      </button>
      <p className="package-form__secure">Payments are processed securely by Paystack.</p>
    </div>
  );
}

/**
 * Buying a package or joining a membership: which one, and the buyer (name, email, WhatsApp: the
 * code goes to both). The fields keep their own values (uncontrolled), so what a visitor chooses
 * and types before the scripts arrive stays; the API's own rules check them on submit, then the
 * checkout opens.
 */
export function OfferForm({
  kind,
  offers,
  title,
  legend,
  submitLabel,
  note,
}: {
  kind: OfferDetails['paymentType'];
  offers: readonly Offer[];
  /** The form's accessible name: "Buy a package". */
  title: string;
  legend: string;
  submitLabel: string;
  note?: string;
}) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<OfferErrors>({});
  const [formError, setFormError] = useState<string>();
  const [chosen, setChosen] = useState<string | undefined>(offers[0]?._id);
  const [sending, setSending] = useState(false);
  const offer = offers.find((each) => each._id === chosen);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const details = detailsOf(form, kind);
    const picked = offers.find((each) => each._id === details.offerId);
    setSending(true);
    try {
      const { validateOffer, startOffer } = await loadPurchase();
      const found = validateOffer(details);
      setErrors(found);
      const firstInvalid = fieldOrder.find((field) => found[field]);
      if (firstInvalid || !picked) {
        const element = form.elements.namedItem(firstInvalid ?? 'offerId');
        const target = element instanceof RadioNodeList ? element[0] : element;
        if (target instanceof HTMLElement) target.focus();
        setSending(false);
        return;
      }
      await startOffer(details, picked);
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
      setSending(false);
    }
  }

  return (
    <form
      className="package-form"
      noValidate
      aria-label={title}
      onSubmit={submit}
      onChange={(event) => {
        const target = event.target as Element;
        const name = target.getAttribute('name') ?? '';
        if (name === 'offerId' && target instanceof HTMLInputElement) setChosen(target.value);
        setErrors((current) => (current[name as OfferField] ? { ...current, [name]: undefined } : current));
        setFormError(undefined);
      }}
    >
      <OfferChoices kind={kind} offers={offers} legend={legend} error={errors.offerId} />
      <BuyerDetails errors={errors} />
      <FormError message={formError} />
      <PayButton
        total={offer ? `You pay ${formatNaira(offer.price)}${kind === 'membership' ? ' a month' : ''}` : legend}
        note={note}
        disabled={!hydrated || sending}
        label={sending ? 'Processing...' : submitLabel}
      />
    </form>
  );
}

/** Who buys: a name, an email and a WhatsApp number, where the code is sent. */
function BuyerDetails({ errors }: { errors: OfferErrors }) {
  return (
    <fieldset className="package-form__group">
      <legend className="package-form__legend">Your details</legend>
      <TextField label="Your name" name="buyerName" autoComplete="name" maxLength={100} error={errors.buyerName} />
      <TextField
        label="Your email"
        name="buyerEmail"
        type="email"
        autoComplete="email"
        maxLength={254}
        error={errors.buyerEmail}
      />
      <TextField
        label="Your WhatsApp number"
        name="buyerPhone"
        type="tel"
        autoComplete="tel"
        hint="Your code comes to your email and this WhatsApp number."
        error={errors.buyerPhone}
      />
    </fieldset>
  );
}
