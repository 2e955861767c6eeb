import type React from 'react';
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  /** More classes for the field's box. */
  className?: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}

/** A field's label, its control (the children), its hint and its inline error. */
export function FieldFrame({ id, label, className, hint, error, children }: FieldFrameProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A select's options for named things (therapists, staff): each one's name shown, its id the value. */
export function ItemOptions({ items }: { items: ReadonlyArray<{ _id: string; name: string }> }) {
  return (
    <>
      {items.map((item) => (
        <option key={item._id} value={item._id}>
          {item.name}
        </option>
      ))}
    </>
  );
}

/** A form's own error (not one field's), read out as soon as it appears; nothing when empty. */
export function FormError({ message }: { message?: string }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** The ids a control's aria-describedby names: its hint and its error, when shown. */
export function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string };

/** A labelled input with its hint and inline error, wired for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id: givenId, ...input },
  ref,
) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        ref={ref}
        id={id}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldFrame>
  );
});

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  error?: string;
  placeholder: string;
  options: readonly string[];
};

/** A labelled select with a placeholder option, its hint and inline error. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, hint, error, placeholder, options, id: givenId, ...select },
  ref,
) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        ref={ref}
        id={id}
        className="field__control field__control--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

type TextAreaFieldProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: string;
  error?: string;
};

/** A labelled multi-line input with its hint and inline error. */
export function TextAreaField({ label, hint, error, id: givenId, ...textarea }: TextAreaFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        className="field__control field__control--textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
    </FieldFrame>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; children?: ReactNode }) {
  return (
    <label className="checkbox">
      <input type="checkbox" className="checkbox__input" {...input} />
      <span className="checkbox__label">{label}</span>
      {children}
    </label>
  );
}

/** The names of a draft's fields that hold text as typed. */
type TextKeys<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D] & string;

/**
 * The props a field takes from a form's draft of text as typed: its `name`, `value`, message and
 * change, so a field says only what is its own (`<TextField label="Email" {...field('email')} />`).
 */
export function draftFields<D>(
  draft: D,
  errors: Partial<Record<string, string | undefined>>,
  onChange: (name: TextKeys<D>, value: string) => void,
) {
  return (name: TextKeys<D>) => ({
    name,
    value: draft[name] as string,
    error: errors[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });
}
