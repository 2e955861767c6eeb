/**
 * Your account's passkeys and authenticator app. SimpleWebAuthn's browser half talks to the
 * phone or the security key; the server checks every answer.
 */
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
} from '@simplewebauthn/browser';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { formatShortDateTime } from '../../../worker/shared/time';
import { FormError, TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-errors';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { FormButtons, Notice, Panel } from '../kits/admin-ui';
import { PasswordField } from './password-field';
import { AuthenticatorCodeField } from './sign-in-steps';

type Status = Awaited<ReturnType<typeof loadStatus>>;
const loadStatus = () => adminRequest(api.auth['second-factor'].$get());

const PASSKEY_FAILED = 'The passkey could not be added. Please try again.';
const NO_WEBAUTHN = 'This browser cannot make passkeys. Use an up-to-date browser on your phone or computer.';

/**
 * When a factor change was refused until the person confirms it is them (403 `confirmRequired`):
 * shows the prompt, which runs `retry` once they have. Else false: the caller shows the error.
 */
type AskConfirmation = (failure: unknown, retry: () => void) => boolean;

const confirmationAsked = (failure: unknown) =>
  failure instanceof ApiError &&
  failure.status === 403 &&
  (failure.body as { confirmRequired?: unknown } | undefined)?.confirmRequired === true;

/** Both panels, sharing what the account has; `onChange` after a factor is added or removed. */
export function SecondFactorPanels({ onChange }: { onChange: () => void }) {
  const [status, setStatus] = useState<Status>();
  const [prompt, setPrompt] = useState<{ message: string; retry: () => void }>();
  const [error, setError] = useState<string>();
  const reload = useCallback(() => {
    loadStatus().then(setStatus, (failure: unknown) =>
      setError(messageOf(failure, 'Error fetching your sign-in methods')),
    );
  }, []);
  useEffect(reload, [reload]);
  const changed = () => {
    reload();
    onChange();
  };
  const askConfirmation: AskConfirmation = (failure, retry) => {
    if (!confirmationAsked(failure)) return false;
    setPrompt({ message: (failure as ApiError).message, retry });
    return true;
  };
  if (!status) return <FormError message={error} />;
  return (
    <>
      {prompt ? (
        <ConfirmIdentityPanel
          message={prompt.message}
          withCode={status.totp}
          onConfirmed={() => {
            setPrompt(undefined);
            prompt.retry();
          }}
          onCancel={() => setPrompt(undefined)}
        />
      ) : null}
      <PasskeysPanel status={status} onChange={changed} askConfirmation={askConfirmation} />
      <AuthenticatorPanel status={status} onChange={changed} askConfirmation={askConfirmation} />
    </>
  );
}

/** "Is it really you?": the password, or the authenticator app's code, before a factor changes. */
function ConfirmIdentityPanel({
  message,
  withCode,
  onConfirmed,
  onCancel,
}: {
  message: string;
  withCode: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The prompt may open below the fold of a phone: bring it into view and announce it.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const proof = password ? { password } : { code: code.trim() };
      await adminRequest(api.auth.confirm.$post({ json: proof }));
      onConfirmed();
    } catch (failure) {
      setError(messageOf(failure, 'Please try again.'));
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel admin-account__confirm" aria-labelledby="account-confirm">
      <h2 id="account-confirm" className="admin-panel__title" tabIndex={-1} ref={heading}>
        Confirm it is you
      </h2>
      <p>{message}</p>
      <form onSubmit={submit} noValidate>
        <PasswordField label="Your password" value={password} onChange={setPassword} autoComplete="current-password" />
        {withCode ? (
          <AuthenticatorCodeField label="Or a code from your authenticator app" value={code} onChange={setCode} />
        ) : null}
        <FormError message={error} />
        <FormButtons disabled={busy || (!password && !code.trim())} onCancel={onCancel}>
          {busy ? 'Checking...' : 'Confirm'}
        </FormButtons>
      </form>
    </section>
  );
}

interface PanelProps {
  status: Status;
  onChange: () => void;
  askConfirmation: AskConfirmation;
}

function PasskeysPanel({ status, onChange, askConfirmation }: PanelProps) {
  const [name, setName] = useState('My phone');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<{ tone: 'success'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function add(event?: FormEvent) {
    event?.preventDefault();
    setError(undefined);
    setNotice(undefined);
    if (!browserSupportsWebAuthn()) {
      setError(NO_WEBAUTHN);
      return;
    }
    setBusy(true);
    try {
      // The server's JSON is the options as SimpleWebAuthn wrote them.
      const optionsJSON = (await adminRequest(
        api.auth.passkeys.options.$post(),
      )) as unknown as PublicKeyCredentialCreationOptionsJSON;
      const response = await startRegistration({ optionsJSON });
      // Checked in full on the server; the client type only outlines it.
      const answer = response as unknown as { id: string; type: 'public-key' };
      await adminRequest(api.auth.passkeys.$post({ json: { response: answer, name: name.trim() } }));
      setNotice({
        tone: 'success',
        text: `Passkey “${name.trim()}” added. You can sign in with it instead of your password.`,
      });
      onChange();
    } catch (failure) {
      if (askConfirmation(failure, () => void add())) {
        setBusy(false);
        return;
      }
      // The person closed their device's prompt: nothing to say but to try again.
      setError(
        failure instanceof Error && failure.name === 'NotAllowedError'
          ? PASSKEY_FAILED
          : messageOf(failure, PASSKEY_FAILED),
      );
    }
    setBusy(false);
  }

  async function remove(id: string, label: string, asked = false) {
    if (!asked && !window.confirm(`Remove the passkey “${label}”? It will no longer sign you in.`)) return;
    setError(undefined);
    try {
      await adminRequest(api.auth.passkeys[':id'].$delete({ param: { id } }));
      setNotice({ tone: 'success', text: `Passkey “${label}” removed.` });
      onChange();
    } catch (failure) {
      if (askConfirmation(failure, () => void remove(id, label, true))) return;
      setError(messageOf(failure, 'The passkey could not be removed. Please try again.'));
    }
  }

  return (
    <Panel id="account-passkeys" title="Passkeys">
      <p>Sign in with your phone’s fingerprint or face, or a security key, instead of your password.</p>
      <Notice notice={notice} />
      {status.passkeys.length > 0 ? (
        <PasskeyList passkeys={status.passkeys} onRemove={(passkey) => remove(passkey._id, passkey.name)} />
      ) : null}
      <NewPasskeyForm name={name} onNameChange={setName} error={error} busy={busy} onSubmit={add} />
    </Panel>
  );
}

/** The new passkey's name, and the button that asks the device to make it. */
function NewPasskeyForm({
  name,
  onNameChange,
  error,
  busy,
  onSubmit,
}: {
  name: string;
  onNameChange: (name: string) => void;
  error: string | undefined;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField
        label="Name of the new passkey"
        name="passkey-name"
        autoComplete="off"
        maxLength={60}
        hint="So you can tell your passkeys apart: “Amaka’s phone”, “Front desk key”."
        value={name}
        onChange={(event) => onNameChange(event.target.value)}
      />
      <FormError message={error} />
      <button type="submit" className="button button--primary" disabled={busy || !name.trim()}>
        {busy ? 'Waiting for your device...' : 'Add a passkey'}
      </button>
    </form>
  );
}

type Passkey = Status['passkeys'][number];

/** The account's passkeys, each with when it was added and last used, and its Remove button. */
function PasskeyList({ passkeys, onRemove }: { passkeys: Passkey[]; onRemove: (passkey: Passkey) => void }) {
  return (
    <ul className="admin-client__list">
      {passkeys.map((passkey) => (
        <li key={passkey._id} className="admin-client__item admin-account__passkey">
          <div>
            <strong>{passkey.name}</strong>
            <span className="admin-table__note">
              Added {formatShortDateTime(passkey.createdAt)}
              {passkey.lastUsedAt ? ` · last used ${formatShortDateTime(passkey.lastUsedAt)}` : ''}
            </span>
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Remove passkey ${passkey.name}`}
            onClick={() => onRemove(passkey)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

function AuthenticatorPanel({ status, onChange, askConfirmation }: PanelProps) {
  const [setup, setSetup] = useState<{ secret: string; uri: string }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<{ tone: 'success'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function start() {
    setError(undefined);
    setNotice(undefined);
    try {
      setSetup(await adminRequest(api.auth.totp.setup.$post()));
    } catch (failure) {
      if (askConfirmation(failure, () => void start())) return;
      setError(messageOf(failure, 'Please try again.'));
    }
  }

  async function confirm(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await adminRequest(api.auth.totp.$post({ json: { code: code.trim() } }));
      setSetup(undefined);
      setCode('');
      setNotice({
        tone: 'success',
        text: 'Authenticator app added. Signing in now asks for its code after your password.',
      });
      onChange();
    } catch (failure) {
      if (!askConfirmation(failure, () => void confirm())) setError(messageOf(failure, 'Please try again.'));
    }
    setBusy(false);
  }

  async function remove(asked = false) {
    if (!asked && !window.confirm('Remove your authenticator app? Signing in will no longer ask for its code.')) return;
    try {
      await adminRequest(api.auth.totp.$delete());
      setNotice({ tone: 'success', text: 'Authenticator app removed.' });
      onChange();
    } catch (failure) {
      if (askConfirmation(failure, () => void remove(true))) return;
      setError(messageOf(failure, 'Please try again.'));
    }
  }

  return (
    <Panel id="account-authenticator" title="Authenticator app">
      <Notice notice={notice} />
      {status.totp ? (
        <AuthenticatorOn onRemove={() => remove()} />
      ) : setup ? (
        <AuthenticatorSetupForm
          setup={setup}
          code={code}
          onCodeChange={setCode}
          error={error}
          busy={busy}
          onSubmit={confirm}
        />
      ) : (
        <AuthenticatorOffer required={status.required} error={error} onStart={start} />
      )}
    </Panel>
  );
}

/** The new authenticator key to add to the app, and the app's first code to confirm it. */
function AuthenticatorSetupForm({
  setup,
  code,
  onCodeChange,
  error,
  busy,
  onSubmit,
}: {
  setup: { secret: string; uri: string };
  code: string;
  onCodeChange: (code: string) => void;
  error: string | undefined;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <p>
        In your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), add an account with this
        key, or <a href={setup.uri}>open it in the app</a> on this phone:
      </p>
      <p className="admin-account__secret">{setup.secret}</p>
      <AuthenticatorCodeField label="Code from the app" value={code} onChange={onCodeChange} />
      <FormError message={error} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Checking...' : 'Confirm code'}
      </button>
    </form>
  );
}

/** The authenticator app is on: what signing in asks, and its Remove button. */
function AuthenticatorOn({ onRemove }: { onRemove: () => void }) {
  return (
    <>
      <p>Signing in asks for the 6-digit code your authenticator app shows.</p>
      <button type="button" className="button button--secondary" onClick={onRemove}>
        Remove authenticator app
      </button>
    </>
  );
}

/** No authenticator app yet: what it adds (`required` when this account must have a second step), and Add. */
function AuthenticatorOffer({
  required,
  error,
  onStart,
}: {
  required: boolean;
  error: string | undefined;
  onStart: () => void;
}) {
  return (
    <>
      <p>
        {required
          ? 'A second step after your password: the 6-digit code of an app on your phone.'
          : 'An optional second step after your password: the 6-digit code of an app on your phone.'}
      </p>
      <FormError message={error} />
      <button type="button" className="button button--secondary" onClick={onStart}>
        Add an authenticator app
      </button>
    </>
  );
}
