/**
 * Which messages a booking's events send (paid, reminded, moved, cancelled, missed, its health
 * form), and to whom. The templates render with React's server renderer, a quarter of the Worker:
 * they are imported when a message is built, so a cold start does not parse them.
 */
import type { bookings } from '../../db/schema';
import type { StudioDetails } from '../../messages/layout';
import type { BookingFacts } from '../../messages/templates/booking';
import type { RefundFacts } from '../../messages/templates/shared';
import { email, whatsapp, withRecipient } from '../outbox/notifications';
import type { NewMessage } from '../outbox/outbox';

const bookingTemplates = () => import('../../messages/templates/booking');

/**
 * A paid booking: the confirmation by email and WhatsApp (or, when its slot filled while the
 * visitor paid, the request to choose another time), and a notice to the studio.
 */
export async function bookingConfirmedMessages(booking: BookingFacts, studio: StudioDetails): Promise<NewMessage[]> {
  const { bookingConfirmation, bookingNotice, bookingSlotTaken } = await bookingTemplates();
  const confirmation = booking.slotTaken
    ? await bookingSlotTaken(booking, studio)
    : await bookingConfirmation(booking, studio);
  return withRecipient([
    email('booking-confirmation', booking.reference, booking.email, confirmation),
    whatsapp('booking-confirmation', booking.reference, booking.phone, confirmation),
    email('booking-notice', booking.reference, studio.email, await bookingNotice(booking, studio)),
  ]);
}

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
  const reminder = await bookingReminder(booking, studio);
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
  const message = await bookingRescheduled(booking, move.from, studio);
  const notice = await bookingChangeNotice(booking, { kind: 'rescheduled', from: move.from }, move.by, studio);
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
  const message = await bookingCancelled(booking, refund, studio);
  const notice = await bookingChangeNotice(booking, { kind: 'cancelled', refund }, by, studio);
  return withRecipient([
    email('booking-cancelled', booking.reference, booking.email, message),
    whatsapp('booking-cancelled', booking.reference, booking.phone, message),
    email('booking-notice', `cancelled:${booking.reference}`, studio.email, notice),
  ]);
}

/** A no-show: one "We missed you" to the client by email and WhatsApp, keyed by the booking. */
export async function bookingMissedMessages(booking: BookingFacts, studio: StudioDetails): Promise<NewMessage[]> {
  const { bookingMissed } = await bookingTemplates();
  const message = await bookingMissed(booking, studio);
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
  const message = await visitFormRequest(booking, formUrl, studio, again);
  const about = again ? `${booking.reference}:again` : booking.reference;
  return withRecipient([
    email('visit-form', about, booking.email, message),
    whatsapp('visit-form', about, booking.phone, message),
  ]);
}
