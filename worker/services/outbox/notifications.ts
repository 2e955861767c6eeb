/**
 * What every family's map from event to message uses: the studio's details, and a message by email
 * or WhatsApp with the idempotency key that makes its event send it once (the event, the channel
 * and the thing it is about). Each family's map is its wing's (bookings/booking-messages.ts and the
 * like); rendering is the templates', writing and queueing the outbox's.
 */
import type { Bindings } from '../../env';
import type { StudioDetails } from '../../messages/layout';
import type { RenderedMessage } from '../../messages/templates/shared';
import type { NewMessage } from './outbox';

export function studioDetails(env: Pick<Bindings, 'STUDIO_PHONE' | 'STUDIO_EMAIL' | 'STUDIO_ADDRESS' | 'SITE_URL'>) {
  return {
    phone: env.STUDIO_PHONE,
    email: env.STUDIO_EMAIL,
    address: env.STUDIO_ADDRESS,
    siteUrl: env.SITE_URL.replace(/\/$/, ''),
  } satisfies StudioDetails;
}

export type Template = NewMessage['template'];

export const email = (template: Template, about: string, to: string, message: RenderedMessage): NewMessage => ({
  channel: 'email',
  recipient: to,
  template,
  subject: message.subject,
  text: message.text,
  html: message.html,
  idempotencyKey: `${template}:email:${about}`,
});

export const whatsapp = (template: Template, about: string, to: string, message: RenderedMessage): NewMessage => ({
  channel: 'whatsapp',
  recipient: to,
  template,
  subject: message.subject,
  text: message.text,
  whatsappTemplate: message.whatsapp ?? null,
  idempotencyKey: `${template}:whatsapp:${about}`,
});

/** A booking staff took by phone may have no email: nothing is addressed to nobody. */
export const withRecipient = (messages: NewMessage[]) => messages.filter((message) => message.recipient.trim() !== '');

/** One message to one person by email and by WhatsApp, on each they gave. */
export const byEmailAndWhatsapp = (
  template: Template,
  about: string,
  to: { email: string | null; phone: string | null },
  message: RenderedMessage,
) =>
  withRecipient([email(template, about, to.email ?? '', message), whatsapp(template, about, to.phone ?? '', message)]);
