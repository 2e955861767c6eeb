import { lagosDate, lagosToUtc } from '../../shared/time';
import { timeMessages } from './booking-time';

/** What a visitor is told when a time cannot take them: at payment and when moving a booking. */
export const slotMessages = { full: timeMessages.full, closed: timeMessages.closed } as const;

/** How long an unpaid booking keeps its therapist and room. */
export const HOLD_MINUTES = 30;

/** A start is past once it has begun (Lagos time); a day is past once it is over. */
export function isPastSlot(date: string, time: string, now: Date): boolean {
  return lagosToUtc(date, time).getTime() <= now.getTime();
}

export function isPastDate(date: string, now: Date): boolean {
  return date < lagosDate(now);
}
