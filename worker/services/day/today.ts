/**
 * Today, on a therapist's phone: one day's visits in time order, for one therapist or
 * all, with what the person in the room needs: who, what, where, what is left to pay, the health
 * form's state, and (for those who may read health data) the client's last visit notes and this
 * visit's health answers and notes. A therapist gets their own visits whatever they ask for.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { type HealthAnswers, healthAnswerKeys } from '../../shared/bookings/health-answers';
import type { VisitFormState } from '../../shared/bookings/visit-rules';
import { can, type StaffMember } from '../../shared/permissions';
import { forViewer, therapistScopeOf } from '../bookings/booking-visibility';
import { type BookingView, listBookings, type ServiceStatus } from '../bookings/bookings';
import { visitFormPath, visitFormToken } from '../bookings/visit-form-links';
import { lastNotesBefore, notesOf, type VisitNote } from './visit-notes';

export interface TodayVisit extends Partial<HealthAnswers> {
  _id: string;
  time: string;
  endTime: string;
  durationMinutes: number;
  clientName: string;
  phone: string;
  email: string;
  clientId: string | null;
  treatments: string[];
  room: string | null;
  therapist: { _id: string; name: string } | null;
  serviceStatus: ServiceStatus;
  balanceDue: number;
  /** The client's no-shows that count (a badge when any). */
  noShows: number;
  form: VisitFormState;
  /** The health form's private link while it is missing (to send again, or fill at the desk). */
  formPath: string | null;
  /** The client's latest earlier visit's notes (null without any, or for a role without health data). */
  lastNotes: Pick<VisitNote, 'date' | 'text' | 'writtenBy'> | null;
  /** This visit's own notes, once written (same rule). */
  visitNotes: Pick<VisitNote, 'text' | 'writtenBy' | 'writtenAt'> | null;
}

export interface TodayView {
  date: string;
  /** The therapist asked for (null: all the member may see). */
  therapistId: string | null;
  visits: TodayVisit[];
}

/** `therapistId` 'all' or absent: every visit the member may see. */
export async function todayView(
  db: Database,
  member: StaffMember,
  date: string,
  therapistId: string | undefined,
  linkSecret: string,
): Promise<TodayView> {
  const own = therapistScopeOf(member);
  const chosen = own ?? (therapistId && therapistId !== 'all' ? therapistId : null);
  const { bookings: rows } = await listBookings(
    db,
    undefined,
    and(
      sql`${bookings.date} = ${date} and ${bookings.serviceStatus} != 'cancelled'`,
      chosen === null ? undefined : eq(bookings.therapistId, chosen),
    ),
  );
  const visits = rows.sort((a, b) => a.time.localeCompare(b.time) || a.createdAt.localeCompare(b.createdAt));
  const readsHealth = can(member.role, 'healthAnswers');
  const ids = visits.map((visit) => visit._id);
  const [last, written] = readsHealth
    ? await Promise.all([lastNotesBefore(db, ids, own !== null), notesOf(db, ids)])
    : [new Map<string, VisitNote>(), new Map<string, VisitNote>()];
  const formPaths = new Map(
    await Promise.all(
      visits
        // A visit a therapist booked with themselves: its form is the client's to fill, so the
        // therapist is not handed its link until the desk or the client confirmed it.
        .filter((visit) => visit.form === 'missing' && (own === null || visit.deskOrClientMade))
        .map(async (visit) => [visit._id, visitFormPath(await visitFormToken(visit._id, linkSecret))] as const),
    ),
  );
  return {
    date,
    therapistId: chosen,
    visits: visits.map((visit) => ({
      ...todayVisit(forViewer(visit, member), last.get(visit._id), written.get(visit._id)),
      formPath: formPaths.get(visit._id) ?? null,
    })),
  };
}

function todayVisit(
  visit: BookingView,
  last: VisitNote | undefined,
  own: VisitNote | undefined,
): Omit<TodayVisit, 'formPath'> {
  const health: Partial<HealthAnswers> = {};
  // The health answers only where the viewer may read them (forViewer removed them otherwise).
  for (const key of healthAnswerKeys) if (key in visit) Object.assign(health, { [key]: visit[key] });
  return {
    _id: visit._id,
    time: visit.time,
    endTime: visit.endTime,
    durationMinutes: visit.durationMinutes,
    clientName: visit.name,
    phone: visit.phone,
    email: visit.email,
    clientId: visit.clientId,
    treatments: visit.subservices,
    room: visit.room?.name ?? null,
    therapist: visit.therapist,
    serviceStatus: visit.serviceStatus,
    balanceDue: visit.balanceDue,
    noShows: visit.noShows,
    form: visit.form,
    lastNotes: last ? { date: last.date, text: last.text, writtenBy: last.writtenBy } : null,
    visitNotes: own ? { text: own.text, writtenBy: own.writtenBy, writtenAt: own.writtenAt } : null,
    ...health,
  };
}
