/**
 * Sending a gift voucher to its recipient: on its delivery date (the cron, from 08:00 in Lagos), or
 * at once when it was bought for today, and again when staff resend it. The messages are queued
 * before the voucher is marked delivered, under keys of the voucher's reference, so a delivery
 * raced by another (verify and webhook, two cron runs) sends each message once.
 */
import { sql } from 'drizzle-orm';
import { createDb, type Database } from '../db/client';
import { vouchers } from '../db/schema';
import type { Bindings } from '../env';
import type { StudioDetails } from '../messages/layout';
import { loggable } from '../middleware/errors';
import { lagosDate, lagosToUtc } from '../shared/time';
import { formatVoucherCode } from '../shared/voucher-schema';
import { studioDetails, voucherDeliveryMessages } from './notifications';
import { type NewMessage, queueMessages } from './outbox';
import { voucherCardPath, voucherCardToken, voucherCode } from './voucher-codes';
import { type VoucherRow, voucherFacts } from './vouchers';

/** The hour (Lagos) a voucher dated today is sent by the cron: a morning gift, not a midnight one. */
export const DELIVERY_HOUR = '08:00';

export interface DeliveryContext {
  db: Database;
  /** MANAGE_LINK_SECRET: the codes and card links are derived from it. */
  secret: string;
  studio: StudioDetails;
  now: Date;
  send: (messages: NewMessage[]) => Promise<unknown>;
}

/** The recipient's messages: the card with its code and its printable link. */
async function deliveryMessages(context: DeliveryContext, voucher: VoucherRow, sending: string) {
  const code = formatVoucherCode(await voucherCode(voucher.paymentReference, context.secret));
  const cardUrl = `${context.studio.siteUrl}${voucherCardPath(await voucherCardToken(voucher.paymentReference, context.secret))}`;
  return voucherDeliveryMessages(voucherFacts(voucher, { code, cardUrl }), voucher.buyerEmail, context.studio, sending);
}

/** Sends an active voucher not yet delivered (once), and notes the buyer; true when this call did. */
export async function deliverVoucher(context: DeliveryContext, voucher: VoucherRow): Promise<boolean> {
  if (voucher.deliveredAt || voucher.status !== 'active') return false;
  await context.send(await deliveryMessages(context, voucher, 'delivery'));
  const [marked] = await context.db
    .update(vouchers)
    .set({ deliveredAt: context.now.toISOString() })
    .where(sql`${vouchers.id} = ${voucher.id} and ${vouchers.deliveredAt} is null`)
    .returning({ id: vouchers.id });
  return marked !== undefined;
}

/** Staff send a delivered voucher again (a lost email, a new phone): a new message each time. */
export async function resendVoucher(context: DeliveryContext, voucher: VoucherRow): Promise<void> {
  await context.send(await deliveryMessages(context, voucher, `resend:${context.now.toISOString()}`));
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
  const context: DeliveryContext = {
    db,
    secret: env.MANAGE_LINK_SECRET,
    studio: studioDetails(env),
    now,
    send: (messages) => queueMessages(db, env.MESSAGES, messages),
  };
  for (const voucher of rows) {
    try {
      await deliverVoucher(context, voucher);
    } catch (error) {
      console.error('Could not deliver gift voucher', voucher.paymentReference, loggable(error));
    }
  }
}
