import { useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../components/ui/field';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { markSignedInAtom } from '../frame/admin-session';
import { NewPasswordFields } from './password-field';

const texts = {
  invitation: {
    title: 'Welcome to the team',
    lead: 'Choose the password you will sign in with. Your username is your email.',
    submit: 'Save and sign in',
  },
  'password-reset': {
    title: 'Choose a new password',
    lead: 'Every device signed in as you will be signed out. Your username stays your email.',
    submit: 'Save and sign in',
  },
} as const;

const NO_TOKEN = 'This link is incomplete. Please open it again from your email.';
const FAILED = 'Your password could not be saved. Please try again.';

/** The link's token, taken out of the address bar once it is kept. */
function useTokenFromAddress() {
  // Read once, purely: a render React discards (a suspended first mount) runs this again, so the
  // address is cleaned in an effect, after the token is kept.
  const [token] = useState(() => new URL(window.location.href).searchParams.get('token') ?? '');
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  }, []);
  return token;
}

/**
 * The page an invitation or reset email links to (`?token=`). The token leaves the address bar at
 * once (kept in memory), so it stays out of the history, a screenshot or a shared address.
 */
export function ChoosePasswordPage({ purpose }: { purpose: 'invitation' | 'password-reset' }) {
  const token = useTokenFromAddress();
  const markSignedIn = useSetAtom(markSignedInAtom);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const text = texts[purpose];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Please choose a password.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const json = { token, password };
      const { data } = await adminRequest(
        purpose === 'invitation'
          ? api.auth.invitations.accept.$post({ json })
          : api.auth.password.reset.$post({ json }),
      );
      if (data.signedIn) {
        markSignedIn(data.user);
        // A new member starts on Your account, where a passkey can replace the password.
        navigate(purpose === 'invitation' ? `${paths.admin}/account` : paths.admin, {
          replace: true,
          state: purpose === 'invitation' ? { welcome: true } : undefined,
        });
      } else {
        // A second factor is on the account: the new password is saved; sign in with both.
        setSaved(true);
        setBusy(false);
      }
    } catch (failure) {
      setError(messageOf(failure, FAILED));
      setBusy(false);
    }
  }

  return (
    <main className="admin-login">
      <form className="admin-login__card" onSubmit={submit} noValidate aria-labelledby="choose-password-title">
        <div className="admin-login__brand">
          <Logo />
        </div>
        <h1 id="choose-password-title">{text.title}</h1>
        <p className="admin-login__lead">{text.lead}</p>
        {saved ? (
          <p className="admin-login__lead" role="status">
            Your new password is saved. <a href={paths.admin}>Sign in</a> with it and your passkey or authenticator app.
          </p>
        ) : token ? (
          <NewPasswordFields
            password={password}
            onPasswordChange={(value) => {
              setPassword(value);
              setError(undefined);
            }}
            error={error}
            busy={busy}
            submitLabel={text.submit}
            large
          />
        ) : (
          <FormError message={NO_TOKEN} />
        )}
      </form>
    </main>
  );
}
