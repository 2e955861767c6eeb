/**
 * The payments table's own rows: a payment as stored, finding it by its reference, and the one
 * statement that marks it paid (at most once). What a paid payment becomes is fulfilment.ts's.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';

export type Payment = typeof payments.$inferSelect;

export async function findPayment(db: Database, reference: string): Promise<Payment | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return payment;
}

export const markPaid = (db: Database, payment: Payment, now: Date) =>
  db.$client
    .prepare(
      `update payments set status = 'paid', paid_at = ?, hold_expires_at = null where reference = ? and status != 'paid'`,
    )
    .bind(now.toISOString(), payment.reference);

/** The built-in test checkout's answer for a payment not yet paid. */
export async function recordTestCheckoutOutcome(db: Database, reference: string, outcome: 'paid' | 'cancelled') {
  await db
    .update(payments)
    .set({ testCheckoutOutcome: outcome })
    .where(sql`${payments.reference} = ${reference} and ${payments.status} != 'paid'`);
}
