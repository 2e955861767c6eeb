import { asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, closures } from '../../db/schema';

export interface Closure {
  date: string;
  reason: string;
}

/** The closed days from `fromDate` on, soonest first. */
export function listClosures(db: Database, fromDate: string): Promise<Closure[]> {
  return db
    .select({ date: closures.date, reason: closures.reason })
    .from(closures)
    .where(gte(closures.date, fromDate))
    .orderBy(asc(closures.date));
}

export interface ClosureWithBookings extends Closure {
  /** The bookings still on the day: staff move them (or call the client). */
  bookings: Array<{ _id: string; name: string; phone: string; time: string }>;
}

/** The closed days from `fromDate` on, each with the bookings still on it (for staff). */
export async function listClosuresWithBookings(db: Database, fromDate: string): Promise<ClosureWithBookings[]> {
  const days = await listClosures(db, fromDate);
  if (days.length === 0) return [];
  const booked = await db
    .select({ _id: bookings.id, name: bookings.name, phone: bookings.phone, time: bookings.time, date: bookings.date })
    .from(bookings)
    .where(
      sql`${bookings.serviceStatus} in ('booked', 'arrived') and ${bookings.date} in (select date from closures where date >= ${fromDate})`,
    )
    .orderBy(asc(bookings.date), asc(bookings.time));
  return days.map((day) => ({
    ...day,
    bookings: booked.filter((row) => row.date === day.date).map(({ date: _date, ...row }) => row),
  }));
}

/**
 * Closes a day. Bookings already on it stay (nothing is cancelled): the answer counts them, so
 * staff know whom to move. Undefined when the day is already closed.
 */
export async function closeDay(
  db: Database,
  closure: Closure,
): Promise<{ closure: Closure; bookedCount: number } | undefined> {
  const inserted = await db.insert(closures).values(closure).onConflictDoNothing().returning();
  if (inserted.length === 0) return undefined;
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(bookings)
    .where(sql`${bookings.date} = ${closure.date} and ${bookings.serviceStatus} in ('booked', 'arrived')`);
  return { closure, bookedCount: Number(row?.count ?? 0) };
}

/** Opens a closed day again; false when it was not closed. */
export async function reopenDay(db: Database, date: string): Promise<boolean> {
  const deleted = await db.delete(closures).where(eq(closures.date, date)).returning();
  return deleted.length > 0;
}
