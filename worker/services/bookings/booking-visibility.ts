/**
 * What of the bookings a member of the team sees: every booking, or (a therapist) only the ones
 * they give; and the clients' health answers only with the `healthAnswers` permission. Applied by
 * every route that answers bookings to staff, so no screen or API can show more.
 */
import { eq, type SQL } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import { healthAnswerKeys } from '../../shared/bookings/health-answers';
import type { StaffMember } from '../../shared/permissions';
import { can } from '../../shared/permissions';
import type { BookingView } from './bookings';

/** Null: every booking. Otherwise the one therapist whose bookings the member sees. */
export function therapistScopeOf(member: StaffMember): string | null {
  if (can(member.role, 'allBookings')) return null;
  // A role without `allBookings` and no linked therapist sees nothing (the id matches no booking).
  return member.therapistId ?? '';
}

/** The SQL that narrows bookings to what the member sees (undefined: no narrowing). */
export function bookingScopeFilter(member: StaffMember): SQL | undefined {
  const therapistId = therapistScopeOf(member);
  return therapistId === null ? undefined : eq(bookings.therapistId, therapistId);
}

/** The booking as the member may see it: without the health answers unless their role reads them. */
export function forViewer(booking: BookingView, member: StaffMember): BookingView {
  if (can(member.role, 'healthAnswers')) return booking;
  const shown: BookingView = { ...booking };
  for (const key of healthAnswerKeys) delete shown[key];
  return shown;
}
