/**
 * Offering freed places to the waitlist. Whenever time may have freed (a cancellation, a move, a
 * hold lapsing, a day reopened, hours widened, an offer declined or lapsed), `offerFreedPlaces`
 * walks the entries waiting for the day in join order and, for each, offers the first free start
 * its treatments, therapist and part of the day can have. An offer is one batch: the offer row
 * (only while the entry waits with no live offer and under its daily limit) and the place's blocks
 * in time_blocks under the offer's reference, as a payment hold takes them. The blocks' primary key
 * makes a place held by two offers (or by an offer and a visitor's payment) impossible: of two
 * writers racing, the second batch fails whole and looks again.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { timeWaitlistOffers } from '../../db/schema';
import { depositSplit } from '../../shared/bookings/deposit-split';
import { minuteOfDay, startTimes } from '../../shared/bookings/schedule';
import {
  type DayPart,
  DEFAULT_OFFER_MINUTES,
  LAPSES_TO_END,
  OFFER_HOURS,
  OFFERS_PER_DAY,
  startsWithin,
  timeWaitlistMessages,
  UNCONFIRMED_HOURS,
} from '../../shared/bookings/time-waitlist';
import { priceBooking } from '../../shared/catalogue/pricing';
import { isoBefore, lagosClock, lagosDate, lagosToUtc } from '../../shared/time';
import { needsFullPayment } from '../bookings/no-show-rule';
import { readCatalogue } from '../catalogue/catalogue';
import { studioDetails } from '../outbox/notifications';
import { queueMessages } from '../outbox/outbox';
import { closedOn, therapistOffOn } from '../schedule/day-rules';
import { loadSchedule, type Schedule, startOption } from '../schedule/schedule';
import {
  isTimeTaken,
  roomResource,
  TAKE_ATTEMPTS,
  takeTimeStatements,
  therapistResource,
} from '../schedule/time-blocks';
import type { Scope } from '../scope';
import { newOfferReference, offerPath, offerToken } from './time-waitlist-links';
import { timeWaitlistEndedMessages, timeWaitlistOfferMessages } from './time-waitlist-messages';

/** A place starts at least this long after its offer's hold ends: time to pay and to come. */
export const NOTICE_AFTER_HOLD_MINUTES = 60;

/** A waiting entry as matching reads it. */
interface WaitingEntry {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  treatmentIds: string[];
  therapistId: string | null;
  dayPart: DayPart;
  /** Start times on the day already offered to it (declined or lapsed): not offered again. */
  offeredTimes: string[];
  offersToday: number;
}

/** A place to offer: a start with its therapist and room. */
export interface Place {
  date: string;
  time: string;
  therapistId: string;
  roomId: string;
  minutes: number;
  firstBlock: number;
  blocks: number;
}

export interface OfferMade extends Place {
  reference: string;
  entryId: string;
  expiresAt: string;
}

/**
 * SQL: the offer is live: open or being paid within its time (a declined card may be tried
 * again), or being paid past it while its payment's hold lasts, or paid and about to be booked.
 */
export function offerLive(nowIso: string, offers = sql.raw('time_waitlist_offers')): SQL {
  return sql`(${offers}.status in ('open', 'paying') and (${offers}.expires_at > ${nowIso} or (${offers}.status = 'paying'
    and exists (select 1 from payments p where p.reference = ${offers}.payment_reference
      and (p.status = 'paid' or (p.status = 'pending' and p.hold_expires_at > ${nowIso}))))))`;
}

export async function offerMinutesSetting(db: Database): Promise<number> {
  const row = await db.get<{ minutes: number }>(
    sql`select waitlist_offer_minutes as minutes from schedule_settings where id = 1`,
  );
  return row?.minutes ?? DEFAULT_OFFER_MINUTES;
}

/** True from 07:00 to 21:00 in Lagos: offers are not sent at night. */
export function offeringHours(now: Date): boolean {
  const minute = minuteOfDay(lagosClock(now));
  return minute >= OFFER_HOURS.from && minute < OFFER_HOURS.to;
}

/** An entry ended by lapsed offers, as its owner is told. */
export interface EndedEntry {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  treatmentIds: string[];
  dates: string[];
}

/**
 * SQL: the entry's latest offers, two in a row, lapsed without an answer. Starting to pay is an
 * answer: a lapsed offer whose payment was begun (payment_reference set) does not count.
 */
const lapsedInARow = (
  entries: SQL,
) => sql`${LAPSES_TO_END} = (select count(*) from (select o.status, o.payment_reference
    from time_waitlist_offers o where o.entry_id = ${entries}.id order by o.created_at desc, o.rowid desc
    limit ${LAPSES_TO_END}) latest where latest.status = 'lapsed' and latest.payment_reference is null)`;

