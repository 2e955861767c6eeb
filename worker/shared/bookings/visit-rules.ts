/**
 * When a visit's status may change, in Lagos time: the one rule the Worker enforces and
 * the admin screens read to offer only the buttons that will work.
 */
import type { serviceStatuses } from '../statuses';
import { lagosDate, lagosToUtc } from '../time';

type ServiceStatus = (typeof serviceStatuses)[number];

/** The status changes of a visit's day. */
export const statusChanges = ['arrived', 'completed', 'no-show', 'booked'] as const;
export type StatusChange = (typeof statusChanges)[number];

export const isStatusChange = (status: string | undefined): status is StatusChange =>
  statusChanges.some((change) => change === status);

const MINUTE_MS = 60_000;
/** A client may be marked arrived from an hour before the start. */
export const ARRIVAL_OPENS_MINUTES = 60;
/** And a no-show from a quarter of an hour after it. */
export const NO_SHOW_AFTER_MINUTES = 15;

export const visitStatusMessages = {
  arrivedFrom: 'Only a booked visit can be marked arrived.',
  arrivedWhen: 'A client can be marked arrived on the day of the visit, from an hour before it starts.',
  completedFrom: 'Only a booked or arrived visit can be marked complete, and only once.',
  completedWhen: 'A visit can be marked complete from its start time.',
  noShowFrom: 'Only a booked visit can be marked a no-show.',
  noShowWhen: 'A client can be marked a no-show from 15 minutes after the start.',
  bookedFrom: 'Only an arrived or missed visit can be set back to booked.',
  bookedWhen: 'A visit can be set back to booked only on its day.',
  changedMeanwhile: 'This visit was changed meanwhile: please reload and try again.',
} as const;

export interface Visit {
  serviceStatus: ServiceStatus;
  date: string;
  time: string;
}

/** Why `visit` cannot become `to` at `now`, or null when it can. */
export function statusChangeRefusal(visit: Visit, to: StatusChange, now: Date): string | null {
  const start = lagosToUtc(visit.date, visit.time).getTime();
  const onItsDay = lagosDate(now) === visit.date;
  const from = visit.serviceStatus;
  switch (to) {
    case 'arrived':
      if (from !== 'booked') return visitStatusMessages.arrivedFrom;
      return onItsDay && now.getTime() >= start - ARRIVAL_OPENS_MINUTES * MINUTE_MS
        ? null
        : visitStatusMessages.arrivedWhen;
    case 'completed':
      if (from !== 'booked' && from !== 'arrived') return visitStatusMessages.completedFrom;
      return now.getTime() >= start ? null : visitStatusMessages.completedWhen;
    case 'no-show':
      if (from !== 'booked') return visitStatusMessages.noShowFrom;
      return now.getTime() >= start + NO_SHOW_AFTER_MINUTES * MINUTE_MS ? null : visitStatusMessages.noShowWhen;
    case 'booked':
      if (from !== 'arrived' && from !== 'no-show') return visitStatusMessages.bookedFrom;
      return onItsDay ? null : visitStatusMessages.bookedWhen;
  }
}

/**
 * The health form of a visit: `done` (answered online at booking, or from the visit's form link),
 * `missing` (a booking staff took, still to come or under way), `not-needed` (the visit is over or
 * cancelled without one: nothing is left to ask).
 */
export const visitFormStates = ['done', 'missing', 'not-needed'] as const;
export type VisitFormState = (typeof visitFormStates)[number];

export const formStateOf = (visit: { healthFormAt: string | null; serviceStatus: ServiceStatus }): VisitFormState =>
  visit.healthFormAt
    ? 'done'
    : visit.serviceStatus === 'booked' || visit.serviceStatus === 'arrived'
      ? 'missing'
      : 'not-needed';
