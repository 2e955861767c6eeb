/**
 * What a therapist writes after a visit: one note per visit, rewritten when edited. They
 * are health data, read only with the `healthAnswers` permission (a therapist: their own visits'
 * clients); the cron erases them with the health answers and erasing a client erases them.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groupDigits } from '../../shared/money';
import type { StaffMember } from '../../shared/permissions';
import { therapistScopeOf } from '../bookings/booking-visibility';
import { deskOrClientVisit } from '../bookings/visit-origin';
import type { VisitRefusal } from './visit-status';

export const VISIT_NOTES_MAX = 4_000;

export const visitNotesMessages = {
  empty: 'Please write the notes.',
  // Digits grouped by hand: toLocaleString would load locale data at the Worker's startup.
  tooLong: `Visit notes can be up to ${groupDigits(VISIT_NOTES_MAX)} characters.`,
  cancelled: 'A cancelled visit has no notes.',
} as const;

export interface VisitNote {
  /** The visit the notes are about. */
  bookingId: string;
  date: string;
  text: string;
  writtenBy: string;
  writtenAt: string;
}

export type SaveNotesResult = { ok: true; note: VisitNote } | VisitRefusal;

/**
 * Writes (or rewrites) the visit's notes as `member`: a therapist only for their own visits; a
 * visit cancelled, or still to come, has none.
 */
export async function saveVisitNotes(
  db: Database,
  bookingId: string,
  text: string,
  member: StaffMember,
  now: Date,
): Promise<SaveNotesResult> {
  const visit = await db.get<{ therapistId: string | null; status: string; date: string; time: string }>(
    sql`select therapist_id as therapistId, service_status as status, date, time from bookings where id = ${bookingId}`,
  );
  if (!visit) return { ok: false, reason: 'not-found' };
  const scope = therapistScopeOf(member);
  if (scope !== null && visit.therapistId !== scope) return { ok: false, reason: 'not-theirs' };
  if (visit.status === 'cancelled') return { ok: false, reason: 'refused', message: visitNotesMessages.cancelled };
  const writtenAt = now.toISOString();
  const note = await db.get<VisitNote>(
    sql`insert into visit_notes (booking_id, text, written_by, written_at)
      values (${bookingId}, ${text}, ${member.name}, ${writtenAt})
      on conflict (booking_id) do update set text = excluded.text, written_by = excluded.written_by,
        written_at = excluded.written_at
      returning booking_id as bookingId, ${visit.date} as date, text, written_by as writtenBy, written_at as writtenAt`,
  );
  if (!note) throw new Error('visit notes were not saved');
  return { ok: true, note };
}

/**
 * For each of `bookingIds`, the notes of the same client's latest earlier visit that has some
 * (what the therapist reads before this one). Keyed by the booking asked about. For a therapist
 * (`forTherapist`), only through a visit the desk or the client made or confirmed: one they booked
 * with themselves under any name opens nobody's notes (visit-origin.ts).
 */
export async function lastNotesBefore(
  db: Database,
  bookingIds: string[],
  forTherapist: boolean,
): Promise<Map<string, VisitNote>> {
  if (bookingIds.length === 0) return new Map();
  const through = forTherapist ? sql`and ${deskOrClientVisit('b')}` : sql``;
  const rows = await db.all<VisitNote & { forId: string }>(
    sql`select b.id as forId, n.booking_id as bookingId, p.date, n.text, n.written_by as writtenBy,
        n.written_at as writtenAt
      from bookings b
      join bookings p on p.client_id = b.client_id and p.id <> b.id
        and (p.date < b.date or (p.date = b.date and p.time < b.time))
      join visit_notes n on n.booking_id = p.id
      where b.id in (select value from json_each(${JSON.stringify(bookingIds)})) and b.client_id is not null ${through}
      order by b.id, p.date desc, p.time desc`,
  );
  const latest = new Map<string, VisitNote>();
  for (const { forId, ...note } of rows) if (!latest.has(forId)) latest.set(forId, note);
  return latest;
}

/** The visits' own notes, keyed by booking. */
export async function notesOf(db: Database, bookingIds: string[]): Promise<Map<string, VisitNote>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.all<VisitNote>(
    sql`select n.booking_id as bookingId, b.date, n.text, n.written_by as writtenBy, n.written_at as writtenAt
      from visit_notes n join bookings b on b.id = n.booking_id
      where n.booking_id in (select value from json_each(${JSON.stringify(bookingIds)}))`,
  );
  return new Map(rows.map((note) => [note.bookingId, note]));
}

/** Every visit note of a client, newest visit first (the client record and their data copy). */
export function clientVisitNotes(db: Database, clientId: string): Promise<VisitNote[]> {
  return db.all<VisitNote>(
    sql`select n.booking_id as bookingId, b.date, n.text, n.written_by as writtenBy, n.written_at as writtenAt
      from visit_notes n join bookings b on b.id = n.booking_id
      where b.client_id = ${clientId}
      order by b.date desc, b.time desc`,
  );
}
