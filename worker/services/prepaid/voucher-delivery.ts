/**
 * Sending a gift voucher to its recipient: on its delivery date (the cron, from 08:00 in Lagos), or
 * at once when it was bought for today, and again when staff resend it. Each sending issues a new
 * random code and card link (a resend retires the old ones): in one D1 batch the voucher takes
 * them, guarded by the code it had, and the messages are written only if it did. So of two
 * sendings racing (verify and webhook, two cron runs, two clicks on Resend) one issues and writes,
 * and the code a message carries is always the one the voucher keeps.
 */
import { type SQL, sql } from 'drizzle-orm';
import { changedRow, createDb, type Database, d1Statement } from '../../db/client';
import { vouchers } from '../../db/schema';
import type { Bindings } from '../../env';
import type { StudioDetails } from '../../messages/layout';
import { loggable } from '../../shared/loggable';
import { formatVoucherCode } from '../../shared/prepaid/voucher-schema';
import { lagosDate, lagosToUtc } from '../../shared/time';
import { studioDetails } from '../outbox/notifications';
import { insertMessageWhenStatement, sendToQueue } from '../outbox/outbox';
import { sha256Hex } from '../signing';
import { voucherDeliveryMessages } from './prepaid-messages';
import { newCardToken, newVoucherCode, sealCodeForCard, voucherCardPath, voucherCodeHash } from './voucher-codes';
import { type VoucherRow, voucherFacts } from './vouchers';

/** The hour (Lagos) a voucher dated today is sent by the cron: a morning gift, not a midnight one. */
export const DELIVERY_HOUR = '08:00';

export interface DeliveryContext {
  db: Database;
  /** The outbox's queue: the messages' rows are put on it once written. */
  queue: Queue;
  studio: StudioDetails;
  now: Date;
}

/**
 * Issues the voucher a new code and card link and writes the recipient's messages with them, if
 * the voucher still has the code it was read with and `sendable` holds; the new code's last 4
 * when this call issued, else undefined.
 */
async function issueAndSend(
  context: DeliveryContext,
  voucher: VoucherRow,
  sending: string,
  sendable: SQL,
): Promise<string | undefined> {
  const code = newVoucherCode();
  const cardToken = newCardToken();
  const codeHash = await voucherCodeHash(code);
  const cardUrl = `${context.studio.siteUrl}${voucherCardPath(cardToken)}`;
  const facts = voucherFacts(voucher, { code: formatVoucherCode(code), cardUrl });
  const messages = await voucherDeliveryMessages(facts, voucher.buyerEmail, context.studio, sending);
  const ids = messages.map(() => crypto.randomUUID());
  const issued = sql`exists (select 1 from vouchers where id = ${voucher.id} and code_hash = ${codeHash})`;
  const [taken, ...written] = await context.db.$client.batch([
    d1Statement(
      context.db,
      sql`update vouchers set code_hash = ${codeHash}, code_last4 = ${code.slice(-4)},
          card_token_hash = ${await sha256Hex(cardToken)},
          card_code_sealed = ${await sealCodeForCard(code, cardToken, voucher.id)},
          delivered_at = coalesce(delivered_at, ${context.now.toISOString()})
        where id = ${voucher.id} and code_hash = ${voucher.codeHash} and status = 'active' and ${sendable}`,
    ),
    ...messages.map((message, index) => insertMessageWhenStatement(context.db, ids[index] ?? '', message, issued)),
  ]);
  if (!changedRow(taken)) return undefined;
  // A row whose queue message is lost here is queued again by the cron's outbox sweep.
  await sendToQueue(
    context.queue,
    ids.filter((_, index) => changedRow(written[index])),
  ).catch((error) => console.error('Gift voucher messages left for the outbox sweep', loggable(error)));
  return code.slice(-4);
}

/** Sends an active voucher not yet delivered (once), and notes the buyer; its code's last 4 when this call did. */
export async function deliverVoucher(context: DeliveryContext, voucher: VoucherRow): Promise<string | undefined> {
  if (voucher.deliveredAt || voucher.status !== 'active') return undefined;
  return issueAndSend(context, voucher, 'delivery', sql`delivered_at is null`);
}

/**
 * Staff send a delivered voucher again (a lost email, a new phone): with a new code and card link,
 * the old ones no longer valid (whoever found the lost message cannot spend it); its balance stays.
 */
export async function resendVoucher(context: DeliveryContext, voucher: VoucherRow): Promise<string | undefined> {
  return issueAndSend(context, voucher, `resend:${context.now.toISOString()}`, sql`delivered_at is not null`);
}

/** The cron's task: every active voucher whose day has come (from 08:00 Lagos on it) is sent. */
export async function deliverDueVouchers(env: Bindings, now: Date): Promise<void> {
  const db = createDb(env.DB);
  const today = lagosDate(now);
  const due = now.getTime() >= lagosToUtc(today, DELIVERY_HOUR).getTime() ? today : lagosDate(new Date(0));
  const rows = await db
    .select()
    .from(vouchers)
    .where(
      sql`${vouchers.deliveredAt} is null and ${vouchers.status} = 'active'
        and (${vouchers.deliverOn} < ${today} or ${vouchers.deliverOn} <= ${due})`,
    )
    .limit(50);
  const context: DeliveryContext = { db, queue: env.MESSAGES, studio: studioDetails(env), now };
  for (const voucher of rows) {
    try {
      await deliverVoucher(context, voucher);
    } catch (error) {
      console.error('Could not deliver gift voucher', voucher.paymentReference, loggable(error));
    }
  }
}
