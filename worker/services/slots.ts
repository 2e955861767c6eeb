import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { timeSlots } from '../shared/booking';
import { lagosDate, lagosToUtc } from '../shared/time';

/** What a visitor is told when a slot cannot take them: at payment and when moving a booking. */
export const slotMessages = {
  full: 'Sorry, that time has just been fully booked. Please choose another time.',
  closed: (reason: string) => `The studio is closed that day (${reason}). Please choose another date.`,
} as const;

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
 * SQL for the places taken in one slot: bookings not cancelled plus unpaid payments whose hold
 * has not expired. Used both to show availability and inside the statement that takes a hold;
 * a visitor starting a payment again (`replacing`: their email) does not count their own earlier
 * holds on the slot, which the new one replaces.
 */
export function takenInSlot(date: string, time: string, nowIso: string, replacing?: string) {
  const notReplaced = replacing === undefined ? sql`` : sql` and lower(email) != lower(${replacing})`;
  return sql`(
    (select count(*) from bookings where date = ${date} and time = ${time} and service_status != 'cancelled')
    + (select count(*) from payments where slot_date = ${date} and slot_time = ${time}
         and status = 'pending' and hold_expires_at > ${nowIso}${notReplaced})
  )`;
}

/**
 * SQL for the places each slot of `date` has: the setting for its day of the week (staff set it
 * in the admin), else the default (SLOT_CAPACITY).
 */
export function capacityOn(date: string, defaultCapacity: number) {
  return sql`coalesce(
    (select capacity from slot_capacities where weekday = cast(strftime('%w', ${date}) as integer)),
    ${defaultCapacity}
  )`;
}

/** SQL: the studio is closed on `date` (staff closed it in the admin). */
export function closedOn(date: string) {
  return sql`exists (select 1 from closures where date = ${date})`;
}

/**
 * SQL: one more booking fits in the slot: the day is open and fewer places are taken than it
 * has. The condition of every statement that takes a place, so no two can take the last one.
 */
export function slotHasRoom(date: string, time: string, nowIso: string, defaultCapacity: number, replacing?: string) {
  return sql`(not ${closedOn(date)} and ${takenInSlot(date, time, nowIso, replacing)} < ${capacityOn(date, defaultCapacity)})`;
}

export interface SlotAvailability {
  time: (typeof timeSlots)[number];
  left: number;
}

export interface DayAvailability {
  closed: boolean;
  /** Why the studio is closed that day, when it is. */
  reason?: string;
  slots: SlotAvailability[];
}

/** Places left in each hourly slot of `date`; 0 for a full slot, one that has begun, or a closed day. */
export async function availability(
  db: Database,
  date: string,
  now: Date,
  defaultCapacity: number,
): Promise<DayAvailability> {
  // The very rules that guard a hold (takenInSlot, capacityOn, the closure), in one query.
  const nowIso = now.toISOString();
  const columns = sql.join(
    timeSlots.map((time) => sql`${takenInSlot(date, time, nowIso)} as ${sql.identifier(time)}`),
    sql`, `,
  );
  const row =
    (await db.get<Record<string, number | string | null>>(sql`select
      ${capacityOn(date, defaultCapacity)} as capacity,
      (select reason from closures where date = ${date}) as closure,
      ${columns}`)) ?? {};
  const capacity = Number(row.capacity ?? defaultCapacity);
  const reason = typeof row.closure === 'string' ? row.closure : undefined;
  const slots = timeSlots.map((time) => ({
    time,
    left: reason !== undefined || isPastSlot(date, time, now) ? 0 : Math.max(0, capacity - Number(row[time] ?? 0)),
  }));
  return reason === undefined ? { closed: false, slots } : { closed: true, reason, slots };
}

/** Why the studio is closed on `date`, or undefined when it is open. */
export async function closureReason(db: Database, date: string): Promise<string | undefined> {
  const row = await db.get<{ reason: string }>(sql`select reason from closures where date = ${date}`);
  return row?.reason;
}
