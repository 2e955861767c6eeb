/**
 * The waitlist for full times: joining (checked against the menu, the team and the closed days,
 * refused while a wished-for start is free, at most 3 entries waiting per email or phone and 10 per
 * client network), its owner's confirmation, the client's own view through their private link,
 * leaving, and the staff's list of who waits for a day with the live offers and this month's
 * places filled. Offering places is time-waitlist-offers.ts's.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import {
  type DayPart,
  MAX_LIVE_ENTRIES,
  MAX_LIVE_ENTRIES_PER_NETWORK,
  MAX_WAITLIST_DAYS_AHEAD,
  startsWithin,
  type TimeWaitlistJoin,
  timeWaitlistMessages,
} from '../../shared/bookings/time-waitlist';
import { addDays, formatDate, isoBefore, lagosDate } from '../../shared/time';
import { phoneKeySql } from '../clients/client-records';
import { dayAvailability, loadSchedule, type Schedule, type Visit } from '../schedule/schedule';
import { endOffer, offerLive } from './time-waitlist-offers';

export type JoinResult =
  | { ok: true; id: string; position: number; entry: EntryFacts }
  | { ok: false; status: 400 | 429; message: string; field?: string }
  | { ok: false; status: 409; message: string; free: FreeTimes[] };

/** A wished-for day's starts still on sale: the join is refused with them (book instead). */
export interface FreeTimes {
  date: string;
  times: string[];
}

/** What the confirmation says of the entry. */
export interface EntryFacts {
  name: string;
  email: string | null;
  phone: string | null;
  treatments: string[];
  therapistName: string | null;
  dates: string[];
  dayPart: DayPart;
}

const refused = (message: string, field: string) => ({ ok: false as const, status: 400 as const, message, field });

/** SQL: entries still waiting that joined from this client network (none counted without one). */
function liveEntriesFrom(networkKey: string | undefined): SQL {
  return sql`select id from time_waitlist_entries where status = 'waiting' and network_key = ${networkKey ?? null}`;
}

/** The starts within the wish that are free now, day by day: a waitlist is for full times only. */
function freeTimesOf(schedule: Schedule, visit: Visit, dates: string[], part: DayPart, now: Date): FreeTimes[] {
  return dates
    .map((date) => ({
      date,
      times: dayAvailability(schedule, visit, date, now)
        .slots.filter((slot) => slot.left > 0 && startsWithin(part, slot.time))
        .map((slot) => slot.time),
    }))
    .filter((day) => day.times.length > 0);
}

/** SQL: entries still waiting for this email or phone (either one matching). */
function liveEntriesOf(email: string | null, phone: string | null): SQL {
  const byEmail = email ? sql`lower(email) = lower(${email})` : sql`0`;
  const byPhone = phone ? sql`phone_key = ${phoneKeySql(sql`${phone}`)}` : sql`0`;
  return sql`select id from time_waitlist_entries where status = 'waiting' and (${byEmail} or ${byPhone})`;
}

/**
 * The join's days, treatments and therapist as the studio has them, or why not (400, by field):
 * a day past, too far ahead or closed, a treatment or therapist unknown, no one giving them all.
 */
async function checkedJoin(db: Database, join: TimeWaitlistJoin, now: Date) {
  const today = lagosDate(now);
  const dates = [...new Set(join.dates)].sort();
  const first = dates[0] ?? today;
  const last = dates[dates.length - 1] ?? today;
  if (first < today) return refused(timeWaitlistMessages.datePast, 'dates');
  if (last > addDays(today, MAX_WAITLIST_DAYS_AHEAD)) return refused(timeWaitlistMessages.dateFar, 'dates');
  const [schedule, menu] = await Promise.all([
    loadSchedule(db, first, last, now),
    db.all<{ id: string; name: string; active: number }>(sql`select id, name, active from treatments`),
  ]);
  const treatmentIds = [...new Set(join.treatments)];
  const treatments = treatmentIds.map((id) => menu.find((treatment) => treatment.id === id && treatment.active));
  if (treatments.some((treatment) => treatment === undefined)) {
    return refused(timeWaitlistMessages.unknownTreatment, 'treatments');
  }
  const therapist =
    join.therapistId === 'any'
      ? undefined
      : schedule.therapists.find((member) => member.id === join.therapistId && member.active);
  if (join.therapistId !== 'any' && !therapist) return refused(timeWaitlistMessages.unknownTherapist, 'therapistId');
  const givers = schedule.therapists.filter((member) => member.active && (!therapist || member === therapist));
  if (!givers.some((member) => treatmentIds.every((id) => member.treatments.has(id)))) {
    return refused(
      therapist
        ? `${therapist.name} does not give all of these treatments. Please choose another therapist, or "Any therapist".`
        : 'No therapist gives all of these treatments in one visit. Please choose fewer treatments.',
      'treatments',
    );
  }
  const closed = dates.find((date) => schedule.closures.has(date));
  if (closed) {
    return refused(timeWaitlistMessages.dateClosed(formatDate(closed), schedule.closures.get(closed) ?? ''), 'dates');
  }
  return { ok: true as const, schedule, dates, last, treatmentIds, treatments, therapist };
}

