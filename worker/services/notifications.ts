/**
 * Which messages each event sends, and to whom, with the idempotency key that makes the event
 * send them once: the event, the channel and the thing it is about. Rendering is the templates';
 * writing and queueing is the outbox's.
 */
import type { Bindings } from '../env';
import type { StudioDetails } from '../messages/layout';
import {
  type BookingFacts,
  bookingConfirmation,
  bookingNotice,
  bookingReminder,
  type OrderFacts,
  orderConfirmation,
  orderDelivered,
  orderShipped,
  type RenderedMessage,
  waitlistWelcome,
} from '../messages/templates';
import type { NewMessage } from './outbox';

export function studioDetails(env: Pick<Bindings, 'STUDIO_PHONE' | 'STUDIO_EMAIL' | 'STUDIO_ADDRESS' | 'SITE_URL'>) {
  return {
    phone: env.STUDIO_PHONE,
    email: env.STUDIO_EMAIL,
    address: env.STUDIO_ADDRESS,
    siteUrl: env.SITE_URL.replace(/\/$/, ''),
  } satisfies StudioDetails;
}

type Template = NewMessage['template'];

const email = (template: Template, about: string, to: string, message: RenderedMessage): NewMessage => ({
  channel: 'email',
  recipient: to,
  template,
  subject: message.subject,
  text: message.text,
  html: message.html,
  idempotencyKey: `${template}:email:${about}`,
});

const whatsapp = (template: Template, about: string, to: string, message: RenderedMessage): NewMessage => ({
  channel: 'whatsapp',
  recipient: to,
  template,
  subject: message.subject,
  text: message.text,
  whatsappTemplate: message.whatsapp ?? null,
  idempotencyKey: `${template}:whatsapp:${about}`,
});

/** A paid booking: the confirmation by email and WhatsApp, and a notice to the studio. */
export function bookingConfirmedMessages(booking: BookingFacts, studio: StudioDetails): NewMessage[] {
  const confirmation = bookingConfirmation(booking, studio);
  return [
    email('booking-confirmation', booking.reference, booking.email, confirmation),
    whatsapp('booking-confirmation', booking.reference, booking.phone, confirmation),
    email('booking-notice', booking.reference, studio.email, bookingNotice(booking, studio)),
  ];
}

export function bookingReminderMessages(booking: BookingFacts, studio: StudioDetails): NewMessage[] {
  const reminder = bookingReminder(booking, studio);
  return [
    email('booking-reminder', booking.reference, booking.email, reminder),
    whatsapp('booking-reminder', booking.reference, booking.phone, reminder),
  ];
}

export const orderConfirmedMessages = (order: OrderFacts, to: string, studio: StudioDetails): NewMessage[] => [
  email('order-confirmation', order.reference, to, orderConfirmation(order, studio)),
];

export const orderMovedMessages = (
  status: 'shipped' | 'delivered',
  order: OrderFacts,
  to: string,
  studio: StudioDetails,
): NewMessage[] =>
  status === 'shipped'
    ? [email('order-shipped', order.reference, to, orderShipped(order, studio))]
    : [email('order-delivered', order.reference, to, orderDelivered(order, studio))];

export const waitlistWelcomeMessages = (firstName: string, to: string, studio: StudioDetails): NewMessage[] => [
  email('waitlist-welcome', to.toLowerCase(), to, waitlistWelcome(firstName, studio)),
];
