import type { Bindings } from '../env';

/** A message on the MESSAGES queue names an outbox row to deliver. */
export interface QueuedMessage {
  outboxId: string;
}

/**
 * Queue consumer for outbox deliveries. Until the messaging issue adds the email and WhatsApp
 * providers there is nothing to deliver to, so messages are retried later rather than dropped.
 */
export async function handleMessageBatch(batch: MessageBatch<unknown>, _env: Bindings): Promise<void> {
  batch.retryAll({ delaySeconds: 300 });
}
