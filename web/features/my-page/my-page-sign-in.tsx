import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { accountMessages } from '../../../worker/shared/my-page-rules';
import { FormError, TextField } from '../../components/ui/field';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';

/** The first step's field: where the code is sent. */
const contactField = { label: 'Email or WhatsApp number', name: 'contact', autoComplete: 'username', maxLength: 254 };
/** The second step's field: the code that was sent. */
const codeField = {
  label: '6-digit code',
  name: 'code',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: 7,
} as const;

/**
 * Either step's form: what it says first, its one field, its button and, on the second, the way
 * back. One component for both steps, so React carries the same form over from one to the next;
 * the field is each step's own (its key), so the code's field never opens holding the address.
 */
function StepForm({
  label,
  intro,
  field,
  onSubmit,
  error,
  busy,
  submitLabel,
  children,
}: {
  label: string;
  intro: ReactNode;
  field: ComponentProps<typeof TextField>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  error: string | undefined;
  busy: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  return (
    <form className="account-sign-in" aria-label={label} noValidate onSubmit={onSubmit}>
      {intro}
      <TextField key={field.name} {...field} />
      <FormError message={error} />
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {submitLabel}
      </button>
      {children}
    </form>
  );
}

/** Back to the first step: another address, or a new code. */
function StartAgainButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button--secondary" onClick={onClick}>
      Use another address or send a new code
    </button>
  );
}

/**
 * Signing in without a password: the visitor's email or WhatsApp number, then the 6-digit code
 * sent there (10 minutes, 5 tries). The answer to the first step is the same for any address.
 */
export function MyPageSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [contact, setContact] = useState('');
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<{ contact?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  // The code's field takes the focus as it opens: the keypad comes up, ready for the code.
  useEffect(() => {
    if (sent !== undefined) codeInput.current?.focus();
  }, [sent]);

  async function askCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('contact') ?? '').trim();
    if (typed.length < 3) {
      setFieldError({ contact: accountMessages.contact });
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await request(api.account.code.$post({ json: { contact: typed } }));
      setContact(typed);
      setSent(answer.message);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) {
      setFieldError({ code: accountMessages.code });
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await request(api.account['sign-in'].$post({ json: { contact, code } }));
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE);
      setBusy(false);
    }
  }

  if (sent === undefined) {
    return (
      <StepForm
        label="Sign in"
        intro={<p>We send a 6-digit code to your email or WhatsApp: no password to remember.</p>}
        field={{
          ...contactField,
          defaultValue: contact,
          error: fieldError.contact,
          onChange: () => setFieldError({}),
        }}
        onSubmit={askCode}
        error={error}
        busy={busy}
        submitLabel={busy ? 'Sending…' : 'Send me a code'}
      />
    );
  }
  return (
    <StepForm
      label="Enter your code"
      intro={<p role="status">{sent}</p>}
      field={{ ...codeField, ref: codeInput, error: fieldError.code, onChange: () => setFieldError({}) }}
      onSubmit={signIn}
      error={error}
      busy={busy}
      submitLabel={busy ? 'Signing in…' : 'Sign in'}
    >
      <StartAgainButton
        onClick={() => {
          setSent(undefined);
          setError(undefined);
        }}
      />
    </StepForm>
  );
}
