// The gift voucher form's parts: the gift (a preset, another amount or a treatment), who it is
// for, and who it is from. Uncontrolled fields (gift-voucher-form.tsx reads them on change and on
// submit), so what a visitor types before the scripts arrive stays.
import { formatNaira } from '../../../worker/shared/money';
import {
  MAX_DELIVERY_DAYS,
  MAX_VOUCHER,
  MAX_VOUCHER_MESSAGE,
  MIN_VOUCHER,
  VOUCHER_PRESETS,
} from '../../../worker/shared/prepaid/voucher-rules';
import { addDays } from '../../../worker/shared/time';
import { FieldFrame, TextAreaField, TextField } from '../../components/ui/field';
import type { MenuTreatment } from '../catalogue/live-menu';
import type { VoucherErrors } from './gift-voucher-purchase';

/** What to give: a preset, another amount (focusing it chooses it: `onChosen`), or a treatment. */
export function GiftChoice({
  menu,
  errors,
  onChosen,
}: {
  menu: readonly MenuTreatment[];
  errors: VoucherErrors;
  onChosen: () => void;
}) {
  return (
    <fieldset className="gift-voucher-form__choice">
      <legend className="field__label">Choose a gift</legend>
      <div className="gift-voucher-form__amounts">
        {VOUCHER_PRESETS.map((preset, index) => (
          <label key={preset} className="gift-voucher-form__pill">
            <input type="radio" name="choice" value={String(preset)} defaultChecked={index === 1} />
            <span>{formatNaira(preset)}</span>
          </label>
        ))}
      </div>
      <label className="checkbox">
        <input type="radio" className="checkbox__input" name="choice" value="other" />
        <span>Another amount</span>
      </label>
      <TextField
        label="Amount (₦)"
        name="otherAmount"
        type="number"
        inputMode="numeric"
        min={MIN_VOUCHER}
        max={MAX_VOUCHER}
        step={1000}
        hint={`From ${formatNaira(MIN_VOUCHER)} to ${formatNaira(MAX_VOUCHER)}.`}
        error={errors.amount}
        onFocus={(event) => {
          const other = event.currentTarget.form?.querySelector<HTMLInputElement>(
            'input[name="choice"][value="other"]',
          );
          if (other && !other.checked) {
            other.checked = true;
            onChosen();
          }
        }}
      />
      <label className="checkbox">
        <input type="radio" className="checkbox__input" name="choice" value="treatment" />
        <span>A treatment</span>
      </label>
      <FieldFrame id="gift-voucher-treatment" label="Treatment" error={errors.treatment}>
        <select
          id="gift-voucher-treatment"
          name="treatment"
          className="field__control field__control--select"
          defaultValue=""
          onFocus={(event) => {
            const choice = event.currentTarget.form?.querySelector<HTMLInputElement>(
              'input[name="choice"][value="treatment"]',
            );
            if (choice && !choice.checked) choice.checked = true;
          }}
        >
          <option value="">Choose a treatment</option>
          {menu.map((treatment) => (
            <option key={treatment.id} value={treatment.name}>
              {treatment.name} ({formatNaira(treatment.price)})
            </option>
          ))}
        </select>
      </FieldFrame>
    </fieldset>
  );
}

export function RecipientFields({ errors, today }: { errors: VoucherErrors; today: string | undefined }) {
  return (
    <fieldset className="gift-voucher-form__group">
      <legend className="gift-voucher-form__legend">Who it is for</legend>
      <TextField
        label="Recipient’s name"
        name="recipientName"
        autoComplete="off"
        maxLength={100}
        error={errors.recipientName}
      />
      <TextField
        label="Recipient’s email"
        name="recipientEmail"
        type="email"
        autoComplete="off"
        maxLength={254}
        error={errors.recipientEmail}
      />
      <TextField
        label="Recipient’s WhatsApp number"
        name="recipientPhone"
        type="tel"
        autoComplete="off"
        hint="An email, a WhatsApp number or both: we send the voucher to each."
        error={errors.recipientPhone}
      />
      <TextAreaField
        label="Your message (optional)"
        name="message"
        rows={3}
        maxLength={MAX_VOUCHER_MESSAGE}
        error={errors.message}
      />
      <TextField
        label="Delivery date"
        name="deliverOn"
        type="date"
        min={today}
        max={today ? addDays(today, MAX_DELIVERY_DAYS) : undefined}
        defaultValue={today}
        hint="Today, or any day up to a year ahead: we send it that morning."
        error={errors.deliverOn}
      />
    </fieldset>
  );
}

export function BuyerFields({ errors }: { errors: VoucherErrors }) {
  return (
    <fieldset className="gift-voucher-form__group">
      <legend className="gift-voucher-form__legend">From you</legend>
      <TextField label="Your name" name="buyerName" autoComplete="name" maxLength={100} error={errors.buyerName} />
      <TextField
        label="Your email"
        name="buyerEmail"
        type="email"
        autoComplete="email"
        maxLength={254}
        hint="Your receipt, and a note when the voucher has been delivered."
        error={errors.buyerEmail}
      />
    </fieldset>
  );
}