/**
 * Ends what time has ended: open offers past their hold and paying ones whose payment's hold ran
 * out become lapsed (their blocks already stopped counting); entries whose last day passed, left
 * unconfirmed for 24 hours, or whose last two offers lapsed unanswered end. Answers the days of
 * the lapsed offers (their places may go to the next in line) and the entries the lapses ended.
 */
export async function lapseOffers(db: Database, now: Date): Promise<{ days: string[]; ended: EndedEntry[] }> {
  const nowIso = now.toISOString();
  const unconfirmedBefore = isoBefore(now, UNCONFIRMED_HOURS, 'hours');
  const [lapsed, , , ended] = await db.$client.batch<Record<string, string | null>>([
    d1Statement(
      db,
      sql`update time_waitlist_offers set status = 'lapsed'
        where status in ('open', 'paying') and not ${offerLive(nowIso)} returning date`,
    ),
    d1Statement(
      db,
      sql`update time_waitlist_entries set status = 'ended', ended_at = ${nowIso}
        where status = 'waiting' and last_date < ${lagosDate(now)}`,
    ),
    // Nobody proved the address or number: the entry holds no place in line for long.
    d1Statement(
      db,
      sql`update time_waitlist_entries set status = 'ended', ended_at = ${nowIso}
        where status = 'waiting' and confirmed_at is null and created_at < ${unconfirmedBefore}`,
    ),
    d1Statement(
      db,
      sql`update time_waitlist_entries set status = 'ended', ended_at = ${nowIso}
        where status = 'waiting' and ${lapsedInARow(sql.raw('time_waitlist_entries'))}
        returning id, name, email, phone, treatment_ids as treatmentIds, dates`,
    ),
  ]);
  return {
    days: [...new Set((lapsed?.results ?? []).map((row) => String(row.date)))],
    ended: (ended?.results ?? []).map((row) => ({
      id: String(row.id),
      name: String(row.name),
      email: row.email ?? null,
      phone: row.phone ?? null,
      treatmentIds: JSON.parse(String(row.treatmentIds)) as string[],
      dates: JSON.parse(String(row.dates)) as string[],
    })),
  };
}

/** Lapses what time ended (lapseOffers) and tells the owners of the entries that ended so. */
async function lapseAndTell(scope: Scope): Promise<string[]> {
  const { days, ended } = await lapseOffers(scope.db, scope.now);
  if (ended.length > 0) scope.later(tellEnded(scope, ended));
  return days;
}

async function tellEnded(scope: Scope, ended: EndedEntry[]): Promise<void> {
  const studio = studioDetails(scope.env);
  for (const entry of ended) {
    const row = await scope.db.get<{ treatments: string }>(
      sql`select json_group_array(name) as treatments from (select t.name from json_each(${JSON.stringify(entry.treatmentIds)}) ids
        join treatments t on t.id = ids.value order by ids.key)`,
    );
    const treatments = JSON.parse(row?.treatments ?? '[]') as string[];
    await queueMessages(
      scope.db,
      scope.env.MESSAGES,
      await timeWaitlistEndedMessages({ ...entry, treatments }, studio),
    );
  }
}

/** The days (from today) some entry waits for. */
async function waitedForDates(db: Database, now: Date): Promise<string[]> {
  const rows = await db.all<{ date: string }>(
    sql`select distinct days.value as date from time_waitlist_entries e, json_each(e.dates) days
      where e.status = 'waiting' and e.confirmed_at is not null and days.value >= ${lagosDate(now)} order by date`,
  );
  return rows.map((row) => row.date);
}

/**
 * Confirmed entries waiting for `date` with no live offer, first in line first. Staff's offer by
 * hand reads these too: an unconfirmed entry's address or number is nobody's proven (staff
 * offering by hand would message a number someone typed), so staff are told to wait for it.
 */
