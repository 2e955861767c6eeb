import { type FormEvent, useState } from 'react';
import { couponInputSchema } from '../../../worker/shared/catalogue/coupon-schema';
import { lagosDate } from '../../../worker/shared/time';
import { CheckboxField } from '../../components/ui/field';
import { DialogButtons } from '../kits/admin-ui';
import { ModalDialog, useModal } from '../kits/modal-dialog';
import {
  CouponDayFields,
  CouponDiscountFields,
  type CouponDraft,
  CouponLimitFields,
  type CouponValues,
  type DraftErrors,
} from './coupon-form-fields';

interface CouponFormProps {
  /** The coupon being edited, or undefined for a new one. */
  editing?: CouponValues;
  /** The dialog has closed (saved, cancelled or Escape): unmount the form. */
  onClose: () => void;
  /** Saves; throws with the message to show when the server refuses. */
  onSave: (values: CouponValues) => Promise<void>;
}

const draftOf = (coupon?: CouponValues): CouponDraft =>
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

/** The draft checked with the API's own schema: the coupon's values, or each field's first message. */
function checkDraft(draft: CouponDraft): { values: CouponValues } | { errors: DraftErrors } {
  const parsed = couponInputSchema().safeParse({
    ...draft,
    discount: toNumber(draft.discount),
    minAmount: toNumber(draft.minAmount),
    maxUses: draft.maxUses.trim() === '' ? null : toNumber(draft.maxUses),
    startsAt: draft.startsAt || null,
  });
  if (parsed.success) return { values: parsed.data };
  const found: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof CouponDraft;
    found[key] ??= issue.message;
  }
  return { errors: found };
}

/**
 * Create New Coupon / Edit Coupon in a modal dialog, open for as long as it is mounted: each
 * opening is a new form (the page keys it by the coupon), so it shows its own coupon's values
 * from its first frame, never the last form's. The fields are checked with the very schema the
 * API uses, so a message shown here is the message the server would give.
 */
export function CouponForm({ editing, onClose, onSave }: CouponFormProps) {
  const modal = useModal();
  const [draft, setDraft] = useState<CouponDraft>(() => draftOf(editing));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const set = <Key extends keyof CouponDraft>(key: Key, value: CouponDraft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setFormError(undefined);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      await onSave(checked.values);
      modal.close();
    } catch (error) {
      setFormError((error as Error).message);
      setSaving(false);
    }
  }

  const title = editing ? 'Edit Coupon' : 'Create New Coupon';
  return (
    <ModalDialog modal={modal} className="dialog admin-coupon-form" title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <CouponDiscountFields draft={draft} errors={errors} set={set} />
        <CouponDayFields draft={draft} errors={errors} set={set} />
        <CouponLimitFields draft={draft} errors={errors} set={set} appliesToId={`${modal.titleId}-applies-to`} />
        <CheckboxField
          label="Active"
          name="active"
          checked={draft.active}
          onChange={(event) => set('active', event.target.checked)}
        />
        <DialogButtons onCancel={modal.close} disabled={saving} error={formError}>
          {saving ? 'Saving...' : editing ? 'Update Coupon' : 'Create Coupon'}
        </DialogButtons>
      </form>
    </ModalDialog>
  );
}
