/**
 * Adding or changing a package of sessions: its name, the treatments it covers (the menu's shown
 * ones, by group), sessions, price, months valid and whether the site shows it. The server's rules
 * and words (shared/prepaid/package-rules.ts) are checked here first, so each field says what is wrong.
 */
import { type FormEvent, useState } from 'react';
import {
  type NewPackage,
  newPackageSchema,
  PACKAGE_SESSIONS,
  PACKAGE_VALID_MONTHS,
} from '../../../worker/shared/prepaid/package-rules';
import { TextField } from '../../components/ui/field';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { CatalogueFormFooter, FormDialog, useFocusFirstInvalid } from '../menu/form-dialog';
import { messagesByField, numberOf, useSessionsDraft } from './sessions-draft';
import { TreatmentChecklist } from './treatment-checklist';

export type StaffPackage = Awaited<ReturnType<typeof loadPackages>>[number];
export const loadPackages = () => adminRequest(api.packages.staff.$get());

type Field = 'name' | 'treatments' | 'sessions' | 'price' | 'validMonths';

interface Draft {
  name: string;
  treatments: string[];
  sessions: string;
  price: string;
  validMonths: string;
  shown: boolean;
}

const draftOf = (pkg: StaffPackage | undefined): Draft =>
  pkg
    ? {
        name: pkg.name,
        treatments: pkg.treatments.map((treatment) => treatment._id),
        sessions: String(pkg.sessions),
        price: String(pkg.price),
        validMonths: String(pkg.validMonths),
        shown: pkg.shown,
      }
    : { name: '', treatments: [], sessions: '5', price: '', validMonths: '6', shown: true };

export function PackageForm({
  editing,
  onClose,
  onSaved,
}: {
  editing?: StaffPackage;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const { draft, errors, setErrors, set, toggle } = useSessionsDraft<Draft, Field>(() => draftOf(editing));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  async function save(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    const input: NewPackage = {
      name: draft.name,
      treatments: draft.treatments,
      sessions: numberOf(draft.sessions),
      price: numberOf(draft.price),
      validMonths: numberOf(draft.validMonths),
      shown: draft.shown,
    };
    const checked = newPackageSchema().safeParse(input);
    if (!checked.success) {
      setErrors(messagesByField<Field>(checked.error.issues));
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      const saved = editing
        ? await adminRequest(api.packages[':id'].$put({ param: { id: editing._id }, json: checked.data }))
        : await adminRequest(api.packages.$post({ json: checked.data }));
      onSaved(editing ? `${saved.name} is saved.` : `${saved.name} is added.`);
      close();
    } catch (failure) {
      setProblem(messageOf(failure, 'The package could not be saved'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog title={editing ? `Edit ${editing.name}` : 'Add package'} onClose={onClose}>
      {(close) => (
        <form ref={formRef} className="admin-catalogue-form__form" onSubmit={(event) => save(event, close)} noValidate>
          <TextField
            label="Name"
            name="name"
            maxLength={60}
            value={draft.name}
            error={errors.name}
            onChange={(event) => set({ name: event.target.value })}
          />
          <TreatmentChecklist
            legend="Treatments it covers"
            chosen={draft.treatments}
            onToggle={toggle}
            error={errors.treatments}
            errorId="package-treatments-error"
          />
          <TextField
            label="Sessions"
            name="sessions"
            type="number"
            inputMode="numeric"
            min={PACKAGE_SESSIONS.min}
            max={PACKAGE_SESSIONS.max}
            value={draft.sessions}
            error={errors.sessions}
            onChange={(event) => set({ sessions: event.target.value })}
          />
          <TextField
            label="Price (₦)"
            name="price"
            type="number"
            inputMode="numeric"
            min={1}
            value={draft.price}
            error={errors.price}
            onChange={(event) => set({ price: event.target.value })}
          />
          <TextField
            label="Months valid from purchase"
            name="validMonths"
            type="number"
            inputMode="numeric"
            min={PACKAGE_VALID_MONTHS.min}
            max={PACKAGE_VALID_MONTHS.max}
            value={draft.validMonths}
            error={errors.validMonths}
            onChange={(event) => set({ validMonths: event.target.value })}
          />
          <CatalogueFormFooter
            active={draft.shown}
            onActiveChange={(shown) => set({ shown })}
            problem={{ message: problem }}
            reloading={false}
            onReload={() => undefined}
            onCancel={close}
            submitLabel={saving ? 'Saving…' : editing ? 'Save changes' : 'Add package'}
            submitDisabled={saving}
          />
        </form>
      )}
    </FormDialog>
  );
}
