/**
 * What the package and membership forms share: their draft (strings as typed, the treatments
 * chosen, each field's message cleared as it changes), the API's schema checked before the save,
 * and the dialog's frame: the name, the treatments its sessions cover, the form's own fields, and
 * "Shown on the site" with Cancel and the save.
 */
import { type FormEvent, type ReactNode, type RefObject, useState } from 'react';
import { draftFields, TextField } from '../../components/ui/field';
import { messagesByField } from '../../lib/field-messages';
import { messageOf } from '../frame/admin-api';
import { CatalogueFormFooter, FormDialog, useFocusFirstInvalid } from '../menu/form-dialog';
import { TreatmentChecklist } from './treatment-checklist';

/** A number field as typed: empty is no number (the schema's message says what is wanted). */
export const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

interface SessionsDraft {
  name: string;
  treatments: string[];
  shown: boolean;
}

type Checked<Input> =
  | { success: true; data: Input }
  | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };

export function useSessionsForm<D extends SessionsDraft, F extends string, Input>({
  initial,
  check,
  send,
  failure,
}: {
  initial: () => D;
  /** The draft through the API's own schema. */
  check: (draft: D) => Checked<Input>;
  /** Saves what the schema passed, and tells the page. */
  send: (input: Input) => Promise<void>;
  /** Said when the save fails without the server's own words. */
  failure: string;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const set = (changes: Partial<D>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(Object.keys(changes).map((key) => [key, undefined])),
    }));
  };
  const toggle = (id: string) =>
    set({
      treatments: draft.treatments.includes(id)
        ? draft.treatments.filter((each) => each !== id)
        : [...draft.treatments, id],
    } as Partial<D>);

  async function save(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    const checked = check(draft);
    if (!checked.success) {
      setErrors(messagesByField<F>(checked.error.issues));
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      await send(checked.data);
      close();
    } catch (caught) {
      setProblem(messageOf(caught, failure));
    } finally {
      setSaving(false);
    }
  }

  /** A whole-number field of the draft, from 1 unless its range says otherwise. */
  const numberField = (field: F & keyof D & string, label: string, range?: [number, number]) => (
    <TextField
      label={label}
      name={field}
      type="number"
      inputMode="numeric"
      min={range?.[0] ?? 1}
      max={range?.[1]}
      value={String(draft[field])}
      error={errors[field]}
      onChange={(event) => set({ [field]: event.target.value } as Partial<D>)}
    />
  );

  return { draft, errors, set, toggle, problem, saving, formRef, save, numberField };
}

/** What the dialog reads of a `useSessionsForm`. */
interface SessionsForm {
  draft: SessionsDraft;
  errors: Partial<Record<'name' | 'treatments', string>>;
  set(changes: Partial<SessionsDraft>): void;
  toggle(id: string): void;
  problem?: string;
  saving: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  save(event: FormEvent<HTMLFormElement>, close: () => void): Promise<void>;
}

/** The dialog around a sessions form: its name, treatments, `children` (its numbers) and footer. */
export function SessionsFormDialog({
  form,
  title,
  checklist,
  submitLabel,
  onClose,
  children,
}: {
  form: SessionsForm;
  title: string;
  checklist: { legend: string; errorId: string };
  submitLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { draft, errors, set } = form;
  const field = draftFields(draft, errors, (name, value) => set({ [name]: value }));
  return (
    <FormDialog title={title} onClose={onClose}>
      {(close) => (
        <form
          ref={form.formRef}
          className="admin-catalogue-form__form"
          onSubmit={(event) => form.save(event, close)}
          noValidate
        >
          <TextField label="Name" {...field('name')} maxLength={60} />
          <TreatmentChecklist
            legend={checklist.legend}
            chosen={draft.treatments}
            onToggle={form.toggle}
            error={errors.treatments}
            errorId={checklist.errorId}
          />
          {children}
          <CatalogueFormFooter
            active={draft.shown}
            onActiveChange={(shown) => set({ shown })}
            problem={{ message: form.problem }}
            reloading={false}
            onReload={() => undefined}
            onCancel={close}
            submitLabel={form.saving ? 'Saving…' : submitLabel}
            submitDisabled={form.saving}
          />
        </form>
      )}
    </FormDialog>
  );
}
