/**
 * What a booking's payment start reads before it holds the time: the menu, whether the client
 * must pay in full (no-show-rule.ts), and the day's schedule. Read now (one trip, the three
 * together), or taken as kept (no trip): the menu as the last start read it, the day as
 * availability last read it (a visitor looks at a day's times before choosing one), and "a deposit
 * will do". What was taken as kept is then guarded in the hold's own insert (the booked
 * treatments as kept, the schedule's version, the no-show rule), so the hold is one trip to D1, and a kept
 * read out of date only refuses the hold: the start then reads afresh.
 */
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { needsFullPayment, needsFullPaymentSql } from '../bookings/no-show-rule';
import { type CatalogueTreatment, readCatalogue } from '../catalogue/catalogue';
import { stillAt } from '../kept-answers';
import { keptDaySchedule } from '../schedule/availability-answers';
import { treatmentIdsOf } from '../schedule/booking-time';
import { loadSchedule, type Schedule } from '../schedule/schedule';
import type { PaymentContext } from './context';
import type { Guard } from './guards';

export interface BookingReads {
  menu: CatalogueTreatment[];
  inFull: boolean;
  /** The day's schedule, in flight (none: an offered place reads its own once the offer is known). */
  schedule: Promise<Schedule> | undefined;
  /** What the hold's insert must find still so; none for what was read now. */
  assumed: Guard[];
}

/** What the start asks for, as far as its reads go. */
export interface ReadsFor {
  date: string;
  treatments: readonly string[];
  customer: { email: string; phone: string };
  /** The visitor's own earlier holds on this start, which count toward nothing (they are replaced). */
  ownHoldsHere: SQL;
  /** A code given (coupon, voucher, package, a waitlist offer): each reads its own, so nothing is taken as kept. */
  withCodes: boolean;
  /** A place offered from the waitlist: its schedule is read once the offer is known. */
  byOffer: boolean;
}

/** The menu the last start in this isolate read. */
let keptMenu: CatalogueTreatment[] | undefined;

/** The three read together (the schedule still in flight when the others are back). */
export async function readNow(context: PaymentContext, asked: ReadsFor): Promise<BookingReads> {
  const schedule = asked.byOffer
    ? undefined
    : loadSchedule(context.db, asked.date, asked.date, context.now, { excluding: asked.ownHoldsHere });
  // A refusal before the hold leaves the schedule unread: its failure then is no one's to answer.
  schedule?.catch(() => undefined);
  const [catalogue, inFull] = await Promise.all([
    readCatalogue(context.db),
    needsFullPayment(context.db, asked.customer, context.now),
  ]);
  keptMenu = catalogue.treatments;
  return { menu: catalogue.treatments, inFull, schedule, assumed: [] };
}

/**
 * SQL: the treatment is still as kept, in all that its price, deposit and length are made of (its
 * values themselves, not its version: a write that forgot the version cannot pass).
 */
const asKept = (treatment: CatalogueTreatment) => sql`exists (select 1 from treatments where id = ${treatment.id}
  and name = ${treatment.name} and price = ${treatment.price} and deposit_percent = ${treatment.depositPercent}
  and duration_minutes is ${treatment.durationMinutes} and buffer_minutes = ${treatment.bufferMinutes}
  and active = ${treatment.active ? 1 : 0})`;

/** The three as kept, with what must still be so; undefined when something is not kept (or codes are given). */
export function keptReads(context: PaymentContext, asked: ReadsFor): BookingReads | undefined {
  const day = keptDaySchedule(asked.date);
  const menu = keptMenu;
  if (asked.withCodes || !day || !menu) return undefined;
  const ids = treatmentIdsOf(asked.treatments, menu);
  if (!ids) return undefined;
  const booked = menu.filter((treatment) => ids.includes(treatment.id));
  return {
    menu,
    inFull: false,
    schedule: Promise.resolve(day.schedule),
    assumed: [
      { condition: stillAt('schedule_version', day.version) },
      ...booked.map((treatment) => ({ condition: asKept(treatment) })),
      { condition: sql`not ${needsFullPaymentSql(asked.customer, context.now)}` },
    ],
  };
}
