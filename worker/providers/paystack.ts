/**
 * A thin client for the Paystack endpoints the studio uses: initialize a transaction, verify it
 * (https://paystack.com/docs/api/transaction), refund it and fetch the refund
 * (https://paystack.com/docs/api/refund), keep a membership's monthly plan (POST /plan, PUT
 * /plan/:code) and give a member the link to manage their subscription. Amounts are kobo here and only here.
 * Responses are parsed with zod; anything unexpected, a failed call or a timeout is a PaystackError.
 */
import * as z from 'zod/mini';
import { isValidHmacSignature } from './webhook-signature';

export const PAYSTACK_TIMEOUT_MS = 15_000;

export class PaystackError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaystackError';
  }
}

const initializeResponse = () =>
  z.object({
    status: z.literal(true),
    data: z.object({ authorization_url: z.string(), reference: z.string() }),
  });

const transactionSchema = () =>
  z.object({
    status: z.string(),
    reference: z.string(),
    amount: z.number(),
    currency: z.string(),
    paid_at: z.optional(z.nullable(z.string())),
  });

const verifyResponse = () => z.object({ status: z.literal(true), data: transactionSchema() });

export type PaystackTransaction = z.infer<ReturnType<typeof transactionSchema>>;

/** Paystack's refund statuses: pending, processing, processed, failed, needs-attention. */
const refundSchema = () => z.object({ id: z.number(), status: z.string(), amount: z.number() });
const refundResponse = () => z.object({ status: z.literal(true), data: refundSchema() });

export type PaystackRefund = z.infer<ReturnType<typeof refundSchema>>;

/** Paystack refused the refund (4xx): asking again the same way will not change its mind. */
export class PaystackRefusal extends PaystackError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PaystackRefusal';
  }
}

export interface InitializeRequest {
  email: string;
  /** Kobo. */
  amount: number;
  reference: string;
  callback_url: string;
  metadata: Record<string, unknown>;
  /** A membership's first month: the plan's code subscribes the customer (its amount is the plan's). */
  plan?: string;
  /** Paying channels offered: a subscription renews by card only. */
  channels?: string[];
}

const planResponse = () => z.object({ status: z.literal(true), data: z.object({ plan_code: z.string() }) });
const okResponse = () => z.object({ status: z.literal(true) });
const linkResponse = () => z.object({ status: z.literal(true), data: z.object({ link: z.string() }) });

/** A monthly plan as the studio keeps it at Paystack: its name and price. */
export interface PlanRequest {
  name: string;
  /** Kobo. */
  amount: number;
}

/** A call to Paystack's API with the secret key, answered within `timeoutMs` or a PaystackError. */
function paystackCaller(baseUrl: string, secretKey: string, timeoutMs: number) {
  return async (path: string, init: RequestInit): Promise<{ status: number; body: unknown }> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl.replace(/\/$/, '')}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaystackError('Paystack did not answer in time', { cause: error });
    }
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body };
  };
}

/** An answer's data when Paystack said 200 in the shape `schema` reads, else a PaystackError: `failed (status)`. */
function accepted<T>(
  schema: { safeParse(body: unknown): { success: true; data: { data: T } } | { success: false } },
  answer: { status: number; body: unknown },
  failed: string,
): T {
  const parsed = schema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) throw new PaystackError(`${failed} (${answer.status})`);
  return parsed.data.data;
}

export function createPaystackClient(options: { baseUrl: string; secretKey: string; timeoutMs?: number }) {
  const timeoutMs = options.timeoutMs ?? PAYSTACK_TIMEOUT_MS;

  const call = paystackCaller(options.baseUrl, options.secretKey, timeoutMs);

  return {
    async initialize(request: InitializeRequest): Promise<{ authorizationUrl: string }> {
      const { status, body } = await call('/transaction/initialize', {
        method: 'POST',
        body: JSON.stringify({ ...request, currency: 'NGN' }),
      });
      const parsed = initializeResponse().safeParse(body);
      if (status !== 200 || !parsed.success) {
        const message = (body as { message?: unknown } | null)?.message;
        throw new PaystackError(`Paystack refused to initialize (${status}): ${String(message ?? 'no message')}`);
      }
      return { authorizationUrl: parsed.data.data.authorization_url };
    },

    /** The transaction as Paystack knows it, or null when Paystack has no such reference. */
    async verify(reference: string): Promise<PaystackTransaction | null> {
      const answer = await call(`/transaction/verify/${encodeURIComponent(reference)}`, { method: 'GET' });
      if (answer.status === 404) return null;
      return accepted(verifyResponse(), answer, 'Paystack could not verify');
    },

    /** Refunds the whole of a paid transaction (POST /refund with its reference). */
    async refund(reference: string): Promise<PaystackRefund> {
      const { status, body } = await call('/refund', {
        method: 'POST',
        body: JSON.stringify({ transaction: reference }),
      });
      const parsed = refundResponse().safeParse(body);
      if (status === 200 && parsed.success) return parsed.data.data;
      const message = `Paystack refused the refund (${status}): ${String((body as { message?: unknown } | null)?.message ?? 'no message')}`;
      if (status >= 400 && status < 500) throw new PaystackRefusal(message, status);
      throw new PaystackError(message);
    },

    /** A monthly plan made at Paystack (POST /plan): its code. */
    async createPlan(plan: PlanRequest): Promise<string> {
      const answer = await call('/plan', {
        method: 'POST',
        body: JSON.stringify({ ...plan, interval: 'monthly', currency: 'NGN' }),
      });
      return accepted(planResponse(), answer, 'Paystack could not create the plan').plan_code;
    },

    /** A plan's name and price changed at Paystack (PUT /plan/:code); existing subscriptions keep theirs. */
    async updatePlan(code: string, plan: PlanRequest): Promise<void> {
      const { status, body } = await call(`/plan/${encodeURIComponent(code)}`, {
        method: 'PUT',
        body: JSON.stringify({ ...plan, interval: 'monthly', currency: 'NGN' }),
      });
      if (status !== 200 || !okResponse().safeParse(body).success) {
        throw new PaystackError(`Paystack could not update the plan (${status})`);
      }
    },

    /** Paystack's page where a member changes their card or cancels (GET /subscription/:code/manage/link). */
    async manageLink(subscriptionCode: string): Promise<string> {
      const answer = await call(`/subscription/${encodeURIComponent(subscriptionCode)}/manage/link`, {
        method: 'GET',
      });
      return accepted(linkResponse(), answer, 'Paystack gave no manage link').link;
    },

    /** A refund as Paystack knows it now (GET /refund/:id). */
    async fetchRefund(id: string): Promise<PaystackRefund> {
      const answer = await call(`/refund/${encodeURIComponent(id)}`, { method: 'GET' });
      return accepted(refundResponse(), answer, 'Paystack could not fetch the refund');
    },
  };
}

/** Paystack signs each webhook: HMAC-SHA512 of the raw body with the secret key, hex encoded. */
export const isValidPaystackSignature = (rawBody: string, signature: string | undefined, secretKey: string) =>
  isValidHmacSignature('SHA-512', rawBody, signature, secretKey);
