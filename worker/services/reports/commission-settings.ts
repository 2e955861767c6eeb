/**
 * The commission settings on the Therapists screen: each therapist's percent of what their
 * completed visits earned, and their percent for single treatments instead (replaced whole, in one
 * batch, so a save never leaves half of them).
 */
import { sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement } from '../../db/client';

export interface CommissionSetting {
  therapistId: string;
  name: string;
  percent: number;
  /** Treatment id → percent, for treatments paid differently from `percent`. */
  treatments: Record<string, number>;
}

export async function listCommissionSettings(db: Database): Promise<CommissionSetting[]> {
  const [people, overrides] = await Promise.all([
    db.all<{ id: string; name: string; percent: number }>(
      sql`select id, name, commission_percent as percent from therapists order by active desc, name`,
    ),
    db.all<{ therapistId: string; treatmentId: string; percent: number }>(
      sql`select therapist_id as "therapistId", treatment_id as "treatmentId", percent from therapist_commissions`,
    ),
  ]);
  return people.map((person) => ({
    therapistId: person.id,
    name: person.name,
    percent: Number(person.percent),
    treatments: Object.fromEntries(
      overrides.filter((row) => row.therapistId === person.id).map((row) => [row.treatmentId, Number(row.percent)]),
    ),
  }));
}

/** False when the therapist does not exist (nothing is written then). */
export async function saveCommissionSetting(
  db: Database,
  therapistId: string,
  setting: { percent: number; treatments: Record<string, number> },
): Promise<boolean> {
  const exists = sql`exists (select 1 from therapists where id = ${therapistId})`;
  const [updated] = await db.$client.batch([
    d1Statement(db, sql`update therapists set commission_percent = ${setting.percent} where id = ${therapistId}`),
    d1Statement(db, sql`delete from therapist_commissions where therapist_id = ${therapistId}`),
    ...Object.entries(setting.treatments).map(([treatmentId, percent]) =>
      d1Statement(
        db,
        sql`insert into therapist_commissions (therapist_id, treatment_id, percent)
          select ${therapistId}, ${treatmentId}, ${percent} where ${exists}`,
      ),
    ),
  ]);
  return changedRow(updated);
}
