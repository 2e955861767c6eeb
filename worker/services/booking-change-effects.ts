/**
 * What follows a move or a cancellation, whoever made it: Paystack is asked for the refund (while
 * the request waits, so the answer can show its state), and the visitor and the studio are told
 * through the outbox (after the response).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { afterResponse } from '../middleware/after-response';
import type { Actor, BookingRow, RefundRow } from './booking-changes';
import { managePath, manageToken } from './manage-tokens';
import { bookingCancelledMessages, bookingRescheduledMessages, bookingRowFacts, studioDetails } from './notifications';
import { queueMessages } from './outbox';
import { refundClient, sendRefund } from './refunds';

async function factsWithLink(c: Context<AppEnv>, booking: BookingRow) {
  const studio = studioDetails(c.env);
  const token = await manageToken(booking.paymentReference, c.env.MANAGE_LINK_SECRET);
  return { studio, facts: bookingRowFacts(booking, `${studio.siteUrl}${managePath(token)}`) };
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
