import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { depositSplit } from '../../../worker/shared/deposit-split';
import { formatNaira } from '../../../worker/shared/money';
import { FormError } from '../../components/ui/field';
import { CloseIcon } from '../../components/ui/icons';
import { ApiError, api, request } from '../../lib/api-client';

export interface AppliedCoupon {
  code: string;
  discount: number;
}

interface PaymentDialogProps {
  /** What is paid for: a coupon for the other kind is refused. */
  kind: 'booking' | 'order';
  open: boolean;
  onClose: () => void;
  /** What is bought; a treatment paid by deposit says its percent (deposit-split.ts). */
  lines: ReadonlyArray<{ label: string; amount: number; depositPercent?: number }>;
  subtotal: number;
  /** Extra lines of the summary (date and time, delivery note …). */
  details?: ReactNode;
  /** Shown first: a payment started earlier and not finished (unfinished-payment.tsx). */
  notice?: ReactNode;
  /**
   * Starts the checkout of `amountNow` naira (the total less the coupon, or its deposit); throws
   * (an ApiError where the server said why) when it cannot.
   */
  onPay: (coupon: AppliedCoupon | undefined, amountNow: number) => Promise<void>;
}

export const COUPON_ERROR = 'Error validating coupon';
export const INITIALIZE_ERROR = 'Payment initialization failed. Please try again.';

/**
 * The payment dialog shared by bookings and orders: the summary, a coupon checked by the server,
 * the amount to pay, and Make Payment, which hands over to the checkout. A native modal <dialog>:
 * focus stays inside and Escape closes it.
 */
export function PaymentDialog({ kind, open, onClose, lines, subtotal, details, notice, onPay }: PaymentDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [coupon, setCoupon] = useState<AppliedCoupon>();
  const [couponMessage, setCouponMessage] = useState<{ ok: boolean; text: string }>();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string>();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Back from the checkout into a page the browser kept (back/forward cache): the dialog would
  // still say "Processing...".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPaying(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const total = subtotal - (coupon?.discount ?? 0);
  // The server's own rule for what of the total is paid now and what at the studio.
  const { online: amountNow, atStudio } = depositSplit(
    lines.map((line) => ({ name: line.label, price: line.amount, depositPercent: line.depositPercent })),
    total,
  );

  async function applyCoupon() {
    if (!code.trim() || checking) return;
    setChecking(true);
    try {
      const result = await request(
        api['validate-coupon'].$post({ json: { code: code.trim(), amount: subtotal, kind } }),
      );
      // A zero discount resets the total.
      setCoupon(
        result.success && result.discountAmount > 0
          ? { code: code.trim(), discount: result.discountAmount }
          : undefined,
      );
      setCouponMessage({ ok: result.success, text: result.message || (result.success ? '' : COUPON_ERROR) });
    } catch (error) {
      setCoupon(undefined);
      setCouponMessage({
        ok: false,
        text: error instanceof ApiError && error.status !== 0 ? error.message : COUPON_ERROR,
      });
    } finally {
      setChecking(false);
    }
  }

  async function pay() {
    setPaying(true);
    setPayError(undefined);
    try {
      await onPay(coupon, amountNow);
    } catch (error) {
      setPayError(
        error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : INITIALIZE_ERROR,
      );
      setPaying(false);
    }
  }

  return (
    <dialog ref={dialogRef} className="dialog payment-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__header">
        <h2 id={titleId}>Review and pay</h2>
        <button type="button" className="dialog__close" onClick={onClose}>
          <CloseIcon size={22} />
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      {notice}
      <ul className="payment-dialog__lines">
        {lines.map((line) => (
          <li key={line.label}>
            <span>{line.label}</span>
            <span>{formatNaira(line.amount)}</span>
          </li>
        ))}
      </ul>
      {details ? <div className="payment-dialog__details">{details}</div> : null}

      <div className="payment-dialog__coupon">
        <label className="field__label" htmlFor={`${titleId}-coupon`}>
          Coupon code
        </label>
        <div className="payment-dialog__coupon-row">
          <input
            id={`${titleId}-coupon`}
            className="field__control"
            value={code}
            autoComplete="off"
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setCouponMessage(undefined);
            }}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={!code.trim() || checking}
            onClick={applyCoupon}
          >
            {checking ? 'Checking…' : 'Apply'}
          </button>
        </div>
        {couponMessage ? (
          <p className={couponMessage.ok ? 'coupon-message coupon-message--ok' : 'coupon-message'} role="status">
            {couponMessage.text}
          </p>
        ) : null}
      </div>

      <dl className="payment-dialog__totals">
        {coupon ? (
          <>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatNaira(subtotal)}</dd>
            </div>
            <div>
              <dt>Discount ({coupon.code})</dt>
              <dd>−{formatNaira(coupon.discount)}</dd>
            </div>
          </>
        ) : null}
        {atStudio > 0 ? (
          <>
            <div>
              <dt>Total</dt>
              <dd>{formatNaira(total)}</dd>
            </div>
            <div>
              <dt>To pay at the studio</dt>
              <dd>{formatNaira(atStudio)}</dd>
            </div>
          </>
        ) : null}
        <div className="payment-dialog__total">
          <dt>{atStudio > 0 ? 'Deposit to pay now' : 'Amount to pay'}</dt>
          <dd>{formatNaira(amountNow)}</dd>
        </div>
      </dl>

      <FormError message={payError} />
      <button
        type="button"
        className="button button--primary button--large payment-dialog__pay"
        disabled={paying}
        onClick={pay}
      >
        {paying ? 'Processing...' : 'Make Payment'}
      </button>
      <p className="payment-dialog__secure">
        Payments are processed securely by Paystack. We never see your card details.
      </p>
    </dialog>
  );
}
