/**
 * Health answers, the notes a client writes for their therapist and the therapist's visit notes
 * are kept only for the visit's care (NDPA 2023): the cron erases them from every
 * booking whose visit is more than the set months past (12 by default, Schedule settings), and
 * from the stored details of its payment (and of payments never completed), keeping the booking.
 */
import { sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { addMonths, lagosDate } from '../../shared/time';
import { readScheduleSettings } from '../schedule/schedule-settings';

export async function eraseOldHealthAnswers(db: Database, now: Date): Promise<void> {
  const { healthRetentionMonths } = await readScheduleSettings(db);
  const before = addMonths(lagosDate(now), -healthRetentionMonths);
  await db.$client.batch([
    d1Statement(
      db,
      sql`update bookings set on_medication = 0, medication_details = null, exercising = 0, exercise_frequency = null,
          exercise_hours = null, health_conditions = '[]', notes = null
        where date < ${before} and (on_medication = 1 or medication_details is not null or exercising = 1
          or exercise_frequency is not null or exercise_hours is not null or health_conditions <> '[]'
          or notes is not null)`,
    ),
    // What therapists wrote after those visits.
    d1Statement(db, sql`delete from visit_notes where booking_id in (select id from bookings where date < ${before})`),
    d1Statement(
      db,
      sql`update payments set details = json_remove(details, '$.booking.onMedication', '$.booking.medicationDetails',
          '$.booking.exercising', '$.booking.exerciseFrequency', '$.booking.exerciseHours', '$.booking.healthConditions',
          '$.booking.notes')
        where kind = 'booking' and slot_date < ${before} and json_type(details, '$.booking') = 'object'
          and (json_type(details, '$.booking.healthConditions') is not null
            or json_type(details, '$.booking.medicationDetails') is not null
            or json_type(details, '$.booking.onMedication') is not null
            or json_type(details, '$.booking.exercising') is not null
            or json_type(details, '$.booking.notes') is not null)`,
    ),
  ]);
}
