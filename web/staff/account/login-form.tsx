import { useSetAtom } from 'jotai';
import { type FormEvent, useRef, useState } from 'react';
import { FormError } from '../../components/ui/field';
import { Logo } from '../../components/ui/logo';
import { ApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { adminRequest, api } from '../frame/admin-api';
import { markSignedInAtom } from '../frame/admin-session';
import { ForgotPasswordForm } from './forgot-password-form';
import { PasswordField } from './password-field';
import { AuthenticatorCodeForm, PasskeySignIn } from './sign-in-steps';

export const LOGIN_FAILED = 'Failed to login';
export const LOGIN_FAILED_RETRY = 'Failed to login. Please try again.';

/** Admin Login: the server checks the credentials and sets the session cookie. */
export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  const [ticket, setTicket] = useState<string>();
  const { submit, busy, error, usePasskey } = usePasswordLogin(username, password, setTicket);
  // Staff without a session get this form in the HTML (prerendered) and may type before it works.
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (typed) => {
    if (typeof typed.username === 'string') setUsername(typed.username);
    if (typeof typed.password === 'string') setPassword(typed.password);
  });

  if (ticket) {
    return (
      <main className="admin-login">
        <AuthenticatorCodeForm
          ticket={ticket}
          onBack={() => {
            setTicket(undefined);
            setPassword('');
          }}
        />
      </main>
    );
  }

  if (forgot) {
    return (
      <main className="admin-login">
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      </main>
    );
  }

  return (
    <main className="admin-login">
      <form
        ref={formRef}
        className="admin-login__card"
        onSubmit={submit}
        noValidate
        aria-labelledby="admin-login-title"
      >
        <LoginIntro />
        <UsernameField value={username} onChange={setUsername} />
        <PasswordField
          id="admin-password"
          name="password"
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <FormError message={error} />
        {/* Until hydration a submit would be the browser's own: a GET putting the password in the
            address, its history and the logs. Disabled for those seconds instead, as are the buttons
            that would do nothing yet. */}
        <button
          type="submit"
          className="button button--primary button--large admin-login__submit"
          disabled={busy || !hydrated}
        >
          {busy ? 'Logging in...' : 'Login'}
        </button>
        <PasskeySignIn highlighted={usePasskey} />
        <button type="button" className="admin-login__back" disabled={!hydrated} onClick={() => setForgot(true)}>
          Forgot password?
        </button>
      </form>
    </main>
  );
}

/**
 * Sends the username and password: signs in, hands on the ticket for the authenticator code, or
 * points to the passkey; else says what failed.
 */
function usePasswordLogin(username: string, password: string, onTicket: (ticket: string) => void) {
  const markSignedIn = useSetAtom(markSignedInAtom);
  const [usePasskey, setUsePasskey] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('Please enter your username and password.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await adminRequest(api.auth.login.$post({ json: { username: username.trim(), password } }));
      if ('user' in data) markSignedIn(data.user);
      else if (data.secondFactor === 'totp') onTicket(data.ticket);
      else {
        // This account signs in with its passkey: say so by the button.
        setError(data.message);
        setUsePasskey(true);
      }
      setBusy(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 0) setError(LOGIN_FAILED_RETRY);
      else if (failure instanceof ApiError && failure.status < 500) setError(failure.message || LOGIN_FAILED);
      else setError(LOGIN_FAILED);
      setBusy(false);
    }
  }

  return { submit, busy, error, usePasskey };
}

/** The username: a team member's email, or the studio's own sign-in name. */
function UsernameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="admin-username">
        Username
      </label>
      <input
        id="admin-username"
        className="field__control"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        aria-describedby="admin-username-hint"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="field__hint" id="admin-username-hint">
        Team members sign in with their email.
      </p>
    </div>
  );
}

/** The studio's logo, the page's heading and who it is for. */
function LoginIntro() {
  return (
    <>
      <div className="admin-login__brand">
        <Logo />
      </div>
      <h1 id="admin-login-title">Admin Login</h1>
      <p className="admin-login__lead">
        For studio staff. Sign in to manage bookings, orders, coupons and the academy.
      </p>
    </>
  );
}
