/**
 * Asking Paystack to give a cancelled booking's or order's money back, and following it up. The refund row is
 * written with the cancellation (booking-changes.ts); this module calls POST /refund and records
 * what Paystack said. A refusal or no answer leaves it `failed` with the reason, and the cron asks
 * again (up to MAX_REFUND_ATTEMPTS; staff see every failed one in the admin). An accepted refund
 * stays `pending` while Paystack processes it, and the cron asks Paystack how it went.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { createDb, type Database } from '../../db/client';
import { refunds } from '../../db/schema';
import type { Bindings } from '../../env';
import { createPaystackClient, type PaystackRefund, PaystackRefusal } from '../../providers/paystack';
import { loggable } from '../../shared/loggable';
import { notConfiguredError, paymentSetup } from './gateway';

/** A refund as recorded: written with the cancellation, then what Paystack said of it. */
export type RefundRow = typeof refunds.$inferSelect;

export const MAX_REFUND_ATTEMPTS = 8;
/** A call that started this long ago and never recorded an answer (the Worker died) is retried. */
const STALE_CALL_MS = 10 * 60_000;

export interface RefundClient {
  refund(reference: string): Promise<PaystackRefund>;
  fetchRefund(id: string): Promise<PaystackRefund>;
}

/**
 * Paystack's client for refunds, or undefined in test mode (refunds are recorded, no money moves).
 * Without a usable Paystack setup every call fails, so the refund waits as failed (and the cron
 * asks again) instead of being marked done.
 */
export function refundClient(env: Bindings): RefundClient | undefined {
  const setup = paymentSetup(env);
  if (setup.gateway === 'test') return undefined;
  if (setup.gateway === 'none') {
    const refuse = () => Promise.reject(notConfiguredError());
    return { refund: refuse, fetchRefund: refuse };
  }
  return createPaystackClient({ baseUrl: env.PAYSTACK_BASE_URL, secretKey: env.PAYSTACK_SECRET_KEY });
}

/** Paystack's refund status in ours: pending and processing (and needs-attention) are still pending. */
const ourStatus = (paystackStatus: string) =>
  paystackStatus === 'processed' ? 'processed' : paystackStatus === 'failed' ? 'failed' : 'pending';

/**
 * Paystack answers a second refund of a fully refunded transaction with this refusal: the money is
 * already on its way back (an earlier call went through but its answer was lost).
 */
const alreadyRefunded = (error: unknown) => error instanceof PaystackRefusal && /fully reversed/i.test(error.message);

/**
 * Calls POST /refund for a pending or failed refund and records the answer. The call is claimed
 * first (attempts + 1 while attempts is what was read), so the cron and a visitor's request never
 * ask Paystack twice at once.
 */
export async function sendRefund(db: Database, client: RefundClient, refund: RefundRow, now: Date): Promise<RefundRow> {
  const nowIso = now.toISOString();
  const claimed = await db
    .update(refunds)
    .set({ attempts: refund.attempts + 1, updatedAt: nowIso })
    .where(
      and(
        eq(refunds.paymentReference, refund.paymentReference),
        eq(refunds.attempts, refund.attempts),
        sql`${refunds.status} != 'processed'`,
      ),
    )
    .returning({ paymentReference: refunds.paymentReference });
  if (claimed.length === 0) return (await refundOfPayment(db, refund.paymentReference)) ?? refund;
  let update: Partial<RefundRow>;
  try {
    const answer = await client.refund(refund.paymentReference);
    const status = ourStatus(answer.status);
    update = {
      status,
      paystackRefundId: String(answer.id),
      lastError: null,
      processedAt: status === 'processed' ? nowIso : null,
    };
  } catch (error) {
    update = alreadyRefunded(error)
      ? { status: 'processed', lastError: null, processedAt: nowIso }
      : { status: 'failed', lastError: error instanceof Error ? error.message : String(error) };
  }
  const [saved] = await db
    .update(refunds)
    .set({ ...update, updatedAt: new Date().toISOString() })
    .where(eq(refunds.paymentReference, refund.paymentReference))
    .returning();
  return saved ?? refund;
}

/** Asks Paystack how an accepted refund is going and records it. */
async function followRefund(db: Database, client: RefundClient, refund: RefundRow, now: Date): Promise<void> {
  if (!refund.paystackRefundId) return;
  const answer = await client.fetchRefund(refund.paystackRefundId);
  const status = ourStatus(answer.status);
  if (status === 'pending') return;
  await db
    .update(refunds)
    .set({
      status,
      updatedAt: now.toISOString(),
      processedAt: status === 'processed' ? now.toISOString() : null,
      lastError: status === 'failed' ? 'Paystack reported the refund failed' : null,
      // A refund Paystack failed is asked for again as a new one.
      paystackRefundId: status === 'failed' ? null : refund.paystackRefundId,
    })
    .where(and(eq(refunds.paymentReference, refund.paymentReference), eq(refunds.status, 'pending')));
}

/**
 * The cron's part: retry failed and abandoned calls, follow accepted ones. Each refund is on its
 * own: one Paystack error does not stop the others.
 */
export async function retryRefunds(env: Bindings, now: Date): Promise<void> {
  const client = refundClient(env);
  if (!client) return;
  const db = createDb(env.DB);
  const staleBefore = new Date(now.getTime() - STALE_CALL_MS).toISOString();
  const due = await db
    .select()
    .from(refunds)
    .where(
      or(
        and(eq(refunds.status, 'pending'), sql`${refunds.paystackRefundId} is not null`),
        and(
          lt(refunds.attempts, MAX_REFUND_ATTEMPTS),
          or(
            eq(refunds.status, 'failed'),
            and(
              eq(refunds.status, 'pending'),
              sql`${refunds.paystackRefundId} is null`,
              lt(refunds.updatedAt, staleBefore),
            ),
          ),
        ),
      ),
    )
    .limit(25);
  const results = await Promise.allSettled(
    due.map((refund) =>
      refund.paystackRefundId ? followRefund(db, client, refund, now) : sendRefund(db, client, refund, now),
    ),
  );
  for (const result of results) {
    if (result.status === 'rejected') console.error('Refund follow-up failed', loggable(result.reason));
  }
}

export async function refundOfPayment(db: Database, paymentReference: string): Promise<RefundRow | undefined> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.paymentReference, paymentReference)).limit(1);
  return refund;
}

/** A refund as the visitor sees it (ARCHITECTURE.md, "Managing a booking"): amount in naira. */
export const refundView = (refund: RefundRow | null | undefined) =>
  refund ? { status: refund.status, amount: refund.amount, testMode: refund.testMode } : null;
