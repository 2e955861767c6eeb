/**
 * A thin client for the WhatsApp Cloud API: one approved template message per call
 * (POST {base}/{phone-number-id}/messages). Any refusal, timeout or unexpected answer is a
 * WhatsAppError carrying Meta's own message.
 */
import * as z from 'zod/mini';

export const WHATSAPP_TIMEOUT_MS = 15_000;

export class WhatsAppError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WhatsAppError';
  }
}

export interface WhatsAppTemplateMessage {
  /** International form, +234… */
  to: string;
  template: string;
  parameters: string[];
}

export interface WhatsAppSender {
  send(message: WhatsAppTemplateMessage): Promise<void>;
}

const sentResponse = z.object({ messages: z.array(z.object({ id: z.string() })).check(z.minLength(1)) });

export function createWhatsAppClient(options: {
  baseUrl: string;
  token: string;
  phoneNumberId: string;
  timeoutMs?: number;
}): WhatsAppSender {
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl.replace(/\/$/, '')}/${options.phoneNumberId}/messages`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to.replace(/^\+/, ''),
            type: 'template',
            template: {
              name: message.template,
              language: { code: 'en' },
              components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? WHATSAPP_TIMEOUT_MS),
        });
      } catch (error) {
        throw new WhatsAppError('WhatsApp did not answer in time', { cause: error });
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok || !sentResponse.safeParse(body).success) {
        const reason = (body as { error?: { message?: unknown } } | null)?.error?.message;
        throw new WhatsAppError(`WhatsApp refused the message (${response.status}): ${String(reason ?? 'no message')}`);
      }
    },
  };
}
