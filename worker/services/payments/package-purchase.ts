/**
 * Starting a package's purchase online: at the server's price for a package still shown, through
 * the same checkout as everything else. The purchase itself (and its code) is created when the
 * payment is recorded; this browser's earlier unpaid purchase (a declined card) is replaced.
 */
import { sql } from 'drizzle-orm';
import { d1Statement } from '../../db/client';
import { nairaToKobo } from '../../shared/money';
import { packageMessages, packagePurchaseSchema } from '../../shared/package-rules';
import { storedPackagePurchase } from '../package-sales';
import { findPackage } from '../packages';
import { HOLD_MINUTES } from '../slots';
import { openCheckout } from './checkout';
import {
  type InitializeRequest,
  type InitializeResult,
  MAX_OPEN_HOLDS,
  newReference,
  type PaymentContext,
  paymentMessages,
} from './context';
import { findPayment } from './records';

export async function initializePackagePurchase(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = packagePurchaseSchema().safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid package details' };
  }
  const pkg = await findPackage(context.db, parsed.data.packageId);
  if (!pkg?.shown) return { ok: false, status: 409, message: packageMessages.notOffered };
  if (request.amount !== nairaToKobo(pkg.price)) {
    return { ok: false, status: 409, message: paymentMessages.amountChanged, expectedAmount: pkg.price };
  }
  const reference = newReference('PK');
  const email = parsed.data.buyerEmail;
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const ownEarlier = sql`select reference from payments where kind = 'package' and status = 'pending'
    and browser_key_hash = ${request.browserKeyHash}`;
  const openPurchases = sql`select 1 from payments where kind = 'package' and status = 'pending'
    and hold_expires_at > ${context.now.toISOString()} and lower(email) = lower(${email})
    and reference not in (${ownEarlier})`;
  await context.db.$client.batch([
    d1Statement(
      context.db,
      sql`insert into payments (reference, kind, status, amount, subtotal, discount, email, details, hold_expires_at,
          client_key, browser_key_hash, method)
        select ${reference}, 'package', 'pending', ${pkg.price}, ${pkg.price}, 0, ${email},
          ${JSON.stringify(storedPackagePurchase(pkg, parsed.data))}, ${holdUntil}, ${request.clientKey ?? null},
          ${request.browserKeyHash}, ${context.gateway?.mode ?? 'paystack'}
        where (select count(*) from (${openPurchases})) < ${MAX_OPEN_HOLDS}`,
    ),
    d1Statement(
      context.db,
      sql`update payments set status = 'abandoned', hold_expires_at = null
        where reference in (${ownEarlier}) and reference != ${reference}
          and exists (select 1 from payments where reference = ${reference})`,
    ),
  ]);
  if (!(await findPayment(context.db, reference))) {
    return {
      ok: false,
      status: 429,
      message: packageMessages.tooManyOpen(MAX_OPEN_HOLDS, HOLD_MINUTES),
      retryAfterSeconds: HOLD_MINUTES * 60,
    };
  }
  return openCheckout(context, 'package', reference, pkg.price, email, { kind: 'package', package: pkg.name });
}
