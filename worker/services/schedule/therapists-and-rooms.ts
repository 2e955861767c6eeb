/**
 * The studio's therapists and rooms as staff manage them: names, the treatments each gives or
 * suits, weekly hours, days off, and whether they are active. Each change is one batch, so a
 * therapist's treatments or hours are never half replaced; deactivating one who still has bookings
 * ahead is refused in the same statement that would do it, with the list to move first.
 */
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement } from '../../db/client';
import {
  bookings,
  rooms,
  roomTreatments,
  therapistHours,
  therapists,
  therapistTimeOff,
  therapistTreatments,
} from '../../db/schema';
import { clockTime, FIRST_START_MINUTE, minuteOfDay } from '../../shared/bookings/schedule';
import { compareNames } from '../../shared/names';
import { lagosDate } from '../../shared/time';
import { treatmentIdsInOrder } from '../catalogue/catalogue';

export const weekdays = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type Weekday = (typeof weekdays)[number];

export interface HoursView {
  start: string;
  end: string;
}

export type WeeklyHours = Record<Weekday, HoursView[]>;

/** A booking still ahead that staff must move before a therapist or room can stop working. */
export interface BookingToMove {
  _id: string;
  name: string;
  phone: string;
  date: string;
  time: string;
}

export interface TherapistView {
  _id: string;
  name: string;
  active: boolean;
  treatments: string[];
  hours: WeeklyHours;
  /** Days off from today on, each with the bookings still on it. */
  timeOff: Array<{ date: string; reason: string; bookings: BookingToMove[] }>;
}

export interface RoomView {
  _id: string;
  name: string;
  active: boolean;
  treatments: string[];
}

/** Every day 09:00 to 18:00: what a new therapist works until staff set their hours. */
export const defaultHours = (): WeeklyHours =>
  Object.fromEntries(
    weekdays.map((day) => [day, [{ start: clockTime(FIRST_START_MINUTE), end: '18:00' }]]),
  ) as WeeklyHours;

const bookingToMove = {
  _id: bookings.id,
  name: bookings.name,
  phone: bookings.phone,
  date: bookings.date,
  time: bookings.time,
};

/** A therapist or a room as staff lists show them, oldest first, before its treatments and hours. */
const listed = (row: { id: string; name: string; active: boolean }) => ({
  _id: row.id,
  name: row.name,
  active: row.active,
});
const oldestFirst = (a: { createdAt: string; name: string }, b: { createdAt: string; name: string }) =>
  a.createdAt.localeCompare(b.createdAt) || compareNames(a.name, b.name);

/** Visits from today on (booked, or under way) of a therapist or a room (`where` picks which). */
function bookingsAhead(db: Database, where: SQL, today: string) {
  return db
    .select(bookingToMove)
    .from(bookings)
    .where(sql`${bookings.serviceStatus} in ('booked', 'arrived') and ${bookings.date} >= ${today} and ${where}`)
    .orderBy(asc(bookings.date), asc(bookings.time));
}

export async function listTherapists(db: Database, now: Date): Promise<TherapistView[]> {
  const today = lagosDate(now);
  const [menu, people, given, hours, daysOff, onDaysOff] = await Promise.all([
    treatmentIdsInOrder(db),
    db.select().from(therapists),
    db.select().from(therapistTreatments),
    db.select().from(therapistHours).orderBy(asc(therapistHours.startMinute)),
    db
      .select()
      .from(therapistTimeOff)
      .where(sql`${therapistTimeOff.date} >= ${today}`)
      .orderBy(asc(therapistTimeOff.date)),
    db
      .select({ ...bookingToMove, therapistId: bookings.therapistId })
      .from(bookings)
      .innerJoin(
        therapistTimeOff,
        sql`${therapistTimeOff.therapistId} = ${bookings.therapistId} and ${therapistTimeOff.date} = ${bookings.date}`,
      )
      .where(sql`${bookings.serviceStatus} in ('booked', 'arrived') and ${bookings.date} >= ${today}`)
      .orderBy(asc(bookings.date), asc(bookings.time)),
  ]);
  return people.sort(oldestFirst).map((person) => ({
    ...listed(person),
    treatments: menu.filter((id) => given.some((row) => row.therapistId === person.id && row.treatmentId === id)),
    hours: Object.fromEntries(
      weekdays.map((day) => [
        day,
        hours
          .filter((row) => row.therapistId === person.id && String(row.weekday) === day)
          .map((row) => ({ start: clockTime(row.startMinute), end: clockTime(row.endMinute) })),
      ]),
    ) as WeeklyHours,
    timeOff: daysOff
      .filter((row) => row.therapistId === person.id)
      .map((row) => ({
        date: row.date,
        reason: row.reason,
        bookings: onDaysOff
          .filter((booking) => booking.therapistId === person.id && booking.date === row.date)
          .map(({ therapistId: _therapist, ...booking }) => booking),
      })),
  }));
}

