/**
 * The Reports screen's agreed definitions, its periods and the shape of its answer: isomorphic, so
 * the Worker, the admin screen and the README say the same sentence for each figure.
 */
import { addDays, isIsoDate } from './time';

/** One sentence per figure, named as the JSON names it (`definitions` in every answer). */
export const reportDefinitions = {
  revenue:
    'Money in: payments received on the Lagos day they arrived (online when paid, at the studio when staff marked them paid), less refunds on the day they were processed; a gift voucher or package counts when it is sold and a membership each month it is paid, not when its sessions or balance are spent.',
  visitValue:
    'What completed visits dated in the period collected after coupons: what was paid online, at the studio or by gift voucher (nothing for a visit nobody paid for), plus the package sessions used at the price per session the client paid.',
  treatments: 'Each completed visit’s value shared across its treatments in proportion to their menu prices.',
  products:
    'Units sold and their value at the price sold (before an order’s coupon), for orders paid in the period and not cancelled.',
  utilisation:
    'Booked minutes (buffers included, a visit past midnight counted on each day for its part) that fall inside working time, over working minutes: a therapist’s weekly hours from the day they were added (or first booked), less their days off and closed days; a room’s, the minutes any therapist works that day.',
  busiestHours:
    'Each hour of the day’s therapist utilisation over the period, busiest and emptiest among the hours someone works.',
  noShowRate:
    'No-shows over the appointments dated in the period that came due: completed, arrived or missed (not those still ahead, nor cancelled ones).',
  lateCancellationRate:
    'Appointments cancelled less than 24 hours before their start, over all appointments dated in the period.',
  rebookingRate:
    'Of the clients with a completed visit in the period, the share who made another booking (not cancelled) between that visit’s day and 60 days after it; for visits less than 60 days ago, so far.',
  newClients: 'Clients with a completed visit in the period and none before it; the others are returning.',
  averageVisitValue: 'Visit value over the number of completed visits.',
  liability:
    'What clients still hold unspent at the period’s end: gift voucher balances and unused package sessions at the price per session they paid, for those still valid then (membership sessions are paid month by month and not counted).',
  commissions:
    'Each completed visit’s value per treatment times the therapist’s commission percent (or their percent for that treatment), at the percentages set now.',
} as const;

export type ReportDefinitionName = keyof typeof reportDefinitions;

/** A year and a day: a leap year's whole year fits. */
export const MAX_REPORT_DAYS = 366;
/** The years a report may cover: the studio's, with room (and ISO dates keep four-digit years). */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

export const reportMessages = {
  dates: 'Please give both dates as yyyy-MM-dd.',
  range: `Please choose dates from ${FIRST_YEAR} to ${LAST_YEAR}.`,
  order: 'The period must end on or after its first day.',
  tooLong: `Please choose a period of at most ${MAX_REPORT_DAYS} days.`,
} as const;

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Why a from/to pair is not a period, or null. */
export function periodProblem(from: string, to: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return reportMessages.dates;
  const years = [Number(from.slice(0, 4)), Number(to.slice(0, 4))];
  if (years.some((year) => year < FIRST_YEAR || year > LAST_YEAR)) return reportMessages.range;
  if (to < from) return reportMessages.order;
  if (daysBetween(from, to) > MAX_REPORT_DAYS) return reportMessages.tooLong;
  return null;
}

export interface ReportPeriod {
  from: string;
  to: string;
}

/** Monday of the week `day` is in (weeks run Monday to Sunday). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The screen's quick periods, from the Lagos date `today`. */
export function presetPeriods(today: string) {
  const monday = mondayOf(today);
  const thisMonth = monthStart(today);
  const lastMonthEnd = addDays(thisMonth, -1);
  return {
    thisWeek: { from: monday, to: addDays(monday, 6) },
    lastWeek: { from: addDays(monday, -7), to: addDays(monday, -1) },
    thisMonth: { from: thisMonth, to: addDays(monthStart(addDays(thisMonth, 31)), -1) },
    lastMonth: { from: monthStart(lastMonthEnd), to: lastMonthEnd },
  } satisfies Record<string, ReportPeriod>;
}

