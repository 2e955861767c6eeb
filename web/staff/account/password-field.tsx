import { useId, useState } from 'react';
import { describedBy, FieldFrame } from '../../components/ui/field';
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
