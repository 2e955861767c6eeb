/**
 * What follows a move or a cancellation, whoever made it: Paystack is asked for the refund (while
 * the request waits, so the answer can show its state), and the visitor and the studio are told
 * through the outbox (after the response).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { afterResponse } from '../middleware/after-response';
import type { Actor, BookingRow, RefundRow } from './booking-changes';
import { bookingFactExtras } from './bookings';
import { managePath, manageToken } from './manage-tokens';
import {
  bookingCancelledMessages,
  bookingConfirmedMessages,
  bookingRescheduledMessages,
  bookingRowFacts,
  studioDetails,
} from './notifications';
import { queueMessages } from './outbox';
import { refundClient, sendRefund } from './refunds';

async function factsWithLink(c: Context<AppEnv>, booking: BookingRow) {
  const studio = studioDetails(c.env);
  const token = await manageToken(booking.paymentReference, c.env.MANAGE_LINK_SECRET);
  const extra = await bookingFactExtras(c.var.db, booking);
  return { studio, facts: bookingRowFacts(booking, `${studio.siteUrl}${managePath(token)}`, extra) };
}

/** A booking taken by staff: the same confirmation as online (to whichever of email and WhatsApp it has). */
export function announceStaffBooking(c: Context<AppEnv>, booking: BookingRow, token: string): void {
  afterResponse(
    c,
    (async () => {
      const studio = studioDetails(c.env);
      const extra = await bookingFactExtras(c.var.db, booking);
      const facts = bookingRowFacts(booking, `${studio.siteUrl}${managePath(token)}`, extra);
      await queueMessages(c.var.db, c.env.MESSAGES, bookingConfirmedMessages(facts, studio));
    })(),
  );
}

export async function announceMove(
  c: Context<AppEnv>,
  move: { booking: BookingRow; moveId: string; from: { date: string; time: string } },
  by: Actor,
): Promise<void> {
  const { studio, facts } = await factsWithLink(c, move.booking);
  const messages = bookingRescheduledMessages(facts, { id: move.moveId, from: move.from, by }, studio);
  afterResponse(c, queueMessages(c.var.db, c.env.MESSAGES, messages));
}

/** Asks Paystack for a new refund (test mode has none to ask), then tells everyone. */
export async function refundAndAnnounceCancel(
  c: Context<AppEnv>,
  cancel: { booking: BookingRow; refund: RefundRow | null },
  by: Actor,
): Promise<RefundRow | null> {
  const client = refundClient(c.env);
  const refund =
    cancel.refund && client && cancel.refund.status === 'pending'
      ? await sendRefund(c.var.db, client, cancel.refund, new Date())
      : cancel.refund;
  const { studio, facts } = await factsWithLink(c, cancel.booking);
  const refundFacts = refund ? { status: refund.status, amount: refund.amount, testMode: refund.testMode } : null;
  afterResponse(c, queueMessages(c.var.db, c.env.MESSAGES, bookingCancelledMessages(facts, refundFacts, by, studio)));
  return refund;
}
