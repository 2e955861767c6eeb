import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type CouponScope,
  type CouponType,
  couponScopeLabels,
  couponScopes,
} from '../../../../worker/shared/coupon-rules';
import { couponInputSchema } from '../../../../worker/shared/coupon-schema';
import { lagosDate } from '../../../../worker/shared/time';
import { CheckboxField, FieldFrame, FormError, TextField } from '../../../components/ui/field';
import { CloseIcon } from '../../../components/ui/icons';
import { RadioOptions } from '../admin-ui';

export interface CouponValues {
  code: string;
  type: CouponType;
  discount: number;
  minAmount: number;
  expiryDate: string;
  active: boolean;
  maxUses: number | null;
  oncePerCustomer: boolean;
  startsAt: string | null;
  appliesTo: CouponScope;
}

interface CouponFormProps {
  /** The coupon being edited, or undefined for a new one. */
  editing?: CouponValues;
  /** The dialog has closed (saved, cancelled or Escape): unmount the form. */
  onClose: () => void;
  /** Saves; throws with the message to show when the server refuses. */
  onSave: (values: CouponValues) => Promise<void>;
}

type Draft = Omit<CouponValues, 'discount' | 'minAmount' | 'maxUses' | 'startsAt'> & {
  discount: string;
  minAmount: string;
  maxUses: string;
  startsAt: string;
};

const draftOf = (coupon?: CouponValues): Draft =>
  coupon
    ? {
        ...coupon,
        discount: String(coupon.discount),
        minAmount: String(coupon.minAmount),
        maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
        startsAt: coupon.startsAt ?? '',
      }
    : // A new coupon: active, expiring today (the spec's defaults), for anything, unlimited.
      {
        code: '',
        type: 'percent',
        discount: '',
        minAmount: '0',
        expiryDate: lagosDate(new Date()),
        active: true,
        maxUses: '',
        oncePerCustomer: false,
        startsAt: '',
        appliesTo: 'both',
      };

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Create New Coupon / Edit Coupon in a modal dialog, open for as long as it is mounted: each
 * opening is a new form (the page keys it by the coupon), so it shows its own coupon's values
 * from its first frame, never the last form's. The fields are checked with the very schema the
 * API uses, so a message shown here is the message the server would give.
 */
export function CouponForm({ editing, onClose, onSave }: CouponFormProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Closed through the dialog itself, which gives the focus back to the button that opened it;
  // its close event then tells the page to unmount the form.
  const close = () => dialogRef.current?.close();

  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setFormError(undefined);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = couponInputSchema.safeParse({
      ...draft,
      discount: toNumber(draft.discount),
      minAmount: toNumber(draft.minAmount),
      maxUses: draft.maxUses.trim() === '' ? null : toNumber(draft.maxUses),
      startsAt: draft.startsAt || null,
    });
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Draft;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      await onSave(parsed.data);
      close();
    } catch (error) {
      setFormError((error as Error).message);
      setSaving(false);
    }
  }

  const title = editing ? 'Edit Coupon' : 'Create New Coupon';
  return (
    <dialog ref={dialogRef} className="dialog admin-coupon-form" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog__close" onClick={close}>
          <CloseIcon size={22} />
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Coupon code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          hint="Letters, digits, dashes or underscores; saved in capitals."
          value={draft.code}
          error={errors.code}
          onChange={(event) => set('code', event.target.value.toUpperCase())}
        />
        <fieldset className="admin-coupon-form__type">
          <legend className="field__label">Discount type</legend>
          <RadioOptions
            name="type"
            options={[
              { value: 'percent', label: 'Percentage' },
              { value: 'fixed', label: 'Fixed amount' },
            ]}
            value={draft.type}
            onChange={(type) => set('type', type)}
          />
        </fieldset>
        <div className="admin-coupon-form__pair">
          <TextField
            label={draft.type === 'percent' ? 'Discount (%)' : 'Discount (₦)'}
            name="discount"
            type="number"
            inputMode="numeric"
            min={draft.type === 'percent' ? 0 : 1}
            max={draft.type === 'percent' ? 100 : undefined}
            step={1}
            value={draft.discount}
            error={errors.discount}
            onChange={(event) => set('discount', event.target.value)}
          />
          <TextField
            label="Minimum amount (₦)"
            name="minAmount"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={draft.minAmount}
            error={errors.minAmount}
            onChange={(event) => set('minAmount', event.target.value)}
          />
        </div>
        <div className="admin-coupon-form__pair">
          <TextField
            label="Starts on"
            name="startsAt"
            type="date"
            hint="Optional: the first day it works."
            value={draft.startsAt}
            error={errors.startsAt}
            onChange={(event) => set('startsAt', event.target.value)}
          />
          <TextField
            label="Expiry date"
            name="expiryDate"
            type="date"
            min={lagosDate(new Date())}
            hint="The last day the coupon works."
            value={draft.expiryDate}
            error={errors.expiryDate}
            onChange={(event) => set('expiryDate', event.target.value)}
          />
        </div>
        <div className="admin-coupon-form__pair">
          <TextField
            label="Total uses"
            name="maxUses"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint="Empty for unlimited."
            value={draft.maxUses}
            error={errors.maxUses}
            onChange={(event) => set('maxUses', event.target.value)}
          />
          <FieldFrame id={`${titleId}-applies-to`} label="Applies to" error={errors.appliesTo}>
            <select
              id={`${titleId}-applies-to`}
              className="field__control field__control--select"
              name="appliesTo"
              value={draft.appliesTo}
              onChange={(event) => set('appliesTo', event.target.value as CouponScope)}
            >
              {couponScopes.map((scope) => (
                <option key={scope} value={scope}>
                  {couponScopeLabels[scope]}
                </option>
              ))}
            </select>
          </FieldFrame>
        </div>
        <CheckboxField
          label="One use per customer (by email or phone)"
          name="oncePerCustomer"
          checked={draft.oncePerCustomer}
          onChange={(event) => set('oncePerCustomer', event.target.checked)}
        />
        <CheckboxField
          label="Active"
          name="active"
          checked={draft.active}
          onChange={(event) => set('active', event.target.checked)}
        />
        <FormError message={formError} />
        <div className="admin-coupon-form__buttons">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Coupon' : 'Create Coupon'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
