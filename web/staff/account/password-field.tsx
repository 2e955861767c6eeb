import { useId, useState } from 'react';
import { describedBy, FieldFrame, FormError } from '../../components/ui/field';
import { useHydrated } from '../../lib/use-hydrated';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** `current-password` to sign in, `new-password` to choose one (password managers offer one). */
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  error?: string;
  id?: string;
  name?: string;
}

/** A password input with a Show password button, its hint and its error wired for screen readers. */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  hint,
  error,
  id: givenId,
  name,
}: PasswordFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const [shown, setShown] = useState(false);
  // In the login the server renders, it would do nothing until React has the page.
  const hydrated = useHydrated();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="admin-login__password">
        <input
          id={id}
          className="field__control"
          name={name}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="admin-login__toggle"
          aria-controls={id}
          disabled={!hydrated}
          onClick={() => setShown((isShown) => !isShown)}
        >
          {shown ? 'Hide password' : 'Show password'}
        </button>
      </div>
    </FieldFrame>
  );
}

/** The rule every new password follows, said before anyone types (the server checks the rest). */
export const NEW_PASSWORD_HINT = 'At least 12 characters. A few unrelated words you will remember make a strong one.';

/** The new password, what is wrong with it, and the button that saves it. */
export function NewPasswordFields({
  password,
  onPasswordChange,
  error,
  busy,
  submitLabel,
  large = false,
}: {
  password: string;
  onPasswordChange: (password: string) => void;
  error: string | undefined;
  busy: boolean;
  submitLabel: string;
  /** The large button of a page of its own (choosing a password), not of a panel. */
  large?: boolean;
}) {
  return (
    <>
      <PasswordField
        label="New password"
        name="new-password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        value={password}
        onChange={onPasswordChange}
      />
      <FormError message={error} />
      <button
        type="submit"
        className={large ? 'button button--primary button--large admin-login__submit' : 'button button--primary'}
        disabled={busy}
      >
        {busy ? 'Saving...' : submitLabel}
      </button>
    </>
  );
}
