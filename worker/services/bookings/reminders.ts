/**
 * The 24-hour reminder, queued by the cron (every 15 minutes, in UTC; the rule is on Lagos time):
 * one per booked appointment once its start is 24 hours away or less, and none for an appointment
 * booked inside that window, whose confirmation has only just told the client everything, nor for
 * one paid into a slot that had filled (it has been asked to choose another time).
 * Repeated runs queue nothing new: the reminder's idempotency key is the booking's reference and
 * time (a booking moved later gets a reminder for its new time). It carries the manage link, and
 * a booking whose health form is still missing gets the form's link again.
 */
import { sql } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { bookings } from '../../db/schema';
import type { Bindings } from '../../env';
import { addDays, lagosDate, lagosToUtc } from '../../shared/time';
import { studioDetails } from '../outbox/notifications';
import { type NewMessage, queueMessages } from '../outbox/outbox';
import { bookingReminderMessages, bookingRowFacts, visitFormRequestMessages } from './booking-messages';
import { bookingFactExtras } from './bookings';
import { managePath, manageToken } from './manage-tokens';
import { visitFormPath, visitFormToken } from './visit-form-links';

export const REMINDER_WINDOW_HOURS = 24;
const HOUR_MS = 3_600_000;

export async function queueReminders(env: Bindings, now: Date): Promise<void> {
  const db = createDb(env.DB);
  const today = lagosDate(now);
  const candidates = await db
    .select()
    .from(bookings)
    // A booking paid into a slot that had filled waits for its new time: no "see you soon" for a full slot.
    .where(
      sql`${bookings.serviceStatus} = 'booked' and ${bookings.needsAttention} = 0
        and ${bookings.date} between ${today} and ${addDays(today, 2)}`,
    );
  const studio = studioDetails(env);
  const messages: NewMessage[] = [];
  for (const booking of candidates) {
    const start = lagosToUtc(booking.date, booking.time).getTime();
    const dueNow = start > now.getTime() && start - now.getTime() <= REMINDER_WINDOW_HOURS * HOUR_MS;
    const bookedInsideWindow = start - Date.parse(booking.createdAt) <= REMINDER_WINDOW_HOURS * HOUR_MS;
    if (!dueNow || bookedInsideWindow) continue;
    const manageUrl = `${studio.siteUrl}${managePath(await manageToken(booking.paymentReference, env.MANAGE_LINK_SECRET))}`;
    const facts = bookingRowFacts(booking, manageUrl, await bookingFactExtras(db, booking));
    messages.push(...(await bookingReminderMessages(facts, studio)));
    // Its health form still missing: its link again.
    if (!booking.healthFormAt) {
      const formUrl = `${studio.siteUrl}${visitFormPath(await visitFormToken(booking.id, env.MANAGE_LINK_SECRET))}`;
      messages.push(...(await visitFormRequestMessages(facts, formUrl, studio, true)));
    }
  }
  await queueMessages(db, env.MESSAGES, messages);
}