async function waitingFor(db: Database, date: string, now: Date): Promise<WaitingEntry[]> {
  const nowIso = now.toISOString();
  const rows = await db.all<{
    id: string;
    name: string;
    email: string | null;
    phone: string | null;
    treatmentIds: string;
    therapistId: string | null;
    dayPart: DayPart;
    offeredTimes: string;
    offersToday: number;
  }>(
    sql`select e.id, e.name, e.email, e.phone, e.treatment_ids as treatmentIds, e.therapist_id as therapistId,
        e.day_part as dayPart,
        (select json_group_array(o.time) from time_waitlist_offers o where o.entry_id = e.id and o.date = ${date})
          as offeredTimes,
        (select count(*) from time_waitlist_offers o where o.entry_id = e.id and o.offered_on = ${lagosDate(now)})
          as offersToday
      from time_waitlist_entries e
      where e.status = 'waiting' and e.confirmed_at is not null
        and exists (select 1 from json_each(e.dates) where value = ${date})
        and not exists (select 1 from time_waitlist_offers o where o.entry_id = e.id and ${offerLive(nowIso, sql.raw('o'))})
      order by e.created_at, e.id`,
  );
  return rows.map((row) => ({
    ...row,
    treatmentIds: JSON.parse(row.treatmentIds) as string[],
    offeredTimes: JSON.parse(row.offeredTimes) as string[],
  }));
}

/**
 * The first start on `date` the entry can have: within its part of the day, not offered to it
 * before, far enough ahead to pay and come, with a therapist it asked for and a room both free.
 */
export function placeFor(
  schedule: Schedule,
  entry: Pick<WaitingEntry, 'treatmentIds' | 'therapistId' | 'dayPart' | 'offeredTimes'>,
  date: string,
  earliestStart: Date,
  now: Date,
): Place | undefined {
  const visit = { treatmentIds: entry.treatmentIds, therapistId: entry.therapistId ?? 'any' };
  for (const time of startTimes(schedule.step)) {
    if (!startsWithin(entry.dayPart, time) || entry.offeredTimes.includes(time)) continue;
    if (lagosToUtc(date, time).getTime() < earliestStart.getTime()) continue;
    const best = startOption(schedule, visit, date, time, now).candidates[0];
    const roomId = best?.roomIds[0];
    if (best && roomId) {
      return {
        date,
        time,
        therapistId: best.therapistId,
        roomId,
        minutes: best.minutes,
        firstBlock: best.firstBlock,
        blocks: best.blocks,
      };
    }
  }
  return undefined;
}

/** Marks a place held in a schedule already read, so the next entry is not offered it too. */
function markHeld(schedule: Schedule, place: Place): void {
  for (const resource of [therapistResource(place.therapistId), roomResource(place.roomId)]) {
    let flags = schedule.busy.get(resource);
    if (!flags) {
      flags = new Uint8Array(schedule.blockCount);
      schedule.busy.set(resource, flags);
    }
    flags.fill(1, place.firstBlock - schedule.firstBlock, place.firstBlock - schedule.firstBlock + place.blocks);
  }
}

/**
 * Offers `place` to the entry in one batch. Answers the offer, or 'gone' when the entry no longer
 * waits (left, booked, offered meanwhile, its daily limit reached), or 'taken' when someone took
 * the place first (the batch failed on time_blocks' key and wrote nothing).
 */
export async function makeOffer(
  db: Database,
  entryId: string,
  place: Place,
  options: { now: Date; minutes: number; byStaff: boolean },
): Promise<OfferMade | 'gone' | 'taken'> {
  const { now } = options;
  const nowIso = now.toISOString();
  const today = lagosDate(now);
  const reference = newOfferReference();
  const expiresAt = new Date(now.getTime() + options.minutes * 60_000).toISOString();
  const inserted = sql`exists (select 1 from time_waitlist_offers where reference = ${reference})`;
  const underLimit = options.byStaff
    ? sql`1`
    : sql`(select count(*) from time_waitlist_offers where entry_id = ${entryId} and offered_on = ${today}) < ${OFFERS_PER_DAY}`;
  try {
    await db.$client.batch([
      // An offer past its hold but not yet marked is lapsed here, so it cannot stand in the way.
      d1Statement(
        db,
        sql`update time_waitlist_offers set status = 'lapsed'
          where entry_id = ${entryId} and status in ('open', 'paying') and not ${offerLive(nowIso)}`,
      ),
      d1Statement(
        db,
        sql`insert into time_waitlist_offers (reference, entry_id, date, time, therapist_id, room_id, duration_minutes,
            offered_on, expires_at, by_staff)
          select ${reference}, ${entryId}, ${place.date}, ${place.time}, ${place.therapistId}, ${place.roomId},
            ${place.minutes}, ${today}, ${expiresAt}, ${options.byStaff ? 1 : 0}
          where exists (select 1 from time_waitlist_entries where id = ${entryId} and status = 'waiting')
            and not exists (select 1 from time_waitlist_offers where entry_id = ${entryId} and status in ('open', 'paying'))
            and ${underLimit}
            and not ${closedOn(place.date)} and not ${therapistOffOn(place.therapistId, place.date)}`,
      ),
      ...takeTimeStatements(db, { reference, ...place, expiresAt }, nowIso, inserted),
    ]);
  } catch (error) {
    if (isTimeTaken(error)) return 'taken';
    throw error;
  }
  const made = await db.get<{ reference: string }>(
    sql`select reference from ${timeWaitlistOffers} where reference = ${reference}`,
  );
  return made ? { ...place, reference, entryId, expiresAt } : 'gone';
}

