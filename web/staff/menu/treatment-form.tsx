import { useId } from 'react';
import { describedBy, draftFields, FieldFrame, TextAreaField, TextField } from '../../components/ui/field';
import { RadioOptions } from '../kits/admin-ui';
import { addTreatment, changeTreatment, type Group, type Treatment } from './catalogue-api';
import {
  catalogueCheckMessages,
  type FieldErrors,
  filled,
  lengthLabel,
  MAX_BUFFER_MINUTES,
  MAX_DURATION_MINUTES,
  priceOf,
  quarterHours,
  wholeNumber,
} from './catalogue-checks';
import { CatalogueFormFooter, FormDialog } from './form-dialog';
import { type ItemFormProps, useCatalogueForm } from './use-catalogue-form';

interface Draft {
  name: string;
  group: string;
  description: string;
  price: string;
  /** Minutes as text; null for the overnight treatment, whose length cannot change. */
  durationMinutes: string | null;
  bufferMinutes: string;
  /** Paid online in full when booked, or a deposit (its percent as text) and the rest at the studio. */
  payment: 'full' | 'deposit';
  depositPercent: string;
  active: boolean;
}

/** Changes one field of the draft (and clears its message). */
type SetDraft = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => void;

const draftOf = (treatment: Treatment | undefined, groups: readonly Group[]): Draft =>
  treatment
    ? {
        name: treatment.name,
        group: treatment.group,
        description: treatment.description,
        price: String(treatment.price),
        durationMinutes: treatment.durationMinutes === null ? null : String(treatment.durationMinutes),
        bufferMinutes: String(treatment.bufferMinutes),
        payment: treatment.depositPercent > 0 && treatment.depositPercent < 100 ? 'deposit' : 'full',
        depositPercent:
          treatment.depositPercent > 0 && treatment.depositPercent < 100 ? String(treatment.depositPercent) : '',
        active: treatment.active,
      }
    : {
        name: '',
        group: groups[0]?.id ?? '',
        description: '',
        price: '',
        durationMinutes: '60',
        bufferMinutes: '0',
        payment: 'full',
        depositPercent: '',
        active: true,
      };

/** The draft as the API takes it, or the message for each field that is not right. */
export function checkTreatment(draft: Draft, groups: readonly Group[]) {
  const errors: FieldErrors = {};
  if (!filled(draft.name, 60)) errors.name = catalogueCheckMessages.name;
  if (!groups.some((group) => group.id === draft.group)) errors.group = catalogueCheckMessages.group;
  if (!filled(draft.description, 600)) errors.description = catalogueCheckMessages.description;
  const price = priceOf(draft.price);
  if (price === undefined) errors.price = catalogueCheckMessages.price;
  const deposit = draft.payment === 'deposit' ? wholeNumber(draft.depositPercent) : 0;
  if (deposit === undefined || deposit > 100 || (draft.payment === 'deposit' && deposit < 1)) {
    errors.depositPercent = catalogueCheckMessages.depositPercent;
  }
  if (Object.keys(errors).length > 0 || price === undefined) return { errors };
  return {
    values: {
      name: draft.name.trim(),
      group: draft.group,
      description: draft.description.trim(),
      price,
      ...(draft.durationMinutes === null ? {} : { durationMinutes: Number(draft.durationMinutes) }),
      bufferMinutes: Number(draft.bufferMinutes),
      depositPercent: deposit ?? 0,
      active: draft.active,
    },
  };
}

interface TreatmentFormProps extends ItemFormProps<Treatment> {
  groups: readonly Group[];
}

