import { type FormEvent, type RefObject, useRef, useState } from 'react';
import type { AcademyWaitlistField } from '../../../worker/shared/academy/academy-waitlist';
import {
  academyWaitlistFieldNames,
  EARLY_BIRD_PLACES,
  nigerianStates,
} from '../../../worker/shared/academy/academy-waitlist-options';
import { FormError, SelectField, TextField } from '../../components/ui/field';
import { CheckIcon } from '../../components/ui/icons';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api-errors';
import { useHydrated } from '../../lib/use-hydrated';
import type { AcademyWaitlistErrors, AcademyWaitlistValues } from './academy-waitlist-signup';

// The rules and the request load when the visitor starts on the form: the page's first load
// carries only the form's markup, which is in the prerendered HTML like the rest of the page.
const loadSignup = () => import('./academy-waitlist-signup');

const isField = (name: string): name is AcademyWaitlistField =>
  (academyWaitlistFieldNames as readonly string[]).includes(name);

/** The thanks after joining, its heading focused: the visitor still has to confirm the email. */
function AcademyWaitlistThanks({
  headingLevel,
  thanksRef,
  message,
}: {
  headingLevel: 2 | 3;
  thanksRef: RefObject<HTMLHeadingElement | null>;
  message: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="waitlist-thanks" role="status">
      <span className="waitlist-thanks__icon">
        <CheckIcon size={28} />
      </span>
      <Heading ref={thanksRef} tabIndex={-1} className="waitlist-thanks__title">
        Almost there: confirm your email
      </Heading>
      <p>{message}</p>
    </div>
  );
}

/** The four fields: first name, state, email and WhatsApp number, each with its message inline. */
function AcademyWaitlistFields({ errors }: { errors: AcademyWaitlistErrors }) {
  // All four fields are required: `required` tells assistive technology so (noValidate keeps our messages).
  const field = (name: AcademyWaitlistField) => ({ name, required: true, error: errors[name] });
  return (
    <div className="waitlist-form__grid">
      <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
      <SelectField
        label="Current state of residence"
        placeholder="Choose your state"
        options={nigerianStates}
        defaultValue=""
        {...field('state')}
      />
      <TextField label="Email address" type="email" autoComplete="email" inputMode="email" {...field('email')} />
      <TextField
        label="WhatsApp number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="For example 0803 123 4567 or +234 803 123 4567"
        {...field('whatsapp')}
      />
    </div>
  );
}

/**
 * The academy waitlist signup. Validates with the API's own rules (our inline messages, not the
 * browser's), clears a field's error as it is edited, and thanks the visitor, saying whether
 * they are among the first 50. The fields keep their own values (uncontrolled), so whatever a
 * visitor types before the page's scripts arrive stays put.
 */
export function AcademyWaitlistForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [errors, setErrors] = useState<AcademyWaitlistErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [joined, setJoined] = useState<{ message: string }>();
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();

  const clearError = (event: { target: EventTarget }) => {
    const name = (event.target as HTMLInputElement).name;
    if (isField(name)) setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    setFormError(undefined);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = Object.fromEntries(
      academyWaitlistFieldNames.map((field) => [field, String(data.get(field) ?? '')]),
    ) as AcademyWaitlistValues;
    setSubmitting(true);
    try {
      const { validateSignup, joinAcademyWaitlist } = await loadSignup();
      const found = validateSignup(values);
      setErrors(found);
      const firstInvalid = academyWaitlistFieldNames.find((field) => found[field]);
      if (firstInvalid) {
        (form.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
        return;
      }
      const result = await joinAcademyWaitlist(values);
      setJoined({ message: result.message });
      requestAnimationFrame(() => thanksRef.current?.focus());
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  }

  if (joined)
    return <AcademyWaitlistThanks headingLevel={headingLevel} thanksRef={thanksRef} message={joined.message} />;

  return (
    <form
      className="waitlist-form"
      noValidate
      onSubmit={submit}
      onFocus={() => void loadSignup().catch(() => {})}
      onChange={clearError}
      aria-label="Join the academy waitlist"
    >
      <AcademyWaitlistFields errors={errors} />
      <p className="waitlist-form__note">
        Be one of the first {EARLY_BIRD_PLACES} to register and receive a special discount on tuition.
      </p>
      <FormError message={formError} />
      {/* Until hydration a submit (a click, or Enter in a field) would be the browser's own: a GET
          putting the email and number in the address, its history and the logs. Disabled for
          those seconds instead: a native POST would end on an error page. */}
      <button type="submit" className="button button--primary button--large" disabled={submitting || !hydrated}>
        {submitting ? 'Joining…' : 'Join Waitlist'}
      </button>
    </form>
  );
}
