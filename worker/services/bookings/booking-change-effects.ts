/**
 * What follows a move, a cancellation or a no-show, whoever made it: Paystack is asked for the refund (while
 * the request waits, so the answer can show its state), and the visitor and the studio are told
 * through the outbox (after the response).
 */

import { studioDetails } from '../outbox/notifications';
import { queueMessages } from '../outbox/outbox';
import { type RefundRow, refundClient, sendRefund } from '../payments/refunds';
import type { Scope } from '../scope';
import type { Actor, BookingRow } from './booking-changes';
import {
  bookingCancelledMessages,
  bookingConfirmedMessages,
  bookingMissedMessages,
  bookingRescheduledMessages,
  bookingRowFacts,
  visitFormRequestMessages,
} from './booking-messages';
import { bookingFactExtras } from './bookings';
import { managePath, manageToken } from './manage-tokens';
import { visitFormPath, visitFormToken } from './visit-form-links';

async function factsWithLink(scope: Scope, booking: BookingRow) {
  const studio = studioDetails(scope.env);
  const token = await manageToken(booking.paymentReference, scope.env.MANAGE_LINK_SECRET);
  const extra = await bookingFactExtras(scope.db, booking);
  return { studio, facts: bookingRowFacts(booking, `${studio.siteUrl}${managePath(token)}`, extra) };
}

/**
 * A booking taken by staff: the same confirmation as online (to whichever of email and WhatsApp it
 * has), and the link to its health form.
 */
export function announceStaffBooking(scope: Scope, booking: BookingRow, token: string): void {
  scope.later(
    (async () => {
      const studio = studioDetails(scope.env);
      const extra = await bookingFactExtras(scope.db, booking);
      const facts = bookingRowFacts(booking, `${studio.siteUrl}${managePath(token)}`, extra);
      // No health answers yet (taken by phone, WhatsApp or at the door): the form's private link too.
      const form = booking.healthFormAt
        ? []
        : await visitFormRequestMessages(
            facts,
            `${studio.siteUrl}${visitFormPath(await visitFormToken(booking.id, scope.env.MANAGE_LINK_SECRET))}`,
            studio,
            false,
          );
      await queueMessages(scope.db, scope.env.MESSAGES, [...(await bookingConfirmedMessages(facts, studio)), ...form]);
    })(),
  );
}

export async function announceMove(
  scope: Scope,
  move: { booking: BookingRow; moveId: string; from: { date: string; time: string } },
  by: Actor,
): Promise<void> {
  const { studio, facts } = await factsWithLink(scope, move.booking);
  const messages = await bookingRescheduledMessages(facts, { id: move.moveId, from: move.from, by }, studio);
  scope.later(queueMessages(scope.db, scope.env.MESSAGES, messages));
  // Last, so its reads do not slow the answer: the place it left may go to the waitlist.
  scope.timeFreed([move.from.date]);
}

/** Asks Paystack for a new refund (test mode has none to ask), then tells everyone. */
export async function refundAndAnnounceCancel(
  scope: Scope,
  cancel: { booking: BookingRow; refund: RefundRow | null },
  by: Actor,
): Promise<RefundRow | null> {
  const client = refundClient(scope.env);
  const refund =
    cancel.refund && client && cancel.refund.status === 'pending'
      ? await sendRefund(scope.db, client, cancel.refund, scope.now)
      : cancel.refund;
  const { studio, facts } = await factsWithLink(scope, cancel.booking);
  const refundFacts = refund ? { status: refund.status, amount: refund.amount, testMode: refund.testMode } : null;
  const messages = await bookingCancelledMessages(facts, refundFacts, by, studio);
  scope.later(queueMessages(scope.db, scope.env.MESSAGES, messages));
  // Last, so its reads do not slow the answer: the freed place may go to the waitlist.
  scope.timeFreed([cancel.booking.date]);
  return refund;
}

/** A no-show: the client hears "We missed you" once, with a way to book again (after the response). */
export async function announceNoShow(scope: Scope, booking: BookingRow): Promise<void> {
  const studio = studioDetails(scope.env);
  const facts = bookingRowFacts(booking, undefined, await bookingFactExtras(scope.db, booking));
  scope.later(queueMessages(scope.db, scope.env.MESSAGES, await bookingMissedMessages(facts, studio)));
}
