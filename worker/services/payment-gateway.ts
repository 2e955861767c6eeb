/**
 * Where money is taken: Paystack when PAYSTACK_SECRET_KEY is set, otherwise the built-in test
 * checkout, so a fresh clone can book and pay offline. Both answer the same two questions, so
 * initialize and verify run the same code whichever is behind them.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { payments } from '../db/schema';
import type { Bindings } from '../env';
import { createPaystackClient, type InitializeRequest, type PaystackTransaction } from '../providers/paystack';
import { nairaToKobo } from '../shared/money';

export interface PaymentGateway {
  mode: 'paystack' | 'test';
  initialize(request: InitializeRequest): Promise<{ authorizationUrl: string }>;
  verify(reference: string): Promise<PaystackTransaction | null>;
}

export function isTestMode(env: Pick<Bindings, 'PAYSTACK_SECRET_KEY'>): boolean {
  return !env.PAYSTACK_SECRET_KEY;
}

export function paymentGateway(env: Bindings, db: Database, origin: string): PaymentGateway {
  if (!isTestMode(env)) {
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
      const status =
        payment.testCheckoutOutcome === 'paid'
          ? 'success'
          : payment.testCheckoutOutcome === 'cancelled'
            ? 'abandoned'
            : 'ongoing';
      return { status, reference, amount: nairaToKobo(payment.amount), currency: 'NGN', paid_at: null };
    },
  };
}
