import { type FormEvent, useEffect, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import {
  MAX_DELIVERY_DAYS,
  MAX_VOUCHER,
  MIN_VOUCHER,
  voucherDetailsOf,
} from '../../../worker/shared/prepaid/voucher-rules';
import { addDays, formatShortDate, lagosDate } from '../../../worker/shared/time';
import { FieldFrame, FormError, TextAreaField, TextField } from '../../components/ui/field';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { FormButtons, RadioOptions } from '../kits/admin-ui';
import { ModalDialog, useModal } from '../kits/modal-dialog';

type Treatment = { _id: string; name: string; price: number };

const payments = [
  { value: 'cash', label: 'Cash' },
  { value: 'transfer', label: 'Bank transfer' },
  { value: 'pos', label: 'POS' },
] as const;

/** What the voucher is worth: an amount, or a treatment on the menu (`treatmentId` names its select). */
function GiftValueFields({ treatmentId, menu }: { treatmentId: string; menu: Treatment[] }) {
  return (
    <div className="admin-coupon-form__pair">
      <TextField
        label="Amount (₦)"
        name="amount"
        type="number"
        inputMode="numeric"
        min={MIN_VOUCHER}
        max={MAX_VOUCHER}
        step={1000}
        hint={`${formatNaira(MIN_VOUCHER)} to ${formatNaira(MAX_VOUCHER)}, or choose a treatment.`}
      />
      <FieldFrame id={treatmentId} label="Or a treatment">
        <select id={treatmentId} name="treatment" className="field__control field__control--select" defaultValue="">
          <option value="">No treatment</option>
          {menu.map((treatment) => (
            <option key={treatment._id} value={treatment.name}>
              {treatment.name} ({formatNaira(treatment.price)})
            </option>
          ))}
        </select>
      </FieldFrame>
    </div>
  );
}

/** Who buys it (their email optional), who receives it and how to reach them, and the message. */
function BuyerAndRecipientFields() {
  return (
    <>
      <div className="admin-coupon-form__pair">
        <TextField label="Buyer’s name" name="buyerName" autoComplete="off" maxLength={100} />
        <TextField label="Buyer’s email (optional)" name="buyerEmail" type="email" autoComplete="off" />
      </div>
      <TextField label="Recipient’s name" name="recipientName" autoComplete="off" maxLength={100} />
      <div className="admin-coupon-form__pair">
        <TextField label="Recipient’s email" name="recipientEmail" type="email" autoComplete="off" />
        <TextField label="Recipient’s WhatsApp number" name="recipientPhone" type="tel" autoComplete="off" />
      </div>
      <TextAreaField label="Message (optional)" name="message" rows={2} maxLength={500} />
    </>
  );
}

/** The menu as it is now, for a voucher's treatment (hidden treatments are not sold). */
function useMenuOnSale() {
  const [menu, setMenu] = useState<Treatment[]>([]);
  useEffect(() => {
    adminRequest(api.treatments.$get())
      .then(setMenu)
      .catch(() => setMenu([]));
  }, []);
  return menu;
}

/** What the desk is told once the voucher is sold: sent now with its last 4, or on which day. */
function soldText(sold: { last4?: string | null; amount: number; deliverOn: string }) {
  return sold.last4
    ? `Gift voucher …${sold.last4} sold (${formatNaira(sold.amount)}) and sent.`
    : `Gift voucher sold (${formatNaira(sold.amount)}); it is sent, with its code, on ${formatShortDate(`${sold.deliverOn}T12:00:00Z`)}.`;
}

/**
 * Selling a gift voucher at the desk: an amount or a treatment, who buys it (their email optional)
 * and who receives it, the day it is sent, and how it was paid. The server checks everything with
 * the purchase's own rules and answers what is not right.
 */
export function SellVoucherForm({ onClose, onSold }: { onClose: () => void; onSold: (text: string) => void }) {
  const modal = useModal();
  const menu = useMenuOnSale();
  const today = lagosDate(new Date());
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [payment, setPayment] = useState<(typeof payments)[number]['value']>('cash');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const treatment = text('treatment');
    setSaving(true);
    setError(undefined);
    try {
      const sold = await adminRequest(
        api.vouchers.$post({
          json: { ...voucherDetailsOf(text, { amount: Number(text('amount')) || undefined, treatment }), payment },
        }),
      );
      onSold(soldText(sold));
      modal.close();
    } catch (caught) {
      setError(messageOf(caught, 'Error selling the voucher'));
      setSaving(false);
    }
  }

  return (
    <ModalDialog modal={modal} className="dialog admin-new-booking" title="Sell a gift voucher" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <GiftValueFields treatmentId={`${modal.titleId}-treatment`} menu={menu} />
        <BuyerAndRecipientFields />
        <TextField
          label="Delivery date"
          name="deliverOn"
          type="date"
          min={today}
          max={addDays(today, MAX_DELIVERY_DAYS)}
          defaultValue={today}
        />
        <fieldset className="admin-new-booking__payment">
          <legend className="field__label">Paid by</legend>
          <RadioOptions name="payment" options={payments} value={payment} onChange={setPayment} />
        </fieldset>
        <FormError message={error} />
        <FormButtons disabled={saving} onCancel={modal.close}>
          {saving ? 'Selling…' : 'Sell voucher'}
        </FormButtons>
      </form>
    </ModalDialog>
  );
}
