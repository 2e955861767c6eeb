/**
 * Adding or changing a membership plan: its name, the treatments its sessions cover, sessions a
 * month, the monthly price, the shop discount and whether the site shows it. The server's rules
 * and words (shared/prepaid/membership-rules.ts) are checked here first, so each field says what is wrong;
 * what Paystack could not take yet comes back as a warning.
 */
import { type FormEvent, useState } from 'react';
import {
  MEMBERSHIP_SESSIONS,
  MEMBERSHIP_SHOP_PERCENT_MAX,
  type NewMembershipPlan,
  newMembershipPlanSchema,
} from '../../../worker/shared/prepaid/membership-rules';
import { TextField } from '../../components/ui/field';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { CatalogueFormFooter, FormDialog, useFocusFirstInvalid } from '../menu/form-dialog';
import { messagesByField, numberOf, useSessionsDraft } from './sessions-draft';
import { TreatmentChecklist } from './treatment-checklist';

export type StaffMembership = Awaited<ReturnType<typeof loadMemberships>>[number];
export const loadMemberships = () => adminRequest(api.memberships.staff.$get());

type Field = 'name' | 'treatments' | 'sessionsPerMonth' | 'price' | 'shopPercent';

interface Draft {
  name: string;
  treatments: string[];
  sessionsPerMonth: string;
  price: string;
  shopPercent: string;
  shown: boolean;
}

const draftOf = (plan: StaffMembership | undefined): Draft =>
  plan
    ? {
        name: plan.name,
        treatments: plan.treatments.map((treatment) => treatment._id),
        sessionsPerMonth: String(plan.sessionsPerMonth),
        price: String(plan.price),
        shopPercent: String(plan.shopPercent),
        shown: plan.shown,
      }
    : { name: '', treatments: [], sessionsPerMonth: '2', price: '', shopPercent: '0', shown: true };

export function MembershipForm({
  editing,
  onClose,
  onSaved,
}: {
  editing?: StaffMembership;
  onClose: () => void;
  onSaved: (notice: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const { draft, errors, setErrors, set, toggle } = useSessionsDraft<Draft, Field>(() => draftOf(editing));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  async function save(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    const input: NewMembershipPlan = {
      name: draft.name,
      treatments: draft.treatments,
      sessionsPerMonth: numberOf(draft.sessionsPerMonth),
      price: numberOf(draft.price),
      shopPercent: numberOf(draft.shopPercent),
      shown: draft.shown,
    };
    const checked = newMembershipPlanSchema().safeParse(input);
    if (!checked.success) {
      setErrors(messagesByField<Field>(checked.error.issues));
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      const saved = editing
        ? await adminRequest(api.memberships[':id'].$put({ param: { id: editing._id }, json: checked.data }))
        : await adminRequest(api.memberships.$post({ json: checked.data }));
      const done = editing ? `${saved.name} is saved.` : `${saved.name} is added.`;
      onSaved(
        'warning' in saved && saved.warning
          ? { tone: 'error', text: `${done} ${saved.warning}` }
          : { tone: 'success', text: done },
      );
      close();
    } catch (failure) {
      setProblem(messageOf(failure, 'The membership could not be saved'));
    } finally {
      setSaving(false);
    }
  }

  const number = (field: 'sessionsPerMonth' | 'price' | 'shopPercent', label: string, range?: [number, number]) => (
    <TextField
      label={label}
      name={field}
      type="number"
      inputMode="numeric"
      min={range?.[0] ?? 1}
      max={range?.[1]}
      value={draft[field]}
      error={errors[field]}
      onChange={(event) => set({ [field]: event.target.value })}
    />
  );

  return (
    <FormDialog title={editing ? `Edit ${editing.name}` : 'Add membership'} onClose={onClose}>
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
            legend="Treatments its sessions cover"
            chosen={draft.treatments}
            onToggle={toggle}
            error={errors.treatments}
            errorId="membership-treatments-error"
          />
          {number('sessionsPerMonth', 'Sessions a month', [MEMBERSHIP_SESSIONS.min, MEMBERSHIP_SESSIONS.max])}
          {number('price', 'Monthly price (₦)')}
          {number('shopPercent', 'Shop discount (%)', [0, MEMBERSHIP_SHOP_PERCENT_MAX])}
          <CatalogueFormFooter
            active={draft.shown}
            onActiveChange={(shown) => set({ shown })}
            problem={{ message: problem }}
            reloading={false}
            onReload={() => undefined}
            onCancel={close}
            submitLabel={saving ? 'Saving…' : editing ? 'Save changes' : 'Add membership'}
            submitDisabled={saving}
          />
        </form>
      )}
    </FormDialog>
  );
}
