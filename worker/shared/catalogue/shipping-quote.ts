/**
 * When the studio sends an order's shipping quote on WhatsApp, said as it will happen: within
 * 1–2 hours while someone is at the desk (9:00 AM to 5:00 PM, Lagos time, as the footer's hours
 * say), else by 10 AM the next morning the desk opens.
 */
import { lagosClock } from '../time';

/** The first hour the desk answers, and the last hour a quote still comes within 2 hours. */
const DESK_OPENS = 9;
const LAST_QUICK_HOUR = 15;

export function shippingQuoteWhen(now: Date): string {
  const hour = Number(lagosClock(now).slice(0, 2));
  if (hour < DESK_OPENS) return 'by 10 AM today';
  return hour <= LAST_QUICK_HOUR ? 'within 1–2 hours' : 'by 10 AM tomorrow';
}
