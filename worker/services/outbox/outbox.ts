/**
 * The outbox: every message is a row before it is a send. A row's idempotency key (event, channel,
 * recipient) is UNIQUE, so an event recorded twice (verify and webhook racing, a cron run repeated)
 * writes one row, and only the call that wrote it puts it on the queue. A row whose queue message
 * was lost (the request ended first) is put on the queue again by the cron sweep.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement, pageOf } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { isoBefore } from '../../shared/time';
import { withClientSecretsHidden, withLinksHidden } from './outbox-links';

export type NewMessage = Pick<
  typeof outboxMessages.$inferInsert,
  | 'channel'
  | 'recipient'
  | 'template'
  | 'subject'
  | 'text'
  | 'html'
  | 'whatsappTemplate'
  | 'headers'
  | 'idempotencyKey'
  | 'campaignId'
>;

/** A queue message names one outbox row. */
export interface QueuedMessage {
  outboxId: string;
}

/** Cloudflare Queues accept at most 100 messages per sendBatch call. */
const QUEUE_BATCH = 100;
/** Rows per D1 batch when writing many messages (a bulk send). */
const INSERT_BATCH = 50;

/** Writes the messages that are new and queues them; returns how many were new. */
export async function queueMessages(db: Database, queue: Queue, messages: NewMessage[]): Promise<number> {
  const ids: string[] = [];
  for (let start = 0; start < messages.length; start += INSERT_BATCH) {
    const slice = messages.slice(start, start + INSERT_BATCH);
    const inserts = slice.map((message) =>
      db.insert(outboxMessages).values(message).onConflictDoNothing().returning({ id: outboxMessages.id }),
    );
    const [first, ...rest] = inserts;
    if (!first) continue;
    const results = await db.batch([first, ...rest]);
    for (const rows of results) for (const row of rows) ids.push(row.id);
  }
  await sendToQueue(queue, ids);
  return ids.length;
}

/**
 * For a batch that writes a message only when `condition` holds after the batch's earlier
 * statements (a gift voucher's new code was issued): the row as `queueMessages` would write it,
 * under `id`. The caller queues the ids whose statement changed a row.
 */
export function insertMessageWhenStatement(db: Database, id: string, message: NewMessage, condition: SQL) {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  return d1Statement(
    db,
    sql`insert into outbox_messages (id, channel, recipient, template, subject, text, html, whatsapp_template,
        headers, idempotency_key, campaign_id)
      select ${id}, ${message.channel}, ${message.recipient}, ${message.template}, ${message.subject},
        ${message.text}, ${message.html ?? null}, ${json(message.whatsappTemplate)}, ${json(message.headers)},
        ${message.idempotencyKey}, ${message.campaignId ?? null}
      where ${condition}
      on conflict (idempotency_key) do nothing`,
  );
}

export async function sendToQueue(queue: Queue, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += QUEUE_BATCH) {
    await queue.sendBatch(ids.slice(start, start + QUEUE_BATCH).map((outboxId) => ({ body: { outboxId } })));
  }
}

/** Queued rows older than this with no delivery under way are queued again by the cron sweep. */
export const STALE_QUEUED_MINUTES = 10;

/**
 * The cron's outbox work: queued rows whose queue message never arrived are queued again, and
 * WhatsApp messages held for want of a token go out once one is set.
 */
export async function sweepOutbox(db: Database, queue: Queue, now: Date, whatsappReady: boolean): Promise<void> {
  if (whatsappReady) {
    const released = await db
      .update(outboxMessages)
      .set({ status: 'queued', lastError: null })
      .where(sql`${outboxMessages.status} = 'held' and ${outboxMessages.channel} = 'whatsapp'`)
      .returning({ id: outboxMessages.id });
    await sendToQueue(
      queue,
      released.map((row) => row.id),
    );
  }
  const staleBefore = isoBefore(now, STALE_QUEUED_MINUTES, 'minutes');
  const stale = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      sql`${outboxMessages.status} = 'queued' and ${outboxMessages.createdAt} <= ${staleBefore}
        and (${outboxMessages.claimedUntil} is null or ${outboxMessages.claimedUntil} < ${now.toISOString()})`,
    )
    .limit(500);
  await sendToQueue(
    queue,
    stale.map((row) => row.id),
  );
}

/** An outbox row on the admin wire (the list leaves out the rendered bodies). */
export interface MessageView {
  _id: string;
  channel: (typeof outboxMessages.$inferSelect)['channel'];
  to: string;
  template: (typeof outboxMessages.$inferSelect)['template'];
  subject: string;
  status: (typeof outboxMessages.$inferSelect)['status'];
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

const toView = (row: typeof outboxMessages.$inferSelect): MessageView => ({
  _id: row.id,
  channel: row.channel,
  to: row.recipient,
  template: row.template,
  // A subject never carries a secret now; one written before may, until the scrubber's turn.
  subject: withClientSecretsHidden(row.subject, row.template),
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt,
  sentAt: row.sentAt,
});

type Filters = Partial<Pick<typeof outboxMessages.$inferSelect, 'status' | 'channel' | 'template'>>;

export async function listMessages(db: Database, filters: Filters, page: { page: number; pageSize: number }) {
  const where = and(
    filters.status ? eq(outboxMessages.status, filters.status) : undefined,
    filters.channel ? eq(outboxMessages.channel, filters.channel) : undefined,
    filters.template ? eq(outboxMessages.template, filters.template) : undefined,
  );
  const order = [desc(outboxMessages.createdAt), desc(outboxMessages.id)];
  const { rows, total } = await pageOf(db, outboxMessages, where, order, page);
  return { messages: rows.map(toView), total };
}

/**
 * One message as it was rendered, its live links shown only to an owner (outbox-links.ts). A
 * password reset's link is its addressee's alone; a gift voucher's code and card link are money,
 * and a review link writes as the client: no one on the Messages screen sees those, nor a client's
 * sign-in code, health form link or waitlist links.
 */
export async function findMessage(db: Database, id: string, viewer: { owner: boolean }) {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  if (!row) return undefined;
  const neverShown = ['password-reset', 'voucher-delivery', 'review-request'].includes(row.template);
  const hide = viewer.owner && !neverShown ? withClientSecretsHidden : withLinksHidden;
  const shown = (text: string) => hide(text, row.template);
  return { ...toView(row), text: shown(row.text), html: row.html === null ? null : shown(row.html) };
}
