/**
 * Which messages each event sends, and to whom, with the idempotency key that makes the event
 * send them once: the event, the channel and the thing it is about. Rendering is the templates';
 * writing and queueing is the outbox's.
 *
 * The templates render with React's server renderer, a quarter of the Worker: they are imported
 * when a message is built, so a cold start does not parse them (issue 33).
 */
import type { bookings } from '../../db/schema';
import type { Bindings } from '../../env';
import type { StudioDetails } from '../../messages/layout';
import type { BookingFacts } from '../../messages/templates/booking';
import type { MembershipFacts } from '../../messages/templates/memberships';
import type { OrderFacts } from '../../messages/templates/order';
import type { PackageFacts } from '../../messages/templates/packages';
import type { ReviewRequestFacts } from '../../messages/templates/reviews';
import type { RefundFacts, RenderedMessage } from '../../messages/templates/shared';
import type { TeamInvitationFacts } from '../../messages/templates/team';
import type {
  WaitlistEndedFacts,
  WaitlistEntryFacts,
  WaitlistOfferFacts,
} from '../../messages/templates/time-waitlist';
import type { VoucherFacts } from '../../messages/templates/vouchers';
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

const bookingTemplates = () => import('../../messages/templates/booking');
const orderTemplates = () => import('../../messages/templates/order');
const voucherTemplates = () => import('../../messages/templates/vouchers');

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

/**
 * A paid booking: the confirmation by email and WhatsApp (or, when its slot filled while the
 * visitor paid, the request to choose another time), and a notice to the studio.
 */
export async function bookingConfirmedMessages(booking: BookingFacts, studio: StudioDetails): Promise<NewMessage[]> {
  const { bookingConfirmation, bookingNotice, bookingSlotTaken } = await bookingTemplates();
  const confirmation = booking.slotTaken ? bookingSlotTaken(booking, studio) : bookingConfirmation(booking, studio);
  return withRecipient([
    email('booking-confirmation', booking.reference, booking.email, confirmation),
    whatsapp('booking-confirmation', booking.reference, booking.phone, confirmation),
    email('booking-notice', booking.reference, studio.email, bookingNotice(booking, studio)),
  ]);
}

/** A booking staff took by phone may have no email: nothing is addressed to nobody. */
const withRecipient = (messages: NewMessage[]) => messages.filter((message) => message.recipient.trim() !== '');

/** A booking's facts for its messages, from its row; `manageUrl` when the link goes with them. */
export function bookingRowFacts(
  booking: typeof bookings.$inferSelect,
  manageUrl?: string,
  extra: Pick<BookingFacts, 'therapistName' | 'paidOnArrival' | 'amountPaid'> = {},
): BookingFacts {
  return {
    ...extra,
    durationMinutes: booking.durationMinutes,
    reference: booking.paymentReference,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    treatments: booking.subservices,
    date: booking.date,
    time: booking.time,
    amount: booking.amount,
    manageUrl,
  };
}

/** One reminder per appointment time: a booking moved after its reminder gets one for the new time. */
export async function bookingReminderMessages(booking: BookingFacts, studio: StudioDetails): Promise<NewMessage[]> {
  const { bookingReminder } = await bookingTemplates();
  const reminder = bookingReminder(booking, studio);
  const about = `${booking.reference}@${booking.date}T${booking.time}`;
  return withRecipient([
    email('booking-reminder', about, booking.email, reminder),
    whatsapp('booking-reminder', about, booking.phone, reminder),
  ]);
}

/** A move: the visitor hears of it by email and WhatsApp, the studio by email. Once per move. */
export async function bookingRescheduledMessages(
  booking: BookingFacts,
  move: { id: string; from: { date: string; time: string }; by: 'visitor' | 'staff' },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { bookingChangeNotice, bookingRescheduled } = await bookingTemplates();
  const message = bookingRescheduled(booking, move.from, studio);
  const notice = bookingChangeNotice(booking, { kind: 'rescheduled', from: move.from }, move.by, studio);
  return withRecipient([
    email('booking-rescheduled', move.id, booking.email, message),
    whatsapp('booking-rescheduled', move.id, booking.phone, message),
    email('booking-notice', `rescheduled:${move.id}`, studio.email, notice),
  ]);
}

/** A cancellation, with what happens to the money. A booking is cancelled once, so its reference keys it. */
export async function bookingCancelledMessages(
  booking: BookingFacts,
  refund: RefundFacts | null,
  by: 'visitor' | 'staff',
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { bookingCancelled, bookingChangeNotice } = await bookingTemplates();
  const message = bookingCancelled(booking, refund, studio);
  const notice = bookingChangeNotice(booking, { kind: 'cancelled', refund }, by, studio);
  return withRecipient([
    email('booking-cancelled', booking.reference, booking.email, message),
    whatsapp('booking-cancelled', booking.reference, booking.phone, message),
    email('booking-notice', `cancelled:${booking.reference}`, studio.email, notice),
  ]);
}

