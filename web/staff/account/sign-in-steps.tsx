/**
 * The sign-in's other ways and steps: Sign in with a passkey (SimpleWebAuthn's browser half asks
 * the phone or key), and the authenticator app's code after a right password.
 */
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from '@simplewebauthn/browser';
import { useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FieldFrame, FormError } from '../../components/ui/field';
import { useHydrated } from '../../lib/use-hydrated';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { markSignedInAtom } from '../frame/admin-session';

const PASSKEY_FAILED = 'Signing in with a passkey did not work. Please try again, or use your password.';

export function PasskeySignIn({ highlighted }: { highlighted?: boolean }) {
  const markSignedIn = useSetAtom(markSignedInAtom);
  // Shown from the first paint (the served login has it, as nearly every browser has passkeys):
  // a browser without them drops it once React runs, rather than every other one adding it.
  const [supported, setSupported] = useState(true);
  const hydrated = useHydrated();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    setError(undefined);
    try {
      const optionsJSON = (await adminRequest(
        api.auth['passkey-login'].options.$post(),
      )) as unknown as PublicKeyCredentialRequestOptionsJSON;
      const response = await startAuthentication({ optionsJSON });
      // Checked in full on the server; the client type only outlines it.
      const answer = response as unknown as { id: string; type: 'public-key' };
      const { data } = await adminRequest(api.auth['passkey-login'].$post({ json: { response: answer } }));
      markSignedIn(data.user);
    } catch (failure) {
      setError(
        failure instanceof Error && failure.name === 'NotAllowedError'
          ? PASSKEY_FAILED
          : messageOf(failure, PASSKEY_FAILED),
      );
      setBusy(false);
    }
  }

  return (
    <div className="admin-login__passkey">
      <button
        type="button"
        className={`button button--large admin-login__submit ${highlighted ? 'button--primary' : 'button--secondary'}`}
        disabled={busy || !hydrated}
        onClick={signIn}
      >
        {busy ? 'Waiting for your device...' : 'Sign in with a passkey'}
      </button>
      <FormError message={error} />
    </div>
  );
}

/** The code of the authenticator app, after the password (the server's ticket carries the first step). */
export function AuthenticatorCodeForm({ ticket, onBack }: { ticket: string; onBack: () => void }) {
  const markSignedIn = useSetAtom(markSignedInAtom);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await adminRequest(api.auth.login.totp.$post({ json: { ticket, code: code.trim() } }));
      markSignedIn(data.user);
    } catch (failure) {
      setError(messageOf(failure, 'Please try again.'));
      setBusy(false);
    }
  }

  return (
    <form className="admin-login__card" onSubmit={submit} noValidate aria-labelledby="second-step-title">
      <h1 id="second-step-title">One more step</h1>
      <p className="admin-login__lead">Enter the 6-digit code your authenticator app shows now.</p>
      <AuthenticatorCodeField label="Code from your authenticator app" value={code} onChange={setCode} />
      <FormError message={error} />
      <button type="submit" className="button button--primary button--large admin-login__submit" disabled={busy}>
        {busy ? 'Checking...' : 'Sign in'}
      </button>
      <button type="button" className="admin-login__back" onClick={onBack}>
        Back to login
      </button>
    </form>
  );
}

/** The 6 digits of an authenticator app: a number pad on a phone, and the code the phone offers. */
export function AuthenticatorCodeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label}>
      <input
        id={id}
        className="field__control admin-account__code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}
