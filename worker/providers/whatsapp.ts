/**
 * A thin client for the WhatsApp Cloud API: one approved template message per call
 * (POST {base}/{phone-number-id}/messages). Any refusal, timeout or unexpected answer is a
 * WhatsAppError carrying Meta's own message.
 */
import * as z from 'zod/mini';
import { whatsappParameter } from '../shared/academy/campaign';
import { isValidHmacSignature } from './webhook-signature';

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

const sentResponse = () => z.object({ messages: z.array(z.object({ id: z.string() })).check(z.minLength(1)) });

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
              components: [
                {
                  type: 'body',
                  // One line each, as Meta requires, whatever a template was handed.
                  parameters: message.parameters.map((text) => ({ type: 'text', text: whatsappParameter(text) })),
                },
              ],
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? WHATSAPP_TIMEOUT_MS),
        });
      } catch (error) {
        throw new WhatsAppError('WhatsApp did not answer in time', { cause: error });
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok || !sentResponse().safeParse(body).success) {
        const reason = (body as { error?: { message?: unknown } } | null)?.error?.message;
        throw new WhatsAppError(`WhatsApp refused the message (${response.status}): ${String(reason ?? 'no message')}`);
      }
    },
  };
}

/** Meta signs each webhook: `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>`. */
export const isValidMetaSignature = (rawBody: string, header: string | undefined, appSecret: string | undefined) =>
  isValidHmacSignature('SHA-256', rawBody, header?.replace(/^sha256=/, ''), appSecret);

/** The text messages of a WhatsApp Cloud API webhook (entry[].changes[].value.messages[]): sender and body. */
const webhookPayload = () =>
  z.object({
    entry: z.array(
      z.object({
        changes: z.array(
          z.object({
            value: z.object({
              messages: z.optional(
                z.array(
                  z.object({
                    from: z.string(),
                    type: z.string(),
                    text: z.optional(z.object({ body: z.string() })),
                    // A template's quick-reply button, pressed.
                    button: z.optional(z.object({ text: z.string() })),
                  }),
                ),
              ),
            }),
          }),
        ),
      }),
    ),
  });

export function incomingTexts(payload: unknown): Array<{ from: string; body: string }> {
  const parsed = webhookPayload().safeParse(payload);
  if (!parsed.success) return [];
  return parsed.data.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.messages ?? []).flatMap((message) =>
        message.type === 'text' && message.text
          ? [{ from: message.from, body: message.text.body }]
          : message.type === 'button' && message.button
            ? [{ from: message.from, body: message.button.text }]
            : [],
      ),
    ),
  );
}
