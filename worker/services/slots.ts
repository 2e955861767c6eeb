import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { timeSlots } from '../shared/booking';
import { lagosDate, lagosToUtc } from '../shared/time';

/** How long an unpaid booking keeps its place in a slot. */
export const HOLD_MINUTES = 30;

export function slotCapacity(setting: string | undefined): number {
  const capacity = Number(setting);
  return Number.isInteger(capacity) && capacity > 0 ? capacity : 2;
}

/** A slot is past once it has begun (Lagos time); a day is past once it is over. */
export function isPastSlot(date: string, time: string, now: Date): boolean {
  return lagosToUtc(date, time).getTime() <= now.getTime();
}

export function isPastDate(date: string, now: Date): boolean {
  return date < lagosDate(now);
}

/**
 * SQL for the places taken in one slot: confirmed bookings plus unpaid payments whose hold has
 * not expired. Used both to show availability and inside the statement that takes a hold.
 */
export function takenInSlot(date: string, time: string, nowIso: string) {
  return sql`(
    (select count(*) from bookings where date = ${date} and time = ${time})
    + (select count(*) from payments where slot_date = ${date} and slot_time = ${time}
         and status = 'pending' and hold_expires_at > ${nowIso})
  )`;
}

export interface SlotAvailability {
  time: (typeof timeSlots)[number];
  left: number;
}

/** Places left in each hourly slot of `date`; 0 for a full slot or one that has begun. */
export async function availability(
  db: Database,
  date: string,
  now: Date,
  capacity: number,
): Promise<SlotAvailability[]> {
  // The very rule that guards the hold (takenInSlot), counted for every slot in one query.
  const nowIso = now.toISOString();
  const columns = sql.join(
    timeSlots.map((time) => sql`${takenInSlot(date, time, nowIso)} as ${sql.identifier(time)}`),
    sql`, `,
  );
  const taken = (await db.get<Record<string, number>>(sql`select ${columns}`)) ?? {};
  return timeSlots.map((time) => ({
    time,
    left: isPastSlot(date, time, now) ? 0 : Math.max(0, capacity - Number(taken[time] ?? 0)),
  }));
}
