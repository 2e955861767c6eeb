/**
 * One initializer for the sales that hold no time or stock: a gift voucher, a package, a
 * membership's first month. Each kind says how its details parse and what it costs now, or why it
 * cannot be sold; the steps after are the same for all: the amount the browser was shown is
 * checked, the payment is held (inserted only while the buyer has fewer than MAX_OPEN_HOLDS of its
 * kind waiting, replacing this browser's earlier unpaid one: a declined card, a changed mind, in
 * one batch), and the checkout opens.
 */
import { sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { d1Statement } from '../../db/client';
import { nairaToKobo } from '../../shared/money';
import { membershipJoinSchema, membershipMessages } from '../../shared/prepaid/membership-rules';
import { packageMessages, packagePurchaseSchema } from '../../shared/prepaid/package-rules';
import { voucherDetailsSchema } from '../../shared/prepaid/voucher-schema';
import { lagosDate } from '../../shared/time';
import { readCatalogue } from '../catalogue/catalogue';
import { findPayment, type Payment } from '../payments/payment-rows';
import { findPlan } from '../prepaid/membership-plans';
import { storedMembership } from '../prepaid/memberships';
import { storedPackagePurchase } from '../prepaid/package-sales';
import { findPackage } from '../prepaid/packages';
import { priceVoucher, storedVoucher } from '../prepaid/vouchers';
import { HOLD_MINUTES } from '../schedule/slots';
import { openCheckout } from './checkout';
import {
  type InitializeRequest,
  type InitializeResult,
  MAX_OPEN_HOLDS,
  newReference,
  type PaymentContext,
  paymentMessages,
} from './context';

/** Why the sale cannot be made now. */
type Refusal = { ok: false; status: 400 | 409 | 503; message: string };

/** What a sale costs now and what its payment carries. */
interface Offer {
  ok: true;
  amount: number;
  /** What the payment stores, for the record made once it is paid. */
  stored: unknown;
  /** What the gateway's dashboard shows of the sale. */
  metadata: Record<string, unknown>;
  /** A membership's first month: its Paystack plan, paid by card only. */
  subscription?: { plan: string; channels: string[] };
}

interface SaleKind<Details extends { buyerEmail: string }> {
  kind: Extract<Payment['kind'], 'voucher' | 'package' | 'membership'>;
  /** The reference's prefix. */
  prefix: 'GV' | 'PK' | 'MB';
  schema: () => z.ZodMiniType<Details>;
  /** Said when the details do not parse and zod names no issue. */
  invalid: string;
  offer: (context: PaymentContext, details: Details) => Promise<Offer | Refusal>;
  /** Said when the buyer already has MAX_OPEN_HOLDS of its kind waiting. */
  tooManyOpen: string;
}

/**
 * A gift voucher's purchase: priced on the server (a treatment's price, or a free amount within the
 * limits). The voucher itself is created when the payment is recorded.
 */
const voucherSale: SaleKind<z.output<ReturnType<typeof voucherDetailsSchema>>> = {
  kind: 'voucher',
  prefix: 'GV',
  schema: voucherDetailsSchema,
  invalid: 'Invalid gift voucher details',
  tooManyOpen: paymentMessages.tooManyVouchers(MAX_OPEN_HOLDS),
  async offer(context, details) {
    const menu = (await readCatalogue(context.db)).treatments;
    const price = priceVoucher(details, menu, lagosDate(context.now));
    if (!price.ok) return { ok: false, status: 400, message: price.message };
    return {
      ok: true,
      amount: price.amount,
      stored: storedVoucher(details, price),
      metadata: { kind: 'voucher', for: details.recipientName, deliverOn: details.deliverOn },
    };
  },
};

const packageSale: SaleKind<z.output<ReturnType<typeof packagePurchaseSchema>>> = {
  kind: 'package',
  prefix: 'PK',
  schema: packagePurchaseSchema,
  invalid: 'Invalid package details',
  tooManyOpen: packageMessages.tooManyOpen(MAX_OPEN_HOLDS, HOLD_MINUTES),
  async offer(context, details) {
    const pkg = await findPackage(context.db, details.packageId);
    if (!pkg?.shown) return { ok: false, status: 409, message: packageMessages.notOffered };
    return {
      ok: true,
      amount: pkg.price,
      stored: storedPackagePurchase(pkg, details),
      metadata: { kind: 'package', package: pkg.name },
    };
  },
};

const membershipSale: SaleKind<z.output<ReturnType<typeof membershipJoinSchema>>> = {
  kind: 'membership',
  prefix: 'MB',
  schema: membershipJoinSchema,
  invalid: 'Invalid membership details',
  tooManyOpen: membershipMessages.tooManyOpen(MAX_OPEN_HOLDS, HOLD_MINUTES),
  async offer(context, details) {
    const plan = await findPlan(context.db, details.planId);
    if (!plan?.shown) return { ok: false, status: 409, message: membershipMessages.notOffered };
    // Only Paystack renews a card each month: the test checkout cannot take a membership.
    if (!plan.paystackPlanCode || context.gateway?.mode !== 'paystack') {
      return { ok: false, status: 503, message: membershipMessages.notReady };
    }
    return {
      ok: true,
      amount: plan.price,
      stored: storedMembership(plan, plan.paystackPlanCode, details),
      metadata: { kind: 'membership', plan: plan.name },
      subscription: { plan: plan.paystackPlanCode, channels: ['card'] },
    };
  },
};

export const sales = { voucher: voucherSale, package: packageSale, membership: membershipSale } as const;

/** Starts the checkout of one sale of `sale`'s kind. */
export async function initializeSale<Details extends { buyerEmail: string }>(
  sale: SaleKind<Details>,
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = sale.schema().safeParse(details);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? sale.invalid };
  const offer = await sale.offer(context, parsed.data);
  if (!offer.ok) return offer;
  if (request.amount !== nairaToKobo(offer.amount)) {
    return { ok: false, status: 409, message: paymentMessages.amountChanged, expectedAmount: offer.amount };
  }
  const email = parsed.data.buyerEmail;
  const reference = await holdSale(context, request, sale, email, offer);
  if (!reference) {
    return { ok: false, status: 429, message: sale.tooManyOpen, retryAfterSeconds: HOLD_MINUTES * 60 };
  }
  return openCheckout(context, sale.kind, reference, offer.amount, email, offer.metadata, offer.subscription);
}