/** Add treatment / Edit {name}: name, group, description, price, length, buffer, shown on the site. */
export function TreatmentForm({ editing, groups, onClose, onSaved }: TreatmentFormProps) {
  const id = useId();
  const { draft, setDraft, errors, setErrors, problem, setProblem, saving, reloading, formRef, submit, reload } =
    useCatalogueForm({
      editing,
      draftOf: (item?: Treatment) => draftOf(item, groups),
      check: (current: Draft) => checkTreatment(current, groups),
      save: async (values, loaded) => {
        const { durationMinutes, ...rest } = values;
        if (loaded) await changeTreatment(loaded._id, { ...values, version: loaded.version });
        else await addTreatment({ ...rest, durationMinutes: durationMinutes ?? 60 });
      },
      find: (catalogue, treatmentId) => catalogue.treatments.find((treatment) => treatment._id === treatmentId),
      kind: 'treatment',
      addedTo: 'menu',
      onSaved,
    });

  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
    setProblem(undefined);
  };

  const field = draftFields(draft, errors, set);
  return (
    <FormDialog title={editing ? `Edit ${editing.name}` : 'Add treatment'} onClose={onClose}>
      {(close) => (
        <form
          ref={formRef}
          className="admin-catalogue-form__form"
          onSubmit={(event) => submit(event, close)}
          noValidate
        >
          <TextField label="Name" {...field('name')} autoComplete="off" maxLength={60} />
          <OptionSelect
            id={`${id}-group`}
            label="Group"
            name="group"
            options={groups.map((group) => ({ value: group.id, label: group.title }))}
            value={draft.group}
            error={errors.group}
            onChange={(group) => set('group', group)}
          />
          <TextAreaField label="Description" {...field('description')} rows={3} maxLength={600} />
          <div className="admin-catalogue-form__trio">
            <TextField label="Price (₦)" {...field('price')} type="number" inputMode="numeric" min={1} step={1} />
            <LengthAndBuffer id={id} draft={draft} errors={errors} set={set} />
          </div>
          <PaymentWhenBooked
            payment={draft.payment}
            depositPercent={draft.depositPercent}
            error={errors.depositPercent}
            set={set}
          />
          <CatalogueFormFooter
            active={draft.active}
            onActiveChange={(active) => set('active', active)}
            problem={problem}
            reloading={reloading}
            onReload={reload}
            onCancel={close}
            submitLabel={saving ? 'Saving...' : editing ? 'Save' : 'Add treatment'}
            submitDisabled={saving}
          />
        </form>
      )}
    </FormDialog>
  );
}

/** The treatment's length (fixed for the overnight one) and the buffer kept free after it. */
function LengthAndBuffer({ id, draft, errors, set }: { id: string; draft: Draft; errors: FieldErrors; set: SetDraft }) {
  const minutesSelect = (key: 'durationMinutes' | 'bufferMinutes', label: string, from: number, to: number) => (
    <OptionSelect
      id={`${id}-${key}`}
      label={label}
      name={key}
      options={minuteOptions(from, to, draft[key] ?? '')}
      value={draft[key] ?? ''}
      error={errors[key]}
      onChange={(value) => set(key, value)}
    />
  );
  return (
    <>
      {draft.durationMinutes === null ? (
        <div className="field">
          <span className="field__label">Length</span>
          <p className="admin-catalogue-form__fixed">Overnight (cannot change)</p>
        </div>
      ) : (
        minutesSelect('durationMinutes', 'Length', 15, MAX_DURATION_MINUTES)
      )}
      {minutesSelect('bufferMinutes', 'Buffer after', 0, MAX_BUFFER_MINUTES)}
    </>
  );
}

/** Payment when booked: in full online, or a deposit (its percentage) and the rest at the studio. */
function PaymentWhenBooked({
  payment,
  depositPercent,
  error,
  set,
}: {
  payment: Draft['payment'];
  depositPercent: Draft['depositPercent'];
  error: string | undefined;
  set: SetDraft;
}) {
  return (
    <fieldset className="admin-catalogue-form__payment">
      <legend className="field__label">Payment when booked</legend>
      <RadioOptions
        name="payment"
        options={[
          { value: 'full', label: 'Pay online in full' },
          { value: 'deposit', label: 'Deposit online, the rest at the studio' },
        ]}
        value={payment}
        onChange={(payment) => set('payment', payment)}
      />
      {payment === 'deposit' ? (
        <TextField
          label="Deposit (%)"
          name="depositPercent"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          hint="Paid online when booked; cancelling at least 24 hours ahead refunds it."
          value={depositPercent}
          error={error}
          onChange={(event) => set('depositPercent', event.target.value)}
        />
      ) : null}
    </fieldset>
  );
}

type Option = { value: string; label: string };

/** A labelled select of the form's own options, with its message. */
function OptionSelect(props: {
  id: string;
  label: string;
  name: string;
  options: readonly Option[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { id, label, name, options, value, error, onChange } = props;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        className="field__control field__control--select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Quarter hours from `from` to `to` minutes; a length saved off those steps (never by this form) still shows. */
function minuteOptions(from: number, to: number, value: string): Option[] {
  const steps = quarterHours(from, to);
  const kept = steps.includes(Number(value)) ? [] : [Number(value)];
  return [...kept, ...steps].map((minutes) => ({
    value: String(minutes),
    label: minutes === 0 ? 'None' : lengthLabel(minutes),
  }));
}
