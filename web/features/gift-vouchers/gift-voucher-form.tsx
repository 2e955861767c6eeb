import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { MIN_VOUCHER, voucherDetailsOf } from '../../../worker/shared/prepaid/voucher-rules';
import { lagosDate } from '../../../worker/shared/time';
import { FormError } from '../../components/ui/field';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api-errors';
import { useHydrated } from '../../lib/use-hydrated';
import { useMenu } from '../catalogue/live-menu';
import { BuyerFields, GiftChoice, RecipientFields } from './gift-voucher-fields';
import type { VoucherErrors } from './gift-voucher-purchase';

// The rules and the request load when the visitor sends the form (zod stays off the first load).
const loadPurchase = () => import('./gift-voucher-purchase');

const fieldOrder = [
  'amount',
  'treatment',
  'buyerName',
  'buyerEmail',
  'recipientName',
  'recipientEmail',
  'recipientPhone',
  'message',
  'deliverOn',
] as const;

/** The form's values as the API takes them, and what it costs (undefined until it is known). */
function readForm(form: HTMLFormElement, menu: ReadonlyArray<{ name: string; price: number }>) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const choice = text('choice');
  const treatment = choice === 'treatment' ? text('treatment') : '';
  const amount =
    choice === 'treatment'
      ? menu.find((each) => each.name === treatment)?.price
      : choice === 'other'
        ? text('otherAmount') === ''
          ? undefined
          : Number(text('otherAmount').replace(/[₦,\s]/g, ''))
        : Number(choice) || undefined;
  return { details: voucherDetailsOf(text, { amount, treatment }), amount };
}

/**
 * Buying a gift voucher: an amount (a preset, or another from ₦5,000 to ₦1,000,000) or a
 * treatment, the buyer, the recipient (an email, a WhatsApp number or both), a message and the day
 * it is sent. The fields keep their own values (uncontrolled), so what a visitor types before the
 * scripts arrive stays; the API's own rules check them on submit, then the checkout opens.
 */
export function GiftVoucherForm() {
  const menu = useMenu();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<VoucherErrors>({});
  const [formError, setFormError] = useState<string>();
  const [total, setTotal] = useState<number>();
  const [sending, setSending] = useState(false);
  const today = hydrated ? lagosDate(new Date()) : undefined;

  const recount = useCallback(() => {
    if (formRef.current) setTotal(readForm(formRef.current, menu).amount);
  }, [menu]);
  // What was chosen before the scripts arrived shows its price once they have.
  useEffect(() => {
    if (hydrated) recount();
  }, [hydrated, recount]);

  const clearError = (name: string) => {
    const key = name === 'otherAmount' || name === 'choice' ? 'amount' : name;
    setErrors((current) => (current[key as keyof VoucherErrors] ? { ...current, [key]: undefined } : current));
    setFormError(undefined);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const { details, amount } = readForm(form, menu);
    setSending(true);
    try {
      const { validatePurchase, buyVoucher } = await loadPurchase();
      const found = validatePurchase(details);
      setErrors(found);
      const firstInvalid = fieldOrder.find((field) => found[field]);
      if (firstInvalid || amount === undefined) {
        const name = firstInvalid === 'amount' ? 'otherAmount' : (firstInvalid ?? 'otherAmount');
        const element = form.elements.namedItem(name);
        if (element instanceof HTMLElement) element.focus();
        setSending(false);
        return;
      }
      await buyVoucher(details, amount);
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="gift-voucher-form"
      noValidate
      aria-label="Buy a gift voucher"
      onSubmit={submit}
      onChange={(event) => {
        clearError((event.target as Element).getAttribute('name') ?? '');
        recount();
      }}
    >
      <GiftChoice menu={menu} errors={errors} onChosen={recount} />

      <RecipientFields errors={errors} today={today} />
      <BuyerFields errors={errors} />

      <FormError message={formError} />
      <div className="gift-voucher-form__pay">
        <p className="gift-voucher-form__total" aria-live="polite">
          {total !== undefined && total >= MIN_VOUCHER ? `You pay ${formatNaira(total)}` : 'Choose an amount'}
        </p>
        <button type="submit" className="button button--primary button--large" disabled={!hydrated || sending}>
          {sending ? 'Processing...' : 'Buy gift voucher'}
        </button>
        <p className="gift-voucher-form__secure">Payments are processed securely by Paystack.</p>
      </div>
    </form>
  );
}