/** Who takes the money: Paystack, or the test checkout where no key is set (a membership needs Paystack). */
const paymentMethodOf = (context: PaymentContext): Payment['method'] => context.gateway?.mode ?? 'paystack';

/** The new payment's reference, or undefined when the buyer already has too many waiting. */
async function holdSale(
  context: PaymentContext,
  request: InitializeRequest,
  sale: Pick<SaleKind<{ buyerEmail: string }>, 'kind' | 'prefix'>,
  email: string,
  offer: Offer,
): Promise<string | undefined> {
  const { amount } = offer;
  const reference = newReference(sale.prefix);
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const ownEarlier = sql`select reference from payments where kind = ${sale.kind} and status = 'pending'
    and browser_key_hash = ${request.browserKeyHash}`;
  const open = sql`select 1 from payments where kind = ${sale.kind} and status = 'pending'
    and hold_expires_at > ${context.now.toISOString()} and lower(email) = lower(${email})
    and reference not in (${ownEarlier})`;
  await context.db.$client.batch([
    d1Statement(
      context.db,
      sql`insert into payments (reference, kind, status, amount, subtotal, discount, email, details, hold_expires_at,
          client_key, browser_key_hash, method)
        select ${reference}, ${sale.kind}, 'pending', ${amount}, ${amount}, 0, ${email},
          ${JSON.stringify(offer.stored)}, ${holdUntil}, ${request.clientKey ?? null}, ${request.browserKeyHash},
          ${paymentMethodOf(context)}
        where (select count(*) from (${open})) < ${MAX_OPEN_HOLDS}`,
    ),
    d1Statement(
      context.db,
      sql`update payments set status = 'abandoned', hold_expires_at = null
        where reference in (${ownEarlier}) and reference != ${reference}
          and exists (select 1 from payments where reference = ${reference})`,
    ),
  ]);
  return (await findPayment(context.db, reference)) ? reference : undefined;
}
