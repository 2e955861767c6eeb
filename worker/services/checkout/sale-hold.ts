/**
 * The pending payment of a sale that holds no time or stock (a gift voucher, a package, a
 * membership's first month): inserted only while the buyer's email has fewer than MAX_OPEN_HOLDS
 * such payments of its kind waiting, and replacing this browser's earlier unpaid one of the kind
 * (a declined card, a changed mind), in one batch.
 */
import { sql } from 'drizzle-orm';
import { d1Statement } from '../../db/client';
import { findPayment, type Payment } from '../payments/payment-rows';
import { HOLD_MINUTES } from '../schedule/slots';
import { type InitializeRequest, MAX_OPEN_HOLDS, newReference, type PaymentContext } from './context';

export interface Sale {
  kind: Extract<Payment['kind'], 'voucher' | 'package' | 'membership'>;
  /** The reference's prefix: GV, PK, MB. */
  prefix: string;
  amount: number;
  email: string;
  details: unknown;
  method: Payment['method'];
}

/** The new payment's reference, or undefined when the buyer already has too many waiting. */
export async function holdSale(
  context: PaymentContext,
  request: InitializeRequest,
  sale: Sale,
): Promise<string | undefined> {
  const reference = newReference(sale.prefix);
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const ownEarlier = sql`select reference from payments where kind = ${sale.kind} and status = 'pending'
    and browser_key_hash = ${request.browserKeyHash}`;
  const open = sql`select 1 from payments where kind = ${sale.kind} and status = 'pending'
    and hold_expires_at > ${context.now.toISOString()} and lower(email) = lower(${sale.email})
    and reference not in (${ownEarlier})`;
  await context.db.$client.batch([
    d1Statement(
      context.db,
      sql`insert into payments (reference, kind, status, amount, subtotal, discount, email, details, hold_expires_at,
          client_key, browser_key_hash, method)
        select ${reference}, ${sale.kind}, 'pending', ${sale.amount}, ${sale.amount}, 0, ${sale.email},
          ${JSON.stringify(sale.details)}, ${holdUntil}, ${request.clientKey ?? null}, ${request.browserKeyHash},
          ${sale.method}
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
