/**
 * The cron's payment work. A visitor who paid and closed the tab before the callback, with no
 * webhook arriving, still gets their booking: payments left unpaid for 15 minutes (up to a day
 * old) are verified again and confirmed the usual way, abandoned ones too (a payment replaced by a
 * retry or cancelled on the site may still be completed in a Paystack tab left open). Then holds
 * that expired unpaid are released.
 */
import { sql } from 'drizzle-orm';
import { createDb, d1Statement } from '../../db/client';
import { payments } from '../../db/schema';
import type { Bindings } from '../../env';
import { loggable } from '../../shared/loggable';
import { sitePages } from '../../shared/site-pages';
import { isoBefore } from '../../shared/time';
import type { PaymentContext } from '../checkout/context';
import { confirmTransaction } from '../checkout/settle';
import { studioDetails } from '../outbox/notifications';
import { queueMessages } from '../outbox/outbox';
import { refreshCataloguePages } from '../pages/catalogue-pages';
import { paymentGateway } from '../payments/gateway';
import { packageLedger, releaseEndedStatements, voucherLedger } from '../prepaid/ledger';
import { blockCounts } from '../schedule/time-blocks';

export const REVERIFY_AFTER_MINUTES = 15;
const REVERIFY_WITHIN_HOURS = 24;
const REVERIFY_BATCH = 25;

export async function reconcilePayments(env: Bindings, now: Date): Promise<void> {
  const db = createDb(env.DB);
  const queued: Promise<unknown>[] = [];
  const context: PaymentContext = {
    db,
    gateway: paymentGateway(env, db, ''),
    origin: '',
    linkSecret: env.MANAGE_LINK_SECRET,
    now,
    notify: (messages) => {
      const queuing = queueMessages(db, env.MESSAGES, messages);
      queued.push(queuing);
      return queuing;
    },
    queue: env.MESSAGES,
    stockMoved: () => queued.push(refreshCataloguePages(env, [sitePages.shop.path])),
    studio: studioDetails(env),
  };
  const settledBefore = isoBefore(now, REVERIFY_AFTER_MINUTES, 'minutes');
  const oldest = isoBefore(now, REVERIFY_WITHIN_HOURS, 'hours');
  const stale = await db
    .select()
    .from(payments)
    .where(
      sql`${payments.status} in ('pending', 'expired', 'abandoned') and ${payments.method} in ('paystack', 'test')
        and ${payments.createdAt} <= ${settledBefore} and ${payments.createdAt} >= ${oldest}`,
    )
    // Unsettled ones first; then a fresh sample of abandoned ones each run, so none is starved.
    .orderBy(sql`${payments.status} = 'abandoned'`, sql`random()`)
    .limit(REVERIFY_BATCH);
  const { gateway } = context;
  for (const payment of stale) {
    if (!gateway) break; // payments are not configured (logged): nothing to ask
    try {
      await confirmTransaction(context, payment, await gateway.verify(payment.reference));
    } catch (error) {
      console.error('Could not re-verify payment', payment.reference, loggable(error));
    }
  }
  await Promise.all(queued);
  const nowIso = now.toISOString();
  await db.$client.batch([
    d1Statement(
      db,
      sql`update payments set status = 'expired' where status = 'pending' and hold_expires_at <= ${nowIso}`,
    ),
    // What expired holds took of gift vouchers and packages goes back.
    ...releaseEndedStatements(voucherLedger, db, now),
    ...releaseEndedStatements(packageLedger, db, now),
    // Their blocks and units stopped counting when the holds ended (time-blocks.ts, stock.ts); this
    // only tidies them away.
    d1Statement(db, sql`delete from time_blocks where not ${blockCounts(nowIso)}`),
    d1Statement(
      db,
      sql`delete from stock_holds where payment_reference not in
        (select reference from payments where status = 'pending' and hold_expires_at > ${nowIso})`,
    ),
  ]);
}
