import { type FormEvent, useRef, useState } from 'react';
import {
  EARLY_BIRD_PLACES,
  nigerianStates,
  type WaitlistField,
  type WaitlistSignupInput,
  waitlistFieldError,
} from '../../../worker/shared/waitlist';
import { SelectField, TextField } from '../../components/ui/field';
import { CheckIcon } from '../../components/ui/icons';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';

type Values = Record<WaitlistField, string>;
type Errors = Partial<Record<WaitlistField, string>>;

const fieldOrder: WaitlistField[] = ['firstName', 'state', 'email', 'whatsapp'];
const emptyValues: Values = { firstName: '', state: '', email: '', whatsapp: '' };

/**
 * The academy waitlist signup. Validates with the API's own rules (our inline messages, not the
 * browser's), clears a field's error as it is edited, and thanks the visitor, saying whether
 * they are among the first 50.
 */
export function WaitlistForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [joined, setJoined] = useState<{ message: string; earlyBird: boolean }>();
  const fieldRefs = useRef<Partial<Record<WaitlistField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const thanksRef = useRef<HTMLHeadingElement>(null);

  const update = (field: WaitlistField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(undefined);
  };

  // All four fields are required: `required` tells assistive technology so (noValidate keeps our messages).
  const bind = (field: WaitlistField) => ({
    name: field,
    required: true,
    value: values[field],
    error: errors[field],
    onChange: update(field),
    ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
      fieldRefs.current[field] = element;
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found: Errors = {};
    for (const field of fieldOrder) found[field] = waitlistFieldError(field, values[field]);
    const firstInvalid = fieldOrder.find((field) => found[field]);
    setErrors(found);
    if (firstInvalid) {
      fieldRefs.current[firstInvalid]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      // Every field passed the API's own rules above, so the state is one of the listed states.
      const json = { ...values, state: values.state as WaitlistSignupInput['state'] };
      const result = await request(api['academy-waitlist'].$post({ json }));
      setJoined({ message: result.message, earlyBird: result.earlyBird });
      requestAnimationFrame(() => thanksRef.current?.focus());
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  }

  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (joined) {
    return (
      <div className="waitlist-thanks" role="status">
        <span className="waitlist-thanks__icon">
          <CheckIcon size={28} />
        </span>
        <Heading ref={thanksRef} tabIndex={-1} className="waitlist-thanks__title">
          {joined.earlyBird ? 'You are one of the first 50!' : 'You are on the waitlist!'}
        </Heading>
        <p>{joined.message}</p>
      </div>
    );
  }

  return (
    <form className="waitlist-form" noValidate onSubmit={submit} aria-label="Join the academy waitlist">
      <div className="waitlist-form__grid">
        <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
        <SelectField
          label="Current state of residence"
          placeholder="Choose your state"
          options={nigerianStates}
          {...bind('state')}
        />
        <TextField label="Email address" type="email" autoComplete="email" inputMode="email" {...bind('email')} />
        <TextField
          label="WhatsApp number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="For example 0803 123 4567 or +234 803 123 4567"
          {...bind('whatsapp')}
        />
      </div>
      <p className="waitlist-form__note">
        Be one of the first {EARLY_BIRD_PLACES} to register and receive a special discount on tuition.
      </p>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--large" disabled={submitting}>
        {submitting ? 'Joining…' : 'Join Waitlist'}
      </button>
    </form>
  );
}
