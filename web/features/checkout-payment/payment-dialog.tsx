import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { withVoucher } from '../../../worker/shared/bookings/deposit-split';
import { formatNaira } from '../../../worker/shared/money';
import type { PackageShare } from '../../../worker/shared/prepaid/package-pricing';
import { FormError } from '../../components/ui/field';
import { CloseIcon } from '../../components/ui/icons';
import { ApiError } from '../../lib/api-client';
import { type AppliedCoupon, type PaymentChoice, useAppliedCodes } from './applied-codes';

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
  /** Starts the checkout; throws (an ApiError where the server said why) when it cannot. */
  onPay: (choice: PaymentChoice) => Promise<void>;
  /** Who the order is for, from the checkout form: a membership's discount is its member's own. */
  customer?: { email: string; phone: string };
}

export const INITIALIZE_ERROR = 'Payment initialization failed. Please try again.';

/** A code field with its Apply button and the server's answer (the coupon and the gift voucher). */
function CodeField({
  id,
  label,
  action,
  apply,
}: {
  id: string;
  label: string;
  /** The button's word (the coupon's is the spec's Apply; the voucher's differs, so each is found by name). */
  action: string;
  /** Checks the code with the server: its message, and whether it applies. */
  apply: (code: string) => Promise<{ ok: boolean; text: string }>;
}) {
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();

  async function run() {
    if (!code.trim() || checking) return;
    setChecking(true);
    setMessage(await apply(code.trim()));
    setChecking(false);
  }

  return (
    <div className="payment-dialog__coupon">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="payment-dialog__coupon-row">
        <input
          id={id}
          className="field__control"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setMessage(undefined);
          }}
        />
        <button type="button" className="button button--secondary" disabled={!code.trim() || checking} onClick={run}>
          {checking ? 'Checking…' : action}
        </button>
      </div>
      {message ? (
        <p className={message.ok ? 'coupon-message coupon-message--ok' : 'coupon-message'} role="status">
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What the visitor pays: the subtotal, the package's, coupon's and voucher's parts, what is left
 * for the studio, and now.
 */
function PaymentTotals({
  subtotal,
  share,
  member,
  coupon,
  split,
}: {
  subtotal: number;
  share: PackageShare | undefined;
  member: { percent: number; amount: number } | undefined;
  coupon: AppliedCoupon | undefined;
  split: ReturnType<typeof withVoucher>;
}) {
  return (
    <dl className="payment-dialog__totals">
      {share || member || coupon || split.voucher > 0 || split.atStudio > 0 ? (
        <div>
          <dt>Subtotal</dt>
          <dd>{formatNaira(subtotal)}</dd>
        </div>
      ) : null}
      {share ? (
        <div>
          <dt>
            Package ({share.sessions} {share.sessions === 1 ? 'session' : 'sessions'})
          </dt>
          <dd>−{formatNaira(share.value)}</dd>
        </div>
      ) : null}
      {member ? (
        <div>
          <dt>{`Member discount (${member.percent}%)`}</dt>
          <dd>−{formatNaira(member.amount)}</dd>
        </div>
      ) : null}
      {coupon ? (
        <div>
          <dt>Discount ({coupon.code})</dt>
          <dd>−{formatNaira(coupon.discount)}</dd>
        </div>
      ) : null}
      {split.voucher > 0 ? (
        <div>
          <dt>Gift voucher</dt>
          <dd>−{formatNaira(split.voucher)}</dd>
        </div>
      ) : null}
      {split.atStudio > 0 ? (
        <div>
          <dt>To pay at the studio</dt>
          <dd>{formatNaira(split.atStudio)}</dd>
        </div>
      ) : null}
      <div className="payment-dialog__total">
        <dt>{split.atStudio > 0 ? 'Deposit to pay now' : 'Amount to pay'}</dt>
        <dd>{formatNaira(split.online)}</dd>
      </div>
    </dl>
  );
}

/** A native modal <dialog> shown while `open`: focus stays inside and Escape closes it. */
function useModal(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return dialogRef;
}

/** Make Payment's state: busy until the checkout takes over, and why it could not when it failed. */
function usePaying(start: () => Promise<void>) {
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string>();

  // Back from the checkout into a page the browser kept (back/forward cache): the dialog would
  // still say "Processing...".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPaying(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function pay() {
    setPaying(true);
    setPayError(undefined);
    try {
      await start();
    } catch (error) {
      setPayError(
        error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : INITIALIZE_ERROR,
      );
      setPaying(false);
    }
  }

  return { paying, payError, pay };
}

/**
 * The code fields: the spec's coupon with Apply, then a gift voucher and a booking's package (or an
 * order's membership) behind one "I have a gift voucher or package", so a first-time client sees
 * one field. Native <details>: it opens without a script and says so to a screen reader.
 */
function CodeFields({
  kind,
  idPrefix,
  codes,
}: {
  kind: PaymentDialogProps['kind'];
  idPrefix: string;
  codes: ReturnType<typeof useAppliedCodes>;
}) {
  return (
    <>
      <CodeField
        id={`${idPrefix}-coupon`}
        label="Coupon code"
        action="Apply"
        apply={(code) => codes.applyCoupon(code)}
      />
      <details className="payment-dialog__more">
        <summary>
          {kind === 'booking' ? 'I have a gift voucher or package' : 'I have a gift voucher or membership'}
        </summary>
        <CodeField id={`${idPrefix}-voucher`} label="Gift voucher" action="Redeem" apply={codes.applyVoucher} />
        {kind === 'booking' ? (
          <CodeField id={`${idPrefix}-package`} label="Package" action="Use sessions" apply={codes.applyPackage} />
        ) : (
          <CodeField
            id={`${idPrefix}-membership`}
            label="Membership"
            action="Use membership"
            apply={codes.applyMembership}
          />
        )}
      </details>
    </>
  );
}

/**
 * The payment dialog shared by bookings and orders: the summary, a coupon, a gift voucher and a
 * package (a booking's) or a membership (an order's) checked by the server, the amount to pay, and
 * Make Payment, which hands over to the checkout. A
 * native modal <dialog>: focus stays inside and Escape closes it.
 */
export function PaymentDialog({
  kind,
  open,
  onClose,
  lines,
  subtotal,
  details,
  notice,
  onPay,
  customer,
}: PaymentDialogProps) {
  const dialogRef = useModal(open);
  const titleId = useId();
  const codes = useAppliedCodes({ kind, lines, customer });
  const { share, member, coupon, split } = codes;
  const { paying, payError, pay } = usePaying(() => onPay(codes.choice()));

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

      <CodeFields kind={kind} idPrefix={titleId} codes={codes} />

      <PaymentTotals subtotal={subtotal} share={share} member={member} coupon={coupon} split={split} />

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
