/**
 * Selling a package at the desk once the buyer has paid (cash, transfer, POS): who buys it and
 * where their code goes (an email, a WhatsApp number or both). The server records the payment
 * and the purchase at once and sends the code; the desk sees its last 4.
 */
import { type FormEvent, useState } from 'react';
import { type DeskPackageSale, deskPackageSaleSchema } from '../../../worker/shared/prepaid/package-rules';
import { FormError, TextField } from '../../components/ui/field';
import { messagesByField } from '../../lib/field-messages';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { RadioOptions } from '../kits/admin-ui';
import { FormDialog, useFocusFirstInvalid } from '../menu/form-dialog';
import type { StaffPackage } from './package-form';

const payments = [
  { value: 'cash', label: 'Cash' },
  { value: 'transfer', label: 'Bank transfer' },
  { value: 'pos', label: 'POS' },
] as const;

type Field = 'buyerName' | 'buyerEmail' | 'buyerPhone';

/** Who buys the package, and the email or WhatsApp number (or both) its code goes to. */
function BuyerFields({ errors }: { errors: Partial<Record<Field, string>> }) {
  return (
    <>
      <TextField label="Buyer’s name" name="buyerName" autoComplete="off" maxLength={100} error={errors.buyerName} />
      <TextField
        label="Buyer’s email"
        name="buyerEmail"
        type="email"
        autoComplete="off"
        maxLength={254}
        error={errors.buyerEmail}
      />
      <TextField
        label="Buyer’s WhatsApp number"
        name="buyerPhone"
        type="tel"
        autoComplete="off"
        hint="An email, a WhatsApp number or both: the package code is sent to each."
        error={errors.buyerPhone}
      />
    </>
  );
}

export function SellPackageForm({
  pkg,
  onClose,
  onSold,
}: {
  pkg: StaffPackage;
  onClose: () => void;
  onSold: (text: string) => void;
}) {
  const [payment, setPayment] = useState<DeskPackageSale['payment']>('cash');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [selling, setSelling] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  async function sell(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const checked = deskPackageSaleSchema().safeParse({
      buyerName: text('buyerName'),
      buyerEmail: text('buyerEmail'),
      buyerPhone: text('buyerPhone'),
      payment,
    });
    if (!checked.success) {
      setErrors(messagesByField<Field>(checked.error.issues));
      focusFirstInvalid();
      return;
    }
    setSelling(true);
    setProblem(undefined);
    try {
      const sold = await adminRequest(api.packages[':id'].sales.$post({ param: { id: pkg._id }, json: checked.data }));
      onSold(`${pkg.name} is sold to ${checked.data.buyerName}: the code ending ${sold.last4} is on its way to them.`);
      close();
    } catch (failure) {
      setProblem(messageOf(failure, 'The package could not be sold'));
    } finally {
      setSelling(false);
    }
  }

  return (
    <FormDialog title={`Sell ${pkg.name}`} onClose={onClose}>
      {(close) => (
        <form
          ref={formRef}
          className="admin-catalogue-form__form"
          onSubmit={(event) => sell(event, close)}
          onChange={(event) => {
            const name = (event.target as Element).getAttribute('name') as Field | null;
            // Either way to reach the buyer answers "an email or a WhatsApp number".
            const cleared = name === 'buyerPhone' || name === 'buyerEmail' ? ['buyerEmail', 'buyerPhone'] : [name];
            setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((each) => [each, undefined])) }));
          }}
          noValidate
        >
          <BuyerFields errors={errors} />
          <fieldset className="admin-new-booking__payment">
            <legend className="field__label">Paid by</legend>
            <RadioOptions name="payment" options={payments} value={payment} onChange={setPayment} />
          </fieldset>
          <FormError message={problem} />
          <div className="admin-catalogue-form__buttons">
            <button type="button" className="button button--secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={selling}>
              {selling ? 'Selling…' : 'Sell package'}
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
