import { type FormEvent, useState } from 'react';
import { accountMessages } from '../../../worker/shared/my-page-rules';
import { FormError, TextField } from '../../components/ui/field';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';

/**
 * Signing in without a password: the visitor's email or WhatsApp number, then the 6-digit code
 * sent there (10 minutes, 5 tries). The answer to the first step is the same for any address.
 */
export function AccountSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [contact, setContact] = useState('');
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<{ contact?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);

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
      <form className="account-sign-in" aria-label="Sign in" noValidate onSubmit={askCode}>
        <p>We send a 6-digit code to your email or WhatsApp: no password to remember.</p>
        <TextField
          label="Email or WhatsApp number"
          name="contact"
          autoComplete="username"
          maxLength={254}
          error={fieldError.contact}
          onChange={() => setFieldError({})}
        />
        <FormError message={error} />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? 'Sending…' : 'Send me a code'}
        </button>
      </form>
    );
  }
  return (
    <form className="account-sign-in" aria-label="Enter your code" noValidate onSubmit={signIn}>
      <p role="status">{sent}</p>
      <TextField
        label="6-digit code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        error={fieldError.code}
        onChange={() => setFieldError({})}
      />
      <FormError message={error} />
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setSent(undefined);
          setError(undefined);
        }}
      >
        Use another address or send a new code
      </button>
    </form>
  );
}