/** The active therapists as the booking page lists them. */
export async function publicTherapists(db: Database) {
  const list = await listTherapists(db, new Date());
  return list
    .filter((therapist) => therapist.active)
    .map((therapist) => ({ _id: therapist._id, name: therapist.name, treatments: therapist.treatments }));
}

export interface TherapistChange {
  name?: string;
  active?: boolean;
  treatments?: string[];
  hours?: Partial<WeeklyHours>;
}

/** The statements replacing a therapist's treatments and hours (those the change names). */
function detailStatements(
  db: Database,
  id: string,
  change: TherapistChange,
  when: SQL = sql`true`,
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  if (change.treatments) {
    statements.push(d1Statement(db, sql`delete from therapist_treatments where therapist_id = ${id} and ${when}`));
    for (const treatmentId of new Set(change.treatments)) {
      statements.push(
        d1Statement(
          db,
          sql`insert into therapist_treatments (therapist_id, treatment_id) select ${id}, ${treatmentId} where ${when}`,
        ),
      );
    }
  }
  for (const [day, ranges] of Object.entries(change.hours ?? {})) {
    statements.push(
      d1Statement(
        db,
        sql`delete from therapist_hours where therapist_id = ${id} and weekday = ${Number(day)} and ${when}`,
      ),
    );
    for (const range of ranges ?? []) {
      statements.push(
        d1Statement(
          db,
          sql`insert into therapist_hours (therapist_id, weekday, start_minute, end_minute)
            select ${id}, ${Number(day)}, ${minuteOfDay(range.start)}, ${minuteOfDay(range.end)} where ${when}`,
        ),
      );
    }
  }
  return statements;
}

/** True after the batch's update when it happened: the row exists and, if deactivating, is now inactive. */
const updateHeld = (table: 'therapists' | 'rooms', id: string, change: { active?: boolean }) =>
  sql`exists (select 1 from ${sql.raw(table)} where id = ${id} and ${change.active === false ? sql`active = 0` : sql`true`})`;

export async function createTherapist(db: Database, change: TherapistChange & { name: string }): Promise<string> {
  const id = crypto.randomUUID();
  await db.$client.batch([
    d1Statement(db, sql`insert into therapists (id, name) values (${id}, ${change.name})`),
    ...detailStatements(db, id, {
      treatments: change.treatments ?? (await treatmentIdsInOrder(db)),
      hours: { ...defaultHours(), ...change.hours },
    }),
  ]);
  return id;
}

export type UpdateResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'has-bookings'; bookings: BookingToMove[] };

/** The column a booking names its therapist or its room by. */
const bookedBy = { therapists: 'therapist_id', rooms: 'room_id' } as const;

/**
 * Renames and (de)activates a therapist or a room. Deactivating holds only while no booking is
 * ahead of it, checked in the same statement.
 */
function renameStatement(
  db: Database,
  table: keyof typeof bookedBy,
  id: string,
  change: { name?: string; active?: boolean },
  today: string,
) {
  const noneAhead = sql`not exists (select 1 from bookings where ${sql.raw(bookedBy[table])} = ${id}
    and service_status in ('booked', 'arrived') and date >= ${today})`;
  return d1Statement(
    db,
    sql`update ${sql.raw(table)} set name = coalesce(${change.name ?? null}, name),
        active = coalesce(${change.active === undefined ? null : change.active ? 1 : 0}, active)
      where id = ${id} and (${change.active === false ? 0 : 1} = 1 or ${noneAhead})`,
  );
}