/** A no-show: one "We missed you" to the client by email and WhatsApp, keyed by the booking. */
export async function bookingMissedMessages(booking: BookingFacts, studio: StudioDetails): Promise<NewMessage[]> {
  const { bookingMissed } = await bookingTemplates();
  const message = bookingMissed(booking, studio);
  return withRecipient([
    email('booking-missed', booking.reference, booking.email, message),
    whatsapp('booking-missed', booking.reference, booking.phone, message),
  ]);
}

/** The health form's link of a booking staff took: at booking, and `again` a day before if still missing. */
export async function visitFormRequestMessages(
  booking: BookingFacts,
  formUrl: string,
  studio: StudioDetails,
  again: boolean,
): Promise<NewMessage[]> {
  const { visitFormRequest } = await bookingTemplates();
  const message = visitFormRequest(booking, formUrl, studio, again);
  const about = again ? `${booking.reference}:again` : booking.reference;
  return withRecipient([
    email('visit-form', about, booking.email, message),
    whatsapp('visit-form', about, booking.phone, message),
  ]);
}

export async function orderConfirmedMessages(order: OrderFacts, to: string, studio: StudioDetails) {
  const { orderConfirmation } = await orderTemplates();
  return [email('order-confirmation', order.reference, to, orderConfirmation(order, studio))];
}

export async function orderMovedMessages(
  status: 'shipped' | 'delivered',
  order: OrderFacts,
  to: string,
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { orderDelivered, orderShipped } = await orderTemplates();
  return status === 'shipped'
    ? [email('order-shipped', order.reference, to, orderShipped(order, studio))]
    : [email('order-delivered', order.reference, to, orderDelivered(order, studio))];
}

/** Tells the customer their order is cancelled, and what happens to their money (once: keyed by the order). */
export async function orderCancelledMessages(
  order: OrderFacts,
  refund: RefundFacts | null,
  to: string,
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { orderCancelled } = await orderTemplates();
  return [email('order-cancelled', order.reference, to, orderCancelled(order, refund, studio))];
}

/**
 * The confirmation link of a sign-up; signing up again within the same hour sends nothing new
 * (the key holds the hour), later it sends the link again.
 */
export async function waitlistConfirmMessages(
  entry: { entryId: string; firstName: string; email: string },
  confirmUrl: string,
  studio: StudioDetails,
  now: Date,
): Promise<NewMessage[]> {
  const { waitlistConfirm } = await import('../../messages/templates/waitlist');
  return [
    email(
      'waitlist-confirm',
      `${entry.entryId}@${now.toISOString().slice(0, 13)}`,
      entry.email,
      waitlistConfirm(entry.firstName, confirmUrl, studio),
    ),
  ];
}

export async function waitlistWelcomeMessages(firstName: string, to: string, studio: StudioDetails) {
  const { waitlistWelcome } = await import('../../messages/templates/waitlist');
  return [email('waitlist-welcome', to.toLowerCase(), to, waitlistWelcome(firstName, studio))];
}

/** An invitation to the team: one email per link issued (a resent invitation is a new email). */
export async function teamInvitationMessages(
  accountId: string,
  to: string,
  invite: TeamInvitationFacts,
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { teamInvitation } = await import('../../messages/templates/team');
  return [email('team-invitation', `${accountId}@${invite.expiresAt}`, to, teamInvitation(invite, studio))];
}

/** A password reset link: one email per link issued. */
export async function passwordResetMessages(
  accountId: string,
  to: string,
  reset: { name: string; link: string; expiresAt: string },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { passwordReset } = await import('../../messages/templates/team');
  return [email('password-reset', `${accountId}@${reset.expiresAt}`, to, passwordReset(reset, studio))];
}

/** A gift voucher bought: the buyer's receipt, at once. */
export async function voucherBoughtMessages(voucher: VoucherFacts, buyerEmail: string | null, studio: StudioDetails) {
  const { voucherReceipt } = await voucherTemplates();
  return withRecipient([
    email('voucher-receipt', voucher.reference, buyerEmail ?? '', voucherReceipt(voucher, studio)),
  ]);
}

/**
 * A gift voucher delivered: the card to the recipient by email and WhatsApp, and a note to the
 * buyer. `sending` tells a resend (its own key) from the delivery.
 */
