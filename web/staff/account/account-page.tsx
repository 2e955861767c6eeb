import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { roleLabels } from '../../../worker/shared/permissions';
import { FormError } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import {
  markSignedInAtom,
  markSignedOutAtom,
  secondFactorSetupRequiredAtom,
  staffUserAtom,
} from '../frame/admin-session';
import { AdminPageHeader, Notice, Panel } from '../kits/admin-ui';
import { NewPasswordFields, PasswordField } from './password-field';
import { SecondFactorPanels } from './second-factor-panels';

const CHANGE_FAILED = 'Your password could not be changed. Please try again.';
const SIGN_OUT_FAILED = 'Could not sign out the other devices. Please try again.';

/**
 * Your account (everyone): who you are, passkeys and an authenticator app, a new password, and
 * signing out everywhere. With `secondFactorSetupRequired` it says why nothing else opens yet.
 */
export default function AccountPage({ secondFactorSetupRequired }: { secondFactorSetupRequired?: boolean }) {
  const user = useAtomValue(staffUserAtom);
  const setSetupRequired = useSetAtom(secondFactorSetupRequiredAtom);
  const welcome = (useLocation().state as { welcome?: boolean } | null)?.welcome === true;
  // After a factor is added or removed, the server says whether the rest of the staff area opens.
  const recheck = () => {
    adminRequest(api.auth.session.$get()).then(
      (session) => setSetupRequired(session.authenticated && 'secondFactorSetupRequired' in session),
      () => undefined,
    );
  };
  if (!user) return null;
  return (
    <div className="admin-page">
      <AdminPageHeader title="Your account" />
      {welcome ? (
        <Notice
          notice={{
            tone: 'success',
            text: `Welcome, ${user.name}. You can add a passkey below to sign in with your phone’s fingerprint or face next time.`,
          }}
        />
      ) : null}
      {secondFactorSetupRequired ? (
        <p className="admin-alert admin-alert--error" role="alert">
          Before anything else, please add a passkey or an authenticator app: owners and managers sign in with a second
          step.
        </p>
      ) : null}
      <div className="admin-account">
        <Panel id="account-who" title="Signed in as">
          <dl className="admin-account__facts">
            <dt>Name</dt>
            <dd>{user.name}</dd>
            <dt>Username</dt>
            <dd>{user.email ?? 'The install’s admin username'}</dd>
            <dt>Role</dt>
            <dd>{roleLabels[user.role]}</dd>
          </dl>
        </Panel>
        <SecondFactorPanels onChange={recheck} />
        <ChangePasswordForm username={user.email ?? ''} />
        <SignOutEverywhere />
      </div>
    </div>
  );
}

function ChangePasswordForm({ username }: { username: string }) {
  const markSignedIn = useSetAtom(markSignedInAtom);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<{ tone: 'success'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current || !password) {
      setError('Please enter your current password and a new one.');
      return;
    }
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const { data } = await adminRequest(api.auth.password.$post({ json: { current, password } }));
      markSignedIn(data.user);
      setCurrent('');
      setPassword('');
      setNotice({
        tone: 'success',
        text: 'Your password is changed. Every other device signed in as you is signed out.',
      });
    } catch (failure) {
      setError(messageOf(failure, CHANGE_FAILED));
    }
    setBusy(false);
  }

  return (
    <Panel id="account-password" title="Change password">
      <Notice notice={notice} />
      <form onSubmit={submit} noValidate>
        {/* For password managers: whose password this is. */}
        <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
        <PasswordField
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <NewPasswordFields
          password={password}
          onPasswordChange={setPassword}
          error={error}
          busy={busy}
          submitLabel="Change password"
        />
      </form>
    </Panel>
  );
}

function SignOutEverywhere() {
  const markSignedOut = useSetAtom(markSignedOutAtom);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    setError(undefined);
    try {
      await adminRequest(api.auth['sign-out-everywhere'].$post());
      markSignedOut();
      window.location.assign(paths.admin);
    } catch (failure) {
      setError(messageOf(failure, SIGN_OUT_FAILED));
      setBusy(false);
    }
  }

  return (
    <Panel id="account-devices" title="Sign out of all devices">
      <p>Lost a phone, or signed in on a shared computer? This signs you out everywhere, this device included.</p>
      <FormError message={error} />
      <button type="button" className="button button--secondary" disabled={busy} onClick={signOut}>
        {busy ? 'Signing out...' : 'Sign out of all devices'}
      </button>
    </Panel>
  );
}