/** Why a rename or (de)activation changed nothing: no such row, or bookings ahead to move first. */
async function whyNotUpdated(
  db: Database,
  table: keyof typeof bookedBy,
  id: string,
  today: string,
): Promise<UpdateResult> {
  const exists = await db.get<{ id: string }>(sql`select id from ${sql.raw(table)} where id = ${id}`);
  if (!exists) return { ok: false, reason: 'not-found' };
  const column = table === 'therapists' ? bookings.therapistId : bookings.roomId;
  return { ok: false, reason: 'has-bookings', bookings: await bookingsAhead(db, sql`${column} = ${id}`, today) };
}

/**
 * Renames, (de)activates and sets the treatments and hours of a therapist in one batch. Deactivating
 * holds only while no booking is ahead of them (checked in the same statement); otherwise nothing
 * changes and the answer lists the bookings to move first.
 */
export async function updateTherapist(
  db: Database,
  id: string,
  change: TherapistChange,
  now: Date,
): Promise<UpdateResult> {
  const today = lagosDate(now);
  const [updated] = await db.$client.batch([
    renameStatement(db, 'therapists', id, change, today),
    ...detailStatements(db, id, change, updateHeld('therapists', id, change)),
  ]);
  return changedRow(updated) ? { ok: true } : whyNotUpdated(db, 'therapists', id, today);
}

export type TimeOffResult =
  | { ok: true; bookings: BookingToMove[] }
  | { ok: false; reason: 'not-found' | 'already-off' };

/** A day off for a therapist; bookings already on it stay, listed for staff to move. */
export async function addTimeOff(
  db: Database,
  therapistId: string,
  day: { date: string; reason: string },
): Promise<TimeOffResult> {
  const [therapist] = await db
    .select({ id: therapists.id })
    .from(therapists)
    .where(eq(therapists.id, therapistId))
    .limit(1);
  if (!therapist) return { ok: false, reason: 'not-found' };
  const inserted = await db
    .insert(therapistTimeOff)
    .values({ therapistId, ...day })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) return { ok: false, reason: 'already-off' };
  return {
    ok: true,
    bookings: await bookingsAhead(
      db,
      sql`${bookings.therapistId} = ${therapistId} and ${bookings.date} = ${day.date}`,
      day.date,
    ),
  };
}

export async function removeTimeOff(db: Database, therapistId: string, date: string): Promise<boolean> {
  const deleted = await db
    .delete(therapistTimeOff)
    .where(sql`${therapistTimeOff.therapistId} = ${therapistId} and ${therapistTimeOff.date} = ${date}`)
    .returning();
  return deleted.length > 0;
}

export async function listRooms(db: Database): Promise<RoomView[]> {
  const [menu, all, suited] = await Promise.all([
    treatmentIdsInOrder(db),
    db.select().from(rooms),
    db.select().from(roomTreatments),
  ]);
  return all.sort(oldestFirst).map((room) => ({
    ...listed(room),
    treatments: menu.filter((id) => suited.some((row) => row.roomId === room.id && row.treatmentId === id)),
  }));
}

export interface RoomChange {
  name?: string;
  active?: boolean;
  treatments?: string[];
}

function roomTreatmentStatements(
  db: Database,
  id: string,
  list: string[] | undefined,
  when: SQL = sql`true`,
): D1PreparedStatement[] {
  if (!list) return [];
  return [
    d1Statement(db, sql`delete from room_treatments where room_id = ${id} and ${when}`),
    ...[...new Set(list)].map((treatmentId) =>
      d1Statement(
        db,
        sql`insert into room_treatments (room_id, treatment_id) select ${id}, ${treatmentId} where ${when}`,
      ),
    ),
  ];
}

export async function createRoom(db: Database, change: RoomChange & { name: string }): Promise<string> {
  const id = crypto.randomUUID();
  await db.$client.batch([
    d1Statement(db, sql`insert into rooms (id, name) values (${id}, ${change.name})`),
    ...roomTreatmentStatements(db, id, change.treatments ?? (await treatmentIdsInOrder(db))),
  ]);
  return id;
}

/** As updateTherapist: a room with bookings ahead cannot be deactivated until they move. */
export async function updateRoom(db: Database, id: string, change: RoomChange, now: Date): Promise<UpdateResult> {
  const today = lagosDate(now);
  const [updated] = await db.$client.batch([
    renameStatement(db, 'rooms', id, change, today),
    ...roomTreatmentStatements(db, id, change.treatments, updateHeld('rooms', id, change)),
  ]);
  return changedRow(updated) ? { ok: true } : whyNotUpdated(db, 'rooms', id, today);
}