export type PresetName = keyof ReturnType<typeof presetPeriods>;

export const presetLabels: Record<PresetName, string> = {
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
};

/** How money came in, in the chart's order. */
export const revenueChannels = ['online', 'studio', 'vouchers', 'packages'] as const;
export type RevenueChannel = (typeof revenueChannels)[number];

export const channelLabels: Record<RevenueChannel | 'refunds', string> = {
  online: 'Online',
  studio: 'At the studio',
  vouchers: 'Gift vouchers',
  packages: 'Packages and memberships',
  refunds: 'Refunds',
};

export type RevenueFigures = Record<RevenueChannel | 'refunds' | 'total', number>;

/** A share (0 to 1, four places), or null when there was nothing to divide by. */
export type Rate = number | null;

export const rate = (part: number, whole: number): Rate =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

export interface MinutesFigure {
  bookedMinutes: number;
  workingMinutes: number;
  rate: Rate;
}

export interface UtilisationRow extends MinutesFigure {
  id: string;
  name: string;
  days: Array<{ date: string } & MinutesFigure>;
}

export interface AppointmentFigures {
  total: number;
  booked: number;
  arrived: number;
  completed: number;
  noShows: number;
  cancelled: number;
  lateCancellations: number;
  noShowRate: Rate;
  lateCancellationRate: Rate;
}

export interface CommissionLine {
  /** The menu's id of the treatment (its name where the booking kept no id). */
  treatmentId: string;
  treatment: string;
  visits: number;
  value: number;
  percent: number;
  commission: number;
}

export interface TherapistFigures {
  id: string;
  name: string;
  completedVisits: number;
  visitValue: number;
  commission: number;
  commissionLines: CommissionLine[];
  appointments: AppointmentFigures;
  utilisation: MinutesFigure;
}

export interface Report {
  period: ReportPeriod & { days: number };
  definitions: typeof reportDefinitions;
  revenue: { totals: RevenueFigures; days: Array<{ date: string } & RevenueFigures> };
  /** `id`: the menu's id of the treatment (its name where the booking kept no id). */
  treatments: Array<{ id: string; name: string; visits: number; value: number }>;
  products: Array<{ name: string; size: string; units: number; value: number }>;
  therapists: TherapistFigures[];
  utilisation: {
    /** All therapists together, for the period, per day and per hour of the day. */
    total: MinutesFigure;
    days: Array<{ date: string } & MinutesFigure>;
    hours: Array<{ hour: number } & MinutesFigure>;
    therapists: UtilisationRow[];
    rooms: UtilisationRow[];
  };
  appointments: AppointmentFigures;
  clients: {
    completedVisits: number;
    visitValue: number;
    averageVisitValue: number | null;
    withCompletedVisits: number;
    rebooked: number;
    rebookingRate: Rate;
    newClients: number;
    returningClients: number;
  };
  /** `at`: the instant it is read at (the period's end, or now); `date`: the Lagos day that is in. */
  liability: { at: string; date: string; vouchers: number; packages: number; total: number };
}

/**
 * The hours of the day someone works, busiest and emptiest by utilisation (the earlier on a tie);
 * no busiest when nothing was booked. The screen and the Monday email both say these.
 */
export function busiestAndEmptiest(hours: ReadonlyArray<{ hour: number } & MinutesFigure>) {
  let busiest: { hour: number; rate: number } | null = null;
  let emptiest: { hour: number; rate: number } | null = null;
  for (const { hour, workingMinutes, rate } of hours) {
    if (workingMinutes <= 0 || rate === null) continue;
    if (!busiest || rate > busiest.rate) busiest = { hour, rate };
    if (!emptiest || rate < emptiest.rate) emptiest = { hour, rate };
  }
  return { busiest: busiest && busiest.rate > 0 ? busiest : null, emptiest };
}
