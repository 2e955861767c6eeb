import { useState } from 'react';
import { depositSplit, withVoucher } from '../../../worker/shared/bookings/deposit-split';
import { formatNaira } from '../../../worker/shared/money';
import { packageShare } from '../../../worker/shared/prepaid/package-pricing';
import { packageNotCovered } from '../../../worker/shared/prepaid/package-value';
import { formatDate } from '../../../worker/shared/time';
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

export const COUPON_ERROR = 'Error validating coupon';
export const VOUCHER_ERROR = 'We could not check that gift voucher. Please try again.';
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

const failure = (error: unknown, fallback: string) => ({
  ok: false,
  text: error instanceof ApiError && error.status !== 0 ? error.message : fallback,
});

/** A code's answer as its field shows it: the server's message, and whether the code applies. */
type CodeMessage = { ok: boolean; text: string };

/** Runs a code's check; when it throws, the code is dropped and the server's word (or `fallback`) shown. */
async function checkCode(run: () => Promise<CodeMessage>, drop: () => void, fallback: string): Promise<CodeMessage> {
  try {
    return await run();
  } catch (error) {
    drop();
    return failure(error, fallback);
  }
}

interface CodesInput {
  kind: 'booking' | 'order';
  lines: ReadonlyArray<{ label: string; amount: number; depositPercent?: number }>;
  customer?: { email: string; phone: string };
}

/**
 * What is left to pay with the codes applied, by the server's own rules: the package's sessions
 * pay the treatments they cover first, then the coupon and the voucher apply to the rest, of which
 * a deposit may be what is paid now.
 */
function priceWithCodes(
  kind: CodesInput['kind'],
  lines: CodesInput['lines'],
  codes: { coupon?: AppliedCoupon; voucher?: AppliedVoucher; pkg?: AppliedPackage; membership?: AppliedMembership },
) {
  const { coupon, voucher, pkg, membership } = codes;
  const priced = lines.map((line) => ({ name: line.label, price: line.amount, depositPercent: line.depositPercent }));
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
  return { priced, share, beforeMember, member, toPay, split };
}

/** Checks a coupon against `amount`, what is left to pay: it applies only with a discount. */
const checkCoupon = (
  code: string,
  amount: number,
  kind: CodesInput['kind'],
  setCoupon: (coupon: AppliedCoupon | undefined) => void,
) =>
  checkCode(
    async () => {
      const result = await request(api['validate-coupon'].$post({ json: { code, amount, kind } }));
      // A zero discount resets the total.
      setCoupon(result.success && result.discountAmount > 0 ? { code, discount: result.discountAmount } : undefined);
      return { ok: result.success, text: result.message || (result.success ? '' : COUPON_ERROR) };
    },
    () => setCoupon(undefined),
    COUPON_ERROR,
  );

/** Checks a gift voucher: its balance pays towards what is left. */
const checkVoucher = (code: string, setVoucher: (voucher: AppliedVoucher | undefined) => void) =>
  checkCode(
    async () => {
      const result = await request(api.vouchers.check.$post({ json: { code } }));
      setVoucher(result.valid ? { code, balance: result.balance } : undefined);
      return result.valid && result.expiresAt
        ? { ok: true, text: voucherDialogMessages.applied(result.balance, result.expiresAt) }
        : { ok: false, text: voucherDialogMessages.invalid };
    },
    () => setVoucher(undefined),
    VOUCHER_ERROR,
  );

/**
 * The codes the visitor applies (a coupon, a gift voucher, a package or a membership), each
 * checked by the server, and what is left to pay by the server's own rules.
 */
export function useAppliedCodes({ kind, lines, customer }: CodesInput) {
  const [coupon, setCoupon] = useState<AppliedCoupon>();
  const [voucher, setVoucher] = useState<AppliedVoucher>();
  const [pkg, setPkg] = useState<AppliedPackage>();
  const [membership, setMembership] = useState<AppliedMembership>();
  const { priced, share, beforeMember, member, toPay, split } = priceWithCodes(kind, lines, {
    coupon,
    voucher,
    pkg,
    membership,
  });

  const applyCoupon = (code: string, amount = toPay) => checkCoupon(code, amount, kind, setCoupon);
  const applyVoucher = (code: string) => checkVoucher(code, setVoucher);

  const applyPackage = (code: string) =>
    checkCode(
      async () => {
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
      },
      () => setPkg(undefined),
      PACKAGE_ERROR,
    );

  const applyMembership = (code: string) =>
    checkCode(
      async () => {
        const result = await request(api.memberships.check.$post({ json: { code, ...customer } }));
        const applied = { code, planName: result.planName, shopPercent: result.shopPercent };
        setMembership(applied);
        // An applied coupon is priced again on what is left to pay.
        const left = beforeMember - Math.round((beforeMember * applied.shopPercent) / 100);
        if (coupon) await applyCoupon(coupon.code, left);
        return { ok: true, text: `${result.planName}: ${result.shopPercent}% off your order.` };
      },
      () => setMembership(undefined),
      MEMBERSHIP_ERROR,
    );

  /** The visitor's choice as the checkout takes it: each code only where it pays a part. */
  const choice = (): PaymentChoice => ({
    coupon,
    voucher: split.voucher > 0 ? voucher : undefined,
    package: share ? pkg : undefined,
    membership: member ? membership : undefined,
    amount: split.online,
  });

  return { share, member, coupon, split, choice, applyCoupon, applyVoucher, applyPackage, applyMembership };
}