/** Sends the offer's email and WhatsApp, and a queue message that comes back when its hold ends. */
async function announceOffer(scope: Scope, offer: OfferMade, entry: WaitingEntry, minutes: number): Promise<void> {
  const facts = await offerFacts(scope.db, offer, entry.treatmentIds, entry, scope.now);
  const token = await offerToken(offer.reference, scope.env.MANAGE_LINK_SECRET);
  const studio = studioDetails(scope.env);
  await queueMessages(
    scope.db,
    scope.env.MESSAGES,
    await timeWaitlistOfferMessages(
      {
        ...facts,
        reference: offer.reference,
        name: entry.name,
        email: entry.email,
        phone: entry.phone,
        date: offer.date,
        time: offer.time,
        heldMinutes: minutes,
        offerUrl: `${studio.siteUrl}${offerPath(token)}`,
      },
      studio,
    ),
  );
  // Back a few seconds after the hold ends: the place then goes to the next in line (the cron
  // does the same every quarter hour, should this message be lost).
  await scope.env.MESSAGES.send({ offerLapse: offer.reference }, { delaySeconds: minutes * 60 + 5 });
}

/**
 * What is paid online to book these treatments: the deposit, or the whole price (before any
 * coupon) for a client past the no-show rule, as the payment will charge it.
 */
export async function offerPayNow(
  db: Database,
  treatments: string[],
  client: { email: string | null; phone: string | null },
  now: Date,
): Promise<number> {
  const [catalogue, inFull] = await Promise.all([
    readCatalogue(db),
    needsFullPayment(db, { email: client.email ?? '', phone: client.phone ?? '' }, now),
  ]);
  const priced = priceBooking(treatments, catalogue.treatments);
  if (!priced.ok) return 0;
  return inFull ? priced.total : depositSplit(priced.lines, priced.total).online;
}

async function offerFacts(
  db: Database,
  place: Place,
  treatmentIds: string[],
  client: { email: string | null; phone: string | null },
  now: Date,
) {
  const row = await db.get<{ therapist: string; treatments: string }>(
    sql`select (select name from therapists where id = ${place.therapistId}) as therapist,
      (select json_group_array(name) from (select t.name from json_each(${JSON.stringify(treatmentIds)}) ids
        join treatments t on t.id = ids.value order by ids.key)) as treatments`,
  );
  const treatments = JSON.parse(row?.treatments ?? '[]') as string[];
  return {
    therapistName: row?.therapist ?? 'Any therapist',
    treatments,
    payNow: await offerPayNow(db, treatments, client, now),
  };
}

/**
 * Offers what is free on `dates` (every day someone waits for, when none are named) to the entries
 * waiting for them, first in line first. Nothing at night: a place freed then stays on sale until
 * the morning's run offers it, if still free. Answers the offers made.
 */
export async function offerFreedPlaces(scope: Scope, dates?: string[]): Promise<OfferMade[]> {
  const { db, now } = scope;
  const lapsedDays = await lapseAndTell(scope);
  if (!offeringHours(now)) return [];
  const days = dates ? [...new Set([...dates, ...lapsedDays])].sort() : await waitedForDates(db, now);
  const minutes = await offerMinutesSetting(db);
  const earliestStart = new Date(now.getTime() + (minutes + NOTICE_AFTER_HOLD_MINUTES) * 60_000);
  const made: OfferMade[] = [];
  for (const date of days) {
    if (date < lagosDate(now)) continue;
    const entries = (await waitingFor(db, date, now)).filter((entry) => entry.offersToday < OFFERS_PER_DAY);
    if (entries.length === 0) continue;
    let schedule = await loadSchedule(db, date, date, now);
    for (const entry of entries) {
      for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
        const place = placeFor(schedule, entry, date, earliestStart, now);
        if (!place) break;
        const offer = await makeOffer(db, entry.id, place, { now, minutes, byStaff: false });
        if (offer === 'taken') {
          schedule = await loadSchedule(db, date, date, now);
          continue;
        }
        if (offer !== 'gone') {
          made.push(offer);
          markHeld(schedule, place);
          scope.later(announceOffer(scope, offer, entry, minutes));
        }
        break;
      }
    }
  }
  return made;
}