export async function voucherDeliveryMessages(
  voucher: VoucherFacts,
  buyerEmail: string | null,
  studio: StudioDetails,
  sending = 'delivery',
): Promise<NewMessage[]> {
  const { voucherDelivered, voucherDelivery } = await voucherTemplates();
  const card = voucherDelivery(voucher, studio);
  const about = `${voucher.reference}:${sending}`;
  return withRecipient([
    email('voucher-delivery', about, voucher.recipientEmail ?? '', card),
    whatsapp('voucher-delivery', about, voucher.recipientPhone ?? '', card),
    ...(sending === 'delivery'
      ? [email('voucher-delivered', voucher.reference, buyerEmail ?? '', voucherDelivered(voucher, studio))]
      : []),
  ]);
}

/**
 * A review request: by email, and by WhatsApp for a visit (its approved template; an order's
 * products are asked about by email). Keyed by the visit, or the order: once whatever the cron does.
 */
export async function reviewRequestMessages(
  about: string,
  facts: ReviewRequestFacts,
  to: { email: string; phone: string },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { reviewRequest } = await import('../../messages/templates/reviews');
  const message = reviewRequest(facts, studio);
  return withRecipient([
    email('review-request', about, to.email, message),
    ...(facts.visit ? [whatsapp('review-request', about, to.phone, message)] : []),
  ]);
}

const packageTemplates = () => import('../../messages/templates/packages');

/** A package bought: its code to the buyer, by email and WhatsApp, once per purchase. */
export async function packageBoughtMessages(
  facts: PackageFacts,
  contact: { email: string | null; phone: string | null },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const message = (await packageTemplates()).packageBought(facts, studio);
  return withRecipient([
    email('package-bought', facts.reference, contact.email ?? '', message),
    whatsapp('package-bought', facts.reference, contact.phone ?? '', message),
  ]);
}

const membershipTemplates = () => import('../../messages/templates/memberships');

/**
 * A membership's message to its member, by email and WhatsApp: its start (with its code, once per
 * membership) or a month unpaid (once per failed invoice: `about`).
 */
export async function membershipMessages(
  kind: 'membership-started' | 'membership-unpaid',
  facts: MembershipFacts,
  contact: { email: string | null; phone: string | null },
  about: string,
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const templates = await membershipTemplates();
  const message =
    kind === 'membership-started'
      ? templates.membershipStarted(facts, studio)
      : templates.membershipUnpaid(facts, studio);
  return withRecipient([
    email(kind, about, contact.email ?? '', message),
    whatsapp(kind, about, contact.phone ?? '', message),
  ]);
}

/** A sign-in code for a client's own page, to the address they gave (one message per code). */
export async function accountCodeMessages(
  code: { id: string; digits: string; minutes: number },
  to: { channel: 'email' | 'whatsapp'; address: string },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const message = (await import('../../messages/templates/account')).accountCode(code.digits, code.minutes, studio);
  return [
    to.channel === 'email'
      ? email('account-code', code.id, to.address, message)
      : whatsapp('account-code', code.id, to.address, message),
  ];
}

const timeWaitlistTemplates = () => import('../../messages/templates/time-waitlist');

/** Joining the waitlist for a full time: the confirmation, with the private link to see or leave it. */
export async function timeWaitlistJoinedMessages(
  entry: WaitlistEntryFacts & { id: string; email: string | null; phone: string | null },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { timeWaitlistJoined } = await timeWaitlistTemplates();
  return withRecipient([
    email('time-waitlist-joined', entry.id, entry.email ?? '', timeWaitlistJoined(entry, studio, 'link')),
    whatsapp('time-waitlist-joined', entry.id, entry.phone ?? '', timeWaitlistJoined(entry, studio, 'reply')),
  ]);
}

/** An entry ended after two offers in a row lapsed unanswered: its owner is told, by email and WhatsApp. */
export async function timeWaitlistEndedMessages(
  entry: WaitlistEndedFacts & { id: string; email: string | null; phone: string | null },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const message = (await timeWaitlistTemplates()).timeWaitlistEnded(entry, studio);
  return withRecipient([
    email('time-waitlist-ended', entry.id, entry.email ?? '', message),
    whatsapp('time-waitlist-ended', entry.id, entry.phone ?? '', message),
  ]);
}

/** A freed place offered to a waiting client: once per offer, by email and WhatsApp. */
export async function waitlistOfferMessages(
  offer: WaitlistOfferFacts & { reference: string; email: string | null; phone: string | null },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const message = (await timeWaitlistTemplates()).waitlistOffer(offer, studio);
  return withRecipient([
    email('waitlist-offer', offer.reference, offer.email ?? '', message),
    whatsapp('waitlist-offer', offer.reference, offer.phone ?? '', message),
  ]);
}
