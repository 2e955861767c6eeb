/**
 * Where money is taken. Test mode is chosen, never fallen into: `PAYMENT_MODE = "test"` (the
 * local default of .dev.vars.example) on a local site gives the built-in test checkout when no
 * Paystack key is set, so a fresh clone books and pays offline; on a public `SITE_URL` test mode
 * is refused outright. Any other mode is live: Paystack with its key, and without one no payment
 * starts at all (an empty or deleted secret must not turn free checkouts on). The gateways answer
 * the same two questions, so initialize and verify run the same code whichever is behind them.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import type { Bindings } from '../../env';
import {
  createPaystackClient,
  type InitializeRequest,
  PaystackError,
  type PaystackTransaction,
} from '../../providers/paystack';
import { nairaToKobo } from '../../shared/money';
import { isLocalSite } from '../site-config';

export interface PaymentGateway {
  mode: 'paystack' | 'test';
  initialize(request: InitializeRequest): Promise<{ authorizationUrl: string }>;
  verify(reference: string): Promise<PaystackTransaction | null>;
}

export const paymentSetupMessages = {
  notConfigured: 'Payments are not configured',
  testModeOnPublicSite:
    'PAYMENT_MODE is "test" but SITE_URL is not a local address: test payments are refused on a public site. Set PAYMENT_MODE = "live" and PAYSTACK_SECRET_KEY.',
  noKey: 'PAYMENT_MODE is "live" but PAYSTACK_SECRET_KEY is not set: no payment can start.',
} as const;

type PaymentEnv = Pick<Bindings, 'PAYSTACK_SECRET_KEY' | 'PAYMENT_MODE' | 'SITE_URL'>;

/** Which gateway this configuration gives: Paystack, the test checkout, or none (and why). */
export function paymentSetup(env: PaymentEnv): { gateway: 'paystack' | 'test' } | { gateway: 'none'; why: string } {
  if (env.PAYMENT_MODE === 'test') {
    if (!isLocalSite(env.SITE_URL)) return { gateway: 'none', why: paymentSetupMessages.testModeOnPublicSite };
    return { gateway: env.PAYSTACK_SECRET_KEY ? 'paystack' : 'test' };
  }
  return env.PAYSTACK_SECRET_KEY ? { gateway: 'paystack' } : { gateway: 'none', why: paymentSetupMessages.noKey };
}

/** The built-in test checkout is on: chosen, on a local site, without a Paystack key. */
export const isTestMode = (env: PaymentEnv) => paymentSetup(env).gateway === 'test';

/** The gateway for this configuration, or undefined when payments cannot be taken (logged). */
export function paymentGateway(env: Bindings, db: Database, origin: string): PaymentGateway | undefined {
  const setup = paymentSetup(env);
  if (setup.gateway === 'none') {
    console.error('Payments refused:', setup.why);
    return undefined;
  }
  if (setup.gateway === 'paystack') {
    return {
      mode: 'paystack',
      ...createPaystackClient({ baseUrl: env.PAYSTACK_BASE_URL, secretKey: env.PAYSTACK_SECRET_KEY }),
    };
  }
  return {
    mode: 'test',
    async initialize(request) {
      return { authorizationUrl: `${origin}/api/payment/test-checkout/${encodeURIComponent(request.reference)}` };
    },
    async verify(reference) {
      const [payment] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
      if (!payment) return null;
      // A payment the visitor cancelled, or replaced by a new start, ends abandoned.
      const settled = payment.status !== 'pending' && payment.status !== 'paid';
      const status =
        payment.testCheckoutOutcome === 'paid'
          ? 'success'
          : payment.testCheckoutOutcome === 'cancelled' || settled
            ? 'abandoned'
            : 'ongoing';
      return { status, reference, amount: nairaToKobo(payment.amount), currency: 'NGN', paid_at: null };
    },
  };
}

/** A gateway error for work that needs Paystack when payments are not configured (refunds). */
export const notConfiguredError = () => new PaystackError(paymentSetupMessages.notConfigured);

/** What memberships need of Paystack: their monthly plans and the members' manage links. */
export type PaystackPlans = Pick<ReturnType<typeof createPaystackClient>, 'createPlan' | 'updatePlan' | 'manageLink'>;

/**
 * Paystack's plans, when Paystack is the gateway; undefined otherwise (the test checkout has no
 * subscriptions: memberships are joined through Paystack only).
 */
export function paystackPlans(env: Bindings): PaystackPlans | undefined {
  if (paymentSetup(env).gateway !== 'paystack') return undefined;
  return createPaystackClient({ baseUrl: env.PAYSTACK_BASE_URL, secretKey: env.PAYSTACK_SECRET_KEY });
}