/**
 * Adds an entry to the line, unconfirmed, or says which field is wrong (400), that a wished-for
 * start is free (409: book it instead), or that the address or the network waits for enough (429).
 */
export async function joinTimeWaitlist(
  db: Database,
  join: TimeWaitlistJoin,
  now: Date,
  networkKey?: string,
): Promise<JoinResult> {
  const checked = await checkedJoin(db, join, now);
  if (!checked.ok) return checked;
  const { schedule, dates, last, treatmentIds, treatments, therapist } = checked;
  const free = freeTimesOf(schedule, { treatmentIds, therapistId: join.therapistId }, dates, join.window, now);
  if (free.length > 0) {
    const days = free.map(({ date, times }) => ({ day: formatDate(date), times }));
    return { ok: false, status: 409, message: timeWaitlistMessages.timeFreeOn(days), free };
  }

  const id = crypto.randomUUID();
  const email = join.email || null;
  const phone = join.phone || null;
  // One batch: the entry only under both limits (the address's, the network's), then where it stands.
  const [, standing] = await db.$client.batch<{ position: number | null; own: number; network: number }>([
    d1Statement(
      db,
      sql`insert into time_waitlist_entries
          (id, name, email, phone, phone_key, treatment_ids, therapist_id, dates, last_date, day_part, network_key)
        select ${id}, ${join.name}, ${email}, ${phone}, ${phone ? phoneKeySql(sql`${phone}`) : null},
          ${JSON.stringify(treatmentIds)}, ${therapist?.id ?? null}, ${JSON.stringify(dates)}, ${last}, ${join.window},
          ${networkKey ?? null}
        where (select count(*) from (${liveEntriesOf(email, phone)})) < ${MAX_LIVE_ENTRIES}
          and (select count(*) from (${liveEntriesFrom(networkKey)})) < ${MAX_LIVE_ENTRIES_PER_NETWORK}`,
    ),
    d1Statement(
      db,
      sql`select (${positionSql(id)}) as position, (select count(*) from (${liveEntriesOf(email, phone)})) as own,
        (select count(*) from (${liveEntriesFrom(networkKey)})) as network`,
    ),
  ]);
  const row = standing?.results[0];
  if (row?.position === null || row?.position === undefined) {
    const tooMany = Number(row?.own ?? 0) >= MAX_LIVE_ENTRIES;
    return {
      ok: false,
      status: 429,
      message: tooMany ? timeWaitlistMessages.tooMany : timeWaitlistMessages.busyNetwork,
    };
  }
  const position = Number(row.position);
  return {
    ok: true,
    id,
    position,
    entry: {
      name: join.name,
      email,
      phone,
      treatments: treatments.map((treatment) => treatment?.name ?? ''),
      therapistName: therapist?.name ?? null,
      dates,
      dayPart: join.window,
    },
  };
}

/** SQL: where the entry stands: 1 + the entries waiting before it for any of its days; null if none. */
function positionSql(id: string): SQL {
  return sql`select 1 + (select count(*) from time_waitlist_entries other
      where other.status = 'waiting' and (other.created_at < mine.created_at
        or (other.created_at = mine.created_at and other.id < mine.id))
        and exists (select 1 from json_each(other.dates) a, json_each(mine.dates) b where a.value = b.value))
    from time_waitlist_entries mine where mine.id = ${id}`;
}

/** A live offer as the waitlist screen and the entry's page show it. */
export interface OfferView {
  reference: string;
  date: string;
  time: string;
  durationMinutes: number;
  therapist: { _id: string; name: string };
  expiresAt: string;
  status: 'open' | 'paying';
  byStaff: boolean;
}

export interface EntryView {
  _id: string;
  name: string;
  email: string | null;
  phone: string | null;
  treatments: Array<{ _id: string; name: string }>;
  therapist: { _id: string; name: string } | null;
  dates: string[];
  window: DayPart;
  status: 'waiting' | 'booked' | 'left' | 'ended';
  /** Its owner confirmed it (the email's link, a WhatsApp reply): only then is it offered places. */
  confirmed: boolean;
  createdAt: string;
  /** In line for its first day still to come: 1 is next. */
  position: number;
  offer: OfferView | null;
}

