import { type FormEvent, useState } from 'react';
import { FormError, TextField } from '../../components/ui/field';
import { Logo } from '../../components/ui/logo';
import { adminRequest, api, messageOf } from '../frame/admin-api';

const FAILED = 'The link could not be sent. Please try again.';

/** "Forgot password?": the server answers the same for any address, and emails a link to a team member. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError('Please enter your email.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await adminRequest(api.auth.password.forgot.$post({ json: { email: email.trim() } }));
      setSent(answer.message);
    } catch (failure) {
      setError(messageOf(failure, FAILED));
    }
    setBusy(false);
  }

  return (
    <form className="admin-login__card" onSubmit={submit} noValidate aria-labelledby="forgot-password-title">
      <div className="admin-login__brand">
        <Logo />
      </div>
      <h1 id="forgot-password-title">Forgot password?</h1>
      {sent ? (
        <p className="admin-login__lead" role="status">
          {sent}
        </p>
      ) : (
        <>
          <p className="admin-login__lead">
            Enter the email you sign in with, and we will send you a link to choose a new password.
          </p>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
          <FormError message={error} />
          <button type="submit" className="button button--primary button--large admin-login__submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send me a link'}
          </button>
        </>
      )}
      <button type="button" className="admin-login__back" onClick={onBack}>
        Back to login
      </button>
    </form>
  );
}
