/**
 * A stand-in for the WhatsApp Cloud API: POST /{phone-number-id}/messages with a Bearer token and
 * a template message, checked the way Meta documents it (messaging_product "whatsapp", `to` in
 * digits with the country code, type "template" with a name, a language and body parameters).
 * It can be told to fail a share of calls, so retries are tested against the real client.
 */
import { hmacHex } from './hmac';
export interface SentWhatsApp {
  to: string;
  template: string;
  parameters: string[];
}

export class FakeWhatsApp {
  readonly sent: SentWhatsApp[] = [];
  readonly refusals: string[] = [];
  /** Share of calls (0 to 1) answered with a 500, chosen at random. */
  failRate = 0;

  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly phoneNumberId: string,
  ) {}

  handles(url: string): boolean {
    return url.startsWith(this.baseUrl);
  }

  reset(): void {
    this.sent.length = 0;
    this.refusals.length = 0;
    this.failRate = 0;
  }

  async fetch(request: Request): Promise<Response> {
    const error = (status: number, message: string) => {
      this.refusals.push(message);
      return Response.json({ error: { message, type: 'OAuthException', code: status } }, { status });
    };
    const path = new URL(request.url).pathname.replace(new URL(this.baseUrl).pathname.replace(/\/$/, ''), '');
    if (request.method !== 'POST' || path !== `/${this.phoneNumberId}/messages`) return error(404, `No route ${path}`);
    if (request.headers.get('Authorization') !== `Bearer ${this.token}`)
      return error(401, 'Invalid OAuth access token');
    const body = (await request.json().catch(() => null)) as {
      messaging_product?: unknown;
      to?: unknown;
      type?: unknown;
      template?: {
        name?: unknown;
        language?: { code?: unknown };
        components?: Array<{ type?: unknown; parameters?: Array<{ type?: unknown; text?: unknown }> }>;
      };
    } | null;
    if (body?.messaging_product !== 'whatsapp') return error(400, 'messaging_product must be whatsapp');
    if (typeof body.to !== 'string' || !/^[1-9]\d{7,14}$/.test(body.to)) return error(400, 'Invalid recipient');
    if (body.type !== 'template' || typeof body.template?.name !== 'string' || !body.template.name) {
      return error(400, 'A template message needs a template name');
    }
    if (typeof body.template.language?.code !== 'string') return error(400, 'A template needs a language code');
    const parameters = (body.template.components ?? [])
      .filter((component) => component.type === 'body')
      .flatMap((component) => component.parameters ?? []);
    if (parameters.some((parameter) => parameter.type !== 'text' || typeof parameter.text !== 'string')) {
      return error(400, 'Body parameters must be text');
    }
    if (Math.random() < this.failRate) return error(500, 'Service temporarily unavailable');
    this.sent.push({
      to: body.to,
      template: body.template.name,
      parameters: parameters.map((parameter) => String(parameter.text)),
    });
    return Response.json({
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: `wamid.${crypto.randomUUID()}` }],
    });
  }
}

/**
 * An incoming text message as Meta's webhook delivers it (entry[].changes[].value.messages[]),
 * signed as Meta signs it: `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body with the app secret>`.
 */
export async function metaWebhook(from: string, text: string, appSecret: string) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '2348000000000', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Guest' }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.${crypto.randomUUID()}`,
                  timestamp: '1795400000',
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  return { body, signature: `sha256=${await hmacHex('SHA-256', appSecret, body)}` };
}
