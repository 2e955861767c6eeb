/**
 * The queue consumer: delivers outbox rows. Queues deliver at least once, so each delivery first
 * claims its row (a lease in one conditional UPDATE): a row already sent, held, dead or being sent
 * by another consumer is left alone. A failed send is retried with growing delays and, after
 * MAX_ATTEMPTS, marked dead; a queue message that still fails ends on the dead-letter queue,
 * whose consumer marks its row dead too.
 */
import { eq, sql } from 'drizzle-orm';
import { createDb, type Database } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import type { Bindings } from '../../env';
import { bindingEmailSender, type EmailSender } from '../../providers/email';
import { createWhatsAppClient, type WhatsAppSender } from '../../providers/whatsapp';
import { normaliseWhatsapp } from '../../shared/academy/academy-waitlist';
import { loggable } from '../../shared/loggable';
import type { QueuedMessage } from '../outbox/outbox';
import { offerAfterLapse } from '../time-waitlist/time-waitlist-offers';
import { backgroundScope } from './background-scope';

export const MAX_ATTEMPTS = 5;
const LEASE_SECONDS = 60;
export const DEAD_LETTER_QUEUE = 'spa-studio-messages-dlq';
export const WHATSAPP_DEFAULT_BASE_URL = 'https://graph.facebook.com/v21.0';
/** The WhatsApp Cloud API takes 80 messages a second per number; the one consumer sends no faster. */
const MIN_SEND_INTERVAL_MS = Math.ceil(1000 / 80);

export interface Senders {
  email: EmailSender;
  /** Undefined while no WhatsApp token is set: WhatsApp messages are then held. */
  whatsapp?: WhatsAppSender;
}

export function sendersFor(env: Bindings): Senders {
  return {
    email: bindingEmailSender(env.EMAIL, env.EMAIL_FROM),
    whatsapp: env.WHATSAPP_TOKEN
      ? createWhatsAppClient({
          baseUrl: env.WHATSAPP_BASE_URL || WHATSAPP_DEFAULT_BASE_URL,
          token: env.WHATSAPP_TOKEN,
          phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
        })
      : undefined,
  };
}

/** Seconds before the next try: 30 s, 1 min, 2 min, 4 min … */
export const retryDelaySeconds = (attempts: number) => 30 * 2 ** Math.max(0, attempts - 1);

export type Delivery = 'sent' | 'skipped' | 'held' | 'dead' | { retryAfterSeconds: number };

/** Claims one outbox row and sends it. */
export async function deliver(db: Database, senders: Senders, outboxId: string, now: Date): Promise<Delivery> {
  const nowIso = now.toISOString();
  const [row] = await db
    .update(outboxMessages)
    .set({
      claimedUntil: new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString(),
      attempts: sql`${outboxMessages.attempts} + 1`,
    })
    .where(
      sql`${outboxMessages.id} = ${outboxId} and ${outboxMessages.status} in ('queued', 'failed')
        and (${outboxMessages.claimedUntil} is null or ${outboxMessages.claimedUntil} < ${nowIso})`,
    )
    .returning();
  if (!row) return 'skipped';

  const settle = (values: Partial<typeof outboxMessages.$inferInsert>) =>
    db
      .update(outboxMessages)
      .set({ claimedUntil: null, ...values })
      .where(eq(outboxMessages.id, row.id));

  try {
    if (row.channel === 'email') {
      await senders.email.send({
        to: row.recipient,
        subject: row.subject,
        html: row.html ?? '',
        text: row.text,
        ...(row.headers ? { headers: row.headers } : {}),
      });
    } else {
      if (!senders.whatsapp) {
        // Not an attempt: the message waits, readable by staff, until a token is set.
        await settle({
          status: 'held',
          attempts: row.attempts - 1,
          lastError: 'WhatsApp is not set up (no WHATSAPP_TOKEN)',
        });
        return 'held';
      }
      const to = normaliseWhatsapp(row.recipient);
      if (!to) {
        await settle({ status: 'dead', lastError: `Not a WhatsApp number: ${row.recipient}` });
        return 'dead';
      }
      const template = row.whatsappTemplate ?? { name: row.template.replace(/-/g, '_'), parameters: [] };
      await senders.whatsapp.send({ to, template: template.name, parameters: template.parameters });
    }
  } catch (error) {
    const lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
    if (row.attempts >= MAX_ATTEMPTS) {
      await settle({ status: 'dead', lastError });
      return 'dead';
    }
    await settle({ status: 'failed', lastError });
    return { retryAfterSeconds: retryDelaySeconds(row.attempts) };
  }
  await settle({ status: 'sent', sentAt: new Date().toISOString(), lastError: null });
  return 'sent';
}

let lastSendAt = 0;

/** The consumer of the messages queue and of its dead-letter queue. */
export async function handleMessageBatch(
  batch: MessageBatch<unknown>,
  env: Bindings,
  senders: Senders = sendersFor(env),
): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    const offerLapse = (message.body as { offerLapse?: unknown } | null)?.offerLapse;
    if (typeof offerLapse === 'string' && batch.queue !== DEAD_LETTER_QUEUE) {
      await reofferLapsedPlace(env, db, offerLapse, message);
      continue;
    }
    const outboxId = (message.body as Partial<QueuedMessage> | null)?.outboxId;
    if (typeof outboxId !== 'string') {
      message.ack(); // not ours: nothing to deliver
      continue;
    }
    if (batch.queue === DEAD_LETTER_QUEUE) {
      await markDead(db, outboxId, 'Gave up after repeated delivery failures');
      message.ack();
      continue;
    }
    const wait = lastSendAt + MIN_SEND_INTERVAL_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const outcome = await deliver(db, senders, outboxId, new Date());
    lastSendAt = Date.now();
    if (typeof outcome === 'object') message.retry({ delaySeconds: outcome.retryAfterSeconds });
    else message.ack();
  }
}

/** A waitlist offer's hold ended: its place goes to the next in line (retried if that fails). */
async function reofferLapsedPlace(env: Bindings, db: Database, reference: string, message: Message<unknown>) {
  const { scope, finished } = backgroundScope(env, new Date(), db);
  try {
    await offerAfterLapse(scope, reference);
    await finished();
    message.ack();
  } catch (error) {
    console.error('Could not offer a lapsed place', reference, loggable(error));
    message.retry({ delaySeconds: 30 });
  }
}

async function markDead(db: Database, outboxId: string, reason: string) {
  await db
    .update(outboxMessages)
    .set({ status: 'dead', claimedUntil: null, lastError: sql`coalesce(${outboxMessages.lastError}, ${reason})` })
    .where(sql`${outboxMessages.id} = ${outboxId} and ${outboxMessages.status} in ('queued', 'failed')`);
}
