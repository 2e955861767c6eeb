/** A report's period as the queries read it: Lagos dates, and the UTC instants they begin and end at. */
import { sql } from 'drizzle-orm';
import { daysBetween } from '../../shared/report-rules';
import { addDays, lagosDate, lagosToUtc } from '../../shared/time';

export interface ReportWindow {
  from: string;
  to: string;
  /** The first day's start and the day after the last's start, ISO UTC (payments' and refunds' times). */
  fromUtc: string;
  endUtc: string;
  /** Where "at the period's end" is for a period not over yet: now. */
  atUtc: string;
  /** Now: what had happened by then counts (the digest reads the week before as of a week ago). */
  nowUtc: string;
  atDate: string;
}

export function reportWindow(from: string, to: string, now: Date): ReportWindow {
  const endUtc = lagosToUtc(addDays(to, 1), '00:00').toISOString();
  const nowIso = now.toISOString();
  const today = lagosDate(now);
  const over = endUtc <= nowIso;
  return {
    from,
    to,
    fromUtc: lagosToUtc(from, '00:00').toISOString(),
    endUtc,
    atUtc: over ? endUtc : nowIso,
    nowUtc: nowIso,
    atDate: over ? to : today,
  };
}

/** Every date of the period, in order. */
export function datesOf(window: Pick<ReportWindow, 'from' | 'to'>): string[] {
  return Array.from({ length: daysBetween(window.from, window.to) }, (_, index) => addDays(window.from, index));
}

/**
 * SQL: an ISO instant column's Lagos date (Lagos is UTC+1 all year): its own date, but the next
 * one in the UTC hour before midnight. strftime on every row was a third of a year's revenue query.
 */
export const lagosDayOf = (column: string) =>
  sql.raw(
    `case when substr(${column}, 12, 2) = '23' then date(${column}, '+1 hour') else substr(${column}, 1, 10) end`,
  );
