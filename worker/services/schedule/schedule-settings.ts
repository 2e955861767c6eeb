/**
 * The studio's scheduling settings: the step between start times (hourly, as the spec has it, or
 * every half hour) and each treatment's length and the buffer after it; and how long health answers
 * are kept after a visit.
 */
import { sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { scheduleSettings, treatments } from '../../db/schema';
import type { StartStep } from '../../shared/bookings/schedule';
import { DEFAULT_OFFER_MINUTES } from '../../shared/bookings/time-waitlist';

/** Reception's daily limit of desk gift vouchers, in naira, until the owner sets another. */
export const DEFAULT_DESK_VOUCHER_DAILY_LIMIT = 200_000;

/** The NDPA default: a year after the visit. */
export const DEFAULT_HEALTH_RETENTION_MONTHS = 12;

export interface TreatmentTimingView {
  _id: string;
  name: string;
  /** Null for the overnight treatment: it lasts the night. */
  durationMinutes: number | null;
  bufferMinutes: number;
}

/** Two no-shows within 12 months, by default, and the next booking online is paid in full. */
export const DEFAULT_NO_SHOW_LIMIT = 2;

export interface ScheduleSettingsView {
  startStepMinutes: StartStep;
  /** Months after a visit its health answers are erased (health-retention.ts). */
  healthRetentionMonths: number;
  /** Months a gift voucher may be used from its delivery date (vouchers.ts). */
  voucherValidityMonths: number;
  /** Naira of desk gift vouchers reception may sell in a day (voucher-desk.ts). */
  deskVoucherDailyLimit: number;
  /** No-shows within 12 months after which a client books online only by paying in full (0: off). */
  noShowLimit: number;
  /** Minutes a freed place is held for the waitlist client it is offered to (time-waitlist-offers.ts). */
  offerMinutes: number;
  treatments: TreatmentTimingView[];
}

export async function readScheduleSettings(db: Database): Promise<ScheduleSettingsView> {
  const [settings, rows] = await Promise.all([
    db.select().from(scheduleSettings).limit(1),
    db
      .select({
        _id: treatments.id,
        name: treatments.name,
        durationMinutes: treatments.durationMinutes,
        bufferMinutes: treatments.bufferMinutes,
      })
      .from(treatments)
      .orderBy(treatments.position, treatments.name),
  ]);
  return {
    startStepMinutes: settings[0]?.startStepMinutes === 30 ? 30 : 60,
    healthRetentionMonths: settings[0]?.healthRetentionMonths ?? DEFAULT_HEALTH_RETENTION_MONTHS,
    voucherValidityMonths: settings[0]?.voucherValidityMonths ?? 12,
    deskVoucherDailyLimit: settings[0]?.deskVoucherDailyLimit ?? DEFAULT_DESK_VOUCHER_DAILY_LIMIT,
    noShowLimit: settings[0]?.noShowLimit ?? DEFAULT_NO_SHOW_LIMIT,
    offerMinutes: settings[0]?.waitlistOfferMinutes ?? DEFAULT_OFFER_MINUTES,
    treatments: rows,
  };
}

export interface ScheduleSettingsChange {
  startStepMinutes?: StartStep;
  healthRetentionMonths?: number;
  voucherValidityMonths?: number;
  deskVoucherDailyLimit?: number;
  noShowLimit?: number;
  offerMinutes?: number;
  treatments?: Array<{ _id: string; durationMinutes?: number | null; bufferMinutes?: number }>;
}

/**
 * Saves the step and the treatments' lengths and buffers (on the menu's treatments) in one batch. Bookings already made keep their length:
 * a new length applies to visits booked from now on.
 */
export async function saveScheduleSettings(db: Database, change: ScheduleSettingsChange): Promise<void> {
  const current = await readScheduleSettings(db);
  const statements = [];
  // Each setting given is its own column of the one settings row.
  const columns = {
    startStepMinutes: 'start_step_minutes',
    healthRetentionMonths: 'health_retention_months',
    voucherValidityMonths: 'voucher_validity_months',
    deskVoucherDailyLimit: 'desk_voucher_daily_limit',
    noShowLimit: 'no_show_limit',
    offerMinutes: 'waitlist_offer_minutes',
  } as const;
  for (const [key, column] of Object.entries(columns) as Array<[keyof typeof columns, string]>) {
    const value = change[key];
    if (value === undefined) continue;
    statements.push(
      d1Statement(
        db,
        sql`insert into schedule_settings (id, ${sql.raw(column)}) values (1, ${value})
          on conflict (id) do update set ${sql.raw(column)} = excluded.${sql.raw(column)}`,
      ),
    );
  }
  for (const timing of change.treatments ?? []) {
    const now = current.treatments.find((treatment) => treatment._id === timing._id);
    if (!now) continue;
    // The overnight treatment keeps no length: it lasts the night.
    const duration = now.durationMinutes === null ? null : (timing.durationMinutes ?? now.durationMinutes);
    statements.push(
      d1Statement(
        db,
        sql`update treatments set duration_minutes = ${duration},
            buffer_minutes = ${timing.bufferMinutes ?? now.bufferMinutes}, version = version + 1
          where id = ${timing._id}`,
      ),
    );
  }
  if (statements.length > 0) await db.$client.batch(statements);
}
