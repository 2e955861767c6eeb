import { type FormEvent, useRef, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { type PackageOffer, type PackagePurchase, packageValue } from '../../../worker/shared/package-rules';
import { FormError, TextField } from '../../components/ui/field';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api-errors';
import { useHydrated } from '../../lib/use-hydrated';
import type { PackageErrors } from './package-purchase';

// The rules and the request load when the visitor sends the form (zod stays off the first load).
const loadPurchase = () => import('./package-purchase');

const fieldOrder = ['packageId', 'buyerName', 'buyerEmail', 'buyerPhone'] as const;

const months = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`;

/** "Swedish, Hotstone and Deep Tissue" */
const treatmentList = (offer: PackageOffer) => {
  const names = offer.treatments.map((treatment) => treatment.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
};

function readForm(form: HTMLFormElement): PackagePurchase {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return {
    paymentType: 'package',
    packageId: text('packageId'),
    buyerName: text('buyerName'),
    buyerEmail: text('buyerEmail'),
    buyerPhone: text('buyerPhone'),
  };
}

/** One package to choose: what it holds, its price, the price of a session and the saving. */
function PackageChoice({ offer, checked }: { offer: PackageOffer; checked: boolean }) {
  const { perSession, saving } = packageValue(offer);
  const id = `package-${offer._id}`;
  return (
    <li>
      <input
        type="radio"
        className="package-choice__input"
        id={id}
        name="packageId"
        value={offer._id}
        defaultChecked={checked}
        aria-describedby={`${id}-details`}
      />
      <label htmlFor={id} className="package-choice">
        <span className="package-choice__name">{offer.name}</span>
        <span className="package-choice__price">{formatNaira(offer.price)}</span>
        <span id={`${id}-details`} className="package-choice__details">
          {/* One text node each: the page's HTML reads as the sentence, with no markers inside it. */}
          <span>{`${offer.sessions} sessions of ${treatmentList(offer)}`}</span>
          <span>{`${formatNaira(perSession)} a session`}</span>
          {saving > 0 ? (
            <span className="package-choice__saving">{`You save ${formatNaira(saving)} against single visits`}</span>
          ) : null}
          <span>{`Valid ${months(offer.validMonths)} from purchase`}</span>
        </span>
      </label>
    </li>
  );
}

/**
 * Buying a package: which one, and the buyer (name, email, WhatsApp: the code goes to both). The
 * fields keep their own values (uncontrolled), so what a visitor chooses and types before the
 * scripts arrive stays; the API's own rules check them on submit, then the checkout opens.
 */
export function PackageForm({ offers }: { offers: readonly PackageOffer[] }) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<PackageErrors>({});
  const [formError, setFormError] = useState<string>();
  const [chosen, setChosen] = useState<string | undefined>(offers[0]?._id);
  const [sending, setSending] = useState(false);
  const offer = offers.find((each) => each._id === chosen);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const details = readForm(form);
    const picked = offers.find((each) => each._id === details.packageId);
    setSending(true);
    try {
      const { validatePurchase, buyPackage } = await loadPurchase();
      const found = validatePurchase(details);
      setErrors(found);
      const firstInvalid = fieldOrder.find((field) => found[field]);
      if (firstInvalid || !picked) {
        const element = form.elements.namedItem(firstInvalid ?? 'packageId');
        const target = element instanceof RadioNodeList ? element[0] : element;
        if (target instanceof HTMLElement) target.focus();
        setSending(false);
        return;
      }
      await buyPackage(details, picked);
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="package-form"
      noValidate
      aria-label="Buy a package"
      onSubmit={submit}
      onChange={(event) => {
        const target = event.target as Element;
        const name = target.getAttribute('name') ?? '';
        if (name === 'packageId' && target instanceof HTMLInputElement) setChosen(target.value);
        setErrors((current) => (current[name as keyof PackageErrors] ? { ...current, [name]: undefined } : current));
        setFormError(undefined);
      }}
    >
      <fieldset className="package-form__group">
        <legend className="package-form__legend">Choose a package</legend>
        <ul className="package-choices">
          {offers.map((each, index) => (
            <PackageChoice key={each._id} offer={each} checked={index === 0} />
          ))}
        </ul>
        {errors.packageId ? (
          <p className="field__error" role="alert">
            {errors.packageId}
          </p>
        ) : null}
      </fieldset>
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
          hint="Your package code comes to your email and this WhatsApp number."
          error={errors.buyerPhone}
        />
      </fieldset>
      <FormError message={formError} />
      <div className="package-form__pay">
        <p className="package-form__total" aria-live="polite">
          {offer ? `You pay ${formatNaira(offer.price)}` : 'Choose a package'}
        </p>
        <button type="submit" className="button button--primary button--large" disabled={!hydrated || sending}>
          {sending ? 'Processing...' : 'Buy package'}
        </button>
        <p className="package-form__secure">Payments are processed securely by Paystack.</p>
      </div>
    </form>
  );
}
