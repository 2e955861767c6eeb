import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { depositSplit, withVoucher } from '../../../worker/shared/bookings/deposit-split';
import { formatNaira } from '../../../worker/shared/money';
import { type PackageShare, packageShare } from '../../../worker/shared/prepaid/package-pricing';
import { packageNotCovered } from '../../../worker/shared/prepaid/package-value';
import { formatDate } from '../../../worker/shared/time';
import { FormError } from '../../components/ui/field';
import { CloseIcon } from '../../components/ui/icons';
import { ApiError, api, request } from '../../lib/api-client';

export interface AppliedCoupon {
  code: string;
  discount: number;
}

export interface AppliedVoucher {
  code: string;
  balance: number;
}

/** A package's code as POST /api/packages/check answered it: its sessions pay the treatments it covers. */
export interface AppliedPackage {
  code: string;
  sessionsLeft: number;
  treatments: string[];
}

/** A member's code as POST /api/memberships/check answered it: their percentage off the shop. */
export interface AppliedMembership {
  code: string;
  planName: string;
  shopPercent: number;
}

/** What the visitor chose to pay with, and what is taken online now. */
export interface PaymentChoice {
  coupon?: AppliedCoupon;
  voucher?: AppliedVoucher;
  package?: AppliedPackage;
  membership?: AppliedMembership;
  /** Naira: the total less the package's sessions, the coupon and the voucher (or, with a deposit, what of it is due now). */
  amount: number;
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
  /** Starts the checkout; throws (an ApiError where the server said why) when it cannot. */
  onPay: (choice: PaymentChoice) => Promise<void>;
  /** Who the order is for, from the checkout form: a membership's discount is its member's own. */
  customer?: { email: string; phone: string };
}

export const COUPON_ERROR = 'Error validating coupon';
export const VOUCHER_ERROR = 'We could not check that gift voucher. Please try again.';
export const INITIALIZE_ERROR = 'Payment initialization failed. Please try again.';
export const PACKAGE_ERROR = 'We could not check that package code. Please try again.';
export const MEMBERSHIP_ERROR = 'We could not check that membership code. Please try again.';
export const packageDialogMessages = {
  applied: (sessions: number, left: number, expiresAt: string) =>
    `Package applied: ${sessions} of your ${left} ${left === 1 ? 'session pays' : 'sessions pay'} for this visit (valid until ${formatDate(expiresAt)}).`,
} as const;
export const voucherDialogMessages = {
  invalid: 'This gift voucher code is invalid, expired or used up.',
  applied: (balance: number, expiresAt: string) =>
    `Gift voucher applied: ${formatNaira(balance)} available until ${formatDate(expiresAt)}.`,
} as const;

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

const failure = (error: unknown, fallback: string) => ({
  ok: false,
  text: error instanceof ApiError && error.status !== 0 ? error.message : fallback,
});

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
  const [coupon, setCoupon] = useState<AppliedCoupon>();
  const [voucher, setVoucher] = useState<AppliedVoucher>();
  const [pkg, setPkg] = useState<AppliedPackage>();
  const [membership, setMembership] = useState<AppliedMembership>();
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

  const priced = lines.map((line) => ({ name: line.label, price: line.amount, depositPercent: line.depositPercent }));
  // The server's own rules: the package's sessions pay the treatments they cover first, then the
  // coupon and the voucher apply to the rest, of which a deposit may be what is paid now.
  const share = pkg ? packageShare(priced, pkg.treatments, pkg.sessionsLeft) : undefined;
  const paidLines = share?.paid ?? priced;
  const beforeMember = paidLines.reduce((sum, line) => sum + line.price, 0);
  // A member's percentage off the shop comes before the coupon, as the server takes it.
  const member =
    kind === 'order' && membership
      ? { percent: membership.shopPercent, amount: Math.round((beforeMember * membership.shopPercent) / 100) }
      : undefined;
  const toPay = beforeMember - (member?.amount ?? 0);
  const split = withVoucher(depositSplit(paidLines, toPay - (coupon?.discount ?? 0)), voucher?.balance ?? 0);

  async function applyCoupon(code: string, amount = toPay) {
    try {
      const result = await request(api['validate-coupon'].$post({ json: { code, amount, kind } }));
      // A zero discount resets the total.
      setCoupon(result.success && result.discountAmount > 0 ? { code, discount: result.discountAmount } : undefined);
      return { ok: result.success, text: result.message || (result.success ? '' : COUPON_ERROR) };
    } catch (error) {
      setCoupon(undefined);
      return failure(error, COUPON_ERROR);
    }
  }

  async function applyVoucher(code: string) {
    try {
      const result = await request(api.vouchers.check.$post({ json: { code } }));
      setVoucher(result.valid ? { code, balance: result.balance } : undefined);
      return result.valid && result.expiresAt
        ? { ok: true, text: voucherDialogMessages.applied(result.balance, result.expiresAt) }
        : { ok: false, text: voucherDialogMessages.invalid };
    } catch (error) {
      setVoucher(undefined);
      return failure(error, VOUCHER_ERROR);
    }
  }

  async function applyPackage(code: string) {
    try {
      const result = await request(api.packages.check.$post({ json: { code } }));
      const applied = {
        code,
        sessionsLeft: result.sessionsLeft,
        treatments: result.treatments.map((each) => each.name),
      };
      const covered = packageShare(priced, applied.treatments, applied.sessionsLeft);
      if (covered.sessions === 0) {
        setPkg(undefined);
        return { ok: false, text: packageNotCovered };
      }
      setPkg(applied);
      // An applied coupon is priced again on what is left to pay.
      if (coupon)
        await applyCoupon(
          coupon.code,
          covered.paid.reduce((sum, line) => sum + line.price, 0),
        );
      return {
        ok: true,
        text: packageDialogMessages.applied(covered.sessions, applied.sessionsLeft, result.expiresAt),
      };
    } catch (error) {
      setPkg(undefined);
      return failure(error, PACKAGE_ERROR);
    }
  }

  async function applyMembership(code: string) {
    try {
      const result = await request(api.memberships.check.$post({ json: { code, ...customer } }));
      const applied = { code, planName: result.planName, shopPercent: result.shopPercent };
      setMembership(applied);
      // An applied coupon is priced again on what is left to pay.
      const left = beforeMember - Math.round((beforeMember * applied.shopPercent) / 100);
      if (coupon) await applyCoupon(coupon.code, left);
      return { ok: true, text: `${result.planName}: ${result.shopPercent}% off your order.` };
    } catch (error) {
      setMembership(undefined);
      return failure(error, MEMBERSHIP_ERROR);
    }
  }

  async function pay() {
    setPaying(true);
    setPayError(undefined);
    try {
      await onPay({
        coupon,
        voucher: split.voucher > 0 ? voucher : undefined,
        package: share ? pkg : undefined,
        membership: member ? membership : undefined,
        amount: split.online,
      });
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

      <CodeField id={`${titleId}-coupon`} label="Coupon code" action="Apply" apply={(code) => applyCoupon(code)} />
      <CodeField id={`${titleId}-voucher`} label="Gift voucher" action="Redeem" apply={applyVoucher} />
      {kind === 'booking' ? (
        <CodeField id={`${titleId}-package`} label="Package" action="Use sessions" apply={applyPackage} />
      ) : (
        <CodeField id={`${titleId}-membership`} label="Membership" action="Use membership" apply={applyMembership} />
      )}

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
