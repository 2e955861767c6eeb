import { useId } from 'react';
import { draftFields, TextAreaField, TextField } from '../../components/ui/field';
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
          <GroupSelect
            id={`${id}-group`}
            groups={groups}
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
  return (
    <>
      {draft.durationMinutes === null ? (
        <div className="field">
          <span className="field__label">Length</span>
          <p className="admin-catalogue-form__fixed">Overnight (cannot change)</p>
        </div>
      ) : (
        <MinutesSelect
          id={`${id}-duration`}
          label="Length"
          name="durationMinutes"
          options={quarterHours(15, MAX_DURATION_MINUTES)}
          value={draft.durationMinutes}
          error={errors.durationMinutes}
          onChange={(value) => set('durationMinutes', value)}
        />
      )}
      <MinutesSelect
        id={`${id}-buffer`}
        label="Buffer after"
        name="bufferMinutes"
        options={quarterHours(0, MAX_BUFFER_MINUTES)}
        value={draft.bufferMinutes}
        error={errors.bufferMinutes}
        onChange={(value) => set('bufferMinutes', value)}
      />
    </>
  );
}

/** The treatment's group on the menu, as a labelled select with its message. */
function GroupSelect({
  id,
  groups,
  value,
  error,
  onChange,
}: {
  id: string;
  groups: TreatmentFormProps['groups'];
  value: string;
  error: string | undefined;
  onChange: (group: string) => void;
}) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        Group
      </label>
      <select
        id={id}
        name="group"
        className="field__control field__control--select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.title}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
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

function MinutesSelect(props: {
  id: string;
  label: string;
  name: string;
  options: readonly number[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { id, label, name, options, value, error, onChange } = props;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__control field__control--select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {/* A length saved off the 15-minute steps (never by this form) still shows as it is. */}
        {options.includes(Number(value)) ? null : <option value={value}>{lengthLabel(Number(value))}</option>}
        {options.map((minutes) => (
          <option key={minutes} value={String(minutes)}>
            {minutes === 0 ? 'None' : lengthLabel(minutes)}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