type EntryRow = Omit<EntryView, 'treatments' | 'therapist' | 'dates' | 'offer' | 'position' | 'confirmed'> & {
  confirmed: number;
  treatments: string;
  therapistId: string | null;
  therapistName: string | null;
  dates: string;
  offer: string | null;
  position: number;
};

/** SQL: entries with their treatments' names, therapist, live offer and place in line. */
function entryRows(where: SQL, nowIso: string): SQL {
  return sql`select e.id as _id, e.name, e.email, e.phone, e.day_part as window, e.status, e.created_at as createdAt,
      e.confirmed_at is not null as confirmed,
      e.dates, e.therapist_id as therapistId, t.name as therapistName,
      (select json_group_array(json_object('_id', id, 'name', name)) from (select tr.id, tr.name
        from json_each(e.treatment_ids) ids join treatments tr on tr.id = ids.value order by ids.key)) as treatments,
      (select json_object('reference', o.reference, 'date', o.date, 'time', o.time,
          'durationMinutes', o.duration_minutes, 'therapist', json_object('_id', o.therapist_id, 'name', ot.name),
          'expiresAt', o.expires_at, 'status', o.status, 'byStaff', json(iif(o.by_staff, 'true', 'false')))
        from time_waitlist_offers o left join therapists ot on ot.id = o.therapist_id
        where o.entry_id = e.id and ${offerLive(nowIso, sql.raw('o'))}) as offer,
      1 + (select count(*) from time_waitlist_entries other where other.status = 'waiting'
        and (other.created_at < e.created_at or (other.created_at = e.created_at and other.id < e.id))
        and exists (select 1 from json_each(other.dates) a, json_each(e.dates) b where a.value = b.value)) as position
    from time_waitlist_entries e left join therapists t on t.id = e.therapist_id
    where ${where}
    order by e.created_at, e.id`;
}

function entryView(row: EntryRow): EntryView {
  const { therapistId, therapistName, treatments, dates, offer, ...rest } = row;
  return {
    ...rest,
    position: Number(row.position),
    confirmed: Boolean(row.confirmed),
    treatments: JSON.parse(treatments) as EntryView['treatments'],
    therapist: therapistId ? { _id: therapistId, name: therapistName ?? 'Former therapist' } : null,
    dates: JSON.parse(dates) as string[],
    offer: offer ? (JSON.parse(offer) as OfferView) : null,
  };
}

/** One entry by id (the client's link, staff), whatever its status. */
export async function findEntry(db: Database, id: string, now: Date): Promise<EntryView | undefined> {
  const [row] = await db.all<EntryRow>(entryRows(sql`e.id = ${id}`, now.toISOString()));
  return row ? entryView(row) : undefined;
}

export interface TimeWaitlistDay {
  date: string | null;
  entries: EntryView[];
  /** Places filled from the waitlist this Lagos month, and what they were booked for. */
  month: { filled: number; revenue: number };
}

/**
 * The owner's "Confirm my place" (the email's link opens the page that posts it): a waiting entry
 * becomes confirmed, once. Answers the entry and the days it newly waits for (offered at once), or
 * undefined when it no longer waits.
 */
export async function confirmEntry(
  db: Database,
  id: string,
  now: Date,
): Promise<{ entry: EntryView; newlyFor: string[] } | undefined> {
  const [confirmed, rows] = await db.$client.batch<{ dates: string }>([
    d1Statement(
      db,
      sql`update time_waitlist_entries set confirmed_at = ${now.toISOString()}
        where id = ${id} and status = 'waiting' and confirmed_at is null returning dates`,
    ),
    d1Statement(db, entryRows(sql`e.id = ${id} and e.status = 'waiting'`, now.toISOString())),
  ]);
  const row = rows?.results[0] as unknown as EntryRow | undefined;
  if (!row) return undefined;
  const dates = confirmed?.results[0]?.dates;
  return { entry: entryView(row), newlyFor: dates ? (JSON.parse(dates) as string[]) : [] };
}

/**
 * A WhatsApp message from `digits` (Meta's `from`, as phone_key keeps a number): the waiting
 * entries with that number are its owner's own, and confirmed. Answers the days they wait for.
 */
export async function confirmEntriesByWhatsapp(db: Database, digits: string, now: Date): Promise<string[]> {
  const rows = await db.all<{ dates: string }>(
    sql`update time_waitlist_entries set confirmed_at = ${now.toISOString()}
      where status = 'waiting' and confirmed_at is null and phone_key = ${digits} returning dates`,
  );
  return [...new Set(rows.flatMap((row) => JSON.parse(row.dates) as string[]))];
}

/** A STOP reply on WhatsApp: the waiting entries with that number are left (their offers withdrawn). */
export async function leaveByWhatsapp(db: Database, digits: string, now: Date): Promise<string[]> {
  const rows = await db.all<{ id: string }>(
    sql`select id from time_waitlist_entries where status = 'waiting' and phone_key = ${digits}`,
  );
  const freed: string[] = [];
  for (const row of rows) {
    const { freedDate } = await leaveTimeWaitlist(db, row.id, now);
    if (freedDate) freed.push(freedDate);
  }
  return freed;
}

