/**
 * A visit's status on every staff screen: its word (never colour alone) and the buttons of its day
 * (Arrived, Mark Complete, No-show, Back to booked), each offered only when the Worker's rule
 * (shared/bookings/visit-rules.ts) allows it now. The Worker decides again, and says why when it refuses.
 */

import {
  type StatusChange,
  statusChangeRefusal,
  type VisitFormState,
} from '../../../worker/shared/bookings/visit-rules';
import type { serviceStatuses } from '../../../worker/shared/statuses';
import { adminRequest, api } from '../frame/admin-api';
import { StatusBadge } from '../kits/admin-ui';
import type { SubmitChange } from './booking-changes';

export type VisitStatus = (typeof serviceStatuses)[number];

export const visitStatusWords: Record<VisitStatus, string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  completed: 'Completed',
  'no-show': 'No-show',
  cancelled: 'Cancelled',
};

const tones: Record<VisitStatus, Parameters<typeof StatusBadge>[0]['tone']> = {
  booked: 'info',
  arrived: 'arrived',
  completed: 'success',
  'no-show': 'warning',
  cancelled: 'danger',
};

export function VisitStatusBadge({ status }: { status: VisitStatus }) {
  return <StatusBadge status={visitStatusWords[status]} tone={tones[status]} />;
}

/** A visit's health form, in words (Today, the Calendar). */
export const formWords: Record<VisitFormState, string> = {
  done: 'Health form done',
  missing: 'Health form missing',
  'not-needed': 'No health form needed',
};

/** The client's no-shows within 12 months that count ("2 no-shows"), when any. */
export function NoShowBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return <StatusBadge status={`${count} ${count === 1 ? 'no-show' : 'no-shows'}`} tone="warning" />;
}

interface VisitForChange {
  _id: string;
  name: string;
  date: string;
  time: string;
  serviceStatus: VisitStatus;
}

export const buttonLabels: Record<StatusChange, string> = {
  arrived: 'Arrived',
  completed: 'Mark Complete',
  'no-show': 'No-show',
  booked: 'Back to booked',
};

export const successOf = (name: string, to: StatusChange) =>
  ({
    arrived: `${name} has arrived.`,
    completed: `${name}’s appointment is marked complete.`,
    'no-show': `${name} is marked a no-show and will get a “We missed you” message.`,
    booked: `${name}’s visit is booked again.`,
  })[to];

/** The changes the rule allows for `visit` at `now`, in the order of a visit's day. */
export const allowedChanges = (visit: VisitForChange, now = new Date()): StatusChange[] =>
  (['arrived', 'completed', 'no-show', 'booked'] as const).filter((to) => statusChangeRefusal(visit, to, now) === null);

export const changeStatus = (id: string, serviceStatus: StatusChange) =>
  adminRequest(api.bookings[':id'].$put({ param: { id }, json: { serviceStatus } }));

/** A row's one forward step: Mark Complete once started, else Arrived when the client may be. */
export const forwardChange = (visit: VisitForChange): StatusChange | undefined => {
  const allowed = allowedChanges(visit);
  return allowed.includes('completed') ? 'completed' : allowed.includes('arrived') ? 'arrived' : undefined;
};

/** The row's button for its forward step, if it has one now. */
export function forwardAction(visit: VisitForChange, submit: SubmitChange) {
  const to = forwardChange(visit);
  if (!to) return undefined;
  return { label: buttonLabels[to], run: () => submit(() => changeStatus(visit._id, to), successOf(visit.name, to)) };
}

/**
 * The other status changes open now, as a group of buttons (none: nothing shown); `besides` is the
 * one the row already offers.
 */
export function VisitStatusButtons({
  visit,
  submit,
  besides,
}: {
  visit: VisitForChange;
  submit: SubmitChange;
  besides?: StatusChange;
}) {
  const allowed = allowedChanges(visit).filter((to) => to !== besides);
  if (allowed.length === 0) return null;
  return (
    <div className="admin-visit-status">
      {allowed.map((to) => (
        <button
          key={to}
          type="button"
          className="button button--small button--secondary"
          onClick={() => submit(() => changeStatus(visit._id, to), successOf(visit.name, to))}
        >
          {buttonLabels[to]}
        </button>
      ))}
    </div>
  );
}
