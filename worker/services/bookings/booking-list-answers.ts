/**
 * Pages of the staff bookings list kept in the isolate (services/kept-answers.ts) under the
 * bookings' version, which moves on with every write to what a page shows (schema.ts
 * bookingsVersion): reception's screen and a therapist's phone reopen the same page far more often
 * than a booking changes. Kept per tab, page and what the member sees; the health answers are still
 * taken out per viewer (booking-visibility.ts). A kept page is shared: callers copy, never change it.
 */
import { and } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import type { StaffMember } from '../../shared/permissions';
import { contactSearch } from '../clients/contact-search';
import { keptAnswers } from '../kept-answers';
import { bookingScopeFilter, therapistScopeOf } from './booking-visibility';
import { bookingPage, type Page, type ServiceStatus } from './bookings';

/** A few tabs' first pages for each of a studio's team. */
const kept = keptAnswers('bookings_version', 200);

/** The bookings' version now. */
export const bookingsVersion = (db: Database) => kept.version(db);

/**
 * A page of one tab (or all) of the bookings the member sees, and how many there are in all;
 * with `search`, only those whose client or reference match it (read afresh: a search is typed once).
 */
export async function bookingListPage(
  db: Database,
  status: ServiceStatus | undefined,
  page: Page,
  member: StaffMember,
  search = '',
) {
  const scope = bookingScopeFilter(member);
  if (search.trim()) {
    const found = contactSearch(search, {
      name: bookings.name,
      email: bookings.email,
      phone: bookings.phone,
      reference: bookings.paymentReference,
    });
    const { answer } = await bookingPage(db, status, page, and(scope, found), undefined);
    return answer ?? { bookings: [], total: 0 };
  }
  const key = [status ?? 'all', page.page, page.pageSize, therapistScopeOf(member) ?? '*'].join('|');
  return kept.answerInOneTrip(key, (since) => bookingPage(db, status, page, scope, since));
}