/** Who waits for `date` (or for any day from today), first in line first, and this month's figures. */
export async function listTimeWaitlist(db: Database, date: string | undefined, now: Date): Promise<TimeWaitlistDay> {
  const today = lagosDate(now);
  const forDay = date
    ? sql`exists (select 1 from json_each(e.dates) where value = ${date})`
    : sql`e.last_date >= ${today}`;
  const monthStart = `${today.slice(0, 8)}01`;
  const [rows, month] = await Promise.all([
    db.all<EntryRow>(entryRows(sql`e.status = 'waiting' and ${forDay}`, now.toISOString())),
    db.get<{ filled: number; revenue: number | null }>(sql`select count(*) as filled, sum(b.amount) as revenue
      from time_waitlist_offers o join bookings b on b.payment_reference = o.payment_reference
      where o.status = 'booked' and o.offered_on >= ${monthStart} and b.service_status != 'cancelled'`),
  ]);
  return {
    date: date ?? null,
    entries: rows.map(entryView),
    month: { filled: Number(month?.filled ?? 0), revenue: Number(month?.revenue ?? 0) },
  };
}

/** How many wait for each day from `from` to `to` (the Calendar's "3 waiting"). */
export async function waitingCounts(db: Database, from: string, to: string): Promise<Record<string, number>> {
  const rows = await db.all<{ date: string; waiting: number }>(sql`select days.value as date, count(*) as waiting
    from time_waitlist_entries e, json_each(e.dates) days
    where e.status = 'waiting' and days.value between ${from} and ${to} group by days.value`);
  return Object.fromEntries(rows.map((row) => [row.date, Number(row.waiting)]));
}

/**
 * Ends a waiting entry (the client left through their link, or staff removed it); an open offer
 * of it is withdrawn and its place freed. Answers the day of that place, if any, and whether the
 * entry was waiting.
 */
export async function leaveTimeWaitlist(
  db: Database,
  id: string,
  now: Date,
): Promise<{ left: boolean; freedDate?: string }> {
  // The entry ends first: no offering run can make it a new offer after its open one is withdrawn.
  const [left] = await db.$client.batch<{ id: string }>([
    d1Statement(
      db,
      sql`update time_waitlist_entries set status = 'left', ended_at = ${now.toISOString()}
        where id = ${id} and status = 'waiting' returning id`,
    ),
  ]);
  const offer = await db.get<{ reference: string }>(
    sql`select reference from time_waitlist_offers where entry_id = ${id} and status = 'open'`,
  );
  const freed = offer ? await endOffer(db, offer.reference, 'withdrawn', now) : undefined;
  return { left: (left?.results.length ?? 0) > 0, freedDate: freed?.date };
}

/** A client's entries, by their email or phone (the client record and their data copy). */
export async function entriesOf(
  db: Database,
  client: { email: string | null; phone: string },
  now: Date,
): Promise<EntryView[]> {
  const email = client.email?.trim() ?? '';
  const phone = client.phone.trim();
  if (!email && !phone) return [];
  const rows = await db.all<EntryRow>(
    entryRows(
      sql`((${email} <> '' and lower(e.email) = lower(${email}))
        or (${phone} <> '' and e.phone_key = ${phoneKeySql(sql`${phone}`)}))`,
      now.toISOString(),
    ),
  );
  return rows.map(entryView).reverse();
}

/** For erasure's batch: the entries `whose` selects, their offers, and the places those still hold. */
export function eraseEntriesStatements(db: Database, whose: SQL) {
  const entries = sql`select id from time_waitlist_entries where ${whose}`;
  return [
    d1Statement(
      db,
      sql`delete from time_blocks where payment_reference in
        (select reference from time_waitlist_offers where entry_id in (${entries}))`,
    ),
    d1Statement(db, sql`delete from time_waitlist_offers where entry_id in (${entries})`),
    d1Statement(db, sql`delete from time_waitlist_entries where ${whose}`),
  ];
}

/** Days an ended entry (booked, left, past its days) and its offers are kept: the month's figures, questions. */
export const ENDED_ENTRY_DAYS = 90;

/** The cron's: entries that ended over 90 days ago are forgotten with their offers (client data). */
export async function forgetEndedEntries(db: Database, now: Date): Promise<void> {
  const before = isoBefore(now, ENDED_ENTRY_DAYS, 'days');
  await db.$client.batch(
    eraseEntriesStatements(db, sql`status != 'waiting' and ended_at is not null and ended_at < ${before}`),
  );
}
