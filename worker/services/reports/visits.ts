/**
 * The reports' visits: appointments and what became of them (no-shows, late cancellations), what
 * completed visits earned per treatment and therapist with the therapists' commissions, and the
 * clients behind them (rebooking, new against returning). Definitions: shared/report-rules.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AppointmentFigures, type CommissionLine, rate } from '../../shared/report-rules';
import type { ReportWindow } from './window';

type StatusCounts = Omit<AppointmentFigures, 'noShowRate' | 'lateCancellationRate'>;

export const emptyCounts = (): StatusCounts => ({
  total: 0,
  booked: 0,
  arrived: 0,
  completed: 0,
  noShows: 0,
  cancelled: 0,
  lateCancellations: 0,
});

const statusField = {
  booked: 'booked',
  arrived: 'arrived',
  completed: 'completed',
  'no-show': 'noShows',
  cancelled: 'cancelled',
} as const;

export const withRates = (counts: StatusCounts): AppointmentFigures => ({
  ...counts,
  noShowRate: rate(counts.noShows, counts.completed + counts.arrived + counts.noShows),
  lateCancellationRate: rate(counts.lateCancellations, counts.total),
});

/** Appointments dated in the period by status, for the studio and per therapist (id '' for none). */
export async function appointmentCounts(db: Database, window: ReportWindow) {
  const rows = await db.all<{ therapistId: string; status: keyof typeof statusField; count: number; late: number }>(sql`
    select coalesce(therapist_id, '') as "therapistId", service_status as status, count(*) as count,
      -- The start is Lagos wall time (UTC+1): 24 hours before it is 25 hours before it read as UTC.
      sum(service_status = 'cancelled'
        and cancelled_at > strftime('%Y-%m-%dT%H:%M:%fZ', date || ' ' || time, '-25 hours')) as late
    from bookings where date between ${window.from} and ${window.to}
    group by 1, 2`);
  const studio = emptyCounts();
  const byTherapist = new Map<string, StatusCounts>();
  for (const row of rows) {
    const own = byTherapist.get(row.therapistId) ?? emptyCounts();
    byTherapist.set(row.therapistId, own);
    for (const counts of [studio, own]) {
      counts.total += Number(row.count);
      counts[statusField[row.status]] += Number(row.count);
      counts.lateCancellations += Number(row.late ?? 0);
    }
  }
  return { studio, byTherapist };
}

type PricedLine = { name: string; price: number };

interface CompletedVisit {
  therapistId: string | null;
  /** What was paid of it online, by voucher and at the desk. */
  collected: number;
  packageValue: number;
  lines: PricedLine[] | null;
  treatmentIds: string[] | null;
  subservices: string[];
}

/** A completed visit as the query answers it, its JSON columns parsed with the rest. */
type CompletedVisitRow = [
  therapistId: string | null,
  collected: number,
  packageValue: number,
  lines: PricedLine[] | null,
  treatmentIds: string[] | null,
  subservices: string[],
];

