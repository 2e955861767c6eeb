// The coupon dialog's fields in three groups (the code and its discount, the days it works, its
// limits), with the coupon's values they stand for and the draft they edit. coupon-form.tsx holds
// the draft and checks it with the API's schema.
import {
  type CouponScope,
  type CouponType,
  couponScopeLabels,
  couponScopes,
} from '../../../worker/shared/catalogue/coupon-rules';
import { lagosDate } from '../../../worker/shared/time';
import { CheckboxField, draftFields, FieldFrame, TextField } from '../../components/ui/field';
import { RadioOptions } from '../kits/admin-ui';

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

/** A coupon as the form holds it: its numbers and its first day as the fields' text. */
export type CouponDraft = Omit<CouponValues, 'discount' | 'minAmount' | 'maxUses' | 'startsAt'> & {
  discount: string;
  minAmount: string;
  maxUses: string;
  startsAt: string;
};

export type DraftErrors = Partial<Record<keyof CouponDraft, string>>;

/** What every group is given: the draft, its errors, and how to change a field (clearing its error). */
interface FieldsProps {
  draft: CouponDraft;
  errors: DraftErrors;
  set: <Key extends keyof CouponDraft>(key: Key, value: CouponDraft[Key]) => void;
}

/** The code, the discount type, and the discount with the minimum amount it needs. */
export function CouponDiscountFields({ draft, errors, set }: FieldsProps) {
  const field = draftFields(draft, errors, set);
  return (
    <>
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
          {...field('discount')}
          type="number"
          inputMode="numeric"
          min={draft.type === 'percent' ? 0 : 1}
          max={draft.type === 'percent' ? 100 : undefined}
          step={1}
        />
        <TextField
          label="Minimum amount (₦)"
          {...field('minAmount')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
        />
      </div>
    </>
  );
}

/** Starts on and Expiry date: the days the coupon works. */
export function CouponDayFields({ draft, errors, set }: FieldsProps) {
  const field = draftFields(draft, errors, set);
  return (
    <div className="admin-coupon-form__pair">
      <TextField label="Starts on" {...field('startsAt')} type="date" hint="Optional: the first day it works." />
      <TextField
        label="Expiry date"
        {...field('expiryDate')}
        type="date"
        min={lagosDate(new Date())}
        hint="The last day the coupon works."
      />
    </div>
  );
}

/** How often the coupon works and on what: total uses, what it applies to, one use per customer. */
export function CouponLimitFields({ draft, errors, set, appliesToId }: FieldsProps & { appliesToId: string }) {
  const field = draftFields(draft, errors, set);
  return (
    <>
      <div className="admin-coupon-form__pair">
        <TextField
          label="Total uses"
          {...field('maxUses')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Empty for unlimited."
        />
        <FieldFrame id={appliesToId} label="Applies to" error={errors.appliesTo}>
          <select
            id={appliesToId}
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
    </>
  );
}