/** After something freed time on `dates` (or anywhere): the offering runs once the answer is sent. */
export function placesFreed(scope: Scope, dates?: string[]): void {
  // Begun on a later turn of the event loop: the answer is sent first, not slowed by these reads.
  scope.later(new Promise((resolve) => setTimeout(resolve, 0)).then(() => offerFreedPlaces(scope, dates)));
}

/**
 * Staff's "Offer this place": the entry is offered the start they chose (its therapist, or the
 * first free one the entry can have), at any hour and beyond the daily limit.
 */
export async function offerPlaceByHand(
  scope: Scope,
  entryId: string,
  choice: { date: string; time: string; therapistId?: string },
): Promise<{ ok: true; offer: OfferMade } | { ok: false; status: 404 | 409; message: string }> {
  const { db, now } = scope;
  // What time ended first (an entry two lapses ended is not offered again, and its owner is told).
  await lapseAndTell(scope);
  const [entry] = (await waitingFor(db, choice.date, now)).filter((each) => each.id === entryId);
  if (!entry) return { ok: false, ...(await whyNotOffered(db, entryId, now)) };
  const minutes = await offerMinutesSetting(db);
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    const schedule = await loadSchedule(db, choice.date, choice.date, now);
    const visit = { treatmentIds: entry.treatmentIds, therapistId: choice.therapistId ?? entry.therapistId ?? 'any' };
    const best = startOption(schedule, visit, choice.date, choice.time, now).candidates[0];
    const roomId = best?.roomIds[0];
    if (!best || !roomId) return { ok: false, status: 409, message: timeWaitlistMessages.notAvailable };
    const { therapistId, minutes: length, firstBlock, blocks } = best;
    const place = { date: choice.date, time: choice.time, therapistId, roomId, minutes: length, firstBlock, blocks };
    const offer = await makeOffer(db, entryId, place, { now, minutes, byStaff: true });
    if (offer === 'taken') continue;
    if (offer === 'gone') {
      // Offered meanwhile, or the day closed or the therapist off between the read and the write.
      const why = await whyNotOffered(db, entryId, now);
      return {
        ok: false,
        ...(why.status === 409 && why.message !== timeWaitlistMessages.alreadyOffered
          ? { status: 409 as const, message: timeWaitlistMessages.notAvailable }
          : why),
      };
    }
    scope.later(announceOffer(scope, offer, entry, minutes));
    return { ok: true, offer };
  }
  return { ok: false, status: 409, message: timeWaitlistMessages.notAvailable };
}

/** Why an entry cannot be offered a place by hand: it ended, is unconfirmed, has an offer, or not that day. */
async function whyNotOffered(
  db: Database,
  entryId: string,
  now: Date,
): Promise<{ status: 404 | 409; message: string }> {
  const row = await db.get<{ offered: number; confirmed: number }>(
    sql`select exists (select 1 from time_waitlist_offers o where o.entry_id = e.id and ${offerLive(now.toISOString(), sql.raw('o'))})
        as offered, e.confirmed_at is not null as confirmed
      from time_waitlist_entries e where e.id = ${entryId} and e.status = 'waiting'`,
  );
  if (!row) return { status: 404, message: timeWaitlistMessages.entryEnded };
  if (!row.confirmed) return { status: 409, message: timeWaitlistMessages.notConfirmed };
  return { status: 409, message: row.offered ? timeWaitlistMessages.alreadyOffered : timeWaitlistMessages.notThatDay };
}

/** Ends an open offer (declined by the client, withdrawn as the entry leaves) and frees its place. */
export async function endOffer(
  db: Database,
  reference: string,
  status: 'declined' | 'withdrawn',
  now: Date,
): Promise<{ date: string } | undefined> {
  const nowIso = now.toISOString();
  const [ended] = await db.$client.batch<{ date: string }>([
    d1Statement(
      db,
      sql`update time_waitlist_offers set status = ${status}
        where reference = ${reference} and status = 'open' and expires_at > ${nowIso} returning date`,
    ),
    d1Statement(
      db,
      sql`delete from time_blocks where payment_reference = ${reference}
        and (select status from time_waitlist_offers where reference = ${reference}) = ${status}`,
    ),
  ]);
  return ended?.results[0];
}

/** The queue's message a few seconds after an offer's hold ended: its place goes to the next in line. */
export async function offerAfterLapse(scope: Scope, reference: string): Promise<void> {
  const offer = await scope.db.get<{ date: string }>(
    sql`select date from time_waitlist_offers where reference = ${reference}`,
  );
  if (offer) await offerFreedPlaces(scope, [offer.date]);
}