/** A visit's value in whole naira shared across weights, largest remainders first: the shares add up to it. */
export function shareOut(value: number, weights: number[]): number[] {
  if (weights.length === 1) return [value];
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole <= 0) return weights.map((_, index) => (index === 0 ? value : 0));
  const exact = weights.map((weight) => (value * weight) / whole);
  const shares = exact.map(Math.floor);
  let left = value - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((share, index) => ({ index, rest: share - Math.floor(share) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

interface TreatmentTally {
  name: string;
  visits: number;
  value: number;
}

export interface CommissionRates {
  percent: Map<string, number>;
  /** `<therapist id> <treatment id>` → percent. */
  perTreatment: Map<string, number>;
}

export async function commissionRates(db: Database): Promise<CommissionRates> {
  const [therapists, overrides] = await Promise.all([
    db.all<{ id: string; percent: number }>(sql`select id, commission_percent as percent from therapists`),
    db.all<{ therapistId: string; treatmentId: string; percent: number }>(
      sql`select therapist_id as "therapistId", treatment_id as "treatmentId", percent from therapist_commissions`,
    ),
  ]);
  return {
    percent: new Map(therapists.map((row) => [row.id, Number(row.percent)])),
    perTreatment: new Map(overrides.map((row) => [`${row.therapistId} ${row.treatmentId}`, Number(row.percent)])),
  };
}

const menuPrices = async (db: Database) =>
  new Map(
    (await db.all<{ id: string; price: number }>(sql`select id, price from treatments`)).map((row) => [
      row.id,
      Number(row.price),
    ]),
  );

/**
 * A visit's treatments, keyed by the menu's id where the booking kept it, weighted by the price
 * it was sold at. A payment whose priced lines are gone (an erased client's, an older record's):
 * the menu's prices now, else equal shares.
 */
function linesOf(visit: CompletedVisit, menu: Map<string, number>) {
  const ids = visit.treatmentIds ?? [];
  const priced = visit.lines ?? [];
  if (priced.length > 0) return priced.map((line, index) => ({ key: ids[index] ?? line.name, ...line }));
  return visit.subservices.map((name, index) => {
    const id = ids[index];
    return { key: id ?? name, name, price: (id && menu.get(id)) || 1 };
  });
}

/**
 * Completed visits' value: the studio's, per treatment, and per therapist with their commission
 * lines (a therapist's tally per treatment, keyed by the menu's id where the booking kept it).
 * A visit's value is what was collected for it (online, by voucher and at the desk: amount_paid),
 * never the price of an unpaid one: a visit marked completed that nobody paid for earns nothing.
 */
export async function visitValues(db: Database, window: ReportWindow, rates: CommissionRates) {
  // Package sessions at the price per session paid: a package's price over its sessions, a
  // membership's monthly price over its month's sessions (half its wallet).
  // As one JSON text: a year's 20,000 rows cost D1 more as rows than as one value.
  const read = await db.get<{ visits: string }>(sql`
    select json_group_array(json_array(b.therapist_id, b.amount_paid,
      coalesce((select u.sessions * pp.price * (case when pp.plan_id is null then 1.0 else 2.0 end) / pp.sessions
        from package_uses u join package_purchases pp on pp.id = u.purchase_id
        where u.payment_reference = b.payment_reference and u.state = 'spent'), 0),
      -- The prices it was sold at weigh a visit's treatments: one treatment needs none.
      case when json_array_length(b.subservices) > 1 then
        (select json_extract(p.details, '$.lines') from payments p where p.reference = b.payment_reference) end,
      json(b.treatment_ids), json(b.subservices))) as visits
    from bookings b
    where b.date between ${window.from} and ${window.to} and b.service_status = 'completed'`);
  const visits = (JSON.parse(read?.visits ?? '[]') as CompletedVisitRow[]).map(
    ([therapistId, collected, packageValue, lines, treatmentIds, subservices]): CompletedVisit => ({
      therapistId,
      collected,
      packageValue,
      lines,
      treatmentIds,
      subservices,
    }),
  );
  const menu = await menuPrices(db);
  const treatments = new Map<string, TreatmentTally>();
  const therapists = new Map<string, { visits: number; value: number; lines: Map<string, TreatmentTally> }>();
  let total = 0;
  for (const visit of visits) {
    const value = Number(visit.collected) + Math.round(Number(visit.packageValue));
    total += value;
    const lines = linesOf(visit, menu);
    const shares = shareOut(
      value,
      lines.map((line) => line.price),
    );
    const own = therapists.get(visit.therapistId ?? '') ?? { visits: 0, value: 0, lines: new Map() };
    therapists.set(visit.therapistId ?? '', own);
    own.visits += 1;
    own.value += value;
    lines.forEach((line, index) => {
      for (const tally of [treatments, own.lines]) {
        const row = tally.get(line.key) ?? { name: line.name, visits: 0, value: 0 };
        tally.set(line.key, row);
        row.visits += 1;
        row.value += shares[index] ?? 0;
      }
    });
  }
  const commissions = new Map<string, CommissionLine[]>();
  for (const [therapistId, own] of therapists) {
    const base = rates.percent.get(therapistId) ?? 0;
    const commissionLines = [...own.lines].map(([treatmentId, tally]): CommissionLine => {
      const percent = rates.perTreatment.get(`${therapistId} ${treatmentId}`) ?? base;
      return {
        treatmentId,
        treatment: tally.name,
        visits: tally.visits,
        value: tally.value,
        percent,
        commission: Math.round((tally.value * percent) / 100),
      };
    });
    commissions.set(
      therapistId,
      commissionLines.sort((a, b) => b.value - a.value),
    );
  }
  return {
    completedVisits: visits.length,
    total,
    treatments: [...treatments]
      .map(([id, tally]) => ({ id, ...tally }))
      .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name)),
    therapists,
    commissions,
  };
}

/** Clients with a completed visit in the period: how many rebooked within 60 days, how many are new. */
export async function clientFigures(db: Database, window: ReportWindow) {
  const row = await db.get<{ clients: number; rebooked: number; newClients: number }>(sql`
    with visits as (
      select rowid as visit, client_id, date from bookings
      where service_status = 'completed' and date between ${window.from} and ${window.to} and client_id is not null
    ),
    per_client as (
      select v.client_id,
        max(exists (select 1 from bookings r where r.client_id = v.client_id and r.rowid <> v.visit
          and r.service_status <> 'cancelled' and r.created_at < ${window.nowUtc}
          and r.created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', v.date, '-1 hour')
          and r.created_at < strftime('%Y-%m-%dT%H:%M:%fZ', v.date, '+61 days', '-1 hour'))) as rebooked,
        not exists (select 1 from bookings e where e.client_id = v.client_id and e.date < ${window.from}
          and e.service_status = 'completed') as is_new
      from visits v group by v.client_id
    )
    select count(*) as clients, coalesce(sum(rebooked), 0) as rebooked, coalesce(sum(is_new), 0) as "newClients"
    from per_client`);
  const clients = Number(row?.clients ?? 0);
  const rebooked = Number(row?.rebooked ?? 0);
  const newClients = Number(row?.newClients ?? 0);
  return { clients, rebooked, newClients, returningClients: clients - newClients };
}
