/**
 * The health form before the visit: a booking staff took (phone, WhatsApp, walk-in) has
 * no health answers, so it gets a private link (visit-form-links.ts) to the same questions and
 * consent as the online form. It works until the visit ends, once.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { VisitFormAnswers } from '../../shared/bookings/booking-schema';
import { endTimeOf } from '../../shared/bookings/schedule';
import { addDays, lagosToUtc } from '../../shared/time';
import { visitFormToken } from '../bookings/visit-form-links';
import { confirmedAtSet } from '../bookings/visit-origin';
import { constantTimeTextEqual } from '../staff/password';

export const visitFormMessages = {
  invalid: 'This link is not valid. Please use the link in your message, or call or WhatsApp the studio.',
  ended: 'This visit has ended, so its health form is closed.',
  done: 'Your answers are already with the studio. To change them, call or WhatsApp us.',
} as const;

interface FormVisit {
  id: string;
  name: string;
  date: string;
  time: string;
  durationMinutes: number;
  subservices: string;
  serviceStatus: string;
  healthFormAt: string | null;
  therapist: string | null;
}

/** The booking a token opens, or undefined for a token that is not one (altered, made up). */
async function visitOfToken(db: Database, token: string, secret: string): Promise<FormVisit | undefined> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1]) return undefined;
  if (!(await constantTimeTextEqual(token, await visitFormToken(match[1], secret)))) return undefined;
  return db.get<FormVisit>(
    sql`select b.id, b.name, b.date, b.time, b.duration_minutes as durationMinutes, b.subservices,
        b.service_status as serviceStatus, b.health_form_at as healthFormAt, t.name as therapist
      from bookings b left join therapists t on t.id = b.therapist_id where b.id = ${match[1]}`,
  );
}

/** Over once it has ended: its end passed, or it was completed, missed or cancelled. */
function ended(visit: FormVisit, now: Date): boolean {
  if (visit.serviceStatus !== 'booked' && visit.serviceStatus !== 'arrived') return true;
  const end = endTimeOf(visit.time, visit.durationMinutes);
  const endDate = end < visit.time ? addDays(visit.date, 1) : visit.date;
  return now.getTime() >= lagosToUtc(endDate, end).getTime();
}

export type VisitFormView =
  | {
      ok: true;
      visit: { firstName: string; date: string; time: string; treatments: string[]; therapist: string | null };
      done: boolean;
    }
  | { ok: false; status: 404 | 410; message: string };

/** What the form's page shows: the visit (never the answers), and whether they are in already. */
export async function visitFormView(db: Database, token: string, secret: string, now: Date): Promise<VisitFormView> {
  const visit = await visitOfToken(db, token, secret);
  if (!visit) return { ok: false, status: 404, message: visitFormMessages.invalid };
  if (ended(visit, now)) return { ok: false, status: 410, message: visitFormMessages.ended };
  return {
    ok: true,
    visit: {
      firstName: visit.name.split(' ')[0] ?? visit.name,
      date: visit.date,
      time: visit.time,
      treatments: JSON.parse(visit.subservices) as string[],
      therapist: visit.therapist,
    },
    done: visit.healthFormAt !== null,
  };
}

export type SaveVisitFormResult = { ok: true } | { ok: false; status: 404 | 409 | 410; message: string };

/**
 * Stores the answers on the booking as an online booking's are (the same columns, the same
 * retention), once: the row changes only while its form is still missing and the visit open. A
 * note staff wrote when booking stays unless the client writes their own.
 */
export async function saveVisitForm(
  db: Database,
  token: string,
  secret: string,
  answers: VisitFormAnswers,
  now: Date,
): Promise<SaveVisitFormResult> {
  const visit = await visitOfToken(db, token, secret);
  if (!visit) return { ok: false, status: 404, message: visitFormMessages.invalid };
  if (ended(visit, now)) return { ok: false, status: 410, message: visitFormMessages.ended };
  if (visit.healthFormAt) return { ok: false, status: 409, message: visitFormMessages.done };
  // The client's own act through their link: it confirms a visit a therapist booked (visit-origin.ts).
  const saved = await db.all<{ id: string }>(
    sql`update bookings set previous_massage_therapy = ${answers.previousMassageTherapy ? 1 : 0},
        on_medication = ${answers.onMedication ? 1 : 0},
        medication_details = ${answers.onMedication ? (answers.medicationDetails ?? null) : null},
        exercising = ${answers.exercising ? 1 : 0},
        exercise_frequency = ${answers.exercising ? (answers.exerciseFrequency ?? null) : null},
        exercise_hours = ${answers.exercising ? (answers.exerciseHours ?? null) : null},
        health_conditions = ${JSON.stringify(answers.healthConditions)},
        notes = coalesce(${answers.notes || null}, notes),
        health_form_at = ${now.toISOString()}, ${confirmedAtSet(now)}
      where id = ${visit.id} and health_form_at is null and service_status in ('booked', 'arrived')
      returning id`,
  );
  return saved.length === 1 ? { ok: true } : { ok: false, status: 409, message: visitFormMessages.done };
}
